import { ConsentFacts, useConsentNotice } from './consent-facts.tsx';
import { DocumentBody } from './document-body.tsx';
import { ArrowLeft, Calendar, Clock, Scale, User } from './lucide.ts';
import type { BlogPost } from '../../domain/blog/blog.ts';
import type { NewsArticle } from '../../domain/news/news.ts';
import type { Localized } from '../../domain/shared/localized.ts';
import { pickText } from '../../domain/shared/localized.ts';
import type { Translate } from '../i18n/translator.ts';
import { Picture } from './picture.tsx';
import { Avatar } from './portrait.tsx';
import { SocialIcon } from './icons.tsx';
import type { ArticleLawyer, RelatedArticle } from './loading.server.ts';
import { breadcrumbList, coverPath, JsonLd, pageMeta, previewImage } from './seo.tsx';
import { useSite } from './site-context.tsx';
import { UnofficialTranslation } from './unofficial-translation.tsx';
import { TopicGroups, type Topic } from './subscription-form.tsx';
import type { SiteData } from './site-data.server.ts';
import { ErrorBox, PageHeader, Section } from './ui.tsx';
import { RequiredCheckbox } from './form-fields.tsx';

export type ArticleKind = 'news' | 'blog';

/** A news article or a blog post as its page shows it (the document's HTML is given apart): the two share one page and one card. */
export type Article = Omit<NewsArticle, 'content'> | Omit<BlogPost, 'content'>;

/** "7 min", "7" or "7 мин" is said in the page's language; any other text is shown as typed. */
function readTime(t: Translate, text: string): string {
  const minutes = /^\s*(\d{1,3})\s*(min\.?|minutes?|мин\.?|минут[аы]?|daqiqa)?\s*$/i.exec(text);
  return minutes ? t('blog.minutes', { count: Number(minutes[1]) }) : t('blog.readTime', { time: text });
}

const articleDate = (article: Article) => ('date' in article ? article.date : article.publishedAt);

export function articleMeta(site: SiteData | undefined, article: Article | null | undefined, kind?: ArticleKind, languages?: readonly string[]) {
  if (!site || !article) return [];
  const text = (value: Localized | string) => pickText(value, site.lang, site.defaultLanguage);
  const tags = article.tags.map(text).filter(Boolean);
  return pageMeta(site, {
    title: text(article.title),
    description: text(article.excerpt),
    keywords: tags.join(', '),
    image: article.image || (kind ? coverPath(kind, article, site.lang) : undefined),
    type: 'article',
    publishedTime: articleDate(article),
    tags,
    feed: kind,
    languages,
  });
}

/** What follows an article: the lawyer to ask, what the question is about, more to read (app/site/loading.server.ts). */
export interface ArticleEnd {
  lawyer?: ArticleLawyer;
  askAbout: string;
  related: RelatedArticle[];
}

