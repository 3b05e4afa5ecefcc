import type { Condition } from './entity.ts';
import { frozen } from './frozen.ts';
import { noteReads, readsOf } from './read-tracker.ts';
import type { ListOptions, RecordStore } from './record-store.ts';

/** A condition on a scheduled moment (publish, unpublish, an end), compared with "now". */
const isMoment = (condition: Condition): condition is Extract<Condition, { op: 'unset-or' | 'set-and' }> => condition.op === 'unset-or' || condition.op === 'set-and';

/** How many records kept lists may hold at once, per record type; a longer answer than a quarter of it is not kept. */
const KEPT_RECORDS = 512;

/**
 * What public reads answer — how many records match, the distinct values of a column (the
 * category buttons), the records of a list or a page of it, a record by id or, for its page, by
 * slug — kept until a record of the type is written (here or on another instance: `forget`) or
 * the soonest scheduled moment among the records passes. Counting 10,000 visible articles reads every one's schedule (1.2 ms on
 * SQLite) on every page of a list; PostgreSQL reads every row for the distinct categories of
 * /ru/news and of every article page (11.5 ms); an article page's own reads (the services of the
 * footer, its lawyer, three lists of related articles) were a third of its render. A kept answer is
 * a look-up: its records are frozen (a reader's change throws), and it notes again what its read
 * read, so that a page made from it is dropped by the same writes as one made from the database.
 * A search's answers are not kept: its words are too many to keep.
 */
export function keptAnswers(store: RecordStore, limits = { answers: 256 }) {
  const kept = new Map<string, { value: unknown; tags: readonly string[]; until?: string; records: number }>();
  /** Records held by the kept answers (lists count their length). */
  let records = 0;
  /** Grows with every write: an answer begun before one is not kept. */
  let epoch = 0;
  const drop = (key: string) => {
    records -= kept.get(key)?.records ?? 0;
    kept.delete(key);
  };

  /** Whether answers to these conditions are kept: when they compare their moments with one "now" (as a list's do) and search no words. */
  function keeps(conditions: Condition[], moments = conditions.filter(isMoment)): boolean {
    return moments.every((condition) => condition.value === moments[0].value) && !conditions.some((condition) => condition.column === 'search_text');
  }

  async function answer<T>(question: string, conditions: Condition[], read: () => Promise<T>, recordsIn: (value: T) => number = () => 0): Promise<T> {
    const moments = conditions.filter(isMoment);
    if (!keeps(conditions, moments)) return read();
    const at = moments[0]?.value;
    const key = `${question}\u0000${JSON.stringify(conditions.map((condition) => (isMoment(condition) ? { ...condition, value: '' } : condition)))}`;
    const found = kept.get(key);
    if (found && (at === undefined || found.until === undefined || at < found.until)) {
      noteReads(found.tags);
      // The most recently used go last, the least recently used first.
      kept.delete(key);
      kept.set(key, found);
      return found.value as T;
    }
    const began = epoch;
    const [{ value, tags }, until] = await Promise.all([readsOf(read), at === undefined ? undefined : store.nextMoment([...new Set(moments.map((condition) => condition.column))], at)]);
    const held = recordsIn(value);
    if (began === epoch && held <= KEPT_RECORDS / 4) {
      drop(key);
      // Filters × statuses × pages × questions: a few hundred at most; the least recently used go first.
      while (kept.size && (kept.size >= limits.answers || records + held > KEPT_RECORDS)) drop(kept.keys().next().value!);
      kept.set(key, { value: frozen(value), tags, until, records: held });
      records += held;
    }
    return value;
  }

  return {
    keeps,
    count: (conditions: Condition[]) => answer('count', conditions, () => store.count(conditions)),
    distinctValues: (column: string, conditions: Condition[], options: { raw?: boolean } = {}) =>
      answer(`distinct\u0000${column}\u0000${options.raw ? 'raw' : ''}`, conditions, () => store.distinctValues(column, conditions, options)),
    /** The records of a list, or of a page of it, as a visitor sees them (frozen). */
    list: (options: ListOptions) =>
      answer(`list\u0000${options.limit ?? ''}\u0000${options.offset ?? ''}\u0000${options.fromEnd ? 'end' : ''}`, options.conditions, () => store.list(options), (list) => list.length),
    /** A record by id, whether a visitor may see it or not (that is asked of it at each read). */
    byId: (id: string) => answer(`id\u0000${id}`, [], () => store.findById(id), (record) => (record ? 1 : 0)),
    /** A record by slug as a page in `lang` shows it (record-store.ts `findShown`), visible or not. */
    shown: (slug: string, lang: string) => {
      const bySlug: Condition[] = [{ column: 'slug', op: '=', value: slug }];
      return answer(`shown\u0000${lang}`, bySlug, () => store.findShown(bySlug, lang), (record) => (record ? 1 : 0));
    },
    column: (column: string, conditions: Condition[]) => answer(`column\u0000${column}`, conditions, () => store.column(column, conditions)),
    forget() {
      kept.clear();
      records = 0;
      epoch += 1;
    },
  };
}
