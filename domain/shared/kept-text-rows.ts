import type { RecordStore } from './record-store.ts';
import type { TranslationState } from './translation-state.ts';

type TextShape = Awaited<ReturnType<RecordStore['listTextShapes']>>[number];
type TextRow = TextShape & {
  /** The title in a language, and the state in a language after a default language (`default\0lang`), once worked out. */
  titles: Record<string, string>;
  states: Record<string, { state: TranslationState; fields: string[] }>;
};

/**
 * Every record's texts as the translation status needs them (which languages have text where, and
 * when each was saved), kept in memory: read whole once, then only the records written since.
 */
export function keptTextRows(store: RecordStore, titleField: string) {
  let rows: Map<string, TextRow> | undefined;
  let sorted: TextRow[] | undefined;
  /** Records written since they were read (a write during a read is read again the next time). */
  const written = new Set<string>();
  /** Grows when everything is to be read again: a whole read begun before it is not kept. */
  let epoch = 0;
  const kept = (row: TextShape): TextRow => ({ ...row, titles: {}, states: {} });
  return {
    async current(): Promise<TextRow[]> {
      if (!rows) {
        const began = epoch;
        written.clear();
        // Read newest first: kept in that order until a record is read again.
        const read = (await store.listTextShapes(titleField)).map(kept);
        if (began !== epoch) return read;
        rows = new Map(read.map((row) => [row._id, row]));
        sorted = read;
      }
      if (written.size) {
        const ids = [...written];
        written.clear();
        const read = new Map((await store.listTextShapes(titleField, ids)).map((row) => [row._id, row]));
        for (const id of ids) {
          const row = read.get(id);
          if (row) rows.set(id, kept(row));
          else rows.delete(id);
        }
        sorted = undefined;
      }
      // Newest first (ids grow with time).
      sorted ??= [...rows.values()].sort((a, b) => (a._id < b._id ? 1 : -1));
      return sorted;
    },
    forget(id?: string) {
      if (id) written.add(id);
      else {
        rows = undefined;
        epoch += 1;
      }
    },
  };
}
