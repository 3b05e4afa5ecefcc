import type { FastifyInstance } from 'fastify';
import type { StoredRecord } from '../../domain/shared/entity.ts';
import type { AppServices } from '../app-services.ts';
import { z } from 'zod';
import { LanguageSchema } from '../../domain/languages/language-schema.ts';
import { TEXT_PREVIEW_HEADER } from '../../domain/languages/text-previews.ts';
import { transliterationBetween, convertInSlices } from '../../domain/languages/uzbek-script.ts';
import { AppError, validationError } from '../../domain/shared/errors.ts';
import { languageSegment } from '../../domain/shared/localized.ts';
import { TEXT_PREVIEW_SECTIONS } from '../../domain/site/site-pages.ts';
import { assertObject, parseOrThrow } from '../../domain/shared/validation.ts';
import { can } from '../../domain/access/permissions.ts';
import { actorOf, assertAdminRead } from '../http/auth.ts';
import { originNamesHost } from '../http/request-target.ts';
import { makeIdentify } from '../http/identify.ts';
import { ok } from '../http/envelope.ts';
import { BaseQuerySchema, flagParam, parseQuery } from '../http/query.ts';
import { route } from '../http/route.ts';
import { deletedMessage } from './record-routes.ts';
import { ANY_OBJECT, component, NO_DATA, RecordIdParams } from './route-parts.ts';

const LANGUAGE_QUERY = BaseQuerySchema.extend({ active: flagParam('active') });
const tags = ['Languages'];

/** SPEC.md: a language's isActive is "also read as active". */
const withAlias = (record: StoredRecord) => ({ ...record, active: record.isActive });

const TRANSLITERATION = z.object({
  text: z.string({ error: 'text must be the text to convert' }).max(100_000, 'text is too long: convert at most 100,000 characters at a time'),
  from: z.enum(['uz-Latn', 'uz-Cyrl'], { error: 'from must be uz-Latn or uz-Cyrl' }),
  to: z.enum(['uz-Latn', 'uz-Cyrl'], { error: 'to must be uz-Latn or uz-Cyrl' }),
});


/**
 * The path as the router will read it: percent-decoded, with . and .. resolved; undefined when it
 * cannot be read (bad encoding, a backslash, a control character).
 */
function normalisedPath(path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (/[\\\u0000-\u001f\u007f]/.test(decoded) || decoded.startsWith('//')) return undefined;
  return new URL(decoded, 'http://site.invalid').pathname;
}

