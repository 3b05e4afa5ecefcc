import { ArrowLeft } from '../../site/lucide.ts';
import { pickText, type Localized } from '../../../domain/shared/localized.ts';
import type { DomainServices } from '../../../domain/app-services.ts';
import { servicesContext } from '../../context.ts';
import { DocumentBody } from '../../site/document-body.tsx';
import { FaqList } from '../../site/faq-list.tsx';
import { MattersSection } from '../../site/firm-record.tsx';
import { lawyerNames, shownMatters } from '../../site/firm-record-data.ts';
import { atItsAddress, loadOr, pageLanguagesOf } from '../../site/loading.server.ts';
import { listedIn, siteFromMatches } from '../../site/page-data.ts';
import { Avatar } from '../../site/portrait.tsx';
import { breadcrumbList, JsonLd, pageMeta } from '../../site/seo.tsx';
import { ServiceCard } from '../../site/service-card.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { ErrorBox, PageHeader, Section } from '../../site/ui.tsx';
import type { Route } from './+types/industry';
import { dayOf } from '../../../domain/shared/days.ts';

type Industry = Awaited<ReturnType<DomainServices['records']['industries']['get']>>;

const ARTICLES_SHOWN = 6;

interface Article {
  kind: 'news' | 'blog';
  slug: string;
  title: Localized;
  date: string;
}

/** An industry's page: its description, its services and the lawyers who lead them, its matters, the latest articles on its services, their questions. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang, defaultLanguage } = await pageContext(context.get(servicesContext), params.lang, request);
  return loadOr(services, 'an industry', async () => {
    const industry = await services.records.industries.getBySlugOrId(params.key, { admin: false });
    atItsAddress(services.records.industries.type, industry, params.key, lang, defaultLanguage);
    const languages = await pageLanguagesOf(services, services.records.industries.type, industry, lang, defaultLanguage);
    return { ...(await pageData(services, industry, lang, defaultLanguage)), languages };
  });
}

/** What the page shows of an industry (its own page, and its preview before it is public). */
export async function pageData(services: DomainServices, industry: Industry, lang: string, defaultLanguage: string) {
  const wanted = new Set(industry.services);
  // The questions of all its services in one read (a firm has tens of them); articles by topic, a read per service.
  const [active, matters, questions] = await Promise.all([services.records.services.list(listedIn(lang)), shownMatters(services, lang, { industry: industry._id }), services.records.faqs.list({ lang, admin: false })]);
  const its = active.filter((service) => wanted.has(service._id));
  const perService = await Promise.all(
    its.map(async (service) => {
      const [news, blog] = await Promise.all([
        services.records.news.listPage({ ...listedIn(lang), topic: service._id, limit: ARTICLES_SHOWN }),
        services.records.blog.listPage({ ...listedIn(lang), topic: service._id, limit: ARTICLES_SHOWN }),
      ]);
      return { news: news.data, blog: blog.data };
    }),
  );
  const articles = new Map<string, Article>();
  for (const found of perService) {
    for (const article of found.news) articles.set(`news/${article._id}`, { kind: 'news', slug: article.slug, title: article.title, date: article.date });
    for (const post of found.blog) articles.set(`blog/${post._id}`, { kind: 'blog', slug: post.slug, title: post.title, date: dayOf(post.publishedAt, services.timeZone) });
  }
  const leadIds = [...new Set(its.map((service) => service.lead).filter(Boolean))];
  const lawyers = leadIds.length ? await lawyerNames(services) : new Map();
  const leads = leadIds.flatMap((id) => lawyers.get(id) ?? []);
  const { description, ...shown } = industry;
  return {
    industry: { ...shown, description: pickText(description, lang, defaultLanguage) },
    html: await services.records.industries.html(industry, 'description', lang),
    services: its,
    leads,
    matters,
    articles: [...articles.values()].sort((a, b) => b.date.localeCompare(a.date)).slice(0, ARTICLES_SHOWN),
    faqs: await Promise.all(questions.filter((faq) => its.some((service) => service._id === faq.service)).map(async (faq) => ({ ...faq, answerHtml: await services.records.faqs.html(faq, 'answer', lang) }))),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site || !loaderData || loaderData.failed) return [];
  return pageMeta(site, { title: pickText(loaderData.industry.title, site.lang, site.defaultLanguage), description: loaderData.industry.description, languages: loaderData.languages });
}

