import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { languagesFor } from '../../domain/access/permissions.ts';
import { AUTOSAVE_MAX_BYTES, autosaveSchema } from '../../domain/editing/autosaves.ts';
import { PRESENCE_TTL_MS } from '../../domain/editing/presence.ts';
import { RECORD_TYPES } from '../../domain/registry.ts';
import { LANGUAGE_CODE_PATTERN } from '../../domain/shared/localized.ts';
import type { RecordService } from '../../domain/shared/record-service.ts';
import type { RecordType } from '../../domain/shared/record-type.ts';
import { parseOrThrow } from '../../domain/shared/validation.ts';
import { AppError } from '../../domain/shared/errors.ts';
import type { AppServices } from '../app-services.ts';
import { ok } from '../http/envelope.ts';
import { named, route } from '../http/route.ts';
import { recordSchemaName } from './openapi.ts';
import { NO_DATA, RecordIdParams } from './route-parts.ts';

/*
 * Never losing an edit (API-4.md): each record's autosave (per user) and presence (who has its
 * form open), for every record type of the registry, and the presence of a type's list. Nothing
 * here is a version, none of it is public, and no write here drops a cached page or fills the
 * activity log: only the record's own save does that.
 */

const editor = z.object({
  _id: z.string(),
  name: z.string(),
  since: z.string().describe('When their form was opened (ISO 8601)'),
  field: z.string().nullable().describe('The field they are in, if the form said'),
  lang: z.string().nullable().describe('The language they are writing in, if the form said'),
});
const editors = z.array(editor).describe(`Others than the caller whose form sent a heartbeat within the last ${PRESENCE_TTL_MS / 1000} s, first opened first`);
const takenOver = z.object({ _id: z.string(), name: z.string(), at: z.string() }).describe('Someone chose "Edit anyway" on this record: the form turns read-only (its changes stay in its autosave)');
const presenceAnswer = named(z.object({ editors, takenOverBy: takenOver.optional() }), 'Presence');
const savedAnswer = z.object({ savedAt: z.string().describe('When it was kept (ISO 8601)') });
const baseVersion = z.number({ error: 'baseVersion must be the version of the record the form read' }).int().min(0).describe('The record’s version the form was opened on');

const presenceQuery = z.object({ type: z.enum(RECORD_TYPES.map((type) => type.name) as [string, ...string[]], { error: `type must be one of ${RECORD_TYPES.map((type) => type.name).join(', ')}` }).describe('The record type of the list') });

/** The languages a translator may change (undefined: all). */
const onlyLanguages = (request: FastifyRequest) => {
  const languages = languagesFor(request.user, 'record.edit');
  return languages === 'all' ? undefined : [...languages];
};

export async function editRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  for (const type of RECORD_TYPES) registerEdits(app, type, services.recordService(type), services);

  route(app, {
    method: 'GET',
    url: '/presence',
    operationId: 'listPresence',
    summary: 'Who has which record of a type open now (the lists’ avatars)',
    description: `One indexed read: the records of the type whose form someone other than the caller sent a heartbeat for within the last ${PRESENCE_TTL_MS / 1000} s. Records nobody has open are not listed.`,
    tags: ['Editing'],
    access: 'content.read',
    query: presenceQuery,
    answers: { 200: { description: 'The records someone has open', data: z.array(z.object({ id: z.string(), editors })) } },
    errors: [400, 401],
    handler: async (request) => {
      const { type } = parseOrThrow(presenceQuery, request.query);
      return ok(await services.edits.presence.ofType(type, request.user!._id));
    },
  });
}

const autosaveQuery = z.strictObject({ orNone: z.enum(['true']).optional().describe('true: no autosave is 200 with data null, not 404') });

