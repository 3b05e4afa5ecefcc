import { servicesContext } from '../../context.ts';
import { siteFromMatches } from '../../site/page-data.ts';
import { ServicePage, serviceMeta } from '../../site/service-page.tsx';
import { useSite } from '../../site/site-context.tsx';
import { loadOr, pageLanguagesOf, withHtml } from '../../site/loading.server.ts';
import { pageContext } from '../../site/site-data.server.ts';
import { besideLimit, shownMatters } from '../../site/firm-record-data.ts';
import { ErrorBox, PageHeader, Section } from '../../site/ui.tsx';
import type { Route } from './+types/service-detail';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang, defaultLanguage } = await pageContext(context.get(servicesContext), params.lang, request);
  // SPEC.md: a 24-hex parameter is an id, anything else a slug.
  return loadOr(services, 'a service', async () => {
    const service = await services.records.services.getBySlugOrId(params.key, { admin: false });
    const languages = await pageLanguagesOf(services, services.records.services.type, service, lang, defaultLanguage);
    const [faqs, lead, matters] = await Promise.all([
      services.records.faqs.list({ lang: 'uz', admin: false, service: service._id }),
      service.lead ? services.records.team.get(service.lead, { admin: false }).catch(() => undefined) : undefined,
      shownMatters(services, lang, { service: service._id }, besideLimit),
    ]);
    return {
      service,
      languages,
      html: await services.records.services.html(service, 'description', lang),
      faqs: await withHtml(services.records.faqs, faqs, 'answer', lang),
      lead: lead ? { slug: lead.slug, name: lead.name, position: lead.position, image: lead.image || '' } : undefined,
      matters,
    };
  });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return serviceMeta(siteFromMatches(matches), loaderData && !loaderData.failed ? loaderData.service : undefined, loaderData && !loaderData.failed ? loaderData.languages : undefined);
}

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const { text, t, config } = useSite();
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
  return <ServicePage service={loaderData.service} html={loaderData.html} faqs={loaderData.faqs} lead={loaderData.lead} matters={loaderData.matters} />;
}
