import type { FastifyInstance } from 'fastify';
import { PARTNERSHIP_TYPES } from '../../domain/partners/partner-schema.ts';
import type { AppServices } from '../app-services.ts';
import { assertAdminRead } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { parseListQuery } from '../http/query.ts';
import { distinctTexts } from '../../domain/shared/list-filters.ts';
import { registerRecordRoutes } from './record-routes.ts';

export async function partnerRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.get('/partners/types', async (request) => {
    const parameters = parseListQuery(request.query);
    const admin = assertAdminRead(request, parameters.admin);
    const records = await services.partners.list({ lang: parameters.lang, admin });
    return ok(distinctTexts(records, 'type', parameters.lang, await services.languages.defaultLanguage()));
  });
  app.get('/partners/partnership-types', async () => ok([...PARTNERSHIP_TYPES]));
  registerRecordRoutes(app, '/partners', services.partners);
}
