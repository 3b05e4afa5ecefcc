import { ArrowRight, CircleCheck, Clock } from './lucide.ts';
import type { Service } from '../../domain/services/services.ts';
import type { UiTextKey } from '../i18n/ui-texts.ts';
import { NamedIcon } from './icons.tsx';
import { useSite } from './site-context.tsx';

/** The visitor's name of each service category. */
const CATEGORY_KEYS: Record<Service['category'], UiTextKey> = {
  corporate: 'services.category.corporate',
  family: 'services.category.family',
  realEstate: 'services.category.realEstate',
  criminal: 'services.category.criminal',
  personalInjury: 'services.category.personalInjury',
  estate: 'services.category.estate',
  other: 'services.category.other',
};
export const serviceCategoryKey = (category: Service['category']) => CATEGORY_KEYS[category];

/**
 * A service card: category, duration, title, description, the first 3 features, pricing, link.
 * `compact` (the home page): on a phone only the icon, the title and the link, one short row each
 * service, so that six services are a screen and a half rather than ten; from 640 px the whole card.
 */
export function ServiceCard({ service, heading: Heading = 'h3', compact = false }: { service: Service; heading?: 'h2' | 'h3'; compact?: boolean }) {
  const { text, t, href, config } = useSite();
  const features = service.features.slice(0, 3);
  const duration = text(service.duration);
  const pricing = text(service.pricing);
  const wide = compact ? 'hidden sm:block' : '';
  // On a phone a compact card is one row: icon, title, link.
  return (
    <article className={`h-full rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md ${compact ? 'grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-4 p-4 sm:flex sm:flex-col sm:items-stretch sm:p-6' : 'flex flex-col p-6'}`}>
      <div className={`${compact ? 'hidden sm:flex' : 'flex'} items-center justify-between gap-3 text-sm`}>
        <span className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-700">{t(serviceCategoryKey(service.category))}</span>
        {duration && (
          <span className="inline-flex items-center gap-1 text-slate-600">
            <Clock className="h-4 w-4" aria-hidden="true" />
            {duration}
          </span>
        )}
      </div>
      <div className={compact ? 'contents sm:block' : ''}>
        <span className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-brand-700 text-white ${compact ? 'sm:mt-5' : 'mt-5'}`}>
          <NamedIcon name={service.icon} />
        </span>
        <Heading className={`font-semibold break-words hyphens-auto text-brand-900 ${compact ? 'text-lg sm:mt-4 sm:text-xl' : 'mt-4 text-xl'}`}>{text(service.title)}</Heading>
      </div>
      <p className={`mt-2 text-slate-600 ${wide}`}>{text(service.description)}</p>
      {features.length > 0 && (
        <ul className={`mt-4 space-y-2 text-sm text-slate-700 ${wide}`}>
          {features.map((feature, index) => (
            <li key={index} className="flex gap-2">
              <CircleCheck className="h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
              {text(feature.text)}
            </li>
          ))}
        </ul>
      )}
      <div className={`flex items-end justify-between gap-3 ${compact ? 'sm:mt-auto sm:pt-6' : 'mt-auto pt-6'}`}>
        {pricing && <p className={`font-semibold text-brand-900 ${wide}`}>{pricing}</p>}
        <a href={href(`/services/${(service.slug) || service._id}`)} data-loading={text(config.sections.services.loadingText)} className="ml-auto inline-flex min-h-11 items-center gap-1 whitespace-nowrap font-semibold text-brand-700 hover:underline sm:min-h-0">
          {text(config.sections.services.learnMoreText)}
          <span className="sr-only">: {text(service.title)}</span>
          <ArrowRight className="sr-only h-4 w-4" aria-hidden="true" />
        </a>
      </div>
    </article>
  );
}
