import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RECORD_TYPES } from '../../domain/registry.ts';
import type { RecordService } from '../../domain/shared/record-service.ts';
import type { RecordType } from '../../domain/shared/record-type.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf, assertAdminRead } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { textOf } from '../../domain/shared/localized.ts';
import { parseOrThrow } from '../../domain/shared/validation.ts';
import { badRequest, isAppError } from '../../domain/shared/errors.ts';
import { z } from 'zod';
import { listQuerySchema, parseQuery, type ListParameters } from '../http/query.ts';
import { FACETS_ANSWER, findIn, FINDER_QUERY, FINDER_TYPE, finderQueryIn } from './team-finder.ts';
import { named, route, schemaRef, type JsonSchema, type RouteDeclaration } from '../http/route.ts';
import { can, languagesFor } from '../../domain/access/permissions.ts';
import { CHECK_CODES } from '../../domain/checks/document-checks.ts';
import { pascal, recordSchemaName } from './openapi.ts';
import { listViewFields } from '../../domain/shared/list-view.ts';

export const deletedMessage = (label: string) => `${label} deleted`;
/** blog/search pages by ten, whatever the blog's own page size (SPEC.md section 7). */
const SEARCH_PAGE_SIZE = 10;

/** A version number from the path; anything else names no version (404). */
const versionNumber = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : 0);

/** A list query of the API's parameters; its JSON shows the documents, not their kept HTML (read only for `format=html`). */
const toListQuery = (parameters: ListParameters, admin: boolean) => ({ ...parameters, admin, search: parameters.search ?? parameters.q, withoutKept: parameters.format !== 'html' });

/** Each record with only the fields asked for (`fields=`), always with its `_id`; all of it otherwise. */
function onlyFields<T extends object>(records: T[], fields: unknown): T[] | Partial<T>[] {
  if (!Array.isArray(fields)) return records;
  const wanted = new Set<string>(['_id', ...fields]);
  return records.map((record) => Object.fromEntries(Object.entries(record).filter(([name]) => wanted.has(name))) as Partial<T>);
}

/** The fields a list is asked for: `fields=`, or those of the admin's list with `view=list` (decision 019); every field without either. */
function fieldsAsked(type: RecordType, parameters: ListParameters): readonly string[] | undefined {
  if (parameters.view === 'list' && parameters.fields) throw badRequest('Give view=list or fields, not both');
  return parameters.view === 'list' ? listViewFields(type) : (parameters.fields as string[] | undefined);
}

/**
 * `format=html|text` (API-3.md): each document of a record as the HTML the site renders in that
 * language, or as plain text; the JSON documents otherwise.
 */
async function formatted<T extends Record<string, unknown>>(service: RecordService, records: T[], format: unknown): Promise<T[]> {
  const fields = service.type.documentFields;
  if ((format !== 'html' && format !== 'text') || !fields.length) return records;
  return Promise.all(
    records.map(async (record) => {
      const copy: Record<string, unknown> = { ...record };
      for (const field of fields) {
        const value = record[field];
        if (!value || typeof value !== 'object') continue;
        const entries = await Promise.all(
          Object.entries(value as Record<string, unknown>).map(async ([lang, doc]) => [lang, format === 'text' ? textOf(doc) : await service.html(record as never, field, lang)] as const),
        );
        copy[field] = Object.fromEntries(entries);
      }
      return copy as T;
    }),
  );
}

/** Admin reads of a type that can hold working copies say which records hold one (`hasDraft`). */
async function withDraftMarks<T extends { _id: string }>(service: RecordService, records: T[], admin: boolean): Promise<T[]> {
  if (!admin || !service.type.visibilityField) return records;
  const ids = await service.draftIds();
  return records.map((record) => ({ ...record, hasDraft: ids.has(record._id) }));
}

/** The calls of every record type of the registry: list, read, create, update, delete and its extras. */
export async function recordRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  for (const type of RECORD_TYPES) registerRecordType(app, type, services.records[type.name] as unknown as RecordService, services);
}

const SCHEMA_CONTEXT = { defaultLanguage: 'uz' };
const ID = z.string().regex(/^[0-9a-f]{24}$/).describe('24 hexadecimal characters');
const ID_PARAMS = z.object({ id: ID });
const VERSION_PARAMS = z.object({ id: ID, version: z.string().regex(/^\d{1,9}$/).describe('A version number from the record’s history') });
const OVERRIDE = z.object({ reason: z.string().max(500) }).describe('Administrators: publish although approval or the checks are missing; the reason is kept in the activity log');

