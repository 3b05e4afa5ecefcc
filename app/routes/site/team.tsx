import { Mail, Phone } from '../../site/lucide.ts';
import { pickText } from '../../../domain/shared/localized.ts';
import { servicesContext } from '../../context.ts';
import { loadOr } from '../../site/loading.server.ts';
import { listedIn, siteFromMatches } from '../../site/page-data.ts';
import { Portrait } from '../../site/portrait.tsx';
import { breadcrumbList, JsonLd, pageMeta, previewImage } from '../../site/seo.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { EmptyState, ErrorBox, PageHeader, Section } from '../../site/ui.tsx';
import { shownRankings } from '../../site/firm-record-data.ts';
import { RankingList } from '../../site/firm-record.tsx';
import type { Route } from './+types/team';
import { telHref } from '../../../domain/shared/phone.ts';
import { findTeam } from '../../../domain/team/finder.ts';
import { finderQueryOf, PeopleFinder } from '../../site/people-finder.tsx';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  const chosen = finderQueryOf(new URL(request.url).searchParams);
  return loadOr(services, 'team members', async () => {
    const [found, rankings] = await Promise.all([findTeam(services.records, listedIn(lang), chosen), shownRankings(services, lang)]);
    return { members: found.members, facets: found.facets, chosen, rankings };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site) return [];
  const texts = site.config.sections.team;
  return pageMeta(site, { title: pickText(texts.title, site.lang, site.defaultLanguage), description: pickText(texts.subtitle, site.lang, site.defaultLanguage) });
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { text, t, href, config } = site;
  const texts = config.sections.team;
  const members = loaderData.failed ? [] : loaderData.members;
  const filtered = !loaderData.failed && Object.values(loaderData.chosen).some(Boolean);
  return (
    <>
      <JsonLd
        data={[
          breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: text(texts.title), path: '/team' }]),
          ...members.map((member) => ({
            '@context': 'https://schema.org',
            '@type': 'Person',
            name: text(member.name),
            url: site.publicUrl + href(`/team/${member.slug}`),
            jobTitle: text(member.position),
            description: text(member.bio),
            email: member.email,
            telephone: member.phone,
            ...(member.image ? { image: previewImage(site, member.image)?.url } : {}),
            ...(member.linkedin ? { sameAs: [member.linkedin] } : {}),
            worksFor: { '@id': `${site.publicUrl}/#firm` },
          })),
        ]}
      />
      <PageHeader title={text(texts.title)} subtitle={text(texts.subtitle)} />
      <Section>
        {!loaderData.failed && <PeopleFinder facets={loaderData.facets} chosen={loaderData.chosen} found={members.length} />}
        {loaderData.failed ? (
          <ErrorBox title={t('team.error')} />
        ) : members.length === 0 ? (
          <EmptyState>
            {filtered ? (
              <>
                {t('team.finder.none')}{' '}
                <a href={href('/team')} className="font-semibold text-brand-700 underline">
                  {t('team.finder.reset')}
                </a>
              </>
            ) : (
              t('team.empty')
            )}
          </EmptyState>
        ) : (
          <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
            {members.map((member) => {
              const name = text(member.name);
              return (
                <li key={member._id} className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
                  {/* Every card has its picture at one size: the photograph, or its placeholder until there is one. */}
                  <a href={href(`/team/${member.slug}`)} tabIndex={-1} aria-hidden="true">
                    <Portrait name={name} image={member.image || undefined} wide sizes="(min-width: 1280px) 384px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 100vw" />
                  </a>
                  <div className="flex flex-1 flex-col p-6">
                    <h2 className="text-xl font-semibold text-brand-900">
                      <a href={href(`/team/${member.slug}`)} className="hover:text-brand-700 hover:underline">
                        {name}
                      </a>
                    </h2>
                    <p className="font-medium text-brand-700">{text(member.position)}</p>
                    <p className="mt-2 text-sm text-slate-600">
                      {text(member.specialization)} · {t('team.experience', { years: member.experience })}
                    </p>
                    {/* The whole story is on the profile. */}
                    <p className="mt-3 line-clamp-3 text-slate-700">{text(member.bio)}</p>
                    <p className="mt-3 text-sm text-slate-600">
                      <span className="font-semibold">{t('team.education')}: </span>
                      {text(member.education)}
                    </p>
                    <ul className="mt-auto space-y-1 pt-4 text-sm">
                      <li>
                        <a href={`mailto:${member.email}`} className="inline-flex items-center gap-2 text-brand-700 hover:underline">
                          <Mail className="h-4 w-4" aria-hidden="true" />
                          {member.email}
                        </a>
                      </li>
                      <li>
                        <a href={telHref(member.phone)} className="inline-flex items-center gap-2 text-brand-700 hover:underline">
                          <Phone className="h-4 w-4" aria-hidden="true" />
                          {member.phone}
                        </a>
                      </li>
                      {typeof member.linkedin === 'string' && member.linkedin !== '' && (
                        <li>
                          <a href={member.linkedin} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
                            {t('team.linkedin', { name })}
                          </a>
                        </li>
                      )}
                    </ul>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
      {!loaderData.failed && loaderData.rankings.length > 0 && (
        <Section id="rankings" title={t('rankings.title')} className="bg-slate-50">
          <RankingList rankings={loaderData.rankings} />
        </Section>
      )}
      <section className="bg-brand-800 py-14 text-center text-white" aria-labelledby="team-cta">
        <div className="mx-auto max-w-3xl px-4">
          <h2 id="team-cta" className="text-3xl font-bold">
            {t('team.cta.title')}
          </h2>
          <p className="mt-3 text-lg text-slate-100">{t('team.cta.text')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a href={href('/contact')} className="rounded-md bg-amber-400 px-6 py-3 font-semibold text-brand-900 hover:bg-amber-300">
              {t('team.cta.contact')}
            </a>
            <a href={telHref(config.contactInfo.phone)} className="rounded-md border border-white px-6 py-3 font-semibold hover:bg-white/10">
              {t('team.cta.call', { phone: config.contactInfo.phone })}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
