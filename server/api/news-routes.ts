import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { assertAdminRead } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { parseListQuery } from '../http/query.ts';
import { distinctTexts } from '../../domain/shared/list-filters.ts';
import { registerRecordRoutes, toListQuery } from './record-routes.ts';

export const NEWS_PAGE_SIZE = 10;
export const BLOG_PAGE_SIZE = 6;
export const BLOG_SEARCH_PAGE_SIZE = 10;

export async function newsRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.get('/news/categories', async (request) => {
    const parameters = parseListQuery(request.query);
    const admin = assertAdminRead(request, parameters.admin);
    const records = await services.news.list({ lang: parameters.lang, admin });
    return ok(distinctTexts(records, 'category', parameters.lang, await services.languages.defaultLanguage()));
  });
  registerRecordRoutes(app, '/news', services.news, { pageSize: NEWS_PAGE_SIZE, bySlug: true, countViews: true });
}

export async function blogRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  for (const [route, field] of [['/blog/categories', 'category'], ['/blog/tags', 'tags']] as const) {
    app.get(route, async (request) => {
      const parameters = parseListQuery(request.query);
      const admin = assertAdminRead(request, parameters.admin);
      const records = await services.blog.list({ lang: parameters.lang, admin });
      return ok(distinctTexts(records, field, parameters.lang, await services.languages.defaultLanguage()));
    });
  }
  app.get('/blog/search', async (request) => {
    const parameters = parseListQuery(request.query);
    const admin = assertAdminRead(request, parameters.admin);
    const page = await services.blog.listPage({ ...toListQuery(parameters, admin), search: parameters.q ?? parameters.search ?? '' }, BLOG_SEARCH_PAGE_SIZE);
    return ok(page.data, { pagination: page.pagination });
  });
  registerRecordRoutes(app, '/blog', services.blog, { pageSize: BLOG_PAGE_SIZE, bySlug: true, countViews: true });
}
