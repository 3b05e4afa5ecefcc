import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { can, type Action } from '../../domain/access/permissions.ts';
import { CALENDAR_KINDS, createCalendar, type CalendarKind } from '../../domain/calendar/calendar.ts';
import { RECORD_TYPES } from '../../domain/registry.ts';
import { AppError, CONFLICT_REASONS, notFound } from '../../domain/shared/errors.ts';
import type { RecordService } from '../../domain/shared/record-service.ts';
import type { RecordType } from '../../domain/shared/record-type.ts';
import { parseOrThrow } from '../../domain/shared/validation.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { named, refusal, route } from '../http/route.ts';
import { recordSchemaName } from './openapi.ts';

/*
 * The calendar of everything dated, and actions on many records of a type at once (API-4.md
 * "Releases, the calendar and bulk actions").
 */

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day such as 2027-01-01');
const list = (description: string) => z.string().max(1000).optional().describe(description);
const CALENDAR_QUERY = z
  .object({
    from: DAY.describe('The first day, on the firm’s clock'),
    to: DAY.describe('The last day (at most 100 days after from, both counted)'),
    types: list('Record types, comma-separated (news,events…); all when absent'),
    kinds: list(`Kinds, comma-separated (${CALENDAR_KINDS.join(', ')}); all when absent`),
    lang: z.string().max(20).optional().describe('Only records written in this language, titled in it'),
    titleLang: z.string().max(20).optional().describe('Without lang: the language titles are given in (else the site’s default), falling back to the default'),
  })
  .strict();

const CALENDAR_ENTRY = named(
  z.object({
    kind: z.enum(CALENDAR_KINDS),
    type: z.string().describe('The record type (news, events…), or releases'),
    id: z.string(),
    title: z.string(),
    at: z.string().describe('A moment on the firm’s clock with its offset (2027-01-01T00:00:00+05:00), or a day (2027-01-01) when allDay'),
    allDay: z.boolean(),
    lang: z.string().optional(),
  }),
  'CalendarEntry',
);

const BULK_ACTIONS = ['publish', 'unpublish', 'delete', 'restore', 'addToRelease'] as const;
type BulkAction = (typeof BULK_ACTIONS)[number];
const BULK_INPUT = named(
  z
    .object({
      ids: z.array(z.string().regex(/^[0-9a-f]{24}$/, 'An id is 24 hexadecimal characters')).min(1, 'Choose at least one record').max(100, 'At most 100 records at once'),
      action: z.enum(BULK_ACTIONS),
      releaseId: z.string().max(100).optional().describe('For addToRelease: the release'),
    })
    .strict(),
  'BulkInput',
);
const BULK_RESULT = named(
  z.object({
    results: z.array(
      z.object({
        id: z.string(),
        ok: z.boolean(),
        error: z
          .object({
            status: z.number().int(),
            code: z.string(),
            message: z.string(),
            reason: z.enum(CONFLICT_REASONS).optional(),
            details: z.array(z.object({ path: z.string(), message: z.string(), code: z.string(), params: z.record(z.string(), z.unknown()).optional() })).optional(),
            checks: z.array(z.record(z.string(), z.unknown())).optional(),
          })
          .optional()
          .describe('Why this record was refused: the same problem a call on it alone answers'),
      }),
    ),
  }),
  'BulkResult',
);

/** What each action needs of the permission table, as the same call on one record does. */
const NEEDS: Record<BulkAction, Action> = { publish: 'record.publish', unpublish: 'record.publish', delete: 'record.delete', restore: 'record.publish', addToRelease: 'release.manage' };

const splitList = (value: string | undefined) => (value ? value.split(',').map((part) => part.trim()).filter(Boolean) : undefined);

/** One record's action, through the record's service (or the release's): its checks, approval and versions as one by one. */
async function actOn(services: AppServices, type: RecordType, action: BulkAction, id: string, request: FastifyRequest, releaseId: string): Promise<void> {
  const actor = actorOf(request);
  const service = services.records[type.name as keyof AppServices['records']] as unknown as RecordService;
  // Into the release as publishing (the release's own screen changes an item to unpublish); 409 when it is in another open release.
  if (action === 'addToRelease') return void (await services.releases.addItem(releaseId, { type: type.name, id, action: 'publish' }, actor));
  if (action === 'delete') return service.remove(id, actor);
  if (action === 'restore') {
    if (await service.get(id, { admin: true }).catch(() => undefined)) throw new AppError(409, 'CONFLICT', `This ${type.label.toLowerCase()} is not in the trash`);
    const [last] = await service.versions(id);
    if (!last) throw notFound(type.label);
    await service.restore(id, Number(last.version), actor);
    return;
  }
  const visibility = type.visibilityField!;
  const record = (await service.get(id, { admin: true })) as Record<string, unknown>;
  if (record[visibility] === (action === 'publish')) return;
  await service.update(id, { [visibility]: action === 'publish', version: record.version }, actor);
}

