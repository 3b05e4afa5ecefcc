import { DocumentBody } from '../../site/document-body.tsx';
import { ArrowLeft, Award, Briefcase, GraduationCap, Languages, Mail, MessageSquare, Phone } from '../../site/lucide.ts';
import { pickText, type Localized } from '../../../domain/shared/localized.ts';
import { servicesContext } from '../../context.ts';
import { atItsAddress, loadOr, pageLanguagesOf } from '../../site/loading.server.ts';
import { listedIn, siteFromMatches } from '../../site/page-data.ts';
import { Portrait } from '../../site/portrait.tsx';
import { QrCode } from '../../site/qr-code.tsx';
import { breadcrumbList, coverPath, JsonLd, pageMeta, previewImage } from '../../site/seo.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { besideLimit, shownMatters, shownRankings } from '../../site/firm-record-data.ts';
import { awardText, MattersSection, RankingList } from '../../site/firm-record.tsx';
import { ErrorBox, PageHeader, Section } from '../../site/ui.tsx';
import type { Route } from './+types/team-member';
import { dayOf } from '../../../domain/shared/days.ts';
import { telHref } from '../../../domain/shared/phone.ts';

const ARTICLES_SHOWN = 6;

/** An article the lawyer wrote, as their profile lists it. */
interface Written {
  kind: 'news' | 'blog';
  slug: string;
  title: Localized;
  date: string;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang, defaultLanguage } = await pageContext(context.get(servicesContext), params.lang, request);
  return loadOr(services, 'a lawyer’s profile', async () => {
    const found = await services.records.team.getBySlugOrId(params.key, { admin: false });
    // An article names its author by id: send the visitor to the profile's one address.
    atItsAddress(services.records.team.type, found, params.key, lang, defaultLanguage);
    const languages = await pageLanguagesOf(services, services.records.team.type, found, lang, defaultLanguage);
    const [leads, news, blog, matters, rankings] = await Promise.all([
      services.records.services.list({ ...listedIn(lang), lead: found._id }),
      services.records.news.listPage({ ...listedIn(lang), author: found._id, limit: ARTICLES_SHOWN }),
      services.records.blog.listPage({ ...listedIn(lang), author: found._id, limit: ARTICLES_SHOWN }),
      shownMatters(services, lang, { lawyer: found._id }, besideLimit),
      shownRankings(services, lang, found._id),
    ]);
    const articles: Written[] = [
      ...news.data.map((article): Written => ({ kind: 'news', slug: article.slug, title: article.title, date: article.date })),
      ...blog.data.map((post): Written => ({ kind: 'blog', slug: post.slug, title: post.title, date: dayOf(post.publishedAt, services.timeZone) })),
    ]
      .sort((a, b) => b.date.localeCompare(a.date))
      .slice(0, ARTICLES_SHOWN);
    return { member: found, languages, html: await services.records.team.html(found, 'bio', lang), leads: leads.map((service) => ({ slug: service.slug, title: service.title })), articles, matters, rankings };
  });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site || !loaderData || loaderData.failed) return [];
  const { member } = loaderData;
  const text = (value: Parameters<typeof pickText>[0]) => pickText(value, site.lang, site.defaultLanguage);
  return pageMeta(site, { title: `${text(member.name)} — ${text(member.position)}`, description: text(member.bio), image: member.image || coverPath('team', member, site.lang), type: 'profile', languages: loaderData.languages });
}

