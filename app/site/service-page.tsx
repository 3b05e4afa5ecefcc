import { DocumentBody } from './document-body.tsx';
import { ArrowLeft, CircleCheck } from './lucide.ts';
import type { Service } from '../../domain/services/services.ts';
import { pickText, type Localized } from '../../domain/shared/localized.ts';
import { NamedIcon } from './icons.tsx';
import type { SiteData } from './site-data.server.ts';
import { Picture } from './picture.tsx';
import { Avatar } from './portrait.tsx';
import { faqPageJsonLd, FaqList, type ShownFaq } from './faq-list.tsx';
import { breadcrumbList, JsonLd, pageMeta } from './seo.tsx';
import { serviceCategoryKey } from './service-card.tsx';
import { useSite } from './site-context.tsx';
import { PageHeader, Section } from './ui.tsx';
import { MattersSection, type ShownMatter } from './firm-record.tsx';

export function serviceMeta(site: SiteData | undefined, service: Service | undefined, languages?: readonly string[]) {
  if (!site || !service) return [];
  const text = (value: Localized) => pickText(value, site.lang, site.defaultLanguage);
  return pageMeta(site, { title: text(service.title), description: text(service.description), image: service.image, type: 'website', languages });
}

/** A service's own page: its description, features, facts and questions (also its preview). */
/** The lawyer who leads a service, as its page shows them. */
export interface ServiceLead {
  slug: string;
  name: Localized;
  position: Localized;
  /** Their photo, or '' while there is none. */
  image: string;
}

export function ServicePage({ service, html, faqs, lead, matters = [] }: { service: Service; html: string; faqs: ShownFaq[]; lead?: ServiceLead; matters?: ShownMatter[] }) {
  const site = useSite();
  const { text, t, href, config } = site;
  const title = text(service.title);
  const features = service.features;
  const facts = [
    [t('services.category'), t(serviceCategoryKey(service.category))],
    [t('services.duration'), text(service.duration)],
    [t('services.pricing'), text(service.pricing)],
  ].filter(([, value]) => value);
  return (
    <>
      <JsonLd
        data={[
          breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: text(config.sections.services.title), path: '/services' }, { name: title, path: `/services/${service.slug}` }]),
          { '@context': 'https://schema.org', '@type': 'Service', name: title, description: text(service.description), provider: { '@id': `${site.publicUrl}/#firm` }, areaServed: 'UZ' },
          ...(faqs.length ? [faqPageJsonLd(site, faqs)] : []),
        ]}
      />
      <PageHeader title={title}>
        <a href={href('/services')} className="mt-6 inline-flex items-center gap-2 text-slate-100 hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          {t('services.back')}
        </a>
      </PageHeader>
      <Section>
        <div className="grid gap-10 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <Picture src={service.image} alt="" width={800} height={450} sizes="(min-width: 1024px) 66vw, 100vw" eager className="mb-8 aspect-video w-full rounded-xl" />
            <DocumentBody html={html} />
            {features.length > 0 && (
              <>
                <h2 className="mt-10 text-2xl font-bold text-brand-900">{t('services.keyFeatures')}</h2>
                <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                  {features.map((feature, index) => (
                    <li key={index} className="flex gap-2 rounded-lg bg-slate-50 p-4">
                      <CircleCheck className="h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
                      {text(feature.text)}
                    </li>
                  ))}
                </ul>
              </>
            )}
            <MattersSection matters={matters} filter={`?service=${service._id}`} />
            {faqs.length > 0 && (
              <section aria-labelledby="service-faq" className="mt-10">
                <h2 id="service-faq" className="mb-4 text-2xl font-bold text-brand-900">
                  {t('faq.forService')}
                </h2>
                <FaqList faqs={faqs} />
              </section>
            )}
          </div>
          <aside className="h-fit rounded-xl border border-slate-200 p-6">
            <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-brand-700 text-white">
              <NamedIcon name={service.icon} />
            </span>
            <dl className="mt-6 space-y-4">
              {facts.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-sm text-slate-600">{label}</dt>
                  <dd className="font-semibold text-brand-900">{value}</dd>
                </div>
              ))}
            </dl>
            {lead && (
              <div className="mt-6 border-t border-slate-200 pt-6">
                <p className="text-sm text-slate-600">{t('services.lead')}</p>
                <a href={href(`/team/${lead.slug}`)} className="mt-2 flex items-center gap-3 hover:text-brand-700">
                  <Avatar name={text(lead.name)} image={lead.image || undefined} />
                  <span>
                    <span className="block font-semibold text-brand-900 underline-offset-4 hover:underline">{text(lead.name)}</span>
                    <span className="block text-sm text-slate-600">{text(lead.position)}</span>
                  </span>
                </a>
              </div>
            )}
            <a href={`${href('/contact')}?service=${encodeURIComponent(title)}`} className="mt-6 block rounded-md bg-brand-700 px-4 py-3 text-center font-semibold text-white hover:bg-brand-800">
              {t('services.askAbout')}
            </a>
          </aside>
        </div>
      </Section>
    </>
  );
}
