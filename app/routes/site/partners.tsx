import { Globe, Mail, MapPin } from '../../site/lucide.ts';
import { pickText } from '../../../domain/shared/localized.ts';
import type { UiTextKey } from '../../i18n/ui-texts.ts';
import { servicesContext } from '../../context.ts';
import { NamedIcon } from '../../site/icons.tsx';
import { loadOr } from '../../site/loading.server.ts';
import { siteFromMatches } from '../../site/page-data.ts';
import { Picture } from '../../site/picture.tsx';
import { breadcrumbList, JsonLd, pageMeta } from '../../site/seo.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { EmptyState, ErrorBox, PageHeader, Section } from '../../site/ui.tsx';
import type { Partner } from '../../../domain/partners/partners.ts';
import type { Route } from './+types/partners';

/** The visitor's name of each partnership type. */
const PARTNERSHIP_KEYS: Record<Partner['partnershipType'], UiTextKey> = {
  strategic: 'partners.type.strategic',
  referral: 'partners.type.referral',
  affiliate: 'partners.type.affiliate',
  collaboration: 'partners.type.collaboration',
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  return loadOr(services, 'partners', async () => ({ partners: await services.records.partners.list({ lang, admin: false }) }));
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site) return [];
  const texts = site.config.sections.partners;
  return pageMeta(site, { title: pickText(texts.title, site.lang, site.defaultLanguage), description: pickText(texts.subtitle, site.lang, site.defaultLanguage) });
}

export default function Partners({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { text, t, href, config } = site;
  const texts = config.sections.partners;
  return (
    <>
      <JsonLd data={breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: text(texts.title), path: '/partners' }])} />
      <PageHeader title={text(texts.title)} subtitle={text(texts.subtitle)} />
      {texts.benefits.length > 0 && (
        <Section id="benefits" title={t('partners.why')} className="bg-slate-50">
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {texts.benefits.map((benefit, index) => (
              <li key={index} className="rounded-xl bg-white p-6 text-center shadow-sm">
                <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <NamedIcon name={benefit.icon} className="h-7 w-7" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-brand-900">{text(benefit.title)}</h3>
                <p className="mt-2 text-slate-600">{text(benefit.description)}</p>
              </li>
            ))}
          </ul>
        </Section>
      )}
      <Section id="firms" title={t('partners.firms')}>
        {loaderData.failed ? (
          <ErrorBox title={t('partners.error')} />
        ) : loaderData.partners.length === 0 ? (
          <EmptyState>{t('partners.empty')}</EmptyState>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {loaderData.partners.map((partner) => {
              const name = text(partner.name);
              const specialties = (partner.specialties) ?? [];
              return (
                <li key={partner._id} className="flex flex-col rounded-xl border border-slate-200 p-6">
                  <div className="flex items-center gap-4">
                    <Picture src={partner.logo} alt={name} width={64} height={64} sizes="64px" className="h-16 w-16 rounded-lg border border-slate-100" />
                    <div>
                      <h3 className="text-lg font-semibold text-brand-900">{name}</h3>
                      <p className="text-sm text-slate-600">{text(partner.type)}</p>
                    </div>
                  </div>
                  <p className="mt-4 flex items-center gap-2 text-sm text-slate-600">
                    <MapPin className="h-4 w-4" aria-hidden="true" />
                    {text(partner.location)}
                    {partner.establishedDate ? ` · ${t('partners.established', { year: partner.establishedDate })}` : ''}
                  </p>
                  <p className="mt-3 flex-1 text-slate-700">{text(partner.description)}</p>
                  {specialties.length > 0 && (
                    <ul className="mt-4 flex flex-wrap gap-2">
                      {specialties.map((specialty, index) => (
                        <li key={index} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
                          {text(specialty)}
                        </li>
                      ))}
                    </ul>
                  )}
                  <p className="mt-4 text-sm font-medium text-slate-700">{t(PARTNERSHIP_KEYS[partner.partnershipType])}</p>
                  <div className="mt-3 flex flex-wrap gap-4 text-sm">
                    {typeof partner.website === 'string' && partner.website !== '' && (
                      <a href={partner.website} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-brand-700 hover:underline">
                        <Globe className="h-4 w-4" aria-hidden="true" />
                        {t('common.website')}
                        <span className="sr-only">: {name}</span>
                      </a>
                    )}
                    <a href={`mailto:${partner.email}`} className="inline-flex items-center gap-1 text-brand-700 hover:underline">
                      <Mail className="h-4 w-4" aria-hidden="true" />
                      {partner.email}
                    </a>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
      <section className="bg-brand-800 py-14 text-center text-white" aria-labelledby="partnership">
        <div className="mx-auto max-w-3xl px-4">
          <h2 id="partnership" className="text-3xl font-bold">
            {t('partners.interested')}
          </h2>
          <p className="mt-3 text-lg text-slate-100">{t('partners.interestedText')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a href={href('/contact')} className="rounded-md bg-amber-400 px-6 py-3 font-semibold text-brand-900 hover:bg-amber-300">
              {t('partners.contact')}
            </a>
            <a href={`mailto:${config.contactInfo.email}`} className="rounded-md border border-white px-6 py-3 font-semibold hover:bg-white/10">
              {t('partners.emailUs')}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
