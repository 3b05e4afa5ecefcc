import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { columnOf, languagesIn, PAGE_LANGUAGES_COLUMN, type Condition, type EntityDefinition, type StoredRecord, type TextSaved } from './entity.ts';
import { newId, nowIso } from './ids.ts';
import { noteRead } from './read-tracker.ts';
import { createRecordLinks } from './record-links.ts';
import { containsPattern } from './search.ts';
import type { KeptDocuments, RenderedFields } from '../documents/record-documents.ts';

export interface ListOptions {
  conditions: Condition[];
  limit?: number;
  offset?: number;
  /**
   * Count the offset from the end of the order (the rows still come in the list's order): a page
   * near the end of 10,000 is then read from the near end of the index, not past 9,990 rows.
   */
  fromEnd?: boolean;
}

/** A query that can be ordered by a column (Kysely's select builders). */
type Orderable<Query> = { orderBy: (column: string, direction: 'asc' | 'desc') => Query };

/**
 * What a record's documents show, kept with each record read (its `rendered` column), for the
 * pages: under a symbol, so it is never part of the record's JSON (nor of a page's serialized
 * data), yet goes with a copy of the record (`{ ...record, views }`), which a WeakMap keyed by the
 * object would lose.
 */
const RENDERED = Symbol('rendered HTML');

const NOTHING_KEPT: KeptDocuments = Object.freeze({ html: {}, text: {} });

/** A read record's documents as kept when it was saved (nothing for a record read without them). */
export const keptOf = (record: object): KeptDocuments => (RENDERED in record ? (record as { [RENDERED]: KeptDocuments })[RENDERED] : NOTHING_KEPT);

/** The kept column as read: a row written before texts were kept ({ field: { lang: html } }) keeps nothing. */
function keptFrom(value: Record<string, unknown>): KeptDocuments {
  const part = (name: 'html' | 'text') => (value[name] && typeof value[name] === 'object' ? (value[name] as RenderedFields) : {});
  return { html: part('html'), text: part('text') };
}

/** A field name or language code that can stand between double quotes in a JSON path with nothing to escape. */
const PATH_NAME = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * Reads and writes one record type's table; knows nothing of rules, only of columns. `render`
 * makes the HTML and words of a record's documents, kept with every write (types with document fields).
 */
