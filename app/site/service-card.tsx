import { ArrowRight, CircleCheck, Clock } from 'lucide-react';
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

/** A service card: category, duration, title, description, the first 3 features, pricing, link. */
export function ServiceCard({ service, heading: Heading = 'h3' }: { service: Service; heading?: 'h2' | 'h3' }) {
  const { text, t, href, config } = useSite();
  const features = service.features.slice(0, 3);
  const duration = text(service.duration);
  const pricing = text(service.pricing);
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition hover:shadow-md">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-700">{t(serviceCategoryKey(service.category))}</span>
        {duration && (
          <span className="inline-flex items-center gap-1 text-slate-600">
            <Clock className="h-4 w-4" aria-hidden="true" />
            {duration}
          </span>
        )}
      </div>
      <span className="mt-5 flex h-12 w-12 items-center justify-center rounded-lg bg-brand-700 text-white">
        <NamedIcon name={service.icon} />
      </span>
      <Heading className="mt-4 text-xl font-semibold text-brand-900">{text(service.title)}</Heading>
      <p className="mt-2 text-slate-600">{text(service.description)}</p>
      {features.length > 0 && (
        <ul className="mt-4 space-y-2 text-sm text-slate-700">
          {features.map((feature, index) => (
            <li key={index} className="flex gap-2">
              <CircleCheck className="h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
              {text(feature.text)}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto flex items-end justify-between gap-3 pt-6">
        {pricing && <p className="font-semibold text-brand-900">{pricing}</p>}
        <a href={href(`/services/${(service.slug) || service._id}`)} data-loading={text(config.sections.services.loadingText)} className="ml-auto inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
          {text(config.sections.services.learnMoreText)}
          <span className="sr-only">: {text(service.title)}</span>
          <ArrowRight className="sr-only h-4 w-4" aria-hidden="true" />
        </a>
      </div>
    </article>
  );
}
