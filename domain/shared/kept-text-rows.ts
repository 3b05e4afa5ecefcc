import { pickText, type Localized } from './localized.ts';
import type { RecordStates } from './record-service.ts';
import type { RecordStore } from './record-store.ts';
import type { RecordType } from './record-type.ts';
import { translationState, type TranslationState } from './translation-state.ts';

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
function keptTextRows(store: RecordStore, titleField: string) {
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

/**
 * Every record's state in each of a set of languages (the translation status screen), from what is
 * kept in memory: a record's texts are read again only after a write to it (`forget`), and its
 * state in a language is worked out once until then.
 */
export function keptTranslationStates(store: RecordStore, type: RecordType) {
  const textRows = keptTextRows(store, type.admin.titleField);
  let keptStates: { rows?: readonly TextRow[]; byLanguages: Map<string, readonly RecordStates[]> } = { byLanguages: new Map() };
  return {
    async of(languages: string[], defaultLanguage: string): Promise<readonly RecordStates[]> {
      const rows = await textRows.current();
      const key = `${defaultLanguage}\u0000${languages.join('\u0000')}`;
      // The same answer until a record is written (the same array, so a caller may keep what it made of it).
      if (keptStates.rows !== rows) keptStates = { rows, byLanguages: new Map() };
      const kept = keptStates.byLanguages.get(key);
      if (kept) return kept;
      const states = rows.map((row) => ({
        _id: row._id,
        title: (row.titles[defaultLanguage] ??= pickText(row.title as Localized | string | undefined, defaultLanguage)),
        states: Object.fromEntries(languages.map((lang) => [lang, (row.states[`${defaultLanguage}\u0000${lang}`] ??= translationState(row.shape, row.textSaved, type.localizedFields, lang, defaultLanguage))])),
      }));
      // A few sets of languages at most (all of them, or one); the oldest goes first.
      if (keptStates.byLanguages.size >= 8) keptStates.byLanguages.delete(keptStates.byLanguages.keys().next().value!);
      keptStates.byLanguages.set(key, states);
      return states;
    },
    forget: (id?: string) => textRows.forget(id),
  };
}