export default function IndustryPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useSite();
  const back = (
    <a href={href('/industries')} className="mt-6 inline-flex items-center gap-2 text-slate-100 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t('industries.back')}
    </a>
  );
  if (loaderData.failed) {
    return (
      <>
        <PageHeader title={t('industries.title')}>{back}</PageHeader>
        <Section>
          <ErrorBox title={t('industries.error')} />
        </Section>
      </>
    );
  }
  return <View data={loaderData} />;
}

/** The industry's page from its data (also inside a preview). */
export function View({ data }: { data: Awaited<ReturnType<typeof pageData>> }) {
  const site = useSite();
  const { text, t, href } = site;
  const { industry, services, leads, matters, articles, faqs } = data;
  const back = (
    <a href={href('/industries')} className="mt-6 inline-flex items-center gap-2 text-slate-100 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t('industries.back')}
    </a>
  );
  const title = text(industry.title);
  return (
    <>
      <JsonLd data={breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: t('industries.title'), path: '/industries' }, { name: title, path: `/industries/${industry.slug}` }])} />
      <PageHeader title={title}>{back}</PageHeader>
      <Section>
        <div className="grid gap-10 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <DocumentBody html={data.html} className="doc-lead" />
            {services.length > 0 && (
              <section aria-labelledby="industry-services" className="mt-12">
                <h2 id="industry-services" className="mb-4 text-2xl font-bold text-brand-900">
                  {t('industries.services')}
                </h2>
                <ul className="grid gap-6 sm:grid-cols-2">
                  {services.map((service) => (
                    <li key={service._id}>
                      <ServiceCard service={service} heading="h3" />
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <MattersSection matters={matters} filter={`?industry=${industry._id}`} />
            {faqs.length > 0 && (
              <section aria-labelledby="industry-faq" className="mt-12">
                <h2 id="industry-faq" className="mb-4 text-2xl font-bold text-brand-900">
                  {t('industries.faq')}
                </h2>
                <FaqList faqs={faqs} />
              </section>
            )}
          </div>
          <aside className="h-fit space-y-8">
            {leads.length > 0 && (
              <section aria-labelledby="industry-lawyers" className="rounded-xl border border-slate-200 p-6">
                <h2 id="industry-lawyers" className="text-lg font-semibold text-brand-900">
                  {t('industries.lawyers')}
                </h2>
                <ul className="mt-4 space-y-4">
                  {leads.map((lead) => (
                    <li key={lead.slug}>
                      <a href={href(`/team/${lead.slug}`)} className="flex items-center gap-3 hover:text-brand-700">
                        <Avatar name={text(lead.name)} image={lead.image || undefined} />
                        <span>
                          <span className="block font-semibold text-brand-900">{text(lead.name)}</span>
                          <span className="block text-sm text-slate-600">{text(lead.position)}</span>
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {articles.length > 0 && (
              <section aria-labelledby="industry-articles" className="rounded-xl border border-slate-200 p-6">
                <h2 id="industry-articles" className="text-lg font-semibold text-brand-900">
                  {t('industries.articles')}
                </h2>
                <ul className="mt-4 divide-y divide-slate-200">
                  {articles.map((article) => (
                    <li key={`${article.kind}/${article.slug}`} className="py-3">
                      <a href={href(`/${article.kind}/${article.slug}`)} className="font-medium text-brand-900 hover:text-brand-700 hover:underline">
                        {text(article.title)}
                      </a>
                      <time dateTime={article.date} className="block text-sm text-slate-600">
                        {site.formatDate(article.date)}
                      </time>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </aside>
        </div>
      </Section>
    </>
  );
}
