import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { actorOf, adminsOnly } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';

const SITE_CONFIG_SAVED = 'Site configuration updated successfully!';

export async function siteConfigRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.get('/site-config', async () => ok(await services.siteConfig.get()));
  app.put('/site-config', { preHandler: adminsOnly }, async (request) =>
    ok(await services.siteConfig.update(request.body, actorOf(request)), { message: SITE_CONFIG_SAVED }),
  );
  // Fills the empty texts of one language from another, as a record's copy-language does.
  app.post('/site-config/copy-language', { preHandler: adminsOnly }, async (request) => {
    const languages = (await services.languages.list({ admin: true })).map((language) => String(language.code));
    return ok(await services.siteConfig.copyLanguage(request.body, languages, actorOf(request)), { message: SITE_CONFIG_SAVED });
  });
  app.get('/site-config/versions', { preHandler: adminsOnly }, async () => ok(await services.siteConfig.versions()));
  app.get<{ Params: { version: string } }>('/site-config/versions/:version', { preHandler: adminsOnly }, async (request) =>
    ok(await services.siteConfig.version(/^\d{1,9}$/.test(request.params.version) ? Number(request.params.version) : 0)),
  );
  app.post<{ Params: { version: string } }>('/site-config/versions/:version/restore', { preHandler: adminsOnly }, async (request) =>
    ok(await services.siteConfig.restore(/^\d{1,9}$/.test(request.params.version) ? Number(request.params.version) : 0, actorOf(request)), { message: SITE_CONFIG_SAVED }),
  );
}
