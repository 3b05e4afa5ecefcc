import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, PERMISSIONS, ROLES, type Action, type Role } from '../../domain/access/permissions.ts';
import { RECORD_TYPES } from '../../domain/registry.ts';
import { routeCatalog, servedRoutes, type CatalogEntry } from '../../server/http/route.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { answerChecker, type OpenApi } from '../helpers/openapi-answers.ts';

/*
 * The permission table against the server: every declared route, called as an anonymous visitor
 * and as each role, answers as the table says. A route open to all never answers 401 or 403; one
 * for any signed-in account answers 401 to a visitor only; one behind an action answers 401 to a
 * visitor and 403 exactly to the roles the table does not grant (a translator: outside their
 * languages, for an action bound to a language).
 *
 * Ids in the path are dummies and bodies are empty: the access rule is checked before a record is
 * looked for or a body is read, and nothing the later calls need is changed.
 */

const PASSWORD = 'a-long-enough-password';
const TRANSLATOR_LANGUAGE = 'ru';
const OTHER_LANGUAGE = 'en';
const DUMMY_ID = 'ffffffffffffffffffffffff';
/** A dummy for each kind of path parameter (anything else is an id). */
const PATH_DUMMIES: Record<string, string> = { version: '1', token: 'no-such-token', '*': '2026/01/no-such-image' };

/**
 * Public routes that check credentials of their own (a sign-in's second step): their 401 says the
 * credentials are wrong, never that a session is missing.
 */
const CHECKS_CREDENTIALS = new Set(['POST /api/auth/login/2fa']);
/** The access rule's 401 (server/http/route.ts). */
const SESSION_MISSING = /^Sign in to do this/;

/** Routes whose call ends the session it was made with: each is called with a session of its own. */
const ENDS_ITS_SESSION = new Set(['POST /api/auth/logout']);

/**
 * Routes whose access depends on the language they change: the request for a language. Every
 * declared route with a `resource` must be here (the test says which one is missing).
 */
const IN_LANGUAGE: Record<string, (language: string) => { body?: unknown; query?: string }> = {
  'POST /api/languages/preview': (language) => ({ body: { code: language, translations: {}, path: '/' } }),
};
// Machine drafts of every record type: into a language, and confirming a language's machine-made texts.
for (const type of RECORD_TYPES) {
  IN_LANGUAGE[`POST /api/${type.name}/:id/machine-translate`] = (language) => ({ body: { from: 'uz', to: language } });
  IN_LANGUAGE[`POST /api/${type.name}/:id/machine-translate/confirm`] = (language) => ({ body: { lang: language } });
}

/** The API's own answer to an unknown address, not a route of it. */
const NOT_A_ROUTE = '/api/*';

type Caller = Role | 'anonymous';

function expandPath(path: string): string {
  return path.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => PATH_DUMMIES[name ?? whole] ?? DUMMY_ID);
}

const keyOf = (route: { method: string; path: string }) => `${route.method} ${route.path}`;

