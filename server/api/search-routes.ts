import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppServices } from '../app-services.ts';
import { ok } from '../http/envelope.ts';
import { langParam, parseQuery } from '../http/query.ts';

const SEARCH_QUERY = z.object({
  q: z.string({ error: 'q must be given once, as text: the words to find' }).max(200, 'q is too long: use at most 200 characters').default(''),
  lang: langParam,
});

/** GET /api/search?q=&lang=: the site's search (public; cached like every public read, dropped on a save of what it read). */
export async function searchRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.get('/search', async (request) => {
    const { q, lang } = parseQuery(request.query, SEARCH_QUERY);
    return ok(await services.siteSearch.search(q, lang));
  });
}
