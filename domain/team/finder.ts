import type { Localized } from '../shared/localized.ts';
import type { ListQuery } from '../shared/entity.ts';
import { spokenLanguages } from './vcard.ts';

/*
 * Finding a lawyer (API-4.md "Uzbek law and the firm's people"): by practice, industry and language
 * spoken. A lawyer's practices are the services they lead (a service's `lead`, as their profile lists
 * them); their industries, the industries that list one of those services (as an industry's page
 * gathers the lawyers who lead its services); their languages, the codes `spokenLanguages` reads in
 * their free-text "languages spoken". A choice is given by a service's or an industry's slug (or
 * id) and by a language code. Each choice counts the lawyers it would show with the other filters
 * kept, so a visitor never picks a choice that shows no one without seeing so.
 */

export const FINDER_FILTERS = ['practice', 'industry', 'language'] as const;
export type FinderFilter = (typeof FINDER_FILTERS)[number];
export type FinderQuery = Partial<Record<FinderFilter, string>>;

interface Member {
  _id: string;
  languages?: unknown;
}
interface Practice {
  _id: string;
  slug: string;
  title: Localized;
  lead?: string | null;
}
interface Industry {
  _id: string;
  slug: string;
  title: Localized;
  services?: readonly string[];
}

/** One choice of a filter: its value in the address, its name (a language's is its code) and how many lawyers it shows. */
interface FinderChoice {
  value: string;
  title: Localized | string;
  count: number;
}
export type FinderFacets = Record<FinderFilter, FinderChoice[]>;

/** What a lawyer is found by: the ids of their practices and industries, the codes of their languages. */
function profileOf(member: Member, practices: readonly Practice[], industries: readonly Industry[]) {
  const practice = practices.filter((service) => service.lead === member._id).map((service) => service._id);
  const industry = industries.filter((sector) => (sector.services ?? []).some((id) => practice.includes(id))).map((sector) => sector._id);
  return { practice, industry, language: spokenLanguages(member.languages) } satisfies Record<FinderFilter, string[]>;
}

/** The id a slug or id names among `records` (undefined: none does, and nothing matches). */
const idOf = (records: ReadonlyArray<{ _id: string; slug: string }>, value: string) => records.find((record) => record.slug === value || record._id === value)?._id ?? '\u0000';

/**
 * The lawyers the filters choose (in the order given) and each filter's choices with their counts.
 * A choice no lawyer has at all is left out, except the one chosen (it shows 0).
 */
function findLawyers<M extends Member>(members: readonly M[], practices: readonly Practice[], industries: readonly Industry[], query: FinderQuery) {
  const profiles = members.map((member) => ({ member, profile: profileOf(member, practices, industries) }));
  const wanted: Partial<Record<FinderFilter, string>> = {};
  if (query.practice) wanted.practice = idOf(practices, query.practice);
  if (query.industry) wanted.industry = idOf(industries, query.industry);
  if (query.language) wanted.language = query.language.toLowerCase();
  const matches = (profile: Record<FinderFilter, string[]>, except?: FinderFilter) =>
    FINDER_FILTERS.every((filter) => filter === except || wanted[filter] === undefined || profile[filter].includes(wanted[filter]));
  const countOf = (filter: FinderFilter, value: string) => profiles.filter(({ profile }) => matches(profile, filter) && profile[filter].includes(value)).length;
  const has = (filter: FinderFilter, value: string) => value === wanted[filter] || profiles.some(({ profile }) => profile[filter].includes(value));
  const choices = (filter: FinderFilter, records: ReadonlyArray<{ _id: string; slug: string; title: Localized }>): FinderChoice[] =>
    records.filter((record) => has(filter, record._id)).map((record) => ({ value: record.slug, title: record.title, count: countOf(filter, record._id) }));
  const codes = [...new Set(profiles.flatMap(({ profile }) => profile.language))];
  if (wanted.language && !codes.includes(wanted.language) && /^[a-z]{2,3}$/.test(wanted.language)) codes.push(wanted.language);
  const facets: FinderFacets = {
    practice: choices('practice', practices),
    industry: choices('industry', industries),
    language: codes.map((code) => ({ value: code, title: code, count: countOf('language', code) })),
  };
  return { members: profiles.filter(({ profile }) => matches(profile)).map(({ member }) => member), facets };
}

interface Lister<T> {
  list(query: ListQuery): Promise<T[]>;
}

/**
 * Reads the lawyers `listQuery` lists, and the services and industries its reader sees (a visitor's: the public ones,
 * with `written` those written in its language), and finds among them.
 */
export async function findTeam<M extends Member>(records: { team: Lister<M>; services: Lister<Practice>; industries: Lister<Industry> }, listQuery: ListQuery, query: FinderQuery) {
  // A service or an industry not written in the page's language is no choice on it, but its lawyers are still found by the others.
  const choicesQuery: ListQuery = { lang: listQuery.lang, admin: listQuery.admin, ...(listQuery.written ? { written: true } : {}) };
  const [members, practices, industries] = await Promise.all([records.team.list(listQuery), records.services.list(choicesQuery), records.industries.list(choicesQuery)]);
  return findLawyers(members, practices, industries, query);
}