/** A record type's fields as a create takes them: only the fields it declares required are required. */
function createSchema(type: RecordType) {
  const fields = type.schema(SCHEMA_CONTEXT);
  const required = Object.fromEntries(Object.entries(type.fields).filter(([name, field]) => field.required && name in fields.shape).map(([name]) => [name, true as const]));
  return fields.partial().required(required);
}

/** An update (or a working copy's save): any of the fields (a shallow merge), the version read, and for a publishable type an override. */
function updateSchema(type: RecordType, draft: boolean) {
  const fields = type.schema(SCHEMA_CONTEXT).partial();
  if (draft) {
    return fields.extend({
      version: z.number().int().optional().describe('The version the copy is made on'),
      draftVersion: z.number().int().min(0).optional().describe('The copy’s version the form read (0: it read no copy)'),
    });
  }
  return fields.extend({
    version: z.number().int().optional().describe('The version read: a save over a newer one is refused (409 stale_version)'),
    ...(type.visibilityField ? { override: OVERRIDE.optional() } : {}),
  });
}

const review = { type: 'object', properties: { reviewState: { type: 'string', enum: ['none', 'in_review', 'changes_requested', 'approved'] }, assignee: { type: ['string', 'null'] }, dueAt: { type: ['string', 'null'], format: 'date-time' }, history: { type: 'array', items: { type: 'object' } } } };
const comment = { type: 'object', properties: { _id: { type: 'string' }, text: { type: 'string' }, field: { type: ['string', 'null'] }, lang: { type: ['string', 'null'] }, author: { type: 'object' }, createdAt: { type: 'string', format: 'date-time' }, resolved: { type: 'boolean' } } };
const problem = { type: 'object', properties: { lang: { type: 'string' }, field: { type: 'string' }, code: { type: 'string', enum: [...CHECK_CODES] }, severity: { type: 'string', enum: ['error', 'warning'] }, message: { type: 'string' }, params: { type: 'object' } } };

/** What the calls of one record type share: its path, schema names, list query and who reads what. */
function recordRouteContext(app: FastifyInstance, type: RecordType, service: RecordService, services: AppServices) {
  const path = `/${type.name}`;
  const name = recordSchemaName(type);
  const label = type.label.toLowerCase();
  const record = schemaRef(name);
  const tags = [name];
  const serve = (declaration: Omit<RouteDeclaration, 'tags'>) => route(app, { tags, ...declaration });
  // The team's list takes the people finder's filters too (team-finder.ts).
  const querySchema = type.name === FINDER_TYPE ? listQuerySchema(type).extend(FINDER_QUERY) : listQuerySchema(type);
  const readQuery = (query: unknown) => parseQuery(query, querySchema) as ListParameters;
  const pick = (...names: string[]) => querySchema.pick(Object.fromEntries(names.filter((key) => key in querySchema.shape).map((key) => [key, true])) as never);
  const readQueryDeclared = pick('lang', 'admin', 'format');
  /** What the reader may read of records: one who may not read a matter's client reads a confidential record without its confidential fields. */
  const readable = <T extends Record<string, unknown>>(request: FastifyRequest, records: T[]): T[] =>
    request.user && !can(request.user, 'matter.readClient') && type.confidentialFields?.length ? records.map((record) => service.forTranslator(record)) : records;
  /** The languages a translator may change (undefined: all). */
  const onlyLanguages = (request: FastifyRequest) => {
    const languages = languagesFor(request.user, 'record.edit');
    return languages === 'all' ? undefined : [...languages];
  };
  /**
   * A 409 stale_version's (or copy_changed's) `current` as the admin's GET answers it to this reader (draft marks; a
   * translator never sees a confidential record's confidential fields); any other error as it is.
   */
  const asRead = async (request: FastifyRequest, error: unknown): Promise<never> => {
    const detail = isAppError(error) && (error.reason === 'stale_version' || error.reason === 'copy_changed') ? error.details?.[0] : undefined;
    if (detail?.current) detail.current = readable(request, await withDraftMarks(service, [detail.current as { _id: string }], true))[0];
    throw error;
  };
  /** The caller's own save went through: their autosave of the record is done with (API-4.md). */
  const savedBy = async (request: FastifyRequest, id: string) => {
    if (request.user) await services.edits.autosaves.remove(request.user._id, type.name, id);
  };
  const publishing = type.visibilityField ? [422] : [];
  const one = (description: string, data: JsonSchema = record) => ({ description, data });
  return { type, service, services, path, name, label, record, serve, querySchema, readQuery, pick, readQueryDeclared, readable, onlyLanguages, publishing, one, asRead, savedBy };
}

