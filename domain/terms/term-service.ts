import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { AppError, notFound, staleVersion } from '../shared/errors.ts';
import { isId, newId, nowIso } from '../shared/ids.ts';
import type { Actor, ChangeEvent } from '../shared/record-service.ts';
import { assertObject, parseOrThrow } from '../shared/validation.ts';
import { uzbekKey } from './stemmer.ts';
import { createTermExchange } from './term-exchange.ts';
import { MAX_TERMS, tidyEntries, TermInput, type Term, type TermValues } from './term-schema.ts';

/*
 * The termbase (API-4.md "The translation desk"): terms read by everyone signed in, written by
 * editors and administrators (`term.manage`). Every write is in the activity log; a term carries a
 * version, so an edit made on a stale copy is refused. Terms are not on the public site: a change
 * drops no cached page. The whole termbase is small (at most MAX_TERMS): a search and the
 * `term_mismatch` check read it whole.
 */

/** How a term is found by a search: every form in lower case, Uzbek also in Latin (a Cyrillic query finds a Latin form and back). */
const searchKey = (text: string) => `${text.toLowerCase()}\u0000${uzbekKey(text)}`;

const fromRow = (row: Record<string, unknown>): Term => ({
    _id: String(row.id),
    entries: JSON.parse(String(row.entries)) as Record<string, string[]>,
    note: String(row.note ?? ''),
    doNotTranslate: Boolean(Number(row.do_not_translate)),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
  version: Number(row.version),
});

/** Every term, in the order of their names (the `term_mismatch` check reads them so, once per run). */
export async function readTerms(database: Database): Promise<Term[]> {
  const rows = await database.db.selectFrom('terms').selectAll().orderBy('sort_key').orderBy('id').execute();
  return rows.map(fromRow);
}

export function createTermService(database: Database, record: (event: ChangeEvent) => Promise<void>) {
  const { db } = database;
  /** What a term is called in messages and the log: its first language's preferred form. */
  const nameOf = (values: Pick<TermValues, 'entries'>) => Object.values(values.entries)[0]?.[0] ?? '';

  const all = () => readTerms(database);

  async function get(id: string): Promise<Term> {
    const row = isId(id) ? await db.selectFrom('terms').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw notFound('Term');
    return fromRow(row);
  }

  const valuesOf = (body: unknown): TermValues & { version?: number } => {
    const parsed = parseOrThrow(TermInput, assertObject(body));
    return { ...parsed, entries: tidyEntries(parsed.entries) };
  };
  const columns = (values: TermValues) => ({
    entries: JSON.stringify(values.entries),
    note: values.note,
    do_not_translate: values.doNotTranslate ? 1 : 0,
    sort_key: nameOf(values).toLowerCase().slice(0, 200),
  });

  /** Writes terms (an import, or one term), all in one transaction. */
  async function write(changes: { add: TermValues[]; change: Array<{ id: string; values: TermValues }> }) {
    const count = Number((await db.selectFrom('terms').select((eb) => eb.fn.countAll().as('count')).executeTakeFirst())?.count ?? 0);
    if (count + changes.add.length > MAX_TERMS) throw new AppError(413, 'PAYLOAD_TOO_LARGE', `The termbase holds at most ${MAX_TERMS} terms: remove some before adding more`);
    const now = nowIso();
    const ids: string[] = [];
    await db.transaction().execute(async (trx) => {
      for (const values of changes.add) {
        const id = newId();
        ids.push(id);
        await trx.insertInto('terms').values({ id, ...columns(values), created_at: now, updated_at: now, version: 1 }).execute();
      }
      for (const { id, values } of changes.change) await trx.updateTable('terms').set({ ...columns(values), updated_at: now, version: sql`version + 1` }).where('id', '=', id).execute();
    });
    return ids;
  }

  return {
    all,
    get,

    /** Terms whose form in any language holds `q` (lower case; Uzbek in either script), in the order of their names. */
    async list(q?: string): Promise<Term[]> {
      const terms = await all();
      const wanted = q?.trim() ? searchKey(q.trim()).split('\u0000') : undefined;
      if (!wanted) return terms;
      return terms.filter((term) => {
        const haystack = [...Object.values(term.entries).flat(), term.note].map(searchKey).join('\u0001');
        return wanted.some((part) => part && haystack.includes(part));
      });
    },

    async create(body: unknown, actor?: Actor): Promise<Term> {
      const values = valuesOf(body);
      const [id] = await write({ add: [values], change: [] });
      await record({ entity: 'terms', action: 'create', id, actor, summary: `Term “${nameOf(values)}” added` });
      return get(id);
    },

    async update(id: string, body: unknown, actor?: Actor): Promise<Term> {
      await get(id);
      const { version, ...values } = valuesOf(body);
      let query = db.updateTable('terms').set({ ...columns(values), updated_at: nowIso(), version: sql`version + 1` }).where('id', '=', id);
      if (version !== undefined) query = query.where('version', '=', version);
      if (Number((await query.executeTakeFirst()).numUpdatedRows) === 0) throw staleVersion();
      await record({ entity: 'terms', action: 'update', id, actor, summary: `Term “${nameOf(values)}” changed` });
      return get(id);
    },

    async remove(id: string, actor?: Actor): Promise<void> {
      const existing = await get(id);
      await db.deleteFrom('terms').where('id', '=', id).execute();
      await record({ entity: 'terms', action: 'delete', id, actor, summary: `Term “${nameOf(existing)}” deleted` });
    },

    ...createTermExchange({ all, write, record }),
  };
}
