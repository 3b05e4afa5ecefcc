import { PreviewNote } from '../../site/ui.tsx';
import { data } from 'react-router';
import type { MetaDescriptor } from 'react-router';
import type { DomainServices } from '../../../domain/app-services.ts';
import type { BlogPost } from '../../../domain/blog/blog.ts';
import type { NewsArticle } from '../../../domain/news/news.ts';
import type { Service } from '../../../domain/services/services.ts';
import { servicesContext } from '../../context.ts';
import { ArticlePage, articleMeta } from '../../site/article.tsx';
import { siteFromMatches } from '../../site/page-data.ts';
import { ServicePage, serviceMeta } from '../../site/service-page.tsx';
import type { ShownFaq } from '../../site/faq-list.tsx';
import { shownArticle, withHtml } from '../../site/loading.server.ts';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import type { Route } from './+types/preview';

/** A preview is for one reader: never kept by a browser, a proxy or our cache, never indexed. */
const PRIVATE = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow' };

/**
 * A record's public page as saved, draft or not, opened by a signed link (POST /api/preview);
 * a link that was tampered with or has expired is the site's 404.
 */
type Opened =
  | { kind: 'services'; service: Service; html: string; faqs: ShownFaq[]; expiresAt: string }
  | ({ kind: 'news'; expiresAt: string } & Awaited<ReturnType<typeof shownArticle<NewsArticle>>>)
  | ({ kind: 'blog'; expiresAt: string } & Awaited<ReturnType<typeof shownArticle<BlogPost>>>);

async function open(services: DomainServices, target: { type: string; id: string; draft: boolean }, expiresAt: string, lang: string, defaultLanguage: string): Promise<Opened | undefined> {
  const { records } = services;
  try {
    if (target.type === 'services') {
      const service = target.draft ? await records.services.draft(target.id) : await records.services.get(target.id, { admin: true });
      const faqs = await services.records.faqs.list({ lang: 'uz', admin: false, service: service._id });
      return { kind: 'services', service, html: await services.records.services.html(service, 'description', lang), faqs: await withHtml(services.records.faqs, faqs, 'answer', lang), expiresAt };
    }
    if (target.type === 'news') {
      return { kind: 'news', ...(await shownArticle(services.records.news, target.draft ? await records.news.draft(target.id) : await records.news.get(target.id, { admin: true }), lang, defaultLanguage)), expiresAt };
    }
    if (target.type === 'blog') {
      return { kind: 'blog', ...(await shownArticle(services.records.blog, target.draft ? await records.blog.draft(target.id) : await records.blog.get(target.id, { admin: true }), lang, defaultLanguage)), expiresAt };
    }
  } catch {
    // Deleted since the link was made.
  }
  return undefined;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang, defaultLanguage } = await pageContext(context.get(servicesContext), params.lang, request);
  const target = await services.previews.open(params.token);
  const opened = target && (await open(services, target, new Date(target.expiresAt).toISOString(), lang, defaultLanguage));
  if (!opened) throw data(null, { status: 404, headers: PRIVATE });
  return data(opened, { headers: PRIVATE });
}

export const headers = ({ loaderHeaders, errorHeaders }: Route.HeadersArgs) => errorHeaders ?? loaderHeaders;

export function meta({ matches, loaderData }: Route.MetaArgs): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  if (!loaderData) return [{ name: 'robots', content: 'noindex, nofollow' }];
  const tags = loaderData.kind === 'services' ? serviceMeta(site, loaderData.service) : articleMeta(site, loaderData.article);
  // Not the page's address: no canonical or alternates that would point search engines here.
  return [...tags.filter((tag) => !('rel' in tag)), { name: 'robots', content: 'noindex, nofollow' }];
}

export default function Preview({ loaderData }: Route.ComponentProps) {
  const { t, lang, timeZone } = useSite();
  const until = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(loaderData.expiresAt));
  return (
    <>
      <PreviewNote>{t('preview.notice', { time: until })}</PreviewNote>
      {loaderData.kind === 'services' ? (
        <ServicePage service={loaderData.service} html={loaderData.html} faqs={loaderData.faqs} />
      ) : (
        <ArticlePage article={loaderData.article} html={loaderData.html} body={loaderData.body} kind={loaderData.kind} />
      )}
    </>
  );
}
