import { blog } from './blog/blog.ts';
import { linkTo } from './documents/document.ts';
import { ctas } from './ctas/ctas.ts';
import { events } from './events/events.ts';
import { faqs } from './faqs/faqs.ts';
import { features } from './features/features.ts';
import { hero } from './hero/hero.ts';
import { industries } from './industries/industries.ts';
import { matters } from './matters/matters.ts';
import { rankings } from './rankings/rankings.ts';
import { news } from './news/news.ts';
import { pages } from './pages/pages.ts';
import { partners } from './partners/partners.ts';
import { services } from './services/services.ts';
import type { RecordOf, RecordType } from './shared/record-type.ts';
import { stats } from './stats/stats.ts';
import { vacancies } from './vacancies/vacancies.ts';
import { team } from './team/team.ts';
import { testimonials } from './testimonials/testimonials.ts';

/**
 * Every record type of the product, in the order the admin lists them. Adding a type is adding
 * its module here (and a migration for its table); the API, the OpenAPI document, the admin
 * screens, the sitemap and the seed follow from its declaration.
 */
export const RECORD_TYPES = [team, news, blog, services, industries, matters, rankings, events, vacancies, stats, features, testimonials, ctas, partners, hero, faqs, pages] as const;

/** The types a document may link to (API-3 "Documents"): each with a page per record, from its `site`. */
const linkableTypes = (types: readonly RecordType[] = RECORD_TYPES): string[] => types.filter((type) => type.site?.detail || type.site?.addressed).map((type) => type.name);
linkTo(linkableTypes());

type Registered = (typeof RECORD_TYPES)[number];
export type RecordTypeName = Registered['name'];
export type TypeNamed<N extends RecordTypeName> = Extract<Registered, { name: N }>;
/** @public The stored record, for code that reads this type. */
export type RecordOfType<N extends RecordTypeName> = RecordOf<TypeNamed<N>>;

export function recordTypeNamed(name: string | undefined): RecordType | undefined {
  return RECORD_TYPES.find((type) => type.name === name);
}
