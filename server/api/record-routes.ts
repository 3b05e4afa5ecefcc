import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RECORD_TYPES } from '../../domain/registry.ts';
import type { RecordService } from '../../domain/shared/record-service.ts';
import type { RecordType } from '../../domain/shared/record-type.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf, assertAdminRead, editorsOnly, requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { textOf } from '../../domain/shared/localized.ts';
import { parseOrThrow } from '../../domain/shared/validation.ts';
import { badRequest } from '../../domain/shared/errors.ts';
import { z } from 'zod';
import { listQuerySchema, parseQuery, type ListParameters } from '../http/query.ts';

export const deletedMessage = (label: string) => `${label} deleted`;
/** blog/search pages by ten, whatever the blog's own page size (SPEC.md section 7). */
const SEARCH_PAGE_SIZE = 10;

/** A version number from the path; anything else names no version (404). */
const versionNumber = (value: string) => (/^\d{1,9}$/.test(value) ? Number(value) : 0);

const toListQuery = (parameters: ListParameters, admin: boolean) => ({ ...parameters, admin, search: parameters.search ?? parameters.q });

/** Each record with only the fields asked for (`fields=`), always with its `_id`; all of it otherwise. */
function onlyFields<T extends object>(records: T[], fields: unknown): T[] | Partial<T>[] {
  if (!Array.isArray(fields)) return records;
  const wanted = new Set<string>(['_id', ...fields]);
  return records.map((record) => Object.fromEntries(Object.entries(record).filter(([name]) => wanted.has(name))) as Partial<T>);
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

function registerRecordType(app: FastifyInstance, type: RecordType, service: RecordService, services: AppServices) {
  const path = `/${type.name}`;
  const querySchema = listQuerySchema(type);
  const readQuery = (query: unknown) => parseQuery(query, querySchema) as ListParameters;
  /** What the reader may read of records: a translator reads a confidential one without its confidential fields (a matter's client). */
  const readable = <T extends Record<string, unknown>>(request: FastifyRequest, records: T[]): T[] =>
    request.user?.role === 'translator' && type.confidentialFields?.length ? records.map((record) => service.forTranslator(record)) : records;

  for (const [route, field] of Object.entries(type.distinct ?? {})) {
    app.get(`${path}/${route}`, async (request) => {
      const parameters = readQuery(request.query);
      return ok(await service.distinct(field, { lang: parameters.lang, admin: assertAdminRead(request, parameters.admin) }));
    });
  }
  for (const [route, values] of Object.entries(type.constants ?? {})) app.get(`${path}/${route}`, async () => ok([...values]));

  if (type.pageSize && type.searchFields.length) {
    app.get(`${path}/search`, async (request) => {
      const parameters = readQuery(request.query);
      const admin = assertAdminRead(request, parameters.admin);
      const page = await service.listPage({ ...toListQuery(parameters, admin), search: parameters.q ?? parameters.search ?? '' }, SEARCH_PAGE_SIZE);
      return ok(onlyFields(readable(request, await formatted(service, page.data, parameters.format)), parameters.fields), { pagination: page.pagination });
    });
  }

  app.get(path, async (request) => {
    const parameters = readQuery(request.query);
    const query = toListQuery(parameters, assertAdminRead(request, parameters.admin));
    if (type.pageSize) {
      const page = await service.listPage(query);
      return ok(onlyFields(readable(request, await withDraftMarks(service, await formatted(service, page.data, parameters.format), query.admin)), parameters.fields), { pagination: page.pagination });
    }
    return ok(onlyFields(readable(request, await withDraftMarks(service, await formatted(service, await service.list(query), parameters.format), query.admin)), parameters.fields));
  });

  // Reads that count views are never served from the cache.
  const detailConfig = { config: { cache: !type.countsViews } };

  app.get<{ Params: { id: string } }>(`${path}/:id`, detailConfig, async (request) => {
    const { admin: asked, format } = readQuery(request.query);
    const admin = assertAdminRead(request, asked);
    const [record] = readable(request, await withDraftMarks(service, await formatted(service, [await service.viewed(await service.get(request.params.id, { admin }), { admin })], format), admin));
    return ok(record);
  });

  if (type.slugFrom) {
    app.get<{ Params: { slug: string } }>(`${path}/slug/:slug`, detailConfig, async (request) => {
      const { admin: asked, format } = readQuery(request.query);
      const admin = assertAdminRead(request, asked);
      const [record] = readable(request, await formatted(service, [await service.viewed(await service.getBySlug(request.params.slug, { admin }), { admin })], format));
      return ok(record);
    });
  }

  app.post(path, { preHandler: editorsOnly }, async (request, reply) => {
    const created = await service.create(request.body, actorOf(request));
    return reply.status(201).send(ok(created, { message: `${type.label} created` }));
  });

  // A translator may save too, but only the texts of their languages (checked by the service).
  app.put<{ Params: { id: string } }>(`${path}/:id`, { preHandler: requireUser }, async (request) => {
    const onlyLanguages = request.user!.role === 'translator' ? request.user!.languages : undefined;
    const [updated] = readable(request, [await service.update(request.params.id, request.body, actorOf(request), { onlyLanguages })]);
    return ok(updated, { message: `${type.label} updated` });
  });

  // Fills the empty texts of one language from another (a translator of the target language may too).
  if (type.localizedFields.length) {
    app.post<{ Params: { id: string } }>(`${path}/:id/copy-language`, { preHandler: requireUser }, async (request) => {
      const onlyLanguages = request.user!.role === 'translator' ? request.user!.languages : undefined;
      const languages = (await services.languages.list({ admin: true })).map((language) => String(language.code));
      const [filled] = readable(request, [await service.copyLanguage(request.params.id, request.body, actorOf(request), { onlyLanguages, languages })]);
      return ok(filled, { message: `${type.label} updated` });
    });
  }

  app.delete<{ Params: { id: string } }>(`${path}/:id`, { preHandler: editorsOnly }, async (request) => {
    await service.remove(request.params.id, actorOf(request));
    return ok(null, { message: deletedMessage(type.label) });
  });

  type VersionParams = { Params: { id: string; version: string } };
  app.get<{ Params: { id: string } }>(`${path}/:id/versions`, { preHandler: requireUser }, async (request) => ok(await service.versions(request.params.id)));
  app.get<VersionParams>(`${path}/:id/versions/:version`, { preHandler: requireUser }, async (request) =>
    ok(readable(request, [await service.version(request.params.id, versionNumber(request.params.version))])[0]),
  );
  app.post<VersionParams>(`${path}/:id/versions/:version/restore`, { preHandler: editorsOnly }, async (request) => {
    const options = parseOrThrow(restoreSchema, request.body ?? {});
    const restored = await service.restore(request.params.id, versionNumber(request.params.version), actorOf(request), options);
    return ok(restored, { message: options.into === 'draft' ? `Version ${request.params.version} is now the working copy: review it, then publish` : `${type.label} restored` });
  });

  // Working copies (API-3.md): changes to a public record kept apart until they are published.
  if (type.visibilityField) {
    app.get<{ Params: { id: string } }>(`${path}/:id/draft`, { preHandler: requireUser }, async (request) => ok(readable(request, [await service.draft(request.params.id)])[0]));
    app.put<{ Params: { id: string } }>(`${path}/:id/draft`, { preHandler: requireUser }, async (request) => {
      const onlyLanguages = request.user!.role === 'translator' ? request.user!.languages : undefined;
      return ok(readable(request, [await service.saveDraft(request.params.id, request.body, actorOf(request), { onlyLanguages })])[0], { message: 'Working copy saved: the public page has not changed' });
    });
    app.delete<{ Params: { id: string } }>(`${path}/:id/draft`, { preHandler: editorsOnly }, async (request) => {
      await service.discardDraft(request.params.id, actorOf(request));
      return ok(null, { message: 'Working copy discarded' });
    });
    app.post<{ Params: { id: string } }>(`${path}/:id/draft/publish`, { preHandler: editorsOnly }, async (request, reply) => {
      const { override } = parseOrThrow(publishSchema, request.body ?? {});
      const result = await service.publishDraft(request.params.id, actorOf(request), { override });
      // A copy whose "Publish at" is still to come waits for it: 202 with the copy and its moment.
      if ('applyAt' in result && result.applyAt) return reply.status(202).send(ok(result, { message: `The changes will be published at ${result.applyAt}` }));
      return ok(result, { message: 'Changes published' });
    });
    // Sign-off: submit for review (anyone signed in), approve or ask for changes (approvers, admins).
    app.get<{ Params: { id: string } }>(`${path}/:id/review`, { preHandler: requireUser }, async (request) => ok(await service.review(request.params.id)));
    app.post<{ Params: { id: string } }>(`${path}/:id/review`, { preHandler: requireUser }, async (request) => ok(await service.reviewStep(request.params.id, request.body, actorOf(request)), { message: 'Review updated' }));
    // What to fix before publishing, in every public language (API-3.md "Checks before publishing").
    app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(`${path}/:id/checks`, { preHandler: requireUser }, async (request) => {
      const { draft, ...rest } = request.query ?? {};
      if (Object.keys(rest).length || (draft !== undefined && draft !== 'true' && draft !== 'false')) throw badRequest('The only parameter is draft=true (the working copy) or draft=false');
      return ok(await services.checks.ofRecord(type.name, request.params.id, { draft: draft === 'true' }));
    });
    // Comments on the record, a field and a language; resolved ones stay.
    app.get<{ Params: { id: string } }>(`${path}/:id/comments`, { preHandler: requireUser }, async (request) => {
      await service.get(request.params.id, { admin: true });
      return ok(await services.comments.list(type.name, request.params.id));
    });
    app.post<{ Params: { id: string } }>(`${path}/:id/comments`, { preHandler: requireUser }, async (request, reply) => {
      await service.get(request.params.id, { admin: true });
      const languages = (await services.languages.list({ admin: true })).map((language) => String(language.code));
      const comment = await services.comments.add(type.name, request.params.id, request.body, actorOf(request), { fields: Object.keys(type.fields), languages });
      return reply.status(201).send(ok(comment, { message: 'Comment added' }));
    });
    app.put<{ Params: { id: string; commentId: string } }>(`${path}/:id/comments/:commentId`, { preHandler: requireUser }, async (request) =>
      ok(await services.comments.resolve(type.name, request.params.id, request.params.commentId, request.body), { message: 'Comment resolved' }),
    );
  }
}

/** Applying a working copy: nothing, or an administrator's `override: { reason }` (checked by the service). */
const publishSchema = z.strictObject({ override: z.unknown().optional() });

/** How a version is restored (API-3.md): a closed body, every part optional. */
const restoreSchema = z.object({ visibility: z.boolean().optional(), languages: z.literal('all').optional(), into: z.literal('draft').optional() }).strict();
