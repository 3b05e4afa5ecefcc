import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RECORD_TYPES } from '../../domain/registry.ts';
import { validationError } from '../../domain/shared/errors.ts';
import { paginationOf, type RecordStates } from '../../domain/shared/record-service.ts';
import type { RecordType } from '../../domain/shared/record-type.ts';
import type { TranslationState } from '../../domain/shared/translation-state.ts';
import type { AppServices } from '../app-services.ts';
import { route } from '../http/route.ts';
import { ok } from '../http/envelope.ts';
import { BaseQuerySchema, parseQuery } from '../http/query.ts';
import { termRoutes } from './term-routes.ts';

const TRANSLATED = RECORD_TYPES.filter((type) => type.localizedFields.length > 0);
const STATES = ['complete', 'missing', 'outdated'] as const;

const STATUS_QUERY = z.object({
  type: z
    .enum(TRANSLATED.map((type) => type.name) as [string, ...string[]], { error: `type must be one of ${TRANSLATED.map((type) => type.name).join(', ')}` })
    .optional()
    .describe('Only this record type (news, blog, services…)'),
  lang: z.string({ error: 'lang must be a language code such as ru' }).max(20).optional().describe('Only this active language'),
  state: z.enum(STATES, { error: 'state must be complete, missing or outdated' }).optional().describe('Only records in this state (in the languages shown)'),
  id: z.string({ error: 'id must be a record id' }).max(24).optional().describe('Only this record'),
  page: BaseQuerySchema.shape.page,
  limit: BaseQuerySchema.shape.limit,
});
/** A page of the status holds at most this many records (all of them when no limit is asked). */
const MOST_PER_PAGE = 500;

interface StatusRow extends RecordStates {
  type: string;
}

/** The totals of `rows` in each language, and those in `state` (all without one) as the answer shows them. */
function summarize(rows: StatusRow[], languages: string[], state: TranslationState | undefined) {
  const totals = Object.fromEntries(languages.map((lang) => [lang, { complete: 0, missing: 0, outdated: 0 } as Record<TranslationState, number>]));
  for (const row of rows) for (const lang of languages) totals[lang][row.states[lang].state] += 1;
  const records = rows
    .filter((row) => !state || languages.some((lang) => row.states[lang].state === state))
    .map((row) => ({
      type: row.type,
      _id: row._id,
      title: row.title,
      states: Object.fromEntries(languages.map((lang) => [lang, row.states[lang].state])),
      fields: Object.fromEntries(languages.filter((lang) => row.states[lang].fields.length).map((lang) => [lang, row.states[lang].fields])),
    }));
  return { totals, records };
}

/**
 * The texts machine translation wrote that nobody confirmed or edited, per record (`type:id`) and
 * language: only the records holding a mark are read again (their working copy when they have one).
 */
async function machineFields(services: AppServices, types: readonly RecordType[], languages: string[], only?: string): Promise<Map<string, Record<string, string[]>>> {
  const found = new Map<string, Record<string, string[]>>();
  const { marks } = services.machineTranslation;
  for (const type of types) {
    const service = services.recordService(type);
    for (const id of (await marks.ids(type.name)).filter((id) => !only || id === only)) {
      const values = ((await service.draft(id).catch(() => undefined)) ?? (await service.get(id, { admin: true }).catch(() => undefined))) as Record<string, unknown> | undefined;
      if (!values) continue;
      const byLanguage: Record<string, string[]> = {};
      for (const mark of await marks.unconfirmed(type.name, id, values)) if (languages.includes(mark.lang)) (byLanguage[mark.lang] ??= []).push(mark.field);
      if (Object.keys(byLanguage).length) found.set(`${type.name}:${id}`, byLanguage);
    }
  }
  return found;
}

function withMachine(summary: ReturnType<typeof summarize>, machine: Map<string, Record<string, string[]>>): ReturnType<typeof summarize> {
  if (!machine.size) return summary;
  return { ...summary, records: summary.records.map((record) => (machine.has(`${record.type}:${record._id}`) ? { ...record, machine: machine.get(`${record.type}:${record._id}`) } : record)) };
}

