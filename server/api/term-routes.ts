import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EXCHANGE_FORMATS, ImportBody, MAX_IMPORT } from '../../domain/terms/term-exchange.ts';
import { TermInput } from '../../domain/terms/term-schema.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { parseQuery } from '../http/query.ts';
import { named, route, schemaRef } from '../http/route.ts';
import { idParams, NO_DATA } from './route-parts.ts';

/*
 * The termbase (API-4.md "The translation desk"): looked up by everyone signed in, kept by editors
 * and administrators; out and in as TBX-Basic or CSV. The import takes the file's text in a JSON
 * body (`{ format, content }`), so that the admin's dry run and its applying send the same thing.
 */

const TERM = named(
  {
    type: 'object',
    required: ['_id', 'entries', 'note', 'doNotTranslate', 'createdAt', 'updatedAt', 'version'],
    additionalProperties: false,
    properties: {
      _id: { type: 'string' },
      entries: { type: 'object', description: 'Language code → forms: the preferred form first, accepted variants after', additionalProperties: { type: 'array', items: { type: 'string' } } },
      note: { type: 'string' },
      doNotTranslate: { type: 'boolean', description: 'Never translated: the translation keeps it as written' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      version: { type: 'integer' },
    },
  },
  'Term',
);
const TERM_INPUT = named(TermInput, 'TermInput');
const REPORT = {
  type: 'object',
  required: ['dryRun', 'added', 'changed', 'unchanged'],
  additionalProperties: false,
  properties: {
    dryRun: { type: 'boolean', description: 'Nothing was written' },
    added: { type: 'array', items: { type: 'string' }, description: 'The new terms (each by its first preferred form)' },
    changed: { type: 'array', items: { type: 'string' }, description: 'The terms the file changes' },
    unchanged: { type: 'integer', description: 'How many of the file’s terms are already so' },
  },
} as const;
const ID_PARAMS = idParams('The term');
const LIST_QUERY = z.strictObject({ q: z.string().max(200, 'Search for at most 200 characters').optional().describe('Words in any form of any language: “soliq”, “солиқ” and “налог” all find the tax term') });
const EXPORT_QUERY = z.strictObject({ format: z.enum(EXCHANGE_FORMATS, { error: 'format must be tbx or csv' }).describe('tbx or csv') });
const IMPORT_QUERY = z.strictObject({ dryRun: z.enum(['true', 'false'], { error: 'dryRun must be true or false' }).optional().describe('true: write nothing, report what would be added and changed') });

export function termRoutes(app: FastifyInstance, services: AppServices) {
  const tags = ['Languages'];
  const terms = services.terms;

  route(app, {
    method: 'GET',
    url: '/terms',
    operationId: 'listTerms',
    summary: 'The termbase: every term, or those with a form holding q (Uzbek in either script)',
    tags,
    access: 'content.read',
    query: LIST_QUERY,
    answers: { 200: { description: 'Terms in the order of their names', data: { type: 'array', items: schemaRef('Term') } } },
    errors: [400, 401],
    handler: async (request) => ok(await terms.list(parseQuery(request.query, LIST_QUERY).q)),
  });
  route(app, {
    method: 'GET',
    url: '/terms/export',
    operationId: 'exportTerms',
    summary: 'The termbase as a file: TBX-Basic (for CAT tools) or CSV (a column per language, variants separated by |)',
    tags,
    access: 'content.read',
    query: EXPORT_QUERY,
    answers: { 200: { description: 'The file', contentType: 'application/x-tbx+xml', data: { type: 'string' } } },
    errors: [400, 401],
    handler: async (request, reply) => {
      const { format } = parseQuery(request.query, EXPORT_QUERY);
      return reply
        .type(format === 'tbx' ? 'application/x-tbx+xml; charset=utf-8' : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="termbase.${format}"`)
        .send(await terms.exportFile(format));
    },
  });
  route(app, {
    method: 'POST',
    url: '/terms/import',
    operationId: 'importTerms',
    summary: 'Add and change terms from a TBX-Basic or CSV file, all or none; with dryRun=true only report what would change',
    description: `The file's text in the JSON body (at most ${MAX_IMPORT / 1000} KB of text; a JSON body is at most 1 MB). Terms are matched by id, else by a preferred form in a language both give; none is removed. A TBX file with a DOCTYPE or entity declarations is refused.`,
    tags,
    access: 'term.manage',
    query: IMPORT_QUERY,
    body: named(ImportBody, 'TermImport'),
    answers: { 200: { description: 'What was (or would be) added and changed', data: REPORT } },
    errors: [400, 401, 403, 413],
    handler: async (request) => {
      const dryRun = parseQuery(request.query, IMPORT_QUERY).dryRun === 'true';
      const report = await terms.importFile(request.body, dryRun, actorOf(request));
      return ok(report, { message: `${dryRun ? 'Would import' : 'Imported'}: ${report.added.length} new, ${report.changed.length} changed, ${report.unchanged} unchanged` });
    },
  });
  route(app, {
    method: 'POST',
    url: '/terms',
    operationId: 'createTerm',
    summary: 'Add a term',
    tags,
    access: 'term.manage',
    body: TERM_INPUT,
    answers: { 201: { description: 'Added', data: TERM } },
    errors: [400, 401, 403, 413],
    handler: async (request, reply) => reply.status(201).send(ok(await terms.create(request.body, actorOf(request)), { message: 'Term added' })),
  });
  route(app, {
    method: 'PUT',
    url: '/terms/:id',
    operationId: 'updateTerm',
    summary: 'Change a term (send version to refuse a stale edit)',
    tags,
    access: 'term.manage',
    params: ID_PARAMS,
    body: TERM_INPUT,
    answers: { 200: { description: 'Saved', data: TERM } },
    errors: [400, 401, 403, 404, 409],
    handler: async (request) => ok(await terms.update((request.params as { id: string }).id, request.body, actorOf(request)), { message: 'Term saved' }),
  });
  route(app, {
    method: 'DELETE',
    url: '/terms/:id',
    operationId: 'deleteTerm',
    summary: 'Delete a term',
    tags,
    access: 'term.manage',
    params: ID_PARAMS,
    answers: { 200: { description: 'Deleted', data: NO_DATA } },
    errors: [401, 403, 404],
    handler: async (request) => {
      await terms.remove((request.params as { id: string }).id, actorOf(request));
      return ok(null, { message: 'Term deleted' });
    },
  });
}