export function createRecordStore(database: Database, definition: EntityDefinition, render?: (record: Record<string, unknown>) => Promise<KeptDocuments>) {
  const { db } = database;
  const documents = Boolean(definition.documentFields?.length && render);
  /** The `rendered` column of a write: the HTML and words of every document in every page language. */
  const renderedColumn = async (values: Record<string, unknown>) => (documents ? { rendered: JSON.stringify(await render!(values)) } : {});
  const { table, storage } = definition;
  /** Which records link to which (record-links.ts): kept with every write of a row that has `doc_refs`. */
  const links = createRecordLinks(database);
  const keepLinks = async (id: string, row: Record<string, unknown>) => {
    if ('doc_refs' in row) await links.keep(table, id, row.doc_refs);
  };
  const fieldColumns = Object.entries(storage).map(([field, kind]) => ({ field, kind, column: columnOf(field) }));

  /**
   * What a read of records selects: the columns `fromRow` makes the record of, not the derived ones
   * that only filters and searches use (`search_text` is as long as all the texts together: a
   * fifth of a long article's row) nor what the translation status reads apart.
   */
  const readColumns = ['id', 'created_at', 'updated_at', 'version', ...new Set(fieldColumns.map(({ column }) => column)), ...(documents ? ['rendered'] : [])];

  function toRow(values: Record<string, unknown>): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    for (const { field, kind, column } of fieldColumns) {
      const value = values[field];
      if (value === undefined) continue;
      row[column] = kind === 'json' ? JSON.stringify(value) : value;
    }
    return { ...row, ...definition.derive?.(values) };
  }

  function fromRow(row: Record<string, unknown>): StoredRecord {
    const record: StoredRecord = {
      _id: row.id as string,
      createdAt: row.created_at as string,
      updatedAt: row.updated_at as string,
      version: Number(row.version),
    };
    for (const { field, kind, column } of fieldColumns) {
      const value = row[column];
      if (kind === 'json') record[field] = typeof value === 'string' ? JSON.parse(value) : value;
      else if (kind === 'bool') record[field] = Boolean(value);
      else if (kind === 'int') record[field] = value == null ? value : Number(value);
      else if (kind === 'time') record[field] = value ? String(value) : null;
      else record[field] = value ?? '';
    }
    if (documents && row.rendered !== undefined) Object.assign(record, { [RENDERED]: keptFrom(parseObject(row.rendered)) });
    return record;
  }

  /**
   * What a page in one language shows of a record: every column but its documents, and of what was
   * kept of them only that language's HTML and words (an article's row: 25 KB of document and 53 KB
   * of every language's HTML, of which the page shows 13 KB). A value not kept (a row written before
   * texts were kept, a language made public since) is left out: `html`/`text` make it then.
   */
  const shownColumns = readColumns.filter((column) => column !== 'rendered' && !(definition.documentFields ?? []).some((field) => columnOf(field) === column));
  function keptIn(part: keyof KeptDocuments, field: string, lang: string) {
    return database.dialect === 'sqlite'
      ? sql<string | null>`${sql.ref('rendered')} ->> ${`$.${part}."${field}"."${lang}"`}`.as(`${part}:${field}`)
      : sql<string | null>`${sql.ref('rendered')} -> ${part}::text -> ${field}::text ->> ${lang}::text`.as(`${part}:${field}`);
  }
  function fromShownRow(row: Record<string, unknown>, lang: string): StoredRecord {
    const record = fromRow(row);
    const kept: KeptDocuments = { html: {}, text: {} };
    for (const field of definition.documentFields ?? []) {
      delete record[field];
      for (const part of ['html', 'text'] as const) {
        const value = row[`${part}:${field}`];
        if (typeof value === 'string') kept[part][field] = { [lang]: value };
      }
    }
    return Object.assign(record, { [RENDERED]: kept });
  }

  /*
   * SQLite: a search goes through the trigram full-text table `{table}_search` (migration 010) when
   * it has one and the text has the three letters a trigram needs; otherwise, and on PostgreSQL
   * (whose trigram index serves LIKE itself), through LIKE. Both give the same rows.
   */
  const searchIndex = `${table}_search`;
  let indexed: Promise<boolean> | undefined;
  const hasSearchIndex = () =>
    (indexed ??=
      database.dialect === 'sqlite'
        ? sql<{ one: number }>`select 1 as one from sqlite_master where name = ${searchIndex}`.execute(db).then((result) => result.rows.length > 0)
        : Promise.resolve(false));
  /**
   * A query in the list's order (the type's, then newest id), or in its reverse (`fromEnd`): either
   * way round NULLs keep their place at one end (SQLite: smallest, PostgreSQL: largest), so the
   * reverse is exact.
   */
  function inListOrder<Query extends Orderable<Query>>(query: Query, fromEnd = false): Query {
    const flip = (direction: 'asc' | 'desc') => (fromEnd ? (direction === 'asc' ? 'desc' : 'asc') : direction);
    for (const [column, direction] of definition.orderBy) query = query.orderBy(column, flip(direction));
    return query.orderBy('id', flip('desc'));
  }

  async function searchReady(conditions: Condition[]): Promise<boolean> {
    return conditions.some((condition) => condition.op === 'contains') && (await hasSearchIndex());
  }

  /** The search conditions of a list (its text in `search_text`), apart from its other conditions. */
  const searchesIn = (conditions: Condition[]) => {
    const searches = conditions.filter((condition): condition is Extract<Condition, { op: 'contains' }> => condition.op === 'contains' && condition.column === 'search_text');
    return { searches, rest: conditions.filter((condition) => !searches.includes(condition as never)) };
  };

  /**
   * A search's page, best first, and how many match (decision 017), or undefined for a list without
   * a search. SQLite, with its full-text table and words of three letters or more: the table finds,
   * ranks (bm25, FTS5's `rank`) and cuts the page itself (`ORDER BY rank LIMIT … OFFSET …`, read in
   * rank order until the page is full), and counts the matches; each match's other conditions (the
   * flag, the schedule) are looked up in a covering index, never in its row. Elsewhere (PostgreSQL's
   * trigram index, a table without a full-text table, a word of two letters): the matches in order of
   * where the first word is first found (a title before the text; the search text is written title
   * first), then in list order.
   */
  async function rankedPage(conditions: Condition[], limit: number, offset: number): Promise<{ total: number; ids: string[] } | undefined> {
    const { searches, rest } = searchesIn(conditions);
    if (!searches.length) return undefined;
    const indexed = searches.filter((condition) => [...condition.text].length >= 3);
    if (indexed.length && (await hasSearchIndex())) {
      const phrases = indexed.map((condition) => `"${condition.text.replace(/"/g, '""')}"`).join(' AND ');
      const others = [...rest, ...searches.filter((condition) => !indexed.includes(condition))];
      const index = sql.table(searchIndex);
      // The record's other conditions, in an index of the table (migration 038's for a visitor's).
      const holds = db
        .selectFrom(table)
        .select(sql<number>`1`.as('one'))
        .where(sql.ref('id'), '=', sql.ref(`${searchIndex}.record_id`))
        .where((eb) => where(eb, others));
      // Without other conditions (the admin's search of every status) the table answers alone: each of its rows is a record's (kept by triggers).
      const matching = others.length ? sql`${index} match ${phrases} and exists ${holds}` : sql`${index} match ${phrases}`;
      const [page, counted] = await Promise.all([
        sql<{ id: string }>`select record_id as id from ${index} where ${matching} order by rank limit ${limit} offset ${offset}`.execute(db),
        sql<{ total: number }>`select count(*) as total from ${index} where ${matching}`.execute(db),
      ]);
      return { total: Number(counted.rows[0]?.total ?? 0), ids: page.rows.map((row) => String(row.id)) };
    }
    const first = sql`${database.dialect === 'sqlite' ? sql`instr` : sql`strpos`}(search_text, ${searches[0].text})`;
    const query = db
      .selectFrom(table)
      .select((eb) => ['id', eb.fn.countAll().over().as('total')])
      .where((eb) => where(eb, conditions))
      .orderBy(first);
    const page = await inListOrder(query).limit(limit).offset(offset).execute();
    const total = page.length ? Number(page[0].total) : offset ? await countOf(conditions) : 0;
    return { total, ids: page.map((row) => String(row.id)) };
  }

  async function countOf(conditions: Condition[]): Promise<number> {
    const useIndex = await searchReady(conditions);
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .where((eb) => where(eb, conditions, useIndex))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  const savedColumn = (textSaved: TextSaved | undefined) => (definition.keepsTextSaved && textSaved ? { text_saved: JSON.stringify(textSaved) } : {});
  /** A JSON object column: text on SQLite, already parsed on PostgreSQL; empty when unreadable. */
  const parseObject = (value: unknown): Record<string, never> => {
    if (typeof value === 'string') {
      try {
        return JSON.parse(value);
      } catch {
        return {};
      }
    }
    return value && typeof value === 'object' ? (value as Record<string, never>) : {};
  };
  const parseSaved = (value: unknown): TextSaved => parseObject(value);

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  function where(eb: ExpressionBuilder<any, any>, conditions: Condition[], useIndex = false): Expression<SqlBool> {
    return eb.and(
      conditions.map((condition) => {
        if (condition.op === 'contains') {
          if (useIndex && condition.column === 'search_text' && [...condition.text].length >= 3) {
            const phrase = `"${condition.text.replace(/"/g, '""')}"`;
            return sql<SqlBool>`id in (select record_id from ${sql.table(searchIndex)} where ${sql.table(searchIndex)} match ${phrase})`;
          }
          return sql<SqlBool>`${sql.ref(condition.column)} like ${containsPattern(condition.text)} escape '\\'`;
        }
        if (condition.op === 'in') return condition.values.length ? eb(condition.column, 'in', condition.values) : sql<SqlBool>`1 = 0`;
        if (condition.op === 'like') return sql<SqlBool>`${sql.ref(condition.column)} like ${condition.pattern} escape '\\'`;
        if (condition.op === 'unset-or') return eb.or([eb(condition.column, 'is', null), eb(condition.column, condition.compare, condition.value)]);
        if (condition.op === 'set-and') return eb.and([eb(condition.column, 'is not', null), eb(condition.column, condition.compare, condition.value)]);
        return eb(condition.column, condition.op, condition.value);
      }),
    );
  }

  return {
    definition,

    /** A new record; `restoring` brings a deleted one back under its own id and next version. */
    async insert(values: Record<string, unknown>, restoring?: { id: string; version: number; createdAt: string }, textSaved?: TextSaved): Promise<StoredRecord> {
      const now = nowIso();
      const row = { id: restoring?.id ?? newId(), created_at: restoring?.createdAt ?? now, updated_at: now, version: restoring?.version ?? 1, ...toRow(values), ...savedColumn(textSaved), ...(await renderedColumn(values)) };
      await db.insertInto(table).values(row).execute();
      await keepLinks(row.id, row);
      return fromRow(row);
    },

    /**
     * Writes all fields at once. With `expectedVersion` the write happens only if nobody saved
     * since (one atomic UPDATE ... WHERE version = ?); returns undefined when it did not happen.
     */
    async update(id: string, values: Record<string, unknown>, expectedVersion?: number, textSaved?: TextSaved): Promise<StoredRecord | undefined> {
      const columns = toRow(values);
      let query = db
        .updateTable(table)
        .set({ ...columns, ...savedColumn(textSaved), ...(await renderedColumn(values)), updated_at: nowIso(), version: sql`version + 1` })
        .where('id', '=', id);
      if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
      const result = await query.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      await keepLinks(id, columns);
      return this.findById(id);
    },

    /** A record with when each of its texts was saved (empty for a table that does not keep it, or a record saved before it did): one read. */
    async findWithTextSaved(id: string): Promise<{ record: StoredRecord; textSaved: TextSaved } | undefined> {
      noteRead(table, id);
      const row = await db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
      return row ? { record: fromRow(row), textSaved: definition.keepsTextSaved ? parseSaved(row.text_saved) : {} } : undefined;
    },

    /**
     * What the translation status needs of every row (or, with `ids`, of those rows), not the texts:
     * the title, when each text was saved and which languages have text where (`text_shape`,
     * written with the row); newest first.
     */
    async listTextShapes(titleField: string, ids?: string[]): Promise<Array<{ _id: string; title: unknown; textSaved: TextSaved; shape: Record<string, unknown> }>> {
      noteRead(table);
      const title = fieldColumns.find((candidate) => candidate.field === titleField);
      const columns = ['id', 'text_saved', 'text_shape', ...(title ? [title.column] : [])];
      // No order: SQLite answers from the index of these columns alone (migration 013); newest first here.
      const read = db.selectFrom(table).select(columns);
      const parts: Array<Promise<Array<Record<string, unknown>>>> = [];
      for (let start = 0; ids && start < ids.length; start += 500) parts.push(read.where('id', 'in', ids.slice(start, start + 500)).execute());
      const rows = (ids ? (await Promise.all(parts)).flat() : await read.execute()).sort((a, b) => (String(a.id) < String(b.id) ? 1 : -1));
      return rows.map((row) => ({ _id: String(row.id), title: title ? (title.kind === 'json' ? parseObject(row[title.column]) : row[title.column]) : undefined, textSaved: parseSaved(row.text_saved), shape: parseObject(row.text_shape) }));
    },

    async findById(id: string): Promise<StoredRecord | undefined> {
      noteRead(table, id);
      const row = await db.selectFrom(table).select(readColumns).where('id', '=', id).executeTakeFirst();
      return row ? fromRow(row) : undefined;
    },

    async findOne(conditions: Condition[]): Promise<StoredRecord | undefined> {
      const useIndex = await searchReady(conditions);
      const row = await db
        .selectFrom(table)
        .select(readColumns)
        .where((eb) => where(eb, conditions, useIndex))
        .executeTakeFirst();
      // Found: the answer depends on that record; not found: on any record that may come to match.
      noteRead(table, row ? String(row.id) : undefined);
      return row ? fromRow(row) : undefined;
    },

    /**
     * One record as a page in `lang` shows it (see shownColumns): without its documents, with their
     * kept HTML and words in that language only.
     */
    async findShown(conditions: Condition[], lang: string): Promise<StoredRecord | undefined> {
      const fields = definition.documentFields ?? [];
      if (!documents || !PATH_NAME.test(lang) || !fields.every((field) => PATH_NAME.test(field))) return this.findOne(conditions);
      const useIndex = await searchReady(conditions);
      const row = await db
        .selectFrom(table)
        .select([...shownColumns, ...fields.flatMap((field) => [keptIn('html', field, lang), keptIn('text', field, lang)])])
        .where((eb) => where(eb, conditions, useIndex))
        .executeTakeFirst();
      noteRead(table, row ? String(row.id) : undefined);
      return row ? fromShownRow(row, lang) : undefined;
    },

    async list(options: ListOptions): Promise<StoredRecord[]> {
      noteRead(table);
      const useIndex = await searchReady(options.conditions);
      let query = inListOrder(db.selectFrom(table).select(readColumns).where((eb) => where(eb, options.conditions, useIndex)), options.fromEnd);
      if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
      const rows = await query.execute();
      if (options.fromEnd) rows.reverse();
      return rows.map(fromRow);
    },

    /**
     * A page and how many match in all. A list: the page's ids with the count of every match beside
     * each (`count(*) over ()`, one query), then those rows; a page past the last match has no row to
     * carry the count, which is then asked apart. A search: best first, ranked and cut where it is
     * found (rankedPage).
     */
    async listCounted(options: ListOptions & { limit: number }): Promise<{ total: number; records: StoredRecord[] }> {
      noteRead(table);
      const offset = options.offset ?? 0;
      const ranked = await rankedPage(options.conditions, options.limit, offset);
      let total: number;
      let ids: string[];
      if (ranked) ({ total, ids } = ranked);
      else {
        const useIndex = await searchReady(options.conditions);
        const query = db
          .selectFrom(table)
          .select((eb) => ['id', eb.fn.countAll().over().as('total')])
          .where((eb) => where(eb, options.conditions, useIndex));
        const page = await inListOrder(query).limit(options.limit).offset(offset).execute();
        if (!page.length) return { total: offset ? await this.count(options.conditions) : 0, records: [] };
        total = Number(page[0].total);
        ids = page.map((row) => String(row.id));
      }
      if (!ids.length) return { total, records: [] };
      const rows = new Map((await db.selectFrom(table).select(readColumns).where('id', 'in', ids).execute()).map((row) => [String(row.id), row]));
      return { total, records: ids.flatMap((id) => (rows.has(id) ? [fromRow(rows.get(id)!)] : [])) };
    },

    /** The slug and last change of matching records in list order, one page of them: no content is read. */
    async pageAddresses(conditions: Condition[], limit: number, offset: number): Promise<Array<{ slug: string; updatedAt: string; languages: string[] }>> {
      noteRead(table);
      const query = db
        .selectFrom(table)
        .select(['slug', 'updated_at', PAGE_LANGUAGES_COLUMN])
        .where((eb) => where(eb, conditions));
      const rows = await inListOrder(query).limit(limit).offset(offset).execute();
      return rows.map((row) => ({ slug: String(row.slug), updatedAt: String(row.updated_at), languages: languagesIn(row[PAGE_LANGUAGES_COLUMN]) }));
    },

    /** One column of the matching records, without reading the rest of each row. */
    async column(column: string, conditions: Condition[]): Promise<string[]> {
      noteRead(table);
      const rows = await db
        .selectFrom(table)
        .select(sql.ref(column).as('value'))
        .where((eb) => where(eb, conditions))
        .execute();
      return rows.map((row) => String(row.value));
    },

    /** One column of the matching records with each record's id (JSON columns parsed), the rest of each row unread. */
    async columnWithIds(column: string, conditions: Condition[]): Promise<Array<{ _id: string; value: unknown }>> {
      noteRead(table);
      const kind = fieldColumns.find((entry) => entry.column === column)?.kind;
      const rows = await db
        .selectFrom(table)
        .select(['id', sql.ref(column).as('value')])
        .where((eb) => where(eb, conditions))
        .execute();
      return rows.map((row) => ({ _id: String(row.id), value: kind === 'json' && typeof row.value === 'string' ? JSON.parse(row.value) : row.value }));
    },

    /** The distinct values of a column among the matching records (JSON columns parsed). */
    async distinctValues(column: string, conditions: Condition[], options: { raw?: boolean } = {}): Promise<unknown[]> {
      noteRead(table);
      const kind = options.raw ? undefined : fieldColumns.find((entry) => entry.column === column)?.kind;
      const rows = await db
        .selectFrom(table)
        .select(sql.ref(column).as('value'))
        .distinct()
        .where((eb) => where(eb, conditions))
        .execute();
      return rows.map((row) => (kind === 'json' && typeof row.value === 'string' ? JSON.parse(row.value) : row.value));
    },

    /** The sum of a number column over the matching records, added up by the database. */
    async sum(column: string, conditions: Condition[]): Promise<number> {
      noteRead(table);
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.sum(sql.ref(column)).as('total'))
        .where((eb) => where(eb, conditions))
        .executeTakeFirstOrThrow();
      return Number(row.total ?? 0);
    },

    /** The `limit` matching records with the most in a number column, most first (ties: newest). */
    async top(column: string, limit: number, conditions: Condition[]): Promise<StoredRecord[]> {
      noteRead(table);
      const rows = await db
        .selectFrom(table)
        .select(readColumns)
        .where((eb) => where(eb, conditions))
        .orderBy(sql.ref(column), 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(fromRow);
    },

    async count(conditions: Condition[]): Promise<number> {
      noteRead(table);
      return countOf(conditions);
    },

    /**
     * The soonest moment after `after` in any of these text columns of moments (a scheduled
     * publication, an end), read from their indexes; undefined when none is to come.
     */
    async nextMoment(columns: string[], after: string): Promise<string | undefined> {
      const soonest = await Promise.all(
        columns.map(async (column) => {
          const row = await db
            .selectFrom(table)
            .select((eb) => eb.fn.min(sql.ref(column)).as('next'))
            .where(sql.ref(column), '>', after)
            .executeTakeFirst();
          return row?.next ? String(row.next) : undefined;
        }),
      );
      return soonest.filter((moment) => moment !== undefined).sort()[0];
    },

    async remove(id: string): Promise<boolean> {
      const result = await db.deleteFrom(table).where('id', '=', id).executeTakeFirst();
      if (definition.documentFields?.length) await links.drop(table, id);
      return Number(result.numDeletedRows) > 0;
    },

    /** Adds to a counter of many records in one statement: views = views + CASE id WHEN … END. */
    async addToCounter(field: string, amounts: Map<string, number>): Promise<void> {
      if (amounts.size === 0) return;
      const column = columnOf(field);
      const cases = sql.join([...amounts].map(([id, amount]) => sql`when ${id} then cast(${amount} as integer)`), sql` `);
      await db
        .updateTable(table)
        .set({ [column]: sql`${sql.ref(column)} + (case id ${cases} else 0 end)` })
        .where('id', 'in', [...amounts.keys()])
        .execute();
    },

    /**
     * Writes the derived columns (search text, filter lines) of every row anew, a batch at a time:
     * after the way they are made changed. Answers how many rows it wrote.
     */
    async rederive(batch = 200): Promise<number> {
      if (!definition.derive) return 0;
      let after = '';
      let written = 0;
      for (;;) {
        const rows = await db.selectFrom(table).selectAll().where('id', '>', after).orderBy('id').limit(batch).execute();
        if (!rows.length) return written;
        for (const row of rows) {
          const record = fromRow(row);
          const columns = definition.derive(record);
          if (!Object.keys(columns).length) return written;
          await db.updateTable(table).set({ ...columns, ...(await renderedColumn(record)) }).where('id', '=', row.id).execute();
          await keepLinks(String(row.id), columns);
          written += 1;
        }
        after = String(rows.at(-1)!.id);
      }
    },

    /**
     * Renders anew the documents of the records `ids` (those that link to a record whose address
     * or visibility changed: record-links.ts); answers the ids found. Only the `rendered` column is
     * written (no new version).
     */
    async renderAgain(ids: string[]): Promise<string[]> {
      if (!documents || !ids.length) return [];
      const rows = await db.selectFrom(table).select(readColumns).where('id', 'in', ids).execute();
      for (const row of rows) await db.updateTable(table).set(await renderedColumn(fromRow(row))).where('id', '=', row.id).execute();
      return rows.map((row) => String(row.id));
    },

    async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
      let query = db.selectFrom(table).select('id').where('slug', '=', slug);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },
  };
}

export type RecordStore = ReturnType<typeof createRecordStore>;
