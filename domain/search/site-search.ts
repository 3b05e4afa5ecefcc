import { searchedTypes } from '../site/site-pages.ts';
import { uzbekToCyrillic, uzbekToLatin } from '../languages/uzbek-script.ts';
import { pickText, type Localized } from '../shared/localized.ts';
import type { RecordService } from '../shared/record-service.ts';
import type { RecordType } from '../shared/record-type.ts';
import { searchForm } from '../shared/search.ts';

/*
 * The site's search (API-2.md "Search"): published news, blog posts, services, active lawyers,
 * questions (opened on the FAQ page), pages of text and the firm's record
 * whose text contains the query, in any language and, for Uzbek, in either script. Each type is
 * asked through its search index for its best few; the hits are ranked by where the query was
 * found (title first) and, among equals, by date.
 */

export interface SearchHit {
  type: string;
  _id: string;
  slug: string;
  title: string;
  /** The record's summary in the reader's language, or the passage of its text where the query was found. */
  excerpt: string;
  /** The page's path in the reader's language (/ru/news/…). */
  url: string;
}

/** Types a visitor can search: a public page of their own and searchable fields. */
const SEARCHED_TYPES: RecordType[] = searchedTypes();

/** Per type, and in all. */
const PER_TYPE = 20;
const MAX_HITS = 40;
/** The shortest query worth answering (one letter finds everything). */
export const MIN_QUERY = 2;
const SUMMARY_FIELDS = ['excerpt', 'description', 'summary', 'position', 'bio', 'answer', 'body'];
const DATE_FIELDS = ['date', 'publishedAt', 'createdAt'];

/**
 * The words of a query as stems: at most 6 words of 2 letters or more, a word longer than 5
 * letters cut by its last two (Uzbek suffixes and Russian endings: ajrashish/ajrashishda,
 * бесплатная/бесплатна).
 */
function wordStems(query: string): string[] {
  const words = [...new Set(query.split(/\s+/).filter((word) => [...word].length >= MIN_QUERY))].slice(0, 6);
  return words.map((word) => {
    const letters = [...word];
    return letters.length > 5 ? letters.slice(0, -2).join('') : word;
  });
}

/** The forms a query may take in text: as typed and, for Uzbek, in the other script. */
export function queryForms(query: string): string[] {
  return [...new Set([query, uzbekToCyrillic(query), uzbekToLatin(query)].map(searchForm).filter(Boolean))];
}

/** Where in `text` one of the forms occurs first: [start, length], or undefined. */
function findIn(text: string, forms: string[]): [number, number] | undefined {
  const folded = searchForm(text);
  let best: [number, number] | undefined;
  for (const form of forms) {
    const at = folded.indexOf(form);
    if (at >= 0 && (!best || at < best[0])) best = [at, form.length];
  }
  return best;
}

/**
 * A record's text on one line for an excerpt: its blocks (a heading, a paragraph, list items, kept
 * apart by line breaks in documentToText) would run together once the page's HTML folds the
 * breaks; a block that ends without a stop is followed by " · ".
 */
function oneLine(text: string): string {
  return text.replace(/[ \t]*\n[\s]*/g, (_gap, at: number) => (/[.!?:;…]$/.test(text.slice(Math.max(0, at - 1), at)) ? ' ' : ' · ')).trim();
}

/** About `size` characters of `text` around a found passage, cut at spaces, with … where cut. */
function passage(text: string, [start, length]: [number, number], size = 180): string {
  const from = Math.max(0, start - Math.floor((size - length) / 2));
  const to = Math.min(text.length, from + size);
  const head = from > 0 ? text.indexOf(' ', from) + 1 || from : 0;
  const tail = to < text.length ? text.lastIndexOf(' ', to) : text.length;
  return `${head > 0 ? '…' : ''}${text.slice(head, tail > head + length ? tail : to).trim()}${tail < text.length ? '…' : ''}`;
}

/** The fields a hit of each type is made from: its title, address, summary, date and searched text (worked out once). */
const HIT_FIELDS = new Map(
  SEARCHED_TYPES.map((type) => [type, [...new Set([type.admin.titleField, 'slug', ...SUMMARY_FIELDS, ...DATE_FIELDS, ...type.searchFields].filter((field) => field in type.fields))]]),
);

export function createSiteSearch(options: { service: (type: RecordType) => RecordService; defaultLanguage: () => Promise<string>; pathOf: (path: string, lang: string, defaultLanguage: string) => string }) {
  return {
    async search(query: string, lang: string): Promise<SearchHit[]> {
      const trimmed = query.trim().slice(0, 200);
      if ([...trimmed].length < MIN_QUERY) return [];
      const forms = queryForms(trimmed);
      const defaultLanguage = await options.defaultLanguage();
      const stems = wordStems(trimmed);
      const perType = await Promise.all(
        SEARCHED_TYPES.map(async (type) => {
          const service = options.service(type);
          // Through the index; the search text holds Uzbek in both scripts already. Several words: each
          // of them anywhere, in any form of its ending ("бесплатная консультация" finds
          // "консультация … бесплатна"); one word or a short phrase: as typed.
          // In `lang`, the pages written in it (a type without pages ignores `written`).
          // Only what a hit shows and is found in: not the documents' kept HTML nor the search text
          // (three quarters of an article's row), so a page of hits costs little more than one.
          const { data: found } = await service.listPage({ lang, admin: false, written: true, ...(stems.length > 1 ? { searchWords: stems } : { search: trimmed }), page: 1, limit: PER_TYPE, readFields: HIT_FIELDS.get(type), uncounted: true });
          return found.map((record) => ({ type, record: record as Record<string, unknown> & { _id: string } }));
        }),
      );
      const text = (record: Record<string, unknown>, field: string) => oneLine(pickText(record[field] as Localized | string | undefined, lang, defaultLanguage));
      const ranked = perType.flat().flatMap(({ type, record }) => {
        const path = type.site?.hitPath ? type.site.hitPath(record) : `${type.publicPath}/${String(record.slug ?? record._id)}`;
        if (path === undefined) return [];
        const title = text(record, type.admin.titleField);
        const summaryField = SUMMARY_FIELDS.find((field) => field in type.fields && text(record, field));
        const summary = summaryField ? text(record, summaryField) : '';
        const inTitle = findIn(title, forms);
        const inSummary = findIn(summary, forms);
        // Elsewhere (the content): the passage where it was found, else the summary.
        let excerpt = summary.length > 240 ? `${summary.slice(0, summary.lastIndexOf(' ', 240))}…` : summary;
        if (!inTitle && !inSummary) {
          for (const field of type.searchFields) {
            const body = text(record, field);
            const where = findIn(body, forms);
            if (where) {
              excerpt = passage(body, where);
              break;
            }
          }
        } else if (inSummary && summary.length > 240) excerpt = passage(summary, inSummary, 240);
        const date = String(DATE_FIELDS.map((field) => record[field]).find((value) => typeof value === 'string' && value) ?? '');
        return [
          {
            score: inTitle ? 3 : inSummary ? 2 : 1,
            date,
            hit: { type: type.name, _id: record._id, slug: String(record.slug ?? ''), title, excerpt, url: options.pathOf(path, lang, defaultLanguage) },
          },
        ];
      });
      ranked.sort((a, b) => b.score - a.score || b.date.localeCompare(a.date));
      return ranked.slice(0, MAX_HITS).map((entry) => entry.hit);
    },
  };
}