function registerEdits(app: FastifyInstance, type: RecordType, service: RecordService, services: AppServices) {
  const path = `/${type.name}/:id`;
  const name = recordSchemaName(type);
  const label = type.label.toLowerCase();
  const tags = [name];
  const { autosaves, presence } = services.edits;
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
  const autosaveBody = named(z.strictObject({ fields: autosaveSchema(type).describe(`Any of the ${label}’s fields as the form holds them (documents as the editor’s JSON)`), baseVersion }), `${name}Autosave`);
  const presenceBody = z.strictObject({
    field: z.enum(Object.keys(type.fields) as [string, ...string[]]).optional().describe('The field the caller is in'),
    lang: z.string().regex(LANGUAGE_CODE_PATTERN, 'lang must be a language code such as ru').optional().describe('The language the caller is writing in'),
    takeOver: z.boolean().optional().describe('"Edit anyway": the others’ next heartbeat answers takenOverBy'),
  });

  route(app, {
    method: 'PUT',
    url: `${path}/autosave`,
    operationId: `autosave${name}`,
    summary: 'Keep the caller’s unsaved changes of this record (one per user and record; not a version, never public)',
    description: `Replaces the caller’s autosave. fields: a closed partial shape of the ${label}’s fields (documents under the document rules); at most ${AUTOSAVE_MAX_BYTES / 1024} KB (413 otherwise). A translator’s autosave may differ from the record only in their languages (403). Removed when the caller’s save of the record succeeds, when the record is deleted, and after 30 days.`,
    tags,
    access: 'record.edit',
    params: RecordIdParams,
    body: autosaveBody,
    answers: { 200: { description: 'Kept', data: savedAnswer } },
    errors: [400, 401, 403, 404, 413],
    handler: async (request) => {
      const body = parseOrThrow(z.strictObject({ fields: z.unknown(), baseVersion }), request.body ?? {});
      const record = await service.get(idOf(request), { admin: true });
      const languages = onlyLanguages(request);
      // A translator may be writing in the working copy: their autosave is measured against it too.
      const copy = languages && type.visibilityField ? await service.draft(idOf(request)).catch(() => undefined) : undefined;
      return ok(await autosaves.put(request.user!._id, type, idOf(request), body, copy ? [record, copy] : [record], languages));
    },
  });
  route(app, {
    method: 'GET',
    url: `${path}/autosave`,
    operationId: `get${name}Autosave`,
    summary: 'The caller’s autosave of this record (nobody else’s)',
    description: 'None kept: 404, or with orNone=true 200 with data null (a form asks on every opening: no failed request in the browser’s console each time).',
    tags,
    access: 'record.edit',
    params: RecordIdParams,
    query: autosaveQuery,
    answers: { 200: { description: 'The unsaved changes (null: none, with orNone=true)', data: z.object({ fields: z.record(z.string(), z.unknown()), baseVersion: z.number().int(), savedAt: z.string() }).nullable() } },
    errors: [400, 401, 403, 404],
    handler: async (request) => {
      const { orNone } = parseOrThrow(autosaveQuery, request.query ?? {});
      await service.get(idOf(request), { admin: true });
      const found = await autosaves.get(request.user!._id, type.name, idOf(request));
      if (!found && orNone) return ok(null);
      if (!found) throw notFoundAutosave(label);
      return ok(found);
    },
  });
  route(app, {
    method: 'DELETE',
    url: `${path}/autosave`,
    operationId: `discard${name}Autosave`,
    summary: 'Drop the caller’s autosave of this record (none: nothing happens)',
    tags,
    access: 'record.edit',
    params: RecordIdParams,
    answers: { 200: { description: 'Dropped', data: NO_DATA } },
    errors: [401, 403],
    handler: async (request) => {
      await autosaves.remove(request.user!._id, type.name, idOf(request));
      return ok(null, { message: 'Unsaved changes discarded' });
    },
  });
  route(app, {
    method: 'POST',
    url: `${path}/presence`,
    operationId: `presence${name}`,
    summary: 'Heartbeat of an open form (every 20 s): who else has this record open, and where',
    description: `Entries last ${PRESENCE_TTL_MS / 1000} s after their last heartbeat, on every instance (kept in the database). takeOver: true asks the others to stop: their next heartbeat answers takenOverBy until they close the form, take it back, or the one who took over leaves.`,
    tags,
    access: 'record.edit',
    params: RecordIdParams,
    body: presenceBody,
    bodyRequired: false,
    answers: { 200: { description: 'The others present', data: presenceAnswer } },
    errors: [400, 401, 403, 404],
    handler: async (request) => {
      const where = parseOrThrow(presenceBody, request.body ?? {});
      await service.get(idOf(request), { admin: true });
      const user = request.user!;
      return ok(await presence.heartbeat({ _id: user._id, name: user.name || user.email }, type.name, idOf(request), where));
    },
  });
  route(app, {
    method: 'DELETE',
    url: `${path}/presence`,
    operationId: `leave${name}`,
    summary: 'The form closed: the caller’s entry goes at once',
    tags,
    access: 'record.edit',
    params: RecordIdParams,
    answers: { 200: { description: 'Gone', data: NO_DATA } },
    errors: [401, 403],
    handler: async (request) => {
      await presence.leave(request.user!._id, type.name, idOf(request));
      return ok(null);
    },
  });
}

const notFoundAutosave = (label: string) => new AppError(404, 'NOT_FOUND', `You have no unsaved changes of this ${label}`);
