import { servicesContext } from '../../context.ts';
import { MatterList } from '../../site/firm-record.tsx';
import { asShown } from '../../site/firm-record-data.ts';
import { loadOr } from '../../site/loading.server.ts';
import { breadcrumbList, JsonLd } from '../../site/seo.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { EmptyState, ErrorBox, PageHeader, Section } from '../../site/ui.tsx';
import { sectionMeta } from '../../site/list-page.tsx';
import type { Route } from './+types/matters';

const ID = /^[0-9a-f]{24}$/;

/** The filters of the address (a plain GET form: no JavaScript needed); anything else is ignored. */
function filtersOf(url: URL) {
  const id = (name: string) => {
    const value = url.searchParams.get(name) ?? '';
    return ID.test(value) ? value : undefined;
  };
  const year = /^\d{4}$/.test(url.searchParams.get('year') ?? '') ? Number(url.searchParams.get('year')) : undefined;
  return { service: id('service'), industry: id('industry'), lawyer: id('lawyer'), year };
}

/** `/matters`: the firm's public matters, filtered by service, industry and year, with the disclaimer. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  const filters = filtersOf(new URL(request.url));
  return loadOr(services, 'matters', async () => {
    const [all, active, industries] = await Promise.all([
      services.records.matters.list({ lang, admin: false }),
      services.records.services.list({ lang, admin: false }),
      services.records.industries.list({ lang, admin: false }),
    ]);
    // The filters of the API's list, applied to the public matters already read (one read for the choices and the list).
    const shown = all.filter(
      (matter) =>
        (!filters.service || matter.services.includes(filters.service)) &&
        (!filters.industry || matter.industries.includes(filters.industry)) &&
        (!filters.lawyer || matter.lawyers.includes(filters.lawyer)) &&
        (filters.year === undefined || matter.year === filters.year),
    );
    return {
      filters,
      // The choices are what the public matters name: no filter leads to an empty list by itself.
      options: {
        services: active.filter((service) => all.some((matter) => matter.services.includes(service._id))).map((service) => ({ _id: service._id, title: service.title })),
        industries: industries.filter((industry) => all.some((matter) => matter.industries.includes(industry._id))).map((industry) => ({ _id: industry._id, title: industry.title })),
        years: [...new Set(all.map((matter) => matter.year))].sort((a, b) => b - a),
      },
      total: all.length,
      matters: await asShown(services, lang, shown),
    };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return sectionMeta(matches, 'matters');
}

export default function Matters({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { text, t, href } = site;
  const select = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900';
  return (
    <>
      <JsonLd data={breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: t('matters.title'), path: '/matters' }])} />
      <PageHeader title={t('matters.title')} subtitle={t('matters.subtitle')} />
      <Section>
        {loaderData.failed ? (
          <ErrorBox title={t('matters.error')} />
        ) : loaderData.total === 0 ? (
          <EmptyState>{t('matters.none')}</EmptyState>
        ) : (
          <>
            <form method="get" action={href('/matters')} className="mb-8 grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-5 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_10rem_auto] lg:items-end">
              <h2 className="sr-only">{t('matters.filter.title')}</h2>
              <label className="block text-sm font-medium text-slate-800">
                {t('matters.filter.service')}
                <select name="service" defaultValue={loaderData.filters.service ?? ''} className={select}>
                  <option value="">{t('matters.filter.any')}</option>
                  {loaderData.options.services.map((service) => (
                    <option key={service._id} value={service._id}>
                      {text(service.title)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="block text-sm font-medium text-slate-800">
                {t('matters.filter.industry')}
                <select name="industry" defaultValue={loaderData.filters.industry ?? ''} className={select}>
                  <option value="">{t('matters.filter.any')}</option>
                  {loaderData.options.industries.map((industry) => (
                    <option key={industry._id} value={industry._id}>
                      {text(industry.title)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="block text-sm font-medium text-slate-800">
                {t('matters.filter.year')}
                <select name="year" defaultValue={loaderData.filters.year === undefined ? '' : String(loaderData.filters.year)} className={select}>
                  <option value="">{t('matters.filter.any')}</option>
                  {loaderData.options.years.map((year) => (
                    <option key={year} value={year}>
                      {year}
                    </option>
                  ))}
                </select>
              </label>
              <div className="flex flex-wrap items-center gap-4">
                <button type="submit" className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800">
                  {t('matters.filter.apply')}
                </button>
                <a href={href('/matters')} className="text-brand-700 underline-offset-4 hover:underline">
                  {t('matters.filter.clear')}
                </a>
              </div>
            </form>
            <p role="status" className="mb-4 text-slate-700">
              {t('matters.found', { count: loaderData.matters.length })}
            </p>
            {loaderData.matters.length === 0 ? <EmptyState>{t('matters.empty')}</EmptyState> : <MatterList matters={loaderData.matters} heading="h2" />}
          </>
        )}
      </Section>
    </>
  );
}
