import { PreviewNote } from '../../site/ui.tsx';
import { data } from 'react-router';
import { recordTypeNamed } from '../../../domain/registry.ts';
import { pickText } from '../../../domain/shared/localized.ts';
import type { MetaDescriptor } from 'react-router';
import type { DomainServices } from '../../../domain/app-services.ts';
import type { BlogPost } from '../../../domain/blog/blog.ts';
import type { NewsArticle } from '../../../domain/news/news.ts';
import type { Service } from '../../../domain/services/services.ts';
import { servicesContext } from '../../context.ts';
import { ArticlePage, articleMeta } from '../../site/article.tsx';
import { siteFromMatches } from '../../site/page-data.ts';
import { pageMeta } from '../../site/seo.tsx';
import { previewOfPage } from '../../site/page-previews.server.tsx';
import { ServicePage, serviceMeta } from '../../site/service-page.tsx';
import type { ShownFaq } from '../../site/faq-list.tsx';
import { forThePageOnly, shownArticle, withHtml } from '../../site/loading.server.ts';
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
  | { kind: 'page'; html: string; title: string; expiresAt: string }
  | { kind: 'services'; service: Service; html: string; faqs: ShownFaq[]; expiresAt: string }
  | ({ kind: 'news'; expiresAt: string } & Awaited<ReturnType<typeof shownArticle<NewsArticle>>>)
  | ({ kind: 'blog'; expiresAt: string } & Awaited<ReturnType<typeof shownArticle<BlogPost>>>);

async function open(services: DomainServices, target: { type: string; id: string; draft: boolean }, expiresAt: string, lang: string, defaultLanguage: string, request?: Request, language?: string): Promise<Opened | undefined> {
  const { records } = services;
  try {
    // A type whose page module previews itself (its `site.preview`): that page, drawn on the server.
    const type = recordTypeNamed(target.type);
    if (type?.site?.preview && request) {
      const records = services.recordService(type);
      const record = target.draft ? await records.draft(target.id) : await records.get(target.id, { admin: true });
      const html = await previewOfPage(services, type, record, language, request);
      if (html !== undefined) return { kind: 'page', html, title: pickText(record[type.admin.titleField], lang, defaultLanguage), expiresAt };
    }
    if (target.type === 'services') {
      const service = target.draft ? await records.services.draft(target.id) : await records.services.get(target.id, { admin: true });
      const faqs = await services.records.faqs.list({ lang: 'uz', admin: false, service: service._id });
      return { kind: 'services', service, html: await services.records.services.html(service, 'description', lang), faqs: await withHtml(services.records.faqs, faqs, 'answer', lang), expiresAt };
    }
    if (target.type === 'news') {
      return { kind: 'news', ...(await shownArticle(services.records.news, target.draft ? await records.news.draft(target.id) : await records.news.get(target.id, { admin: true }), lang)), expiresAt };
    }
    if (target.type === 'blog') {
      return { kind: 'blog', ...(await shownArticle(services.records.blog, target.draft ? await records.blog.draft(target.id) : await records.blog.get(target.id, { admin: true }), lang)), expiresAt };
    }
  } catch {
    // Deleted since the link was made.
  }
  return undefined;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang, defaultLanguage } = await pageContext(context.get(servicesContext), params.lang, request);
  const target = await services.previews.open(params.token);
  const opened = target && (await open(services, target, new Date(target.expiresAt).toISOString(), lang, defaultLanguage, request, params.lang));
  if (!opened) throw data(null, { status: 404, headers: PRIVATE });
  // The reviewer's form only while the record waits for review: a decision is taken only then.
  const waiting = target.reviewer ? (await services.reviews.get(target.type, target.id)).reviewState === 'in_review' : false;
  return data(forThePageOnly({ ...opened, reviewer: target.reviewer?.name ?? null, waiting }), { headers: PRIVATE });
}

type Problem = 'review.already' | 'review.bad' | 'review.tooLong' | 'review.closed';
type Decided = { decided: true } | { decided: false; problem: Problem };

