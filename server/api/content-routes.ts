import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { registerRecordRoutes } from './record-routes.ts';

/** Record types whose API is exactly the five common calls (plus slugs for services). */
export async function contentRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  registerRecordRoutes(app, '/team', services.team);
  registerRecordRoutes(app, '/hero', services.hero);
  registerRecordRoutes(app, '/services', services.services, { bySlug: true });
  registerRecordRoutes(app, '/stats', services.stats);
  registerRecordRoutes(app, '/features', services.features);
  registerRecordRoutes(app, '/testimonials', services.testimonials);
  registerRecordRoutes(app, '/ctas', services.ctas);
}