type RecordRouteContext = ReturnType<typeof recordRouteContext>;

/** One record type's calls: reads, writes, versions and, for a type whose records can be public or not, working copies, sign-off, checks and comments. */
function registerRecordType(app: FastifyInstance, type: RecordType, service: RecordService, services: AppServices) {
  const context = recordRouteContext(app, type, service, services);
  registerReads(context);
  registerWrites(context);
  registerVersions(context);
  // Working copies (API-3.md): changes to a public record kept apart until they are published.
  if (type.visibilityField) registerWorkingCopies(context);
}

/** Reads: distinct values, search, the list, one record by id or slug. */
function registerReads({ type, service, services, path, name, label, record, serve, querySchema, readQuery, pick, readQueryDeclared, readable, one }: RecordRouteContext) {
  for (const [segment, field] of Object.entries(type.distinct ?? {})) {
    serve({
      method: 'GET',
      url: `${path}/${segment}`,
      operationId: `list${name}${pascal(segment)}`,
      summary: `Distinct ${field} texts in lang, sorted`,
      access: 'public',
      query: pick('lang', 'admin'),
      answers: { 200: { description: 'Sorted texts', data: z.array(z.string()) } },
      errors: [400, 401],
      handler: async (request) => {
        const parameters = readQuery(request.query);
        return ok(await service.distinct(field, { lang: parameters.lang, admin: assertAdminRead(request, parameters.admin) }));
      },
    });
  }
  for (const [segment, values] of Object.entries(type.constants ?? {})) {
    serve({
      method: 'GET',
      url: `${path}/${segment}`,
      operationId: `list${name}${pascal(segment)}`,
      summary: `The ${segment.replace(/-/g, ' ')}: ${values.join(', ')}`,
      access: 'public',
      answers: { 200: { description: 'The values', data: z.array(z.enum(values as [string, ...string[]])) } },
      errors: [],
      handler: async () => ok([...values]),
    });
  }

  if (type.pageSize && type.searchFields.length) {
    serve({
      method: 'GET',
      url: `${path}/search`,
      operationId: `search${name}`,
      summary: `Search published ${label} records, ${SEARCH_PAGE_SIZE} a page`,
      access: 'public',
      query: pick('q', 'search', 'lang', 'admin', 'page', 'limit', 'format', 'fields'),
      answers: { 200: { description: 'Matching records', data: { type: 'array', items: record }, paginated: true } },
      errors: [400, 401],
      handler: async (request) => {
        const parameters = readQuery(request.query);
        const admin = assertAdminRead(request, parameters.admin);
        const page = await service.listPage({ ...toListQuery(parameters, admin), search: parameters.q ?? parameters.search ?? '' }, SEARCH_PAGE_SIZE);
        return ok(onlyFields(readable(request, await formatted(service, page.data, parameters.format)), parameters.fields), { pagination: page.pagination });
      },
    });
  }

  serve({
    method: 'GET',
    url: path,
    operationId: `list${name}`,
    summary: `List ${label} records`,
    description: 'The records a visitor may see, or all of them with admin=true (and a token); filters, pages and fields as the parameters say.',
    access: 'public',
    query: type.pageSize ? querySchema : querySchema.omit({ page: true, limit: true }),
    answers: { 200: { description: 'The records a visitor may see (or all, with admin=true)', data: { type: 'array', items: record }, paginated: Boolean(type.pageSize) } },
    errors: [400, 401],
    handler: async (request) => {
      const parameters = readQuery(request.query);
      const fields = fieldsAsked(type, parameters);
      const query = { ...toListQuery(parameters, assertAdminRead(request, parameters.admin)), fields };
      const finder = type.name === FINDER_TYPE ? finderQueryIn(parameters) : undefined;
      if (finder) {
        const { members } = await findIn(services, service, query, finder);
        return ok(onlyFields(readable(request, await withDraftMarks(service, await formatted(service, members, parameters.format), query.admin)), fields));
      }
      if (type.pageSize) {
        const page = await service.listPage(query);
        return ok(onlyFields(readable(request, await withDraftMarks(service, await formatted(service, page.data, parameters.format), query.admin)), fields), { pagination: page.pagination });
      }
      return ok(onlyFields(readable(request, await withDraftMarks(service, await formatted(service, await service.list(query), parameters.format), query.admin)), fields));
    },
  });

  if (type.name === FINDER_TYPE) {
    serve({
      method: 'GET',
      url: `${path}/facets`,
      operationId: `list${name}Facets`,
      summary: 'The people finder’s choices and how many lawyers each shows',
      description: 'Each filter’s choices (practice: services a lawyer leads; industry: industries of those services; language: codes of languages spoken) with the number of lawyers each shows with the other filters given kept: how many GET /api/team would answer with that choice added.',
      access: 'public',
      query: pick('lang', 'admin').extend(FINDER_QUERY),
      answers: { 200: { description: 'Choices and counts per filter', data: FACETS_ANSWER } },
      errors: [400, 401],
      handler: async (request) => {
        const parameters = parseQuery(request.query, pick('lang', 'admin').extend(FINDER_QUERY)) as ListParameters;
        const admin = assertAdminRead(request, parameters.admin);
        const { facets } = await findIn(services, service, { lang: parameters.lang, admin }, finderQueryIn(parameters) ?? {});
        return ok(facets);
      },
    });
  }

  // Reads that count views are never served from the cache.
  const detailOptions = { config: { cache: !type.countsViews } };

  serve({
    method: 'GET',
    url: `${path}/:id`,
    operationId: `get${name}`,
    summary: `Read one ${label}${type.countsViews ? ' (a visitor read counts a view)' : ''}`,
    access: 'public',
    params: ID_PARAMS,
    query: readQueryDeclared,
    answers: { 200: one('The record') },
    errors: [400, 401, 404],
    options: detailOptions,
    handler: async (request) => {
      const { admin: asked, format } = readQuery(request.query);
      const admin = assertAdminRead(request, asked);
      const { id } = request.params as { id: string };
      const [found] = readable(request, await withDraftMarks(service, await formatted(service, [await service.viewed(await service.get(id, { admin }), { admin })], format), admin));
      return ok(found);
    },
  });

  if (type.slugFrom) {
    serve({
      method: 'GET',
      url: `${path}/slug/:slug`,
      operationId: `get${name}BySlug`,
      summary: 'Read one by its slug',
      access: 'public',
      params: z.object({ slug: z.string().max(200).describe('URL slug') }),
      query: readQueryDeclared,
      answers: { 200: one('The record') },
      errors: [400, 401, 404],
      options: detailOptions,
      handler: async (request) => {
        const { admin: asked, format } = readQuery(request.query);
        const admin = assertAdminRead(request, asked);
        const { slug } = request.params as { slug: string };
        const [found] = readable(request, await formatted(service, [await service.viewed(await service.getBySlug(slug, { admin }), { admin })], format));
        return ok(found);
      },
    });
  }
}