/**
 * An outside reviewer's decision through their signed link: a plain form (no script, no account);
 * an opinion kept with their name, it never approves nor publishes, and is taken only while the
 * record is in review. An altered or expired link is the 404 page.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const target = await services.previews.open(params.token);
  const reviewer = target?.reviewer;
  const record = target && reviewer ? await open(services, target, new Date(target.expiresAt).toISOString(), 'uz', 'uz') : undefined;
  if (!target || !reviewer || !record) throw data(null, { status: 404, headers: PRIVATE });
  const form = await request.formData();
  const decision = String(form.get('decision') ?? '');
  const comment = String(form.get('comment') ?? '').trim();
  const refused = (problem: Problem, status: number) => data<Decided>({ decided: false, problem }, { status, headers: PRIVATE });
  if (decision !== 'approve' && decision !== 'request_changes') return refused('review.bad', 400);
  if (comment.length > 2000) return refused('review.tooLong', 400);
  const decided = await services.decideOutside({ ...target, reviewer }, decision, comment);
  if (decided === 'decided') return refused('review.already', 409);
  if (decided === 'not_in_review') return refused('review.closed', 409);
  return data<Decided>({ decided: true }, { headers: PRIVATE });
}

export const headers = ({ loaderHeaders, errorHeaders }: Route.HeadersArgs) => errorHeaders ?? loaderHeaders;

export function meta({ matches, loaderData }: Route.MetaArgs): MetaDescriptor[] {
  const site = siteFromMatches(matches);
  if (!loaderData) return [{ name: 'robots', content: 'noindex, nofollow' }];
  const tags = loaderData.kind === 'page' ? (site ? pageMeta(site, { title: loaderData.title }) : []) : loaderData.kind === 'services' ? serviceMeta(site, loaderData.service) : articleMeta(site, loaderData.article);
  // Not the page's address: no canonical or alternates that would point search engines here.
  return [...tags.filter((tag) => !('rel' in tag)), { name: 'robots', content: 'noindex, nofollow' }];
}

export default function Preview({ loaderData, actionData }: Route.ComponentProps) {
  const { t, formatDateTime } = useSite();
  const until = formatDateTime(loaderData.expiresAt);
  return (
    <>
      <PreviewNote>{t('preview.notice', { time: until })}</PreviewNote>
      {loaderData.kind === 'page' ? (
        // Our own render of the page (every text escaped by React), made by the loader on the server.
        <div dangerouslySetInnerHTML={{ __html: loaderData.html }} />
      ) : loaderData.kind === 'services' ? (
        <ServicePage service={loaderData.service} html={loaderData.html} faqs={loaderData.faqs} />
      ) : (
        <ArticlePage article={loaderData.article} html={loaderData.html} body={loaderData.body} kind={loaderData.kind} />
      )}
      {loaderData.reviewer && <ReviewerForm name={loaderData.reviewer} waiting={loaderData.waiting} outcome={actionData} />}
    </>
  );
}

/** "Approve" and "Request changes" with a comment, for the named reviewer of this link. */
function ReviewerForm({ name, waiting, outcome }: { name: string; waiting: boolean; outcome?: Decided }) {
  const { t } = useSite();
  return (
    <section aria-labelledby="reviewer-title" className="border-t border-slate-200 bg-slate-50 px-4 py-10">
      <div className="mx-auto max-w-2xl">
        <h2 id="reviewer-title" className="font-serif text-2xl text-brand-900">
          {t('review.title')}
        </h2>
        {outcome?.decided ? (
          <p role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-4 text-green-900">
            {t('review.thanks', { name })}
          </p>
        ) : !waiting && !outcome ? (
          <p className="mt-4 text-slate-700">{t('review.closed')}</p>
        ) : (
          <form method="post" className="mt-4 space-y-4">
            <p className="text-slate-700">{t('review.ask', { name })}</p>
            {outcome && !outcome.decided && (
              <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
                {t(outcome.problem)}
              </p>
            )}
            <div>
              <label htmlFor="reviewer-comment" className="block text-sm font-medium text-slate-800">
                {t('review.comment')}
              </label>
              <textarea id="reviewer-comment" name="comment" rows={4} maxLength={2000} className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2" />
            </div>
            <div className="flex flex-wrap gap-3">
              <button type="submit" name="decision" value="approve" className="min-h-11 rounded-md bg-brand-800 px-5 font-semibold text-white hover:bg-brand-900">
                {t('review.approve')}
              </button>
              <button type="submit" name="decision" value="request_changes" className="min-h-11 rounded-md border border-slate-400 bg-white px-5 font-semibold text-slate-900 hover:bg-slate-100">
                {t('review.requestChanges')}
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
