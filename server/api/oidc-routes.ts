import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../domain/shared/errors.ts';
import { parseOrThrow } from '../../domain/shared/validation.ts';
import type { ProviderRefusal } from '../../domain/users/provider-sign-in.ts';
import type { AppServices } from '../app-services.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { createOidcClient, type FlowSecrets } from '../oidc-client.ts';
import { component } from './route-parts.ts';

/*
 * Sign-in through the firm's OpenID Connect provider (API-4.md "Sign-in that a firm's IT accepts").
 * The start keeps the sign-in's PKCE verifier and nonce on the server under its state (ten
 * minutes, once) and binds it to this browser with a cookie; the callback has the library verify
 * the answer, finds the account, and sends the browser back to the admin with a one-time code in
 * the address's fragment (never sent to a server, so never in a log), which the admin exchanges for
 * its session like a password sign-in's token.
 */

const tags = ['Auth'];
const FLOW_TTL_MS = 10 * 60 * 1000;
const CODE_TTL_MS = 60 * 1000;
const STATE_COOKIE = 'lexsite_oidc_state';
const COOKIE_PATH = '/api/auth/oidc';
const SIGNED_IN = { type: 'object', properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' }, user: component('User') } };
const ExchangeBody = z.strictObject({ code: z.string({ error: 'code is required' }).min(10, 'The sign-in code is not valid').max(200, 'The sign-in code is not valid') });
const CallbackQuery = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(400).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  session_state: z.string().max(400).optional(),
  iss: z.string().max(400).optional(),
});

/** Why a sign-in came back refused, as the admin's sign-in page explains it (its texts `login.oidc.*`). */
type Refusal = ProviderRefusal | 'expired' | 'provider_error' | 'failed';

const cookieOf = (request: FastifyRequest, name: string): string | undefined => {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
};

