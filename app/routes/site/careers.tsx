import { Clock, MapPin } from '../../site/lucide.ts';
import { servicesContext } from '../../context.ts';
import { loadOr } from '../../site/loading.server.ts';
import { listedIn } from '../../site/page-data.ts';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { ListPage, ReadMore, sectionMeta } from '../../site/list-page.tsx';
import type { Route } from './+types/careers';

/** `/careers`: the open vacancies, closing soonest first (a closed one has left the list). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  return loadOr(services, 'vacancies', async () => ({
    vacancies: (await services.records.vacancies.list(listedIn(lang))).map(({ _id, slug, title, practice, location, employmentType, closesAt }) => ({ _id, slug, title, practice, location, employmentType, closesAt })),
  }));
}

export function meta({ matches }: Route.MetaArgs) {
  return sectionMeta(matches, 'careers');
}

export default function Careers({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { text, t, href } = site;
  const shown = loaderData.failed ? [] : loaderData.vacancies;
  return (
    <ListPage path="/careers" title={t('careers.title')} subtitle={t('careers.subtitle')} failed={loaderData.failed} error={t('careers.error')} empty={shown.length === 0 && t('careers.empty')}>
      <ul className="grid gap-6 md:grid-cols-2">
        {shown.map((vacancy) => (
          <li key={vacancy._id}>
            <a href={href(`/careers/${vacancy.slug}`)} className="group flex h-full flex-col rounded-xl border border-slate-200 p-6 hover:border-brand-600 hover:shadow-md">
              {text(vacancy.practice) && <p className="text-sm font-semibold uppercase tracking-wide text-accent-700">{text(vacancy.practice)}</p>}
              <h2 className="mt-1 text-xl font-semibold text-brand-900 group-hover:text-brand-700">{text(vacancy.title)}</h2>
              <p className="mt-3 flex items-center gap-2 text-slate-700">
                <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
                {text(vacancy.location)} · {t(`careers.type.${vacancy.employmentType}`)}
              </p>
              <p className="mt-1 flex items-center gap-2 text-slate-700">
                <Clock className="h-4 w-4 shrink-0" aria-hidden="true" />
                {t('careers.closes', { date: site.formatDate(vacancy.closesAt) })}
              </p>
              <ReadMore name={text(vacancy.title)} />
            </a>
          </li>
        ))}
      </ul>
    </ListPage>
  );
}
