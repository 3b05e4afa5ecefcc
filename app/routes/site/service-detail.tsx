import { ArrowLeft, CircleCheck } from 'lucide-react';
import type { Localized } from '../../../domain/shared/localized.ts';
import { pickText } from '../../../domain/shared/localized.ts';
import { servicesContext } from '../../context.ts';
import { NamedIcon } from '../../site/icons.tsx';
import { siteFromMatches } from '../../site/page-data.ts';
import { Picture } from '../../site/picture.tsx';
import { faqPageJsonLd, FaqList } from '../../site/faq-list.tsx';
import { breadcrumbList, JsonLd, pageMeta } from '../../site/seo.tsx';
import { serviceCategoryKey } from '../../site/service-card.tsx';
import { useSite } from '../../site/site-context.tsx';
import { loadOr } from '../../site/loading.server.ts';
import { pageContext } from '../../site/site-data.server.ts';
import { ErrorBox, PageHeader, Section } from '../../site/ui.tsx';
import type { Route } from './+types/service-detail';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services } = await pageContext(context.get(servicesContext), params.lang, request);
  // SPEC.md: a 24-hex parameter is an id, anything else a slug.
  return loadOr(services, 'a service', async () => {
    const service = await services.records.services.getBySlugOrId(params.key, { admin: false });
    return { service, faqs: await services.records.faqs.list({ lang: 'uz', admin: false, service: service._id }) };
  });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const service = loaderData && !loaderData.failed ? loaderData.service : undefined;
  if (!site || !service) return [];
  const text = (value: Localized) => pickText(value, site.lang, site.defaultLanguage);
  return pageMeta(site, { title: text(service.title), description: text(service.description), image: service.image, type: 'website' });
}

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { text, t, href, config } = site;
  if (loaderData.failed) {
    return (
      <>
        <PageHeader title={text(config.sections.services.title)} />
        <Section>
          <ErrorBox title={t('services.error')} />
        </Section>
      </>
    );
  }
  const { service, faqs } = loaderData;
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
            <p className="whitespace-pre-line text-lg leading-relaxed text-slate-700">{text(service.description)}</p>
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
            <a href={`${href('/contact')}?service=${encodeURIComponent(title)}`} className="mt-6 block rounded-md bg-brand-700 px-4 py-3 text-center font-semibold text-white hover:bg-brand-800">
              {t('services.askAbout')}
            </a>
          </aside>
        </div>
      </Section>
    </>
  );
}