/** GET /api/translations/status: every record × every active language, complete / missing / outdated (API-2.md "Translation"). */
export async function translationRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  // The termbase (term-routes.ts).
  termRoutes(app, services);
  /**
   * What a question (types, languages, state) made of the kept states, until a record is written:
   * a page of 12,000 records × 4 languages is then a slice, not 48,000 states summed again.
   */
  const summaries = new Map<string, { from: ReadonlyArray<readonly RecordStates[]>; summary: ReturnType<typeof summarize>; whole?: string }>();

  route(app, {
    method: 'GET',
    url: '/translations/status',
    operationId: 'getTranslationStatus',
    summary: 'Every record of every type with multilingual fields × every active language: complete, missing or outdated, with counts per language',
    description:
      'complete: every text the default language has is written; missing: some are not; outdated: the default language’s text of a field was saved after this language’s. With limit (and page) the records come a page at a time; the totals count them all.',
    tags: ['Languages'],
    access: 'content.read',
    query: STATUS_QUERY,
    answers: { 200: { description: 'The status', data: STATUS_ANSWER, paginated: 'when asked' } },
    errors: [400, 401],
    handler: async (request, reply) => {
      const query = parseQuery(request.query, STATUS_QUERY);
      const active = (await services.languages.list({ admin: true })).filter((language) => language.isActive).map((language) => String(language.code));
      if (query.lang && !active.includes(query.lang)) {
        throw validationError([{ path: 'lang', message: `lang must be one of the site's active languages: ${active.join(', ')}`, code: 'one_of', params: { options: active.join(', ') } }]);
      }
      const languages = query.lang ? [query.lang] : active;
      const types = query.type ? TRANSLATED.filter((type) => type.name === query.type) : TRANSLATED;
      const from = await Promise.all(types.map((type) => services.recordService(type).translationStates(languages)));
      const rowsOf = () => from.flatMap((states, index) => states.map((row) => ({ type: types[index].name, ...row })));
      // Totals count every record; the records can come a page at a time (beyond API-2.md: a long list for a screen).
      const limit = query.limit ? Math.min(query.limit, MOST_PER_PAGE) : undefined;
      const page = query.page ?? 1;
      let summary: ReturnType<typeof summarize>;
      if (query.id) summary = withMachine(summarize(rowsOf().filter((row) => row._id === query.id), languages, query.state), await machineFields(services, types, languages, query.id));
      else {
        const key = JSON.stringify([query.type ?? '', languages, query.state ?? '']);
        let kept = summaries.get(key);
        if (!kept || kept.from.length !== from.length || kept.from.some((states, index) => states !== from[index])) {
          kept = { from, summary: summarize(rowsOf(), languages, query.state) };
          // Types × languages × states: a few dozen questions at most; the oldest goes first.
          if (summaries.size >= 64) summaries.delete(summaries.keys().next().value!);
          summaries.set(key, kept);
        }
        summary = kept.summary;
        const machine = await machineFields(services, types, languages);
        if (machine.size) summary = withMachine(summary, machine);
        // The whole status as sent, kept with its summary: 12,000 records × 4 languages are 2.2 MB of
        // JSON, whose making held the event loop 20–60 ms at every request.
        if (!limit && machine.size) return ok({ languages, records: summary.records, totals: summary.totals });
        if (!limit) {
          kept.whole ??= JSON.stringify(ok({ languages, records: summary.records, totals: summary.totals }));
          return reply.type('application/json; charset=utf-8').send(kept.whole);
        }
      }
      const records = limit ? summary.records.slice((page - 1) * limit, page * limit) : summary.records;
      return ok({ languages, records, totals: summary.totals }, limit ? { pagination: paginationOf(page, limit, summary.records.length) } : {});
    },
  });
}

const STATUS_ANSWER = {
  type: 'object',
  required: ['languages', 'records', 'totals'],
  properties: {
    languages: { type: 'array', items: { type: 'string' } },
    records: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          type: { type: 'string' },
          _id: { type: 'string' },
          title: { type: 'string', description: 'In the default language' },
          states: { type: 'object', additionalProperties: { type: 'string', enum: [...STATES] } },
          fields: { type: 'object', description: 'Per language, the fields that are missing or outdated', additionalProperties: { type: 'array', items: { type: 'string' } } },
          machine: {
            type: 'object',
            description: 'Per language, the fields machine translation wrote that nobody has confirmed or edited yet (in the working copy when there is one); absent when none',
            additionalProperties: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
    totals: { type: 'object', additionalProperties: { type: 'object', properties: { complete: { type: 'integer' }, missing: { type: 'integer' }, outdated: { type: 'integer' } } } },
  },
};