/** Where a preview of texts may go: a page of the public site (after decoding), not the API, the admin area or a file. */
const PREVIEW_PATH = z
  .string({ error: 'path must be the address of a page of the site, such as /contact' })
  .max(300, 'path is too long')
  .regex(/^\/(?![/\\])[^\s?#]*$/, 'path must be the address of a page of the site, such as /contact')
  .refine((path) => {
    const normal = normalisedPath(path);
    return normal !== undefined && normal === decodeURIComponent(path) && TEXT_PREVIEW_SECTIONS.has(normal.split('/')[1]);
  }, 'path must be a page of the public site, such as /contact: not the API, the admin area or a file');
const TEXT_PREVIEW = z.object({
  code: LanguageSchema.shape.code,
  translations: LanguageSchema.shape.translations,
  path: PREVIEW_PATH.default('/'),
});
/** Every text of a language, as JSON in a form (the API's JSON bodies have the same limit). */
const PREVIEW_BODY_LIMIT = 1024 * 1024;
/** Pages rendered for a preview are not visits (isbot knows the word). */
const PREVIEW_AGENT = 'LexsiteTextPreview/1.0 (bot)';

/** The preview's fields from a JSON body, or from the form the admin posts into a new tab (its token among them). */
function previewInput(body: unknown): { token?: string; input: unknown } {
  if (typeof body !== 'string') return { input: assertObject(body) };
  const form = new URLSearchParams(body);
  let translations: unknown;
  try {
    translations = JSON.parse(form.get('translations') ?? '{}');
  } catch {
    throw validationError([{ path: 'translations', message: 'translations must be an object of key and text, as JSON', code: 'invalid' }]);
  }
  return { token: form.get('token') ?? undefined, input: { code: form.get('code') ?? undefined, translations, path: form.get('path') || undefined } };
}

/** A request the browser says comes from a page of this site: Sec-Fetch-Site, or an Origin naming the host it was sent to. */
function fromThisSite(headers: { origin?: string; host?: string; 'sec-fetch-site'?: string | string[] }): boolean {
  if (headers['sec-fetch-site'] !== undefined) return headers['sec-fetch-site'] === 'same-origin';
  return originNamesHost(headers.origin, headers.host);
}

export async function languageRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { languages } = services;
  const identify = makeIdentify(services);

  /**
   * A page of the site rendered with interface texts not saved yet, for the one who writes them
   * (API-2.md leaves it to us; docs/api.md). Admins, and translators of that language. Answers the
   * page itself: nothing is stored, nothing cached, not indexed.
   */
  await app.register(async (scope) => {
    // Only here, beside JSON: the admin posts this form into a new tab.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: PREVIEW_BODY_LIMIT }, (_request, body, done) => done(null, body));
    // Before the route's access rule: who is asking may be said by the form's token field.
    scope.addHook('preHandler', async (request) => {
      // A form (the token in a field) is taken only from the admin area of this site: a page of
      // another site cannot post one with a token it got hold of.
      if (typeof request.body === 'string' && !fromThisSite(request.headers)) {
        throw new AppError(403, 'FORBIDDEN', 'This preview can only be opened from the admin area of this site.');
      }
      const { token } = previewInput(request.body);
      if (!request.user && token) await identify(request, token);
    });
    route(scope, {
      method: 'POST',
      url: '/languages/preview',
      operationId: 'previewLanguageTexts',
      summary:
        'A page of the site rendered with interface texts not saved yet (admins, and translators of that language): the HTML page itself, never cached or indexed. A form posted into a new tab sends the session token as the field token and translations as JSON text; a form is taken only from a page of this site (Sec-Fetch-Site: same-origin, or an Origin naming this host), else 403. The path is a page of the public site after decoding. A 404 is an unknown language (JSON) or a page that does not exist (its 404 page, with the texts)',
      tags,
      access: 'language.translateTexts',
      resource: (request) => {
        const { code } = parseOrThrow(TEXT_PREVIEW, previewInput(request.body).input);
        // The table's answer, in the words this screen has always given.
        if (!can(request.user, 'language.translateTexts', { language: code })) {
          throw new AppError(403, 'FORBIDDEN', `You cannot preview the texts of ${code}: only an administrator or a translator of that language can.`);
        }
        return { language: code };
      },
      body: TEXT_PREVIEW,
      answers: { 200: { description: 'The page, with a note that its texts are not saved', contentType: 'text/html', data: { type: 'string' } } },
      errors: [400, 401, 403, 404, 503],
      options: { config: { cache: false } },
      handler: async (request, reply) => {
        const { code, translations, path } = parseOrThrow(TEXT_PREVIEW, previewInput(request.body).input);
        const language = (await languages.list({ admin: true })).find((candidate) => candidate.code === code);
        if (!language) throw new AppError(404, 'NOT_FOUND', `There is no language ${code} yet: save it first, then preview its texts.`);
        const prefix = code === (await languages.defaultLanguage()) ? '' : `/${languageSegment(code)}`;
        const held = services.textPreviews.hold(code, translations);
        try {
          // Rendered in this process with the held texts. The token keeps the page out of the cache.
          const page = await app.inject({
            method: 'GET',
            url: prefix + (prefix && path === '/' ? '' : path) || '/',
            headers: { authorization: `Bearer ${request.token}`, 'user-agent': PREVIEW_AGENT, [TEXT_PREVIEW_HEADER]: held, 'accept-language': code },
          });
          // The page could not be rendered (the site's pages are not served by this process): a JSON error, not the page's own text.
          if (page.statusCode >= 500) throw new AppError(503, 'UNAVAILABLE', 'The page could not be rendered for a preview just now: try again in a minute, or ask whoever runs the site.');
          const policy = page.headers['content-security-policy'];
          if (policy) reply.header('content-security-policy', policy);
          return reply
            .status(page.statusCode)
            .type(String(page.headers['content-type'] ?? 'text/html; charset=utf-8'))
            .header('x-robots-tag', 'noindex, nofollow')
            .send(page.rawPayload);
        } finally {
          services.textPreviews.release(held);
        }
      },
    });
  });

  /** Uzbek text from Latin to Cyrillic script or back (API-2.md "Translation"). */
  route(app, {
    method: 'POST',
    url: '/transliterate',
    operationId: 'transliterate',
    summary:
      'Uzbek text from Latin to Cyrillic script or back: rule tables for oʻ/gʻ (every apostrophe form), sh, ch, ng, yo/yu/ya/ye, word-initial e → э, h → ҳ, q → қ, x → х, and a list of exceptions (Russian loanwords)',
    tags,
    access: 'signedIn',
    body: TRANSLITERATION,
    answers: { 200: { description: 'The converted text', data: { type: 'object', properties: { text: { type: 'string' } } } } },
    errors: [400, 401],
    handler: async (request) => {
      const { text, from, to } = parseOrThrow(TRANSLITERATION, assertObject(request.body));
      const convert = transliterationBetween(from, to);
      return ok({ text: convert ? await convertInSlices(text, convert) : text });
    },
  });

  route(app, {
    method: 'GET',
    url: '/languages',
    operationId: 'listLanguages',
    summary: 'Languages by order (active ones for visitors)',
    tags,
    access: 'public',
    query: LANGUAGE_QUERY,
    answers: { 200: { description: 'Languages', data: { type: 'array', items: { allOf: [component('LanguageInput'), component('RecordMeta')] } } } },
    errors: [400, 401],
    handler: async (request) => {
      const parameters = parseQuery(request.query, LANGUAGE_QUERY);
      // Visitors see active languages; a signed-in admin sees all unless active=true|false narrows it.
      const admin = Boolean(request.user) && (parameters.admin ?? true);
      assertAdminRead(request, parameters.admin);
      return ok((await languages.list({ admin, active: parameters.active })).map(withAlias));
    },
  });

  route(app, {
    method: 'GET',
    url: '/languages/:id',
    operationId: 'getLanguage',
    summary: 'Read one',
    tags,
    access: 'public',
    params: RecordIdParams,
    answers: { 200: { description: 'The language', data: ANY_OBJECT } },
    errors: [404],
    handler: async (request) => ok(withAlias(await languages.get((request.params as { id: string }).id, { admin: Boolean(request.user) }))),
  });

  route(app, {
    method: 'POST',
    url: '/languages',
    operationId: 'createLanguage',
    summary: 'Add a language',
    tags,
    access: 'language.manage',
    body: LanguageSchema,
    answers: { 201: { description: 'Created', data: ANY_OBJECT } },
    errors: [400, 401, 403, 409],
    handler: async (request, reply) => reply.status(201).send(ok(withAlias(await languages.create(request.body, actorOf(request))), { message: 'Language created' })),
  });

  route(app, {
    method: 'PUT',
    url: '/languages/:id',
    operationId: 'updateLanguage',
    summary: 'Update (the code cannot change; isDefault clears it on the others)',
    tags,
    access: 'language.manage',
    params: RecordIdParams,
    body: LanguageSchema,
    answers: { 200: { description: 'Updated', data: ANY_OBJECT } },
    errors: [400, 401, 403, 404, 409],
    handler: async (request) => ok(withAlias(await languages.update((request.params as { id: string }).id, request.body, actorOf(request))), { message: 'Language updated' }),
  });

  route(app, {
    method: 'DELETE',
    url: '/languages/:id',
    operationId: 'deleteLanguage',
    summary: 'Delete (not the default language)',
    tags,
    access: 'language.manage',
    params: RecordIdParams,
    answers: { 200: { description: 'Deleted', data: NO_DATA } },
    errors: [400, 401, 403, 404],
    handler: async (request) => {
      await languages.remove((request.params as { id: string }).id, actorOf(request));
      return ok(null, { message: deletedMessage('Language') });
    },
  });
}