export async function oidcRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { config } = services;
  const oidc = config.oidc ? createOidcClient(config.oidc) : undefined;
  const secure = config.publicUrl.startsWith('https:') ? '; Secure' : '';
  const notSetUp = () => new AppError(404, 'NOT_FOUND', 'Sign-in through your organisation’s account is not set up on this site: sign in with your e-mail and password, or ask whoever runs the site.');
  const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });
  const clearCookie = (reply: FastifyReply) => reply.header('set-cookie', `${STATE_COOKIE}=; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0${secure}`);
  /** Back to the admin's sign-in page, which says why and what to do. */
  const refuse = (reply: FastifyReply, reason: Refusal) => clearCookie(reply).redirect(`/admin/login#oidcError=${reason}`, 302);

  route(app, {
    method: 'GET',
    url: '/auth/sign-in-methods',
    operationId: 'signInMethods',
    summary: 'How one signs in here: with the firm’s OpenID Connect provider (its name on the button) and whether with a password',
    tags,
    access: 'public',
    answers: {
      200: {
        description: 'The ways in',
        data: { type: 'object', properties: { oidc: { oneOf: [{ type: 'null' }, { type: 'object', properties: { name: { type: 'string' }, start: { type: 'string' } } }] }, password: { type: 'boolean', description: 'false: only break-glass accounts use a password' } } },
      },
    },
    errors: [],
    handler: async () => ok({ oidc: config.oidc ? { name: config.oidc.name, start: '/api/auth/oidc/start' } : null, password: config.passwordSignIn }),
  });

  route(app, {
    method: 'GET',
    url: '/auth/oidc/start',
    operationId: 'startOidcSignIn',
    summary: 'Go to the firm’s OpenID Connect provider to sign in (authorization code with PKCE, state and nonce kept on the server)',
    tags,
    access: 'public',
    answers: { 302: { description: 'To the provider' } },
    errors: [404, 503],
    options: { config: { cache: false } },
    handler: async (_request, reply) => {
      if (!oidc) throw notSetUp();
      let started;
      try {
        started = await oidc.start();
      } catch (error) {
        services.logger.error({ err: error }, 'the OpenID Connect provider could not be reached');
        throw new AppError(503, 'UNAVAILABLE', 'Your organisation’s sign-in service does not answer right now: try again in a few minutes, or tell your IT department.');
      }
      const { state, nonce, codeVerifier } = started.secrets;
      await services.auth.handoffs.put('oidc-flow', { nonce, codeVerifier }, FLOW_TTL_MS, state);
      reply.header('set-cookie', `${STATE_COOKIE}=${encodeURIComponent(state)}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=${FLOW_TTL_MS / 1000}${secure}`);
      reply.header('cache-control', 'no-store');
      return reply.redirect(started.url, 302);
    },
  });

  route(app, {
    method: 'GET',
    url: '/auth/oidc/callback',
    operationId: 'finishOidcSignIn',
    summary: 'Where the provider sends the browser back: the answer is verified and the browser goes to the admin with a one-time code (or the reason it was refused)',
    tags,
    access: 'public',
    query: CallbackQuery,
    answers: { 302: { description: 'To the admin’s sign-in page: #oidc={one-time code}, or #oidcError={reason}' } },
    errors: [404],
    options: { config: { cache: false } },
    handler: async (request, reply) => {
      if (!oidc || !config.oidc) throw notSetUp();
      reply.header('cache-control', 'no-store');
      const query = request.query as z.infer<typeof CallbackQuery>;
      const state = query.state ?? '';
      // The state must be this browser's (its cookie) and a sign-in this server started and has not finished.
      const flow = state && cookieOf(request, STATE_COOKIE) === state ? await services.auth.handoffs.take('oidc-flow', state) : undefined;
      if (!flow) return refuse(reply, 'expired');
      if (query.error) return refuse(reply, 'provider_error');
      let claims: Record<string, unknown>;
      try {
        const rawQuery = request.raw.url?.split('?')[1] ?? '';
        claims = await oidc.finish(rawQuery, { state, nonce: String(flow.nonce), codeVerifier: String(flow.codeVerifier) } satisfies FlowSecrets);
      } catch (error) {
        services.logger.warn({ err: error }, 'an OpenID Connect sign-in failed its checks');
        return refuse(reply, 'failed');
      }
      const outcome = await services.auth.providerSignIn.resolve(claims, config.oidc);
      const provider = config.oidc.name;
      if (!outcome.ok) {
        await services.activity.record({
          entity: 'users',
          action: 'refuse',
          id: outcome.userId ?? '',
          actor: outcome.userId ? { userId: outcome.userId, email: outcome.email } : undefined,
          summary: `Sign-in with ${provider} refused for ${outcome.email || 'an address the provider did not verify'}: ${outcome.reason === 'no_group' ? 'in no group that gives a role (its sessions ended)' : outcome.reason === 'no_account' ? 'no account with this address' : 'e-mail not verified'}`,
        });
        return refuse(reply, outcome.reason);
      }
      const { user } = outcome;
      await services.activity.record({
        entity: 'users',
        action: outcome.created ? 'create' : 'update',
        id: user.id,
        actor: { userId: user.id, email: user.email, role: outcome.role, name: user.name },
        summary: `Signed in with ${provider} as ${outcome.role}${outcome.created ? ' (account created)' : ''}`,
      });
      const code = await services.auth.handoffs.put('oidc-code', { userId: user.id }, CODE_TTL_MS);
      return clearCookie(reply).redirect(`/admin/login#oidc=${code}`, 302);
    },
  });

  route(app, {
    method: 'POST',
    url: '/auth/oidc/exchange',
    operationId: 'exchangeOidcCode',
    summary: 'The one-time code the callback gave the admin (a minute, once) → a bearer token, as a password sign-in answers',
    tags,
    access: 'public',
    body: ExchangeBody,
    answers: { 200: { description: 'Signed in', data: SIGNED_IN } },
    errors: [400, 401],
    handler: async (request) => {
      const { code } = parseOrThrow(ExchangeBody, request.body ?? {});
      const handoff = await services.auth.handoffs.take('oidc-code', code);
      const signedIn = handoff ? await services.auth.signInAccount(String(handoff.userId), clientOf(request)) : undefined;
      if (!signedIn) throw new AppError(401, 'UNAUTHORIZED', 'This sign-in has expired or was used already: sign in again.');
      return ok(signedIn, { message: 'Signed in' });
    },
  });
}
