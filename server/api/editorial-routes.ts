import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../domain/shared/errors.ts';
import { previewedTypes } from '../../domain/site/site-pages.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { named, route, schemaRef, type RouteDeclaration } from '../http/route.ts';

const REDIRECT = named(
  {
    type: 'object',
    required: ['_id', 'from', 'to', 'status', 'automatic', 'version'],
    properties: {
      _id: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      status: { type: 'integer', enum: [301, 302] },
      automatic: { type: 'boolean', description: 'Made when a page’s address changed' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      version: { type: 'integer' },
    },
  },
  'Redirect',
);
const REDIRECT_INPUT = named(
  {
    type: 'object',
    required: ['from', 'to'],
    properties: {
      from: { type: 'string', description: 'A path of this site (/news/old-title); the same path under any language prefix follows it' },
      to: { type: 'string', description: 'A path of this site or an http(s) address' },
      status: { type: 'integer', enum: [301, 302], default: 301 },
      version: { type: 'integer' },
    },
  },
  'RedirectInput',
);
const ID_PARAMS = z.object({ id: z.string().describe('The redirect') });

const PREVIEW_BODY = {
  type: 'object',
  required: ['type', 'id'],
  properties: {
    type: { type: 'string', enum: previewedTypes().map((type) => type.name) },
    id: { type: 'string', pattern: '^[0-9a-f]{24}$' },
    lang: { type: 'string', description: 'An active language; default: the default language' },
    draft: { type: 'boolean', description: 'The working copy instead of the record as saved' },
    reviewer: {
      type: 'object',
      required: ['name', 'email'],
      additionalProperties: false,
      description:
        'A named person outside the firm: the link lasts a week and its page has Approve and Request changes (a plain form, no account) while the record is in review; the decision is an opinion kept in the review history and sent to the person asked, never the approval',
      properties: { name: { type: 'string', minLength: 1, maxLength: 100 }, email: { type: 'string', format: 'email' } },
    },
  },
};

/**
 * Editorial calls beside the records: preview links, redirects and the not-found log, and what the
 * schedule publishes next.
 */
export async function editorialRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const serve = (declaration: Omit<RouteDeclaration, 'tags'>) => route(app, { tags: ['Editorial'], ...declaration });

  /** A path is live when the site answers it with a page (200) now. */
  const isLive = async (path: string) => {
    const response = await app.inject({ method: 'GET', url: encodeURI(path) });
    return response.statusCode === 200;
  };

  serve({
    method: 'POST',
    url: '/preview',
    operationId: 'createPreviewLink',
    summary: 'A signed link to the record’s public page as saved (draft or not), valid 1 hour, no sign-in needed; noindex, never cached',
    description:
      'With reviewer (approvers and administrators only, else 403): a week, carrying only a random key (the name and e-mail stay on the server); who made it, for whom, is kept in the activity log. A bad reviewer is 400 VALIDATION_ERROR with details (reviewer.name, reviewer.email).',
    access: 'content.read',
    body: PREVIEW_BODY,
    answers: { 201: { description: 'The link', data: { type: 'object', required: ['url', 'path', 'expiresAt'], properties: { url: { type: 'string', format: 'uri' }, path: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } }, additionalProperties: false } } },
    errors: [400, 401, 403, 404],
    handler: async (request, reply) => {
      const body = (request.body ?? {}) as { lang?: unknown };
      const [languages, defaultLanguage] = await Promise.all([services.languages.list({ admin: false }), services.languages.defaultLanguage()]);
      const lang = body.lang === undefined || body.lang === '' ? defaultLanguage : body.lang;
      if (typeof lang !== 'string' || !languages.some((language) => language.code === lang)) {
        throw badRequest(`Language must be one of the site's active languages: ${languages.map((language) => language.code).join(', ')}`);
      }
      const { token, expiresAt } = await services.previews.create(request.body, actorOf(request));
      const path = `${lang === defaultLanguage ? '' : `/${lang}`}/preview/${token}`;
      return reply.status(201).send(ok({ url: services.publicUrl + path, path, expiresAt }, { message: 'Preview link created' }));
    },
  });

  serve({
    method: 'GET',
    url: '/admin/schedule',
    operationId: 'getSchedule',
    summary: 'The firm’s time zone and the next scheduled moments (what goes live or is hidden next)',
    access: 'content.read',
    answers: {
      200: {
        description: 'Schedule',
        data: {
          type: 'object',
          properties: {
            timeZone: { type: 'string', description: 'IANA time zone (TIME_ZONE), Asia/Tashkent by default' },
            upcoming: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  type: { type: 'string' },
                  _id: { type: 'string' },
                  title: {},
                  kind: { type: 'string', enum: ['publish', 'unpublish'] },
                  at: { type: 'string', format: 'date-time' },
                  day: { type: 'string', format: 'date', description: 'Set when the moment is the start of a day by its type’s rule (a ranking’s 1 January): show it as this date' },
                },
              },
            },
          },
        },
      },
    },
    errors: [401],
    handler: async () => ok({ timeZone: services.timeZone, upcoming: await services.schedule.upcoming(10) }),
  });

  serve({
    method: 'GET',
    url: '/redirects',
    operationId: 'listRedirects',
    summary: 'Every redirect, newest change first',
    access: 'redirect.manage',
    answers: { 200: { description: 'Redirects', data: { type: 'array', items: schemaRef('Redirect') } } },
    errors: [401, 403],
    handler: async () => ok(await services.redirects.list()),
  });
  serve({
    method: 'POST',
    url: '/redirects',
    operationId: 'createRedirect',
    summary: 'Add a redirect; chains collapse to one hop; a loop, or a from that is a live page, is a 400',
    access: 'redirect.manage',
    body: REDIRECT_INPUT,
    answers: { 201: { description: 'Created', data: REDIRECT } },
    errors: [400, 401, 403, 409],
    handler: async (request, reply) => reply.status(201).send(ok(await services.redirects.create(request.body, isLive, actorOf(request)), { message: 'Redirect created' })),
  });
  serve({
    method: 'PUT',
    url: '/redirects/:id',
    operationId: 'updateRedirect',
    summary: 'Change a redirect (send version to refuse a stale edit)',
    access: 'redirect.manage',
    params: ID_PARAMS,
    body: REDIRECT_INPUT,
    answers: { 200: { description: 'Saved', data: REDIRECT } },
    errors: [400, 401, 403, 404, 409],
    handler: async (request) => ok(await services.redirects.update((request.params as { id: string }).id, request.body, isLive, actorOf(request)), { message: 'Redirect updated' }),
  });
  serve({
    method: 'DELETE',
    url: '/redirects/:id',
    operationId: 'deleteRedirect',
    summary: 'Remove a redirect',
    access: 'redirect.manage',
    params: ID_PARAMS,
    answers: { 200: { description: 'Deleted', data: z.null() } },
    errors: [401, 403, 404],
    handler: async (request) => {
      await services.redirects.remove((request.params as { id: string }).id, actorOf(request));
      return ok(null, { message: 'Redirect deleted' });
    },
  });
  serve({
    method: 'GET',
    url: '/redirects/export',
    operationId: 'exportRedirects',
    summary: 'Every redirect as CSV: from,to,status',
    access: 'redirect.manage',
    answers: { 200: { description: 'CSV with a BOM', contentType: 'text/csv', data: { type: 'string' } } },
    errors: [401, 403],
    handler: async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="redirects.csv"')
        .send(`\uFEFF${await services.redirects.exportCsv()}`),
  });
  serve({
    method: 'POST',
    url: '/redirects/import',
    operationId: 'importRedirects',
    summary: 'Add or change redirects from CSV (from,to[,status]), all or none: a bad line refuses the file',
    access: 'redirect.manage',
    body: z.object({ csv: z.string() }),
    answers: { 200: { description: 'Counts', data: { type: 'object', properties: { created: { type: 'integer' }, updated: { type: 'integer' } } } } },
    errors: [400, 401, 403, 413],
    handler: async (request) => {
      const result = await services.redirects.importCsv(request.body, isLive, actorOf(request));
      return ok(result, { message: `Redirects imported: ${result.created} new, ${result.updated} changed` });
    },
  });
  serve({
    method: 'GET',
    url: '/redirects/not-found',
    operationId: 'listNotFound',
    summary: 'Public paths that answered 404, most hits first (at most 200 shown, 1000 kept)',
    access: 'redirect.manage',
    answers: {
      200: {
        description: 'Paths',
        data: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, hits: { type: 'integer' }, firstSeenAt: { type: 'string', format: 'date-time' }, lastSeenAt: { type: 'string', format: 'date-time' } } } },
      },
    },
    errors: [401, 403],
    handler: async () => ok(await services.redirects.notFoundLog()),
  });
  serve({
    method: 'DELETE',
    url: '/redirects/not-found',
    operationId: 'dismissNotFound',
    summary: 'Remove a path from the list',
    access: 'redirect.manage',
    body: z.object({ path: z.string() }),
    answers: { 200: { description: 'Removed', data: z.null() } },
    errors: [400, 401, 403],
    handler: async (request) => {
      const path = (request.body as { path?: unknown } | undefined)?.path;
      if (typeof path !== 'string' || !path.startsWith('/')) throw badRequest('Give the "path" to remove from the log');
      await services.redirects.dismissNotFound(path);
      return ok(null, { message: 'Removed from the list' });
    },
  });
}
