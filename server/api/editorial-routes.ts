import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../domain/shared/errors.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf, editorsOnly, requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';

/**
 * Editorial calls beside the records: preview links, redirects and the not-found log, and what the
 * schedule publishes next.
 */
export async function editorialRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.addHook('preHandler', requireUser);

  /** A path is live when the site answers it with a page (200) now. */
  const isLive = async (path: string) => {
    const response = await app.inject({ method: 'GET', url: encodeURI(path) });
    return response.statusCode === 200;
  };

  app.post('/preview', async (request, reply) => {
    const body = (request.body ?? {}) as { lang?: unknown };
    const [languages, defaultLanguage] = await Promise.all([services.languages.list({ admin: false }), services.languages.defaultLanguage()]);
    const lang = body.lang === undefined || body.lang === '' ? defaultLanguage : body.lang;
    if (typeof lang !== 'string' || !languages.some((language) => language.code === lang)) {
      throw badRequest(`Language must be one of the site's active languages: ${languages.map((language) => language.code).join(', ')}`);
    }
    const { token, expiresAt } = await services.previews.create(request.body, actorOf(request));
    const path = `${lang === defaultLanguage ? '' : `/${lang}`}/preview/${token}`;
    return reply.status(201).send(ok({ url: services.publicUrl + path, path, expiresAt }, { message: 'Preview link created' }));
  });

  app.get('/admin/schedule', async () => ok({ timeZone: services.timeZone, upcoming: await services.schedule.upcoming(10) }));

  app.get('/redirects', { preHandler: editorsOnly }, async () => ok(await services.redirects.list()));
  app.post('/redirects', { preHandler: editorsOnly }, async (request, reply) => reply.status(201).send(ok(await services.redirects.create(request.body, isLive, actorOf(request)), { message: 'Redirect created' })));
  app.put<{ Params: { id: string } }>('/redirects/:id', { preHandler: editorsOnly }, async (request) => ok(await services.redirects.update(request.params.id, request.body, isLive, actorOf(request)), { message: 'Redirect updated' }));
  app.delete<{ Params: { id: string } }>('/redirects/:id', { preHandler: editorsOnly }, async (request) => {
    await services.redirects.remove(request.params.id, actorOf(request));
    return ok(null, { message: 'Redirect deleted' });
  });
  app.get('/redirects/export', { preHandler: editorsOnly }, async (_request, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="redirects.csv"')
      .send(`\uFEFF${await services.redirects.exportCsv()}`),
  );
  app.post('/redirects/import', { preHandler: editorsOnly }, async (request) => {
    const result = await services.redirects.importCsv(request.body, isLive, actorOf(request));
    return ok(result, { message: `Redirects imported: ${result.created} new, ${result.updated} changed` });
  });
  app.get('/redirects/not-found', { preHandler: editorsOnly }, async () => ok(await services.redirects.notFoundLog()));
  app.delete('/redirects/not-found', { preHandler: editorsOnly }, async (request) => {
    const path = (request.body as { path?: unknown } | undefined)?.path;
    if (typeof path !== 'string' || !path.startsWith('/')) throw badRequest('Give the "path" to remove from the log');
    await services.redirects.dismissNotFound(path);
    return ok(null, { message: 'Removed from the list' });
  });
}
