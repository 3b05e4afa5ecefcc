import { z } from 'zod';
import { FINDER_FILTERS, findTeam, type FinderQuery } from '../../domain/team/finder.ts';
import type { ListQuery } from '../../domain/shared/entity.ts';
import type { AppServices } from '../app-services.ts';

/*
 * The people finder's filters on `GET /api/team` (API-4.md "Uzbek law and the firm's people"), and
 * their counts on `GET /api/team/facets`: the same filters as the /team page, read by
 * domain/team/finder.ts. A lawyer is not a field of a service's filter, so the store cannot answer
 * them with a condition: the team list (a firm's tens of lawyers, no pages) is read whole and found in.
 */

const value = (name: string, what: string) =>
  z
    .string({ error: `${name} must be given once, as text` })
    .max(200, `${name} is too long`)
    .optional()
    .describe(what);

/** The finder's parameters, added to the team list's query. */
export const FINDER_QUERY = {
  practice: value('practice', 'Only lawyers who lead this service (its slug or id)'),
  industry: value('industry', 'Only lawyers who lead a service of this industry (its slug or id)'),
  language: value('language', 'Only lawyers who speak this language (a code: uz, ru, en, de …, read from their "languages spoken")'),
};

/** The finder's filters a parsed query gives (empty values are none). */
export function finderQueryIn(parameters: Record<string, unknown>): FinderQuery | undefined {
  const query: FinderQuery = {};
  for (const filter of FINDER_FILTERS) {
    const given = parameters[filter];
    if (typeof given === 'string' && given.trim()) query[filter] = given.trim();
  }
  return Object.keys(query).length ? query : undefined;
}

/** The lawyers `listQuery` lists that the finder's filters choose, and each filter's choices with their counts. */
export function findIn<M extends { _id: string }>(services: AppServices, team: { list(query: ListQuery): Promise<M[]> }, listQuery: ListQuery, query: FinderQuery) {
  // Whole records: the finder reads their languages, whatever fields the answer keeps.
  const { fields: _fields, ...whole } = listQuery;
  return findTeam({ team, services: services.records.services, industries: services.records.industries }, whole, query);
}

const choice = z.object({ value: z.string().describe('The parameter’s value: a slug, or a language code'), title: z.union([z.string(), z.record(z.string(), z.unknown())]).describe('Its name in every language (a language’s: its code)'), count: z.number().int().describe('Lawyers it shows with the other filters kept') });

/** `GET /api/team/facets`: each filter's choices and how many lawyers each shows. */
export const FACETS_ANSWER = z.object({ practice: z.array(choice), industry: z.array(choice), language: z.array(choice) });

/** The record type whose list the finder filters. */
export const FINDER_TYPE = 'team';
