import { servicesContext } from '../../context.ts';
import { faqPageJsonLd, FaqList } from '../../site/faq-list.tsx';
import { loadOr, withHtml } from '../../site/loading.server.ts';
import { breadcrumbList, JsonLd } from '../../site/seo.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { EmptyState, ErrorBox, PageHeader, Section } from '../../site/ui.tsx';
import { UnofficialTranslation } from '../../site/unofficial-translation.tsx';
import { sectionMeta } from '../../site/list-page.tsx';
import type { Route } from './+types/faq';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  return loadOr(services, 'the questions', async () => {
    const [faqs, offered] = await Promise.all([services.records.faqs.list({ lang, admin: false }), services.records.services.list({ lang, admin: false })]);
    // ?open={id}: the question a search found, opened (without JavaScript too).
    const open = new URL(request.url).searchParams.get('open') ?? '';
    return { faqs: await withHtml(services.records.faqs, faqs, 'answer', lang), services: offered.map((service) => ({ _id: service._id, slug: service.slug, title: service.title })), open };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return sectionMeta(matches, 'faq');
}

/** Every active question, grouped by the service it is about; general questions first. */
export default function Faq({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { t, text, href } = site;
  const header = <PageHeader title={t('faq.title')} subtitle={t('faq.subtitle')} />;
  if (loaderData.failed) {
    return (
      <>
        {header}
        <Section>
          <ErrorBox title={t('faq.error')} />
        </Section>
      </>
    );
  }
  const { faqs, services, open } = loaderData;
  const groups = [
    { key: 'general', title: t('faq.general'), href: undefined, items: faqs.filter((faq) => !services.some((service) => service._id === faq.service)) },
    ...services.map((service) => ({ key: service._id, title: text(service.title), href: href(`/services/${service.slug}`), items: faqs.filter((faq) => faq.service === service._id) })),
  ].filter((group) => group.items.length > 0);
  return (
    <>
      {header}
      <Section>
        {groups.length === 0 ? (
          <EmptyState>{t('faq.empty')}</EmptyState>
        ) : (
          <div className="mx-auto max-w-3xl space-y-12">
            <UnofficialTranslation />
            {groups.map((group) => (
              <section key={group.key} aria-labelledby={`faq-${group.key}`}>
                <h2 id={`faq-${group.key}`} className="mb-4 text-2xl font-bold text-brand-900">
                  {group.href ? (
                    <a href={group.href} className="hover:underline">
                      {group.title}
                    </a>
                  ) : (
                    group.title
                  )}
                </h2>
                <FaqList faqs={group.items} open={open} />
              </section>
            ))}
          </div>
        )}
      </Section>
      {faqs.length > 0 && <JsonLd data={faqPageJsonLd(site, faqs)} />}
      <JsonLd data={breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: t('faq.title'), path: '/faq' }])} />
    </>
  );
}
