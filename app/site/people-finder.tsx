import { FINDER_FILTERS, type FinderFacets, type FinderFilter, type FinderQuery } from '../../domain/team/finder.ts';
import type { UiTextKey } from '../i18n/ui-texts.ts';
import { useSite } from './site-context.tsx';

/*
 * The people finder on /team: a plain GET form (the public pages run no script, decision 006), so
 * its address is the search — `/team?practice=…&industry=…&language=…` — and can be shared. Each
 * choice says how many lawyers it shows with the other filters kept; the chosen ones stay chosen.
 */

/** The finder's filters in an address (an empty or overlong value is no filter). */
export function finderQueryOf(search: URLSearchParams): FinderQuery {
  const query: FinderQuery = {};
  for (const filter of FINDER_FILTERS) {
    const value = (search.get(filter) ?? '').trim();
    if (value && value.length <= 200) query[filter] = value;
  }
  return query;
}

/** A language's name in the page's language, as a sentence begins ("O‘zbek", "Русский"), from its code. */
function languageName(code: string, lang: string): string {
  let name = code;
  try {
    name = new Intl.DisplayNames([lang, 'en'], { type: 'language', fallback: 'code' }).of(code) ?? code;
  } catch {
    // A code the runtime does not know is shown as it is.
  }
  // The Uzbek ‘ and ’ as the site writes them (ICU's data has the modifier letters).
  const written = name.replace(/ʻ/g, '‘').replace(/ʼ/g, '’');
  return written.charAt(0).toLocaleUpperCase(lang) + written.slice(1);
}

const LABELS: Record<FinderFilter, UiTextKey> = { practice: 'team.finder.practice', industry: 'team.finder.industry', language: 'team.finder.language' };

export function PeopleFinder({ facets, chosen, found }: { facets: FinderFacets; chosen: FinderQuery; found: number }) {
  const { t, text, href, lang } = useSite();
  const filtered = FINDER_FILTERS.some((filter) => chosen[filter]);
  return (
    <form method="get" action={href('/team')} aria-labelledby="finder-title" className="mb-10 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-6 print:hidden">
      <h2 id="finder-title" className="text-lg font-semibold text-brand-900">
        {t('team.finder.title')}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        {FINDER_FILTERS.map((filter) => (
          <div key={filter}>
            <label htmlFor={`finder-${filter}`} className="block text-sm font-medium text-slate-700">
              {t(LABELS[filter])}
            </label>
            <select
              id={`finder-${filter}`}
              name={filter}
              defaultValue={chosen[filter] ?? ''}
              className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600 focus:outline-none"
            >
              <option value="">{t('team.finder.any')}</option>
              {facets[filter].map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {`${filter === 'language' ? languageName(choice.value, lang) : text(choice.title)} (${choice.count})`}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2">
        <button type="submit" className="rounded-md bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 focus:ring-2 focus:ring-brand-600 focus:ring-offset-2 focus:outline-none">
          {t('team.finder.show')}
        </button>
        {filtered && (
          <a href={href('/team')} className="font-medium text-brand-700 underline hover:text-brand-900">
            {t('team.finder.reset')}
          </a>
        )}
        <p className="text-sm text-slate-600">{t('team.finder.found', { count: found })}</p>
      </div>
    </form>
  );
}
