import { data, redirect } from 'react-router';
import { isAppError } from '../../domain/shared/errors.ts';
import type { RecordService } from '../../domain/shared/record-service.ts';
import type { RecordType } from '../../domain/shared/record-type.ts';
import type { ListQuery, StoredRecord } from '../../domain/shared/entity.ts';
import type { DomainServices } from '../../domain/app-services.ts';
import { isPlainObject, localePath, pickText, type Localized } from '../../domain/shared/localized.ts';
import { COUNTED_VIEW_HEADER } from '../../domain/shared/view-counter.ts';
import { listedIn } from './page-data.ts';

/**
 * A page's data with its properties kept from React Router's hydration encoder: on every document
 * request it encodes the loaders' data (turbo-stream) for hydration, also for pages that are never
 * hydrated, where the encoding is thrown away — a fifth of an uncached render's processor time,
 * measured (docs/decisions/014). The encoder lists properties with Object.keys; these are not
 * enumerable, so it writes `{}`, while the page reads them as usual. Spreading the object loses
 * them: copy it with its property descriptors (see buildSite).
 */
export function forThePageOnly<T extends object>(value: T): T {
  return Object.create(Object.prototype, Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, { value: inner, enumerable: false }])));
}

/**
 * A page's data, or its error state: a record that does not exist is the branded 404; a page
 * whose data could not be read still renders (with its error box and retry) and answers 503,
 * so the visitor never sees a blank screen. `headers` go with a successful answer.
 */
export async function loadOr<T extends object>(services: DomainServices, what: string, read: () => Promise<T>, headers?: (value: T) => Record<string, string>) {
  try {
    const value = await read();
    const loaded: T & { failed: false } = { ...value, failed: false };
    return data(forThePageOnly(loaded), { headers: headers?.(value) });
  } catch (error) {
    // A redirect the page asked for goes on as it is.
    if (error instanceof Response) throw error;
    if (isAppError(error) && error.status === 404) throw data(null, { status: 404 });
    services.log.error({ err: error }, `could not load ${what}`);
    const failed: { failed: true } = { failed: true };
    return data(failed, { status: 503, headers: { 'cache-control': 'no-store' } });
  }
}

/**
 * A record's page asked for by its id or an old address: a 301 to its one address (its slug), in
 * the page's language. Record pages call it first thing, after reading the record by slug or id.
 */
export function atItsAddress(type: RecordType, record: StoredRecord, key: string, lang: string, defaultLanguage: string): void {
  if (record.slug && key !== record.slug) throw redirect(localePath(`${type.publicPath ?? ''}/${String(record.slug)}`, lang, defaultLanguage), 301);
}

/**
 * The languages a record's page is written in (record-type.ts `pageLanguages`). Its address in
 * another language answers no page in that language with another's words: it sends the visitor
 * to the page in the default language, else in the first active language it is written in — a
 * 302, since a translation may be published later at that very address.
 */
export async function pageLanguagesOf(services: DomainServices, type: RecordType, record: StoredRecord, lang: string, defaultLanguage: string): Promise<string[]> {
  const languages = await services.recordService(type).pageLanguages(record._id);
  if (languages.includes(lang)) return languages;
  const active = (await services.languages.list({ admin: false })).map((language) => String(language.code));
  // Nothing kept yet (a row the next start has not filled): offered as before, in every language.
  if (!languages.length) return active;
  const target = [defaultLanguage, ...active].find((code) => active.includes(code) && languages.includes(code));
  if (!target) throw data(null, { status: 404 });
  throw redirect(localePath(`${type.publicPath ?? ''}/${String(record.slug || record._id)}`, target, defaultLanguage), 302);
}

/**
 * What an article page shows of an article: the record without its document (the page shows the
 * HTML kept for it; the document itself is thousands of values React Router would serialize for
 * nothing), that HTML, and the document's words for JSON-LD's `articleBody` (kept too).
 */
export async function shownArticle<R extends StoredRecord & { content: unknown }>(records: Pick<RecordService, 'html' | 'text'>, record: R, lang: string) {
  const { content: _document, ...article } = record;
  const [html, body] = await Promise.all([records.html(record, 'content', lang), records.text(record, 'content', lang)]);
  return { article, html, body };
}

type ArticleRecords<R> = Pick<RecordService, 'html' | 'text' | 'type'> & { listPage(query: ListQuery): Promise<{ data: R[] }>; shownIn(key: string, lang: string): Promise<R>; withPendingViews(record: R): R };

/** An article shown in "Read next": its address, title and date. */
export interface RelatedArticle {
  _id: string;
  slug: string;
  title: Localized;
  date: string;
}