/** Writes: create, update, copy a language's texts, delete. */
function registerWrites({ type, service, services, path, name, label, serve, readable, onlyLanguages, one, publishing, asRead, savedBy }: RecordRouteContext) {
  serve({
    method: 'POST',
    url: path,
    operationId: `create${name}`,
    summary: `Create a ${label}`,
    description: 'Only the fields the type requires must be given (a required text in the default language); the others take their defaults.',
    access: 'record.create',
    body: named(createSchema(type), `${name}Input`),
    answers: { 201: one('Created') },
    errors: [400, 401, 403, 409, 413, ...publishing],
    handler: async (request, reply) => {
      const created = await service.create(request.body, actorOf(request));
      return reply.status(201).send(ok(created, { message: `${type.label} created` }));
    },
  });

  // A translator may save too, but only the texts of their languages (checked by the service).
  serve({
    method: 'PUT',
    url: `${path}/:id`,
    operationId: `update${name}`,
    summary: 'Update (shallow merge; send version to refuse a stale save)',
    description: type.visibilityField
      ? 'A save that makes the record public (now or at publishAt) must pass the checks in the default language: 422 checks_failed, or override: { reason } from an administrator. A translator changes only the texts of their languages.'
      : 'A translator changes only the texts of their languages.',
    access: 'record.edit',
    params: ID_PARAMS,
    body: named(updateSchema(type, false), `${name}Update`),
    answers: { 200: one('Updated') },
    errors: [400, 401, 403, 404, 409, 413, ...publishing],
    handler: async (request) => {
      const { id } = request.params as { id: string };
      const [updated] = readable(request, [await service.update(id, request.body, actorOf(request), { onlyLanguages: onlyLanguages(request) }).catch((error: unknown) => asRead(request, error))]);
      await savedBy(request, id);
      return ok(updated, { message: `${type.label} updated` });
    },
  });

  // Fills the empty texts of one language from another (a translator of the target language may too).
  if (type.localizedFields.length) {
    serve({
      method: 'POST',
      url: `${path}/:id/copy-language`,
      operationId: `copy${name}Language`,
      summary: 'Fill the empty texts of language `to` from language `from`, leaving every written text as it is',
      description: 'With transliterate, Uzbek Latin (uz) becomes Cyrillic (uz-Cyrl) or the reverse. A translator may do it for their languages.',
      access: 'record.edit',
      params: ID_PARAMS,
      body: z.object({ from: z.string().meta({ example: 'uz' }), to: z.string().meta({ example: 'uz-Cyrl' }), transliterate: z.boolean().default(false) }),
      answers: { 200: one('The record as saved') },
      errors: [400, 401, 403, 404, 409],
      handler: async (request) => {
        const { id } = request.params as { id: string };
        const languages = (await services.languages.list({ admin: true })).map((language) => String(language.code));
        const [filled] = readable(request, [await service.copyLanguage(id, request.body, actorOf(request), { onlyLanguages: onlyLanguages(request), languages })]);
        return ok(filled, { message: `${type.label} updated` });
      },
    });
  }

  serve({
    method: 'DELETE',
    url: `${path}/:id`,
    operationId: `delete${name}`,
    summary: `Delete a ${label}`,
    access: 'record.delete',
    params: ID_PARAMS,
    answers: { 200: { description: 'Deleted', data: z.null() } },
    errors: [401, 403, 404],
    handler: async (request) => {
      await service.remove((request.params as { id: string }).id, actorOf(request));
      return ok(null, { message: deletedMessage(type.label) });
    },
  });
}

