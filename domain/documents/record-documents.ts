import { documentReferences, documentToText, hasText, isDocument, type Doc, type DocReference } from './document.ts';
import { renderDocument, type RenderWords } from './render-html.ts';

/*
 * What a record's documents show on its pages, made when the record is saved and kept with it (the
 * `rendered` column: { html: { field: { pageLanguage: html } }, text: { … } }), and made again when a
 * record it links to changes its address or visibility. A page in a language without its own
 * document shows the default language's, with links into that page's language: so it is rendered
 * per page language. A page reads only its own language's (record-store.ts `findShown`), never the
 * documents themselves.
 */

/** { field: { pageLanguage: value } } */
export type RenderedFields = Record<string, Record<string, string>>;

/** Each document's HTML, and its words (JSON-LD's `articleBody`), as a page in each language shows them. */
export interface KeptDocuments {
  html: RenderedFields;
  text: RenderedFields;
}

export interface DocumentSite {
  /** The languages pages are shown in, and the default one. */
  languages(): Promise<{ codes: string[]; defaultLanguage: string }>;
  /** The site path of a public record (`/news/slug`), before the language prefix; undefined when not public. */
  lookup(ref: DocReference): Promise<string | undefined>;
  /** A site path in a language (`/ru/news/slug`). */
  pathIn(path: string, lang: string, defaultLanguage: string): string;
  words(lang: string): Promise<RenderWords>;
}

/** The document a page in `lang` shows: its own, else the default language's, else any written one. */
function documentFor(value: unknown, lang: string, defaultLanguage: string): Doc | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const byLanguage = value as Record<string, unknown>;
  for (const code of [lang, defaultLanguage]) if (isDocument(byLanguage[code]) && hasText(byLanguage[code] as Doc)) return byLanguage[code] as Doc;
  return Object.values(byLanguage).find((candidate): candidate is Doc => isDocument(candidate) && hasText(candidate));
}

/** `\ntype/id\n` for every record a record's documents link to: the column a change looks them up by. */
export function referencesColumn(record: Record<string, unknown>, fields: readonly string[]): string {
  const keys = new Set<string>();
  for (const field of fields) {
    for (const value of Object.values((record[field] ?? {}) as Record<string, unknown>)) {
      if (isDocument(value)) for (const ref of documentReferences(value)) keys.add(`${ref.type}/${ref.id}`);
    }
  }
  return keys.size ? `\n${[...keys].join('\n')}\n` : '';
}

export function createDocumentRenderer(site: DocumentSite) {
  return {
    /** Every document field of a record in every page language (or in `only` these). */
    async render(record: Record<string, unknown>, fields: readonly string[], only?: readonly string[]): Promise<KeptDocuments> {
      if (!fields.length) return { html: {}, text: {} };
      const { codes: active, defaultLanguage } = await site.languages();
      const codes = only ?? active;
      // Each linked record is looked up once, whatever the number of links and languages.
      const paths = new Map<string, string | undefined>();
      for (const field of fields) {
        for (const value of Object.values((record[field] ?? {}) as Record<string, unknown>)) {
          if (!isDocument(value)) continue;
          for (const ref of documentReferences(value)) {
            const key = `${ref.type}/${ref.id}`;
            if (!paths.has(key)) paths.set(key, await site.lookup(ref));
          }
        }
      }
      const kept: KeptDocuments = { html: {}, text: {} };
      for (const field of fields) {
        const html: Record<string, string> = {};
        const text: Record<string, string> = {};
        for (const lang of codes) {
          const doc = documentFor(record[field], lang, defaultLanguage);
          // The words of the document the page shows; both kept also when empty, so that a page
          // never has to read the document to learn it has none.
          text[lang] = doc ? documentToText(doc) : '';
          if (!doc) {
            html[lang] = '';
            continue;
          }
          const words = await site.words(lang);
          html[lang] = renderDocument(doc, {
            words,
            idPrefix: fields.length > 1 ? `${field}-` : '',
            resolve: (ref) => {
              const path = paths.get(`${ref.type}/${ref.id}`);
              return path === undefined ? undefined : site.pathIn(path, lang, defaultLanguage);
            },
          }).html;
        }
        kept.html[field] = html;
        kept.text[field] = text;
      }
      return kept;
    },
  };
}
