import type { Database } from '../../db/connection.ts';
import type { ChangeEvent } from '../shared/record-service.ts';
import { createRecordStore, type RecordStore } from '../shared/record-store.ts';
import { createRecordLinks } from '../shared/record-links.ts';
import type { RecordType } from '../shared/record-type.ts';
import { isId } from '../shared/ids.ts';
import { localePath } from '../shared/localized.ts';
import type { DocReference } from './document.ts';
import { createDocumentRenderer } from './record-documents.ts';
import type { RenderWords } from './render-html.ts';
import type { LanguageService } from '../languages/language-service.ts';

const ENGLISH_DOCUMENT_WORDS: RenderWords = { contents: 'Contents', notes: 'Notes', backToText: 'Back to the text', table: 'Table' };

/** What the documents of the stored records read of the site: its languages (with their interface texts). */
interface StoreSite {
  languages: Pick<LanguageService, 'list' | 'defaultLanguage'>;
  /** The words around a document on a page (contents, notes) in a language (the host's); English without. */
  documentWords?(lang: string, translations: Record<string, string>): RenderWords;
}

/**
 * One store per record type, each keeping its records' documents rendered (record-documents.ts),
 * with the links between them: a record's public path, and the records made anew after a record
 * they link to changed.
 */
export function createRecordStores(database: Database, types: readonly RecordType[], site: StoreSite) {
  /** A public record's site path before the language prefix (`/news/slug`, `/privacy`), or undefined. */
  async function publicPathOf(ref: DocReference): Promise<string | undefined> {
    const type = types.find((candidate) => candidate.name === ref.type);
    if (!type || type.publicPath === undefined || !isId(ref.id)) return undefined;
    const record = await stores.get(type.table)!.findById(ref.id);
    if (!record || !type.isPublic(record, new Date().toISOString())) return undefined;
    return `${type.publicPath}/${String(record.slug || record._id)}`;
  }
  const { languages } = site;
  const documents = createDocumentRenderer({
    async languages() {
      const [active, defaultLanguage] = await Promise.all([languages.list({ admin: false }), languages.defaultLanguage()]);
      return { codes: active.map((language) => String(language.code)), defaultLanguage };
    },
    lookup: publicPathOf,
    pathIn: localePath,
    async words(lang) {
      // The public languages' list is kept in memory; only a language not public yet is read.
      const named = (list: Awaited<ReturnType<LanguageService['list']>>) => list.find((candidate) => candidate.code === lang);
      const language = named(await languages.list({ admin: false })) ?? named(await languages.list({ admin: true }));
      return site.documentWords?.(lang, (language?.translations ?? {}) as Record<string, string>) ?? ENGLISH_DOCUMENT_WORDS;
    },
  });
  const recordLinks = createRecordLinks(database);
  const stores: Map<string, RecordStore> = new Map(types.map((type) => [type.table, createRecordStore(database, type, type.documentFields.length ? (record) => documents.render(record, type.documentFields) : undefined)]));

  return {
    stores,
    documents,
    publicPathOf,
    storeOf: (type: RecordType): RecordStore => stores.get(type.table)!,
    /** After a change of a record others link to: their HTML is made anew, and `written` is told of each (pages showing them are dropped). */
    async renderLinksTo(event: ChangeEvent, written: (event: ChangeEvent) => Promise<void>): Promise<void> {
      const type = types.find((candidate) => candidate.table === event.entity);
      if (!type || type.publicPath === undefined || !event.id) return;
      // Who links to it, from the links' table (domain/shared/record-links.ts): one read of its key.
      for (const [table, linking] of await recordLinks.linkingTo(`${type.name}/${event.id}`)) {
        const store = stores.get(table);
        for (const id of store ? await store.renderAgain(linking) : []) await written({ entity: table, action: 'update', id, summary: 'links rendered anew' });
      }
    },
  };
}