/** Who a reader of an article may ask: its author, or the lawyer who leads its first practice area. */
export interface ArticleLawyer {
  slug: string;
  name: Localized;
  position: Localized;
  image: string;
  wrote: boolean;
}

const RELATED_SHOWN = 3;

/** A record's multilingual text as a map of languages to texts (what is not one is none). */
const localizedOf = (value: unknown): Localized => (isPlainObject(value) ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {});

/**
 * What follows an article (issue: "articles end with a next step"): the lawyer to ask (its author,
 * else the lead lawyer of its first topic), the topic the question is about, and up to three more
 * articles to read — of the same topic first, then of its category, then the latest.
 */
async function articleEnd<R extends StoredRecord>(services: DomainServices, records: { listPage(query: ListQuery): Promise<{ data: R[] }> }, found: R, topicIds: string[], lang: string) {
  const service = topicIds[0] ? await services.records.services.get(topicIds[0], { admin: false }).catch(() => undefined) : undefined;
  const authorId = typeof found.author === 'object' && found.author !== null && 'id' in found.author && typeof found.author.id === 'string' ? found.author.id : '';
  const lawyerId = authorId || (typeof service?.lead === 'string' ? service.lead : '');
  const member = lawyerId ? await services.records.team.get(lawyerId, { admin: false }).catch(() => undefined) : undefined;
  const lawyer: ArticleLawyer | undefined = member && { slug: member.slug || member._id, name: member.name, position: member.position, image: member.image, wrote: member._id === authorId };
  const related = new Map<string, RelatedArticle>();
  const add = (list: R[]) => {
    for (const item of list) {
      if (item._id === found._id || related.size >= RELATED_SHOWN) continue;
      related.set(item._id, { _id: item._id, slug: String(item.slug || item._id), title: localizedOf(item.title), date: String(item.date ?? item.publishedAt ?? '') });
    }
  };
  const category = pickText(found.category, lang);
  for (const filter of [topicIds[0] ? { topic: topicIds[0] } : undefined, category ? { category } : undefined, {}]) {
    if (!filter || related.size >= RELATED_SHOWN) continue;
    add((await records.listPage({ ...listedIn(lang), ...filter, limit: RELATED_SHOWN + 1 })).data);
  }
  return { lawyer, askAbout: service ? pickText(service.title, lang) : '', related: [...related.values()] };
}

/**
 * A published article by slug or id. The page is cached like any other; the host counts every
 * visit to it, rendered or from the cache, by the record the page names in COUNTED_VIEW_HEADER.
 */
export function loadArticle<R extends StoredRecord & { content: unknown; views: number }>(services: DomainServices, records: ArticleRecords<R>, key: string, lang: string, defaultLanguage: string) {
  return loadOr(
    services,
    'an article',
    async () => {
      // Read without its document: the page shows the HTML and words kept of it in this language.
      const found = records.withPendingViews(await records.shownIn(key, lang));
      const languages = await pageLanguagesOf(services, records.type, found, lang, defaultLanguage);
      const chosen = Array.isArray(found.topics) ? found.topics.map(String) : [];
      const [shown, end] = await Promise.all([shownArticle(records, found, lang), articleEnd(services, records, found, chosen, lang)]);
      // Its topics, named, for the alerts' form at its end (when alerts are open).
      const topics = services.subscriptions.ready && chosen.length ? (await services.subscriptions.topics(lang)).filter((topic) => chosen.includes(topic._id)) : [];
      // This visit is counted by the host once the page is sent; the page already shows it.
      return { ...shown, ...end, topics, languages, article: { ...shown.article, views: Number(found.views) + 1 } };
    },
    ({ article }) => ({ [COUNTED_VIEW_HEADER]: `${records.type.table}/${article._id}` }),
  );
}

/** An active page of text by its slug (privacy policy, terms…), or the branded 404. */
export function loadTextPage(services: DomainServices, slug: string, lang: string, defaultLanguage: string) {
  return loadOr(services, 'a page', async () => {
    const page = await services.records.pages.getBySlug(slug, { admin: false });
    const languages = await pageLanguagesOf(services, services.records.pages.type, page, lang, defaultLanguage);
    return { page, languages, html: await services.records.pages.html(page, 'body', lang) };
  });
}

/** Records with the HTML of a document field beside each (`{field}Html`), as a page in `lang` shows it. */
export async function withHtml<R extends StoredRecord, F extends string>(records: Pick<RecordService, 'html'>, list: R[], field: F, lang: string): Promise<Array<R & Record<`${F}Html`, string>>> {
  return Promise.all(list.map(async (record) => Object.assign({}, record, { [`${field}Html`]: await records.html(record, field, lang) })));
}