export default function TeamMember({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { text, t, href, config } = site;
  const back = (
    <a href={href('/team')} className="inline-flex items-center gap-2 text-slate-100 hover:underline print:hidden">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t('team.back')}
    </a>
  );
  if (loaderData.failed) {
    return (
      <>
        <PageHeader title={text(config.sections.team.title)}>
          <div className="mt-6">{back}</div>
        </PageHeader>
        <Section>
          <ErrorBox title={t('team.error')} />
        </Section>
      </>
    );
  }
  const { member, leads, articles, matters, rankings } = loaderData;
  const name = text(member.name);
  const languages = text(member.languages);
  const path = `/team/${member.slug}`;
  const image = previewImage(site, member.image || undefined);
  const facts = [
    { icon: Briefcase, label: t('team.specialization'), value: text(member.specialization) },
    { icon: Award, label: t('team.licence'), value: member.licence },
    { icon: Languages, label: t('team.languages'), value: languages },
    { icon: GraduationCap, label: t('team.education'), value: text(member.education) },
  ].filter((fact) => fact.value);
  return (
    <>
      <JsonLd
        data={[
          breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: text(config.sections.team.title), path: '/team' }, { name, path }]),
          {
            '@context': 'https://schema.org',
            '@type': 'Person',
            '@id': `${site.publicUrl}${href(path)}#person`,
            name,
            jobTitle: text(member.position),
            description: text(member.bio),
            email: member.email,
            telephone: member.phone,
            url: site.publicUrl + href(path),
            ...(image ? { image: image.url } : {}),
            ...(member.linkedin ? { sameAs: [member.linkedin] } : {}),
            ...(languages ? { knowsLanguage: languages.split(/\s*[,;·]\s*/).filter(Boolean) } : {}),
            ...(leads.length ? { knowsAbout: leads.map((service) => text(service.title)) } : {}),
            ...(text(member.education) ? { alumniOf: text(member.education) } : {}),
            ...(rankings.length ? { award: rankings.map((ranking) => awardText(ranking, text)) } : {}),
            worksFor: { '@id': `${site.publicUrl}/#firm` },
          },
        ]}
      />
      <PageHeader title={name} subtitle={text(member.position)}>
        <div className="mt-6">{back}</div>
      </PageHeader>
      <Section>
        {/* On paper a one-page bio: a small portrait, the contacts as text and the card's QR code beside the story. */}
        <div className="grid gap-10 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:gap-16 print:grid-cols-[56mm_minmax(0,1fr)] print:gap-8">
          <div>
            <Portrait name={name} image={member.image || undefined} eager sizes="(min-width: 1024px) 352px, (min-width: 640px) 384px, 240px" className="mx-auto max-w-60 rounded-xl sm:mx-0 sm:max-w-sm lg:max-w-none print:mx-0 print:max-w-[36mm]" />
            <ul className="mt-6 grid gap-3 print:mt-3 print:gap-1 print:text-xs">
              <li>
                <a href={telHref(member.phone)} aria-label={`${t('team.call')}: ${member.phone}`} className="flex items-center justify-center gap-2 rounded-md bg-brand-800 px-5 py-3 font-semibold text-white hover:bg-brand-700 print:justify-start print:bg-transparent print:p-0 print:text-black">
                  <Phone className="h-5 w-5" aria-hidden="true" />
                  {member.phone}
                </a>
              </li>
              <li>
                <a href={`mailto:${member.email}`} aria-label={`${t('team.write')}: ${member.email}`} className="flex items-center justify-center gap-2 rounded-md border border-brand-800 px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50 print:justify-start print:border-0 print:bg-transparent print:p-0 print:text-black">
                  <Mail className="h-5 w-5" aria-hidden="true" />
                  <span className="min-w-0 break-all">{member.email}</span>
                </a>
              </li>
              <li className="print:hidden">
                <a href={leads[0] ? `${href('/contact')}?service=${encodeURIComponent(text(leads[0].title))}` : href('/contact')} className="flex items-center justify-center gap-2 rounded-md bg-amber-400 px-5 py-3 text-center font-semibold text-brand-900 hover:bg-amber-300">
                  <MessageSquare className="h-5 w-5 shrink-0" aria-hidden="true" />
                  {t('team.ask', { name })}
                </a>
              </li>
              <li className="flex flex-col items-center gap-3 pt-2 text-center print:items-start print:text-left">
                <a href={`/team/${member.slug}.vcf`} download className="text-brand-700 underline underline-offset-4 hover:text-brand-900 print:hidden">
                  {t('team.saveContact')}
                </a>
                <figure className="hidden text-brand-900 sm:block print:block">
                  <QrCode value={`${site.publicUrl}/team/${member.slug}.vcf`} className="mx-auto h-32 w-32 print:mx-0" />
                  <figcaption className="mt-1 text-xs text-slate-600">{t('team.scanToSave', { name })}</figcaption>
                </figure>
              </li>
              {member.linkedin && (
                <li className="text-center print:hidden">
                  <a href={member.linkedin} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline-offset-4 hover:underline">
                    {t('team.linkedin', { name })}
                  </a>
                </li>
              )}
            </ul>
          </div>
          <div className="min-w-0">
            <DocumentBody html={loaderData.html} className="doc-lead" />
            <dl className="mt-10 grid gap-x-10 gap-y-6 border-t border-slate-200 pt-8 sm:grid-cols-2 print:mt-4 print:grid-cols-2 print:gap-y-3 print:pt-4">
              {facts.map(({ icon: Icon, label, value }) => (
                <div key={label}>
                  <dt className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-accent-700">
                    <Icon className="h-4 w-4" aria-hidden="true" />
                    {label}
                  </dt>
                  <dd className="mt-1 whitespace-pre-line text-slate-800">{value}</dd>
                </div>
              ))}
              <div>
                <dt className="text-sm font-semibold uppercase tracking-wide text-accent-700">{t('team.experienceLabel')}</dt>
                <dd className="mt-1 text-slate-800">{t('team.years', { years: member.experience })}</dd>
              </div>
            </dl>
            {leads.length > 0 && (
              <section className="mt-12 print:mt-4" aria-labelledby="practice">
                <h2 id="practice" className="text-2xl font-semibold text-brand-900">
                  {t('team.practice')}
                </h2>
                <ul className="mt-4 flex flex-wrap gap-3">
                  {leads.map((service) => (
                    <li key={service.slug}>
                      <a href={href(`/services/${service.slug}`)} className="inline-block rounded-full border border-brand-100 bg-brand-50 px-4 py-2 text-brand-800 hover:border-brand-600">
                        {text(service.title)}
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {rankings.length > 0 && (
              <section className="mt-12 print:hidden" aria-labelledby="rankings">
                <h2 id="rankings" className="mb-4 text-2xl font-semibold text-brand-900">
                  {t('rankings.title')}
                </h2>
                <RankingList rankings={rankings} showLawyer={false} />
              </section>
            )}
            {/* The matters and articles are the site's to browse: the printed bio keeps to one page. */}
            <div className="print:hidden">
              <MattersSection matters={matters} filter={`?lawyer=${member._id}`} />
            </div>
            {articles.length > 0 && (
              <section className="mt-12 print:hidden" aria-labelledby="articles">
                <h2 id="articles" className="text-2xl font-semibold text-brand-900">
                  {t('team.articles', { name })}
                </h2>
                <ul className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
                  {articles.map((article) => (
                    <li key={`${article.kind}/${article.slug}`}>
                      <a href={href(`/${article.kind}/${article.slug}`)} className="flex flex-col gap-1 py-4 hover:text-brand-700 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6">
                        <span className="font-display text-lg text-brand-900">{text(article.title)}</span>
                        <time dateTime={article.date} className="shrink-0 text-sm text-slate-600">
                          {site.formatDate(article.date)}
                        </time>
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        </div>
      </Section>
    </>
  );
}