/** Versions: the history, one version, a version restored. */
function registerVersions({ type, service, path, name, serve, readable, one, publishing }: RecordRouteContext) {
  serve({
    method: 'GET',
    url: `${path}/:id/versions`,
    operationId: `list${name}Versions`,
    summary: 'Every saved state, newest first: who, when, which fields changed',
    access: 'content.read',
    params: ID_PARAMS,
    answers: { 200: { description: 'The versions', data: { type: 'array', items: schemaRef('VersionEntry') } } },
    errors: [401, 404],
    handler: async (request) => ok(await service.versions((request.params as { id: string }).id)),
  });
  serve({
    method: 'GET',
    url: `${path}/:id/versions/:version`,
    operationId: `get${name}Version`,
    summary: 'The record as that version held it',
    access: 'content.read',
    params: VERSION_PARAMS,
    answers: { 200: one('The record then') },
    errors: [401, 404],
    handler: async (request) => {
      const params = request.params as { id: string; version: string };
      return ok(readable(request, [await service.version(params.id, versionNumber(params.version))])[0]);
    },
  });
  serve({
    method: 'POST',
    url: `${path}/:id/versions/:version/restore`,
    operationId: `restore${name}Version`,
    summary: 'Save that version’s fields as a new version (a deleted record comes back under its id)',
    description: 'What decides visibility and the texts of languages the version lacks stay as they are unless asked; `into: "draft"` makes the version the working copy instead, changing nothing public.',
    access: 'record.publish',
    params: VERSION_PARAMS,
    body: restoreSchema,
    bodyRequired: false,
    answers: { 200: one('The record now, or its working copy') },
    errors: [400, 401, 403, 404, 409, ...publishing],
    handler: async (request) => {
      const params = request.params as { id: string; version: string };
      const options = parseOrThrow(restoreSchema, request.body ?? {});
      const restored = await service.restore(params.id, versionNumber(params.version), actorOf(request), options);
      return ok(restored, { message: options.into === 'draft' ? `Version ${params.version} is now the working copy: review it, then publish` : `${type.label} restored` });
    },
  });
}

