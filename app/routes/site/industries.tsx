import { servicesContext } from '../../context.ts';
import { loadOr } from '../../site/loading.server.ts';
import { listedIn } from '../../site/page-data.ts';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { ListPage, ReadMore, sectionMeta } from '../../site/list-page.tsx';
import type { Route } from './+types/industries';

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  return loadOr(services, 'industries', async () => {
    const [industries, active] = await Promise.all([services.records.industries.list(listedIn(lang)), services.records.services.list(listedIn(lang))]);
    const titles = new Map(active.map((service) => [service._id, service.title]));
    // The list shows each industry's name and its services' names: not its description's document.
    return { industries: industries.map((industry) => ({ _id: industry._id, slug: industry.slug, title: industry.title, services: industry.services.filter((id) => titles.has(id)).map((id) => titles.get(id)!) })) };
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return sectionMeta(matches, 'industries');
}

export default function Industries({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { text, t, href } = site;
  const shown = loaderData.failed ? [] : loaderData.industries;
  return (
    <ListPage path="/industries" title={t('industries.title')} subtitle={t('industries.subtitle')} failed={loaderData.failed} error={t('industries.error')} empty={shown.length === 0 && t('industries.empty')}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((industry) => (
          <li key={industry._id}>
            <a href={href(`/industries/${industry.slug}`)} className="group flex h-full flex-col rounded-xl border border-slate-200 p-6 hover:border-brand-600 hover:shadow-md">
              <h2 className="text-xl font-semibold text-brand-900 group-hover:text-brand-700">{text(industry.title)}</h2>
              {industry.services.length > 0 && <p className="mt-2 text-sm text-slate-600">{industry.services.map((title) => text(title)).join(' · ')}</p>}
              <ReadMore name={text(industry.title)} />
            </a>
          </li>
        ))}
      </ul>
    </ListPage>
  );
}
