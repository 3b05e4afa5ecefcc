import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppServices } from '../app-services.ts';
import { ok } from '../http/envelope.ts';
import { langParam, parseQuery } from '../http/query.ts';
import { route } from '../http/route.ts';
import { searchedTypes } from '../../domain/site/site-pages.ts';

const SEARCH_QUERY = z.object({
  q: z.string({ error: 'q must be given once, as text: the words to find' }).max(200, 'q is too long: use at most 200 characters').default('').describe('The words to find (2 to 200 characters; shorter finds nothing)'),
  lang: langParam.describe('The language of the hits’ titles, excerpts and addresses (default uz)'),
});

const HIT = z.object({
  type: z.enum(searchedTypes().map((type) => type.name) as [string, ...string[]]),
  _id: z.string(),
  slug: z.string(),
  title: z.string().describe('In lang, with fallback'),
  excerpt: z.string().describe('The summary in lang, or the passage of the text where the words were found'),
  url: z.string().describe('The page in lang, a site path such as /ru/news/{slug}'),
});

/** GET /api/search?q=&lang=: the site's search (public; cached like every public read, dropped on a save of what it read). */
export async function searchRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  route(app, {
    method: 'GET',
    url: '/search',
    operationId: 'searchSite',
    summary:
      'Published news, blog posts, services and active lawyers containing the words, best matches first (title, then summary, then text; newest first among equals); an Uzbek query in Cyrillic finds Latin text and the reverse; every apostrophe form of oʻ and gʻ is one letter',
    tags: ['Search'],
    access: 'public',
    query: SEARCH_QUERY,
    answers: { 200: { description: 'At most 40 hits', data: z.array(HIT) } },
    errors: [400],
    handler: async (request) => {
      const { q, lang } = parseQuery(request.query, SEARCH_QUERY);
      return ok(await services.siteSearch.search(q, lang));
    },
  });
}