export function ArticlePage({ article, html, body, kind, topics = [], end }: { article: Article | null; html: string; body: string; kind: ArticleKind; topics?: Topic[]; end?: ArticleEnd }) {
  const site = useSite();
  const { text, t, href, config, formatDate } = site;
  const section = kind === 'news' ? config.sections.news : config.sections.blog;
  const listPath = `/${kind}`;
  const back = (
    <a href={href(listPath)} className="inline-flex items-center gap-2 text-slate-100 hover:underline print:hidden">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t(kind === 'news' ? 'news.back' : 'blog.back')}
    </a>
  );
  if (!article) {
    return (
      <>
        <PageHeader title={text(section.title)}>
          <div className="mt-6">{back}</div>
        </PageHeader>
        <Section>
          <ErrorBox title={t('article.error')} />
        </Section>
      </>
    );
  }
  const title = text(article.title);
  const author = text(article.author.name);
  const date = articleDate(article);
  const tags = article.tags.map((tag) => text(tag)).filter(Boolean);
  const image = previewImage(site, article.image || coverPath(kind, article, site.lang));
  const inForceAt = typeof article.inForceAt === 'string' && article.inForceAt ? article.inForceAt : '';
  return (
    <article>
      <JsonLd
        data={[
          breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: text(section.title), path: listPath }, { name: title, path: `${listPath}/${article.slug}` }]),
          {
            '@context': 'https://schema.org',
            '@type': kind === 'news' ? 'NewsArticle' : 'BlogPosting',
            headline: title,
            description: text(article.excerpt),
            articleBody: body,
            datePublished: date,
            dateModified: article.updatedAt,
            inLanguage: site.lang,
            ...(image ? { image: [image.url] } : {}),
            ...(author ? { author: { '@type': 'Person', name: author, ...(article.author.id ? { url: site.publicUrl + href(`/team/${article.author.id}`) } : {}) } } : {}),
            ...(tags.length ? { keywords: tags.join(', ') } : {}),
            publisher: { '@id': `${site.publicUrl}/#firm` },
            mainEntityOfPage: site.publicUrl + href(`${listPath}/${article.slug}`),
            // The day the law it is about takes effect: an open-ended ISO 8601 interval, as schema.org's temporalCoverage writes one.
            ...(inForceAt ? { temporalCoverage: `${inForceAt}/..` } : {}),
          },
        ]}
      />
      <PageHeader title={title}>
        <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 text-slate-100 print:mt-2 print:text-slate-700">
          {back}
          {author && (
            <span className="inline-flex items-center gap-2">
              <User className="h-4 w-4" aria-hidden="true" />
              {article.author.id ? (
                <a href={href(`/team/${article.author.id}`)} rel="author" className="underline underline-offset-4 hover:text-white">
                  {t('common.by', { name: author })}
                </a>
              ) : (
                t('common.by', { name: author })
              )}
            </span>
          )}
          <span className="inline-flex items-center gap-2">
            <Calendar className="h-4 w-4" aria-hidden="true" />
            <time dateTime={date}>{formatDate(date)}</time>
          </span>
          {inForceAt && (
            <span className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-0.5" data-in-force>
              <Scale className="h-4 w-4" aria-hidden="true" />
              <time dateTime={inForceAt}>{t('article.inForce', { date: formatDate(inForceAt) })}</time>
            </span>
          )}
          {'readTime' in article && (
            <span className="inline-flex items-center gap-2">
              <Clock className="h-4 w-4" aria-hidden="true" />
              {readTime(t, article.readTime)}
            </span>
          )}
        </div>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-12 print:max-w-none print:px-0 print:py-4">
        <UnofficialTranslation />
        {/* Without a picture the navy header above, title in the display face, is the article's cover. */}
        <Picture src={article.image} alt="" width={800} height={450} sizes="(min-width: 768px) 768px, 100vw" eager className="mb-8 aspect-video w-full rounded-xl print:mb-4 print:max-h-64 print:object-cover" />
        <p className="text-xl leading-relaxed text-slate-700">{text(article.excerpt)}</p>
        <DocumentBody html={html} className="mt-6" />
        {tags.length > 0 && (
          <div className="mt-10 border-t border-slate-200 pt-6 print:hidden">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t('common.tags')}</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {tags.map((tag) => (
                <li key={tag}>
                  {kind === 'blog' ? (
                    <a href={`${href('/blog')}?tag=${encodeURIComponent(tag)}`} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800 hover:bg-brand-100">
                      #{tag}
                    </a>
                  ) : (
                    <span className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">#{tag}</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
        <NextStep kind={kind} slug={article.slug || article._id} title={title} end={end} />
        {/* The next step for a reader who wants more of this: the alerts of its topics, by e-mail. */}
        {site.alerts && <AlertsForm topics={topics} />}
        {end && end.related.length > 0 && <RelatedArticles kind={kind} related={end.related} />}
      </div>
    </article>
  );
}

/**
 * An article's end for a reader who wants to act on it: the lawyer who wrote it (or leads its
 * practice) with "Ask a question", and "Share on Telegram" (where most of our readers come from).
 * The shared address is the site's public one, never built from the request's Host.
 */
function NextStep({ kind, slug, title, end }: { kind: ArticleKind; slug: string; title: string; end?: ArticleEnd }) {
  const { t, text, href, publicUrl } = useSite();
  const url = publicUrl + href(`/${kind}/${slug}`);
  const share = `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`;
  const ask = end?.askAbout ? `${href('/contact')}?service=${encodeURIComponent(end.askAbout)}` : href('/contact');
  const lawyer = end?.lawyer;
  const name = lawyer ? text(lawyer.name) : '';
  return (
    <aside aria-label={t('article.ask')} data-testid="article-end" className="mt-10 space-y-4 border-t border-slate-200 pt-8 print:hidden">
      {/* The card introduces a lawyer to ask; with no lawyer (no author, no practice's lead) there is no card, only the call beside sharing. */}
      {lawyer && (
        <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-slate-50 p-5 sm:flex-row sm:items-center">
          <div className="flex flex-1 items-center gap-4">
            <Avatar name={name} image={lawyer.image || undefined} />
            <div className="min-w-0">
              <p className="text-sm text-slate-600">{t(lawyer.wrote ? 'article.writtenBy' : 'article.leadLawyer')}</p>
              <a href={href(`/team/${lawyer.slug}`)} className="font-semibold text-brand-900 underline-offset-4 hover:underline">
                {name}
              </a>
              <p className="text-sm text-slate-600">{text(lawyer.position)}</p>
            </div>
          </div>
          <a href={ask} className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800">
            {t('article.ask')}
          </a>
        </div>
      )}
      <p className="flex flex-wrap gap-3">
        {!lawyer && (
          <a href={ask} className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800">
            {t('article.ask')}
          </a>
        )}
        <a href={share} target="_blank" rel="noopener" className="inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-4 font-semibold text-brand-800 hover:bg-slate-50">
          <SocialIcon network="telegram" />
          {t('article.shareTelegram')}
        </a>
      </p>
    </aside>
  );
}

/** Two or three more articles: of the same practice area, then of the same category, then the latest. */
function RelatedArticles({ kind, related }: { kind: ArticleKind; related: RelatedArticle[] }) {
  const { t, text, href, formatDate } = useSite();
  return (
    <section aria-labelledby="related-articles" className="mt-10 print:hidden">
      <h2 id="related-articles" className="text-xl font-semibold text-brand-900">
        {t('article.related')}
      </h2>
      <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
        {related.map((item) => (
          <li key={item._id}>
            <a href={href(`/${kind}/${item.slug}`)} className="flex flex-col gap-1 py-4 hover:text-brand-700 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6">
              <span className="font-display text-lg text-brand-900">{text(item.title)}</span>
              {item.date && (
                <time dateTime={item.date} className="shrink-0 text-sm text-slate-600">
                  {formatDate(item.date)}
                </time>
              )}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The alerts' form at an article's end: an e-mail, the article's topics (ticked), the consent; it
 * posts to /subscribe (no JavaScript needed), whose page answers. An article without topics links
 * to /subscribe, where the reader chooses them.
 */
function AlertsForm({ topics }: { topics: Topic[] }) {
  const { t, href, lang } = useSite();
  const consent = useConsentNotice('subscription');
  const box = 'mt-10 rounded-xl border border-brand-100 bg-brand-50 p-6 print:hidden';
  if (!topics.length) {
    return (
      <aside aria-labelledby="alerts-invite" className={`${box} flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between`}>
        <p id="alerts-invite" className="font-semibold text-brand-900">
          {t('subscribe.invite')}
        </p>
        <a href={href('/subscribe')} className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800">
          {t('subscribe.inviteLink')}
        </a>
      </aside>
    );
  }
  return (
    <aside aria-labelledby="alerts-invite" className={box}>
      <h2 id="alerts-invite" className="font-semibold text-brand-900">
        {t('subscribe.invite')}
      </h2>
      <form method="post" action={href('/subscribe')} noValidate className="mt-4 space-y-4">
        <input type="hidden" name="language" value={lang} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('subscribe.topics')}</legend>
          <TopicGroups topics={topics} chosen={() => true} idPrefix="alerts" listClass="mt-2 flex flex-wrap gap-x-6 gap-y-2" itemClass="flex items-start gap-2" />
        </fieldset>
        <div>
          <label htmlFor="alerts-email" className="block text-sm font-medium text-slate-800">
            {t('subscribe.email')}
          </label>
          <input id="alerts-email" type="email" name="email" autoComplete="email" required maxLength={320} className="mt-1 block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600" />
        </div>
        <input type="hidden" name="lang" value={lang} />
        <RequiredCheckbox id="alerts-consent" name="consent" describedBy="alerts-consent-facts" labelClass="text-sm text-slate-700" marked={false}>
          {consent.agreement}
        </RequiredCheckbox>
        <ConsentFacts id="alerts-consent-facts" notice={consent} />
        <button type="submit" className="min-h-11 rounded-md bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800">
          {t('subscribe.inviteLink')}
        </button>
      </form>
    </aside>
  );
}

/** A card in a news or blog list. */
/** Lists have no section headings between the page title and the cards, so card titles are h2. */
export function ArticleCard({ article, kind, featured = false, cover = -1 }: { article: Article; kind: ArticleKind; featured?: boolean; cover?: number }) {
  const { text, t, href, formatDate } = useSite();
  const date = articleDate(article);
  const author = text(article.author.name);
  const tags = article.tags.slice(0, 2).map((tag) => text(tag));
  const link = href(`/${kind}/${article.slug || article._id}`);
  const title = text(article.title);
  return (
    <article className={`flex h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm ${featured ? 'flex-col md:flex-row' : 'flex-col'}`}>
      {article.image ? (
        <Picture
          src={article.image}
          alt=""
          width={800}
          height={450}
          sizes={featured ? '(min-width: 768px) 50vw, 100vw' : '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw'}
          eager={featured}
          className={`aspect-video w-full ${featured ? 'md:w-1/2' : ''}`}
        />
      ) : (
        <TypographicCover label={text(article.category)} place={cover} className={featured ? 'md:w-1/2' : ''} />
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {featured && <span className="rounded-full bg-amber-100 px-3 py-1 font-semibold text-amber-900">{t(kind === 'blog' ? 'blog.featured' : 'common.featured')}</span>}
          <span className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-700">{text(article.category)}</span>
        </p>
        <h2 className={`mt-3 font-semibold text-brand-900 ${featured ? 'text-2xl' : 'text-xl'}`}>
          <a href={link} data-loading={t('article.loading')} className="hover:underline">
            {title}
          </a>
        </h2>
        <p className="mt-2 flex-1 text-slate-600">{text(article.excerpt)}</p>
        {kind === 'blog' && tags.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
                #{tag}
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          {author && <span>{author}</span>}
          <time dateTime={date}>{formatDate(date)}</time>
          {'readTime' in article && <span>{readTime(t, article.readTime)}</span>}
        </p>
        <a href={link} className="mt-4 font-semibold text-brand-700 hover:underline" aria-hidden="true" tabIndex={-1}>
          {t('common.readMore')} →
        </a>
      </div>
    </article>
  );
}

/**
 * The covers of articles without a picture, one look per category (chosen by the category's name,
 * so every article of a category looks alike and the next category differs): the firm's navy in
 * four shades, each with its own mark, never a stock photograph.
 */
const COVERS: ReadonlyArray<{ background: string; mark: string }> = [
  { background: 'from-brand-700 to-brand-900', mark: '§' },
  { background: 'from-[#1f4d46] to-[#0f2a26]', mark: '¶' },
  { background: 'from-[#4a2c4f] to-[#26152a]', mark: '№' },
  { background: 'from-[#5a3a1c] to-[#2b1b0c]', mark: '†' },
  { background: 'from-slate-600 to-slate-900', mark: '‡' },
];

/**
 * A category's cover: by its place among the list's categories (so that a few categories never share
 * a look), else by its name (the same name always gives the same look).
 */
function coverOf(category: string, place: number): { background: string; mark: string } {
  if (place >= 0) return COVERS[place % COVERS.length];
  let sum = 0;
  for (const char of category.trim().toLowerCase()) sum = (sum * 31 + (char.codePointAt(0) ?? 0)) % 9973;
  return COVERS[sum % COVERS.length];
}

/**
 * A list card's picture when its article has none, in the firm's colours like its share card: the
 * category and the category's mark (the card's heading says the title right below).
 */
function TypographicCover({ label, place, className }: { label: string; place: number; className: string }) {
  const { text, config } = useSite();
  const cover = coverOf(label, place);
  return (
    <div aria-hidden="true" data-cover={cover.mark} className={`flex aspect-video w-full flex-col justify-between overflow-hidden bg-gradient-to-br ${cover.background} p-5 text-amber-50 ${className}`}>
      <p className="text-[11px] font-semibold uppercase tracking-widest text-accent-500">{label}</p>
      {/* The card's heading says the title once; the cover says the kind of text and whose. */}
      <p className="font-display text-6xl leading-none text-accent-500/80">{cover.mark}</p>
      <p className="border-t border-white/20 pt-2 text-xs font-semibold">{text(config.companyName)}</p>
    </div>
  );
}