/** Working copies, sign-off, checks and comments of a type whose records can be public or not. */
function registerWorkingCopies({ type, service, services, serve, readable, onlyLanguages, one, name, asRead, savedBy }: RecordRouteContext) {
  const path = `/${type.name}`;
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  serve({
    method: 'GET',
    url: `${path}/:id/draft`,
    operationId: `get${name}Draft`,
    summary: 'The working copy: the record with its unpublished changes, and the version it was made on',
    access: 'content.read',
    params: ID_PARAMS,
    answers: { 200: one('The working copy') },
    errors: [401, 404],
    handler: async (request) => ok(readable(request, [await service.draft(idOf(request))])[0]),
  });
  serve({
    method: 'PUT',
    url: `${path}/:id/draft`,
    operationId: `save${name}Draft`,
    summary: 'Save changes as the working copy (the rules of an update); what visitors see does not change',
    description: 'With draftVersion (the copy’s version read; 0: no copy was read), a copy saved by someone since is not replaced: 409 copy_changed with who (savedBy, savedByName) and when (savedAt) in details[0].params, the copy as it is now in details[0].current and details[0].changedBy { _id, name, at }.',
    access: 'record.edit',
    params: ID_PARAMS,
    body: named(updateSchema(type, true), `${name}DraftUpdate`),
    answers: { 200: one('The working copy') },
    errors: [400, 401, 403, 404, 409, 413],
    handler: async (request) => {
      const saved = readable(request, [await service.saveDraft(idOf(request), request.body, actorOf(request), { onlyLanguages: onlyLanguages(request) }).catch((error: unknown) => asRead(request, error))])[0];
      await savedBy(request, idOf(request));
      return ok(saved, { message: 'Working copy saved: the public page has not changed' });
    },
  });
  serve({
    method: 'DELETE',
    url: `${path}/:id/draft`,
    operationId: `discard${name}Draft`,
    summary: 'Discard the working copy',
    access: 'record.publish',
    params: ID_PARAMS,
    answers: { 200: { description: 'Discarded', data: z.null() } },
    errors: [401, 403, 404],
    handler: async (request) => {
      await service.discardDraft(idOf(request), actorOf(request));
      return ok(null, { message: 'Working copy discarded' });
    },
  });
  serve({
    method: 'POST',
    url: `${path}/:id/draft/publish`,
    operationId: `publish${name}Draft`,
    summary: 'Apply the working copy as a new version',
    description:
      'A copy whose publishAt is still to come is applied then (202 with the copy and its applyAt); 409 stale_version when the record was saved after the copy was made; 422 checks_failed when the copy has an error in the default language.',
    access: 'record.publish',
    params: ID_PARAMS,
    body: publishBody,
    bodyRequired: false,
    answers: { 200: one('The record now'), 202: one('To be published at applyAt') },
    errors: [400, 401, 403, 404, 409, 422],
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { override } = parseOrThrow(publishSchema, request.body ?? {});
      const result = await service.publishDraft(idOf(request), actorOf(request), { override }).catch((error: unknown) => asRead(request, error));
      // A copy whose "Publish at" is still to come waits for it: 202 with the copy and its moment.
      if ('applyAt' in result && result.applyAt) return reply.status(202).send(ok(result, { message: `The changes will be published at ${result.applyAt}` }));
      return ok(result, { message: 'Changes published' });
    },
  });
  // Sign-off: submit for review (anyone who may edit), approve or ask for changes (approvers, admins: the service asks record.approve).
  serve({
    method: 'GET',
    url: `${path}/:id/review`,
    operationId: `get${name}Review`,
    summary: 'Where the record stands in sign-off: state, assignee, due time, every step',
    access: 'content.read',
    params: ID_PARAMS,
    answers: { 200: { description: 'The review', data: review } },
    errors: [401, 404],
    handler: async (request) => ok(await service.review(idOf(request))),
  });
  serve({
    method: 'POST',
    url: `${path}/:id/review`,
    operationId: `review${name}`,
    summary: 'A step of sign-off: submit (anyone signed in), approve or request_changes (approvers and administrators)',
    access: 'record.edit',
    params: ID_PARAMS,
    body: {
      type: 'object',
      additionalProperties: false,
      required: ['action'],
      properties: {
        action: { type: 'string', enum: ['submit', 'approve', 'request_changes'] },
        comment: { type: 'string', maxLength: 2000 },
        assignee: { type: 'string', description: 'The id of an approver or administrator (GET /api/reviews/approvers)' },
        dueAt: { type: 'string', format: 'date-time', description: 'A time still to come' },
      },
    },
    answers: { 200: { description: 'The review now', data: review } },
    errors: [400, 401, 403, 404, 409],
    handler: async (request) => ok(await service.reviewStep(idOf(request), request.body, actorOf(request)), { message: 'Review updated' }),
  });
  // What to fix before publishing, in every public language (API-3.md "Checks before publishing").
  serve({
    method: 'GET',
    url: `${path}/:id/checks`,
    operationId: `check${name}`,
    summary: 'What to fix before publishing, in every public language, errors first',
    description: `Codes: ${CHECK_CODES.join(', ')} (errors: link_to_unpublished, image_without_alt, disclaimer_missing, default_language_missing, machine_unreviewed — a text machine translation wrote that nobody confirmed, in any language).`,
    access: 'content.read',
    params: ID_PARAMS,
    query: z.object({ draft: z.enum(['true', 'false']).optional().describe('true: check the working copy') }),
    answers: { 200: { description: 'The problems', data: { type: 'array', items: problem } } },
    errors: [400, 401, 404],
    handler: async (request) => {
      const { draft, ...rest } = (request.query ?? {}) as Record<string, unknown>;
      if (Object.keys(rest).length || (draft !== undefined && draft !== 'true' && draft !== 'false')) throw badRequest('The only parameter is draft=true (the working copy) or draft=false');
      return ok(await services.checks.ofRecord(type.name, idOf(request), { draft: draft === 'true' }));
    },
  });
  // Comments on the record, a field and a language; resolved ones stay.
  serve({
    method: 'GET',
    url: `${path}/:id/comments`,
    operationId: `list${name}Comments`,
    summary: 'Comments on the record, oldest first (resolved ones too)',
    access: 'content.read',
    params: ID_PARAMS,
    answers: { 200: { description: 'The comments', data: { type: 'array', items: comment } } },
    errors: [401, 404],
    handler: async (request) => {
      await service.get(idOf(request), { admin: true });
      return ok(await services.comments.list(type.name, idOf(request)));
    },
  });
  serve({
    method: 'POST',
    url: `${path}/:id/comments`,
    operationId: `comment${name}`,
    summary: 'A comment on the record, one of its fields and a language',
    access: 'record.comment',
    params: ID_PARAMS,
    body: { type: 'object', additionalProperties: false, required: ['text'], properties: { text: { type: 'string', maxLength: 4000 }, field: { type: 'string' }, lang: { type: 'string' } } },
    answers: { 201: { description: 'Added', data: comment } },
    errors: [400, 401, 404],
    handler: async (request, reply) => {
      await service.get(idOf(request), { admin: true });
      const languages = (await services.languages.list({ admin: true })).map((language) => String(language.code));
      const added = await services.comments.add(type.name, idOf(request), request.body, actorOf(request), { fields: Object.keys(type.fields), languages });
      return reply.status(201).send(ok(added, { message: 'Comment added' }));
    },
  });
  serve({
    method: 'PUT',
    url: `${path}/:id/comments/:commentId`,
    operationId: `resolve${name}Comment`,
    summary: 'Mark a comment resolved (it stays)',
    access: 'record.comment',
    params: z.object({ id: ID, commentId: z.string().describe('The comment’s id') }),
    body: { type: 'object', additionalProperties: false, required: ['resolved'], properties: { resolved: { const: true } } },
    answers: { 200: { description: 'Resolved', data: comment } },
    errors: [400, 401, 404],
    handler: async (request) => {
      const params = request.params as { id: string; commentId: string };
      return ok(await services.comments.resolve(type.name, params.id, params.commentId, request.body), { message: 'Comment resolved' });
    },
  });
}

/** Applying a working copy: nothing, or an administrator's `override: { reason }` (checked by the service). */
const publishSchema = z.strictObject({ override: z.unknown().optional() });
const publishBody = z.strictObject({ override: OVERRIDE.optional() });

/** How a version is restored (API-3.md): a closed body, every part optional. */
const restoreSchema = z.object({ visibility: z.boolean().optional(), languages: z.literal('all').optional(), into: z.literal('draft').optional() }).strict();