function bulkRoute(app: FastifyInstance, type: RecordType, services: AppServices) {
  const name = recordSchemaName(type);
  route(app, {
    method: 'POST',
    url: `/${type.name}/bulk`,
    operationId: `bulk${name}`,
    summary: `Publish, unpublish, delete, restore or add to a release many ${type.label.toLowerCase()} records at once`,
    description:
      'Each record under the same rules as one by one (its role, checks and approval), each done whole or not at all; every id is answered with ok or the problem a call on it alone would answer. publish and unpublish need a type that can be public; addToRelease needs releaseId (an open or scheduled release: 404 when there is none) and adds each record to be published with it (409 for a record in another open release).',
    tags: [name],
    access: 'content.read',
    body: BULK_INPUT,
    answers: { 200: { description: 'One result per id, in the order given', data: BULK_RESULT } },
    errors: [400, 401, 403, 404, 409],
    handler: async (request) => {
      const { ids, action, releaseId = '' } = parseOrThrow(BULK_INPUT, request.body);
      if (action === 'addToRelease') {
        if (!releaseId) throw new AppError(400, 'BAD_REQUEST', 'Say which release: addToRelease needs releaseId.');
        if (!type.visibilityField) throw new AppError(400, 'BAD_REQUEST', `${type.label} records are always shown: a release has nothing to publish of them.`);
        const release = await services.releases.get(releaseId);
        if (release.state === 'published') throw new AppError(409, 'CONFLICT', 'This release went out already: add the records to a new release');
      }
      if ((action === 'publish' || action === 'unpublish') && !type.visibilityField) throw new AppError(400, 'BAD_REQUEST', `${type.label} records are always shown: there is nothing to ${action}.`);
      const user = request.user!;
      const results: Array<{ id: string; ok: boolean; error?: Record<string, unknown> }> = [];
      for (const id of [...new Set(ids)]) {
        try {
          if (!can(user, NEEDS[action])) throw refusal(user.role, NEEDS[action]);
          await actOn(services, type, action, id, request, releaseId);
          results.push({ id, ok: true });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const { status, code, message, reason, details, checks } = error;
          results.push({ id, ok: false, error: { status, code, message, ...(reason ? { reason } : {}), ...(details ? { details } : {}), ...(checks ? { checks } : {}) } });
        }
      }
      const done = results.filter((result) => result.ok).length;
      return ok({ results }, { message: `${done} of ${results.length} done` });
    },
  });
}

export async function calendarRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  // Reads only (indexed ranges of the record tables, working copies and releases): made here from what the services expose.
  const calendar = createCalendar(services.database, RECORD_TYPES, { timeZone: services.timeZone, defaultLanguage: () => services.languages.defaultLanguage() });
  route(app, {
    method: 'GET',
    url: '/calendar',
    operationId: 'readCalendar',
    summary: 'Every dated thing from one day to another on the firm’s clock: scheduled publishing, releases, events, deadlines, laws in force',
    tags: ['Editorial'],
    access: 'content.read',
    query: CALENDAR_QUERY,
    answers: { 200: { description: 'The entries in order', data: z.array(CALENDAR_ENTRY) } },
    errors: [400, 401, 403],
    handler: async (request) => {
      const query = parseOrThrow(CALENDAR_QUERY, request.query);
      const kinds = splitList(query.kinds);
      const unknown = kinds?.find((kind) => !CALENDAR_KINDS.includes(kind as CalendarKind));
      if (unknown) throw new AppError(400, 'BAD_REQUEST', `There is no kind "${unknown}" in the calendar: use ${CALENDAR_KINDS.join(', ')}`);
      return ok(await calendar.entries({ from: query.from, to: query.to, types: splitList(query.types), kinds: kinds as CalendarKind[] | undefined, lang: query.lang, titleLang: query.titleLang }));
    },
  });
  for (const type of RECORD_TYPES) bulkRoute(app, type, services);
}
