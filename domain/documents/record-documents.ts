import { createHash } from 'node:crypto';
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

/** How many renderings a renderer keeps (a document in one page language: its HTML and words). */
const KEPT_RENDERINGS = 64;

export function createDocumentRenderer(site: DocumentSite) {
  /**
   * The last renderings, by everything one depends on (the document, the page language, the default
   * language, the words around it, the id prefix, where each of its links leads): a save that
   * changed an excerpt, or one language's text, renders no other document or language again, and
   * gets the same HTML it would have made.
   */
  const kept = new Map<string, { html: string; text: string }>();
  const keep = (key: string, made: { html: string; text: string }) => {
    if (kept.size >= KEPT_RENDERINGS) kept.delete(kept.keys().next().value!);
    kept.set(key, made);
    return made;
  };
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
      const rendered: KeptDocuments = { html: {}, text: {} };
      const written = new Map<Doc, string>();
      for (const field of fields) {
        const html: Record<string, string> = {};
        const text: Record<string, string> = {};
        for (const lang of codes) {
          const doc = documentFor(record[field], lang, defaultLanguage);
          // The words of the document the page shows; both kept also when empty, so that a page
          // never has to read the document to learn it has none.
          if (!doc) {
            text[lang] = '';
            html[lang] = '';
            continue;
          }
          const words = await site.words(lang);
          const idPrefix = fields.length > 1 ? `${field}-` : '';
          const resolve = (ref: DocReference) => {
            const path = paths.get(`${ref.type}/${ref.id}`);
            return path === undefined ? undefined : site.pathIn(path, lang, defaultLanguage);
          };
          if (!written.has(doc)) written.set(doc, JSON.stringify(doc));
          const links = documentReferences(doc).map((ref) => resolve(ref) ?? '');
          const key = createHash('sha256').update(JSON.stringify([written.get(doc), lang, defaultLanguage, words, idPrefix, links])).digest('base64');
          const made = kept.get(key) ?? keep(key, { html: renderDocument(doc, { words, idPrefix, resolve }).html, text: documentToText(doc) });
          html[lang] = made.html;
          text[lang] = made.text;
        }
        rendered.html[field] = html;
        rendered.text[field] = text;
      }
      return rendered;
    },
  };
}
