import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { actorOf, requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';

const SITE_CONFIG_SAVED = 'Site configuration updated successfully!';

export async function siteConfigRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.get('/site-config', async () => ok(await services.siteConfig.get()));
  app.put('/site-config', { preHandler: requireUser }, async (request) =>
    ok(await services.siteConfig.update(request.body, actorOf(request)), { message: SITE_CONFIG_SAVED }),
  );
}