describe.each(DIALECTS)('the permission table on %s', (dialect) => {
  let app: TestApp;
  let server: FastifyInstance;
  /** Each role's session, and how to sign in again (for a call that ends its session). */
  const accounts = {} as Record<Role, { token: string; signIn: () => Promise<string> }>;

  /** What answers said that the OpenAPI document does not (each answer of the walk is checked against it). */
  const undocumented: string[] = [];
  let problem: ReturnType<typeof answerChecker>;

  const call = async (route: CatalogEntry, token: string | undefined, request: { body?: unknown; query?: string } = {}) => {
    const sendsBody = route.body !== undefined || ['POST', 'PUT', 'PATCH'].includes(route.method);
    const url = expandPath(route.path) + (request.query ? `?${request.query}` : '');
    const answer = await server.inject({
      method: route.method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(sendsBody ? { payload: (request.body ?? {}) as object } : {}),
    });
    const contentType = answer.headers['content-type']?.toString() ?? null;
    const json = contentType?.includes('json') ? (answer.json() as { error?: string }) : undefined;
    const wrong = problem(route.method, url, answer.statusCode, contentType, json ?? (answer.body === '' ? undefined : answer.body));
    if (wrong) undocumented.push(wrong);
    return { status: answer.statusCode, error: json?.error };
  };

  const tokenFor = async (route: CatalogEntry, caller: Caller) => {
    if (caller === 'anonymous') return undefined;
    return ENDS_ITS_SESSION.has(keyOf(route)) ? accounts[caller].signIn() : accounts[caller].token;
  };

  beforeAll(async () => {
    app = await startTestApp(dialect);
    server = app.application.app;
    problem = answerChecker((await server.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as OpenApi);
    const admin = await app.login();
    accounts.admin = { token: admin, signIn: () => app.login() };
    for (const role of ROLES.filter((role) => role !== 'admin')) {
      const email = `${role}@permissions.example.uz`;
      const made = await app.api('/api/auth/users', { token: admin, body: { email, password: PASSWORD, role, languages: role === 'translator' ? [TRANSLATOR_LANGUAGE] : [] } });
      expect(made.status, made.text).toBe(201);
      const signIn = () => app.login(email, PASSWORD);
      accounts[role] = { token: await signIn(), signIn };
    }
  });
  afterAll(() => app?.close());

  it('declares each route once, with an operationId of its own', () => {
    const catalog = routeCatalog(server);
    expect(catalog.length).toBeGreaterThan(50);
    const keys = catalog.map(keyOf);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    const ids = catalog.map((route) => route.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('declares the refusals its access rule answers: 401 without a session, 403 where the table leaves a role out', () => {
    const undeclared = routeCatalog(server).flatMap((route) => {
      const refusals = route.access === 'public' ? [] : route.access === 'signedIn' || ROLES.every((role) => can({ role }, route.access as Action)) ? [401] : [401, 403];
      return refusals.filter((status) => !route.errors.includes(status)).map((status) => `${keyOf(route)} answers ${status}`);
    });
    expect(undeclared).toEqual([]);
  });

  it('serves no API route that is not declared: a route must be declared (server/http/route.ts) to be served', () => {
    const declared = new Set(routeCatalog(server).map(keyOf));
    const undeclared = servedRoutes(server)
      .filter((route) => route.path.startsWith('/api/') && route.path !== NOT_A_ROUTE)
      .map(keyOf)
      .filter((key) => !declared.has(key));
    expect(undeclared).toEqual([]);
  });

  it('answers every declared route as the table says, to a visitor and to every role', async () => {
    const catalog = routeCatalog(server);
    const wrong: string[] = [];
    const expectStatus = (route: CatalogEntry, caller: string, { status, error }: { status: number; error?: string }, forbidden: 401 | 403 | 'allowed') => {
      const credentialsRefused = status === 401 && CHECKS_CREDENTIALS.has(keyOf(route)) && !SESSION_MISSING.test(error ?? '');
      const ok = forbidden === 'allowed' ? credentialsRefused || (status !== 401 && status !== 403) : status === forbidden;
      if (!ok) wrong.push(`${keyOf(route)} as ${caller}: ${status} ${error ?? ''}, expected ${forbidden === 'allowed' ? 'neither 401 nor 403' : forbidden}`);
    };
    // Calls that end sessions or remove things go last, so that every other call finds what it needs.
    const ordered = [...catalog].sort((a, b) => Number(a.method === 'DELETE' || ENDS_ITS_SESSION.has(keyOf(a))) - Number(b.method === 'DELETE' || ENDS_ITS_SESSION.has(keyOf(b))));
    for (const route of ordered) {
      const inLanguage = IN_LANGUAGE[keyOf(route)];
      if (route.resource && !inLanguage) {
        wrong.push(`${keyOf(route)} depends on a resource: add the request for a language to IN_LANGUAGE`);
        continue;
      }
      const request = inLanguage?.(TRANSLATOR_LANGUAGE);
      expectStatus(route, 'anonymous', await call(route, undefined, request), route.access === 'public' ? 'allowed' : 401);
      for (const role of ROLES) {
        const status = await call(route, await tokenFor(route, role), request);
        if (route.access === 'public' || route.access === 'signedIn') {
          expectStatus(route, role, status, 'allowed');
          continue;
        }
        const granted = (PERMISSIONS[route.access as Action] as readonly Role[]).includes(role);
        expectStatus(route, role, status, granted ? 'allowed' : 403);
        // A translator changes only their languages: the same call in another language is refused.
        if (inLanguage && role === 'translator' && granted) {
          expectStatus(route, `${role} in ${OTHER_LANGUAGE}`, await call(route, await tokenFor(route, role), inLanguage(OTHER_LANGUAGE)), 403);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Every answer of the walk (refusals, 400s to minimal bodies, 404s to dummy ids, successes) is one its operation documents.
    expect([...new Set(undocumented)]).toEqual([]);
    // Every route five times, one call after another (each record type's autosave and presence too): longer than one minute on a busy machine.
  }, 240_000);
});
