import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { Condition, EntityDefinition } from './entity.ts';
import { containsPattern } from './search.ts';

/** A query that can be ordered by a column (Kysely's select builders). */
type Orderable<Query> = { orderBy: (column: string, direction: 'asc' | 'desc') => Query };

/**
 * One record type's conditions, order and search: the WHERE of a list, its order, a search's
 * ranked page and a count. Part of createRecordStore.
 */
export function createStoreSearch(database: Database, definition: EntityDefinition) {
  const { db } = database;
  const { table } = definition;

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

  async function countOf(conditions: Condition[]): Promise<number> {
    const useIndex = await searchReady(conditions);
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .where((eb) => where(eb, conditions, useIndex))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

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
  async function rankedPage(conditions: Condition[], limit: number, offset: number, counted = true): Promise<{ total: number; ids: string[] } | undefined> {
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
      const [page, total] = await Promise.all([
        sql<{ id: string }>`select record_id as id from ${index} where ${matching} order by rank limit ${limit} offset ${offset}`.execute(db),
        counted ? sql<{ total: number }>`select count(*) as total from ${index} where ${matching}`.execute(db) : undefined,
      ]);
      const ids = page.rows.map((row) => String(row.id));
      // Uncounted: what is known, the rows up to this page's last.
      return { total: total ? Number(total.rows[0]?.total ?? 0) : offset + ids.length, ids };
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

  return { where, inListOrder, searchReady, rankedPage, countOf };
}

export type StoreSearch = ReturnType<typeof createStoreSearch>;
