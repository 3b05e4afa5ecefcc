import type { FastifyInstance } from 'fastify';
import type { StoredRecord } from '../../domain/shared/entity.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf, adminsOnly, assertAdminRead } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { BaseQuerySchema, flagParam, parseQuery } from '../http/query.ts';

const LANGUAGE_QUERY = BaseQuerySchema.extend({ active: flagParam('active') });
import { deletedMessage } from './record-routes.ts';

/** SPEC.md: a language's isActive is "also read as active". */
const withAlias = (record: StoredRecord) => ({ ...record, active: record.isActive });

export async function languageRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { languages } = services;

  app.get('/languages', async (request) => {
    const parameters = parseQuery(request.query, LANGUAGE_QUERY);
    // Visitors see active languages; a signed-in admin sees all unless active=true|false narrows it.
    const admin = Boolean(request.user) && (parameters.admin ?? true);
    assertAdminRead(request, parameters.admin);
    return ok((await languages.list({ admin, active: parameters.active })).map(withAlias));
  });

  app.get<{ Params: { id: string } }>('/languages/:id', async (request) =>
    ok(withAlias(await languages.get(request.params.id, { admin: Boolean(request.user) }))),
  );

  app.post('/languages', { preHandler: adminsOnly }, async (request, reply) =>
    reply.status(201).send(ok(withAlias(await languages.create(request.body, actorOf(request))), { message: 'Language created' })),
  );

  app.put<{ Params: { id: string } }>('/languages/:id', { preHandler: adminsOnly }, async (request) =>
    ok(withAlias(await languages.update(request.params.id, request.body, actorOf(request))), { message: 'Language updated' }),
  );

  app.delete<{ Params: { id: string } }>('/languages/:id', { preHandler: adminsOnly }, async (request) => {
    await languages.remove(request.params.id, actorOf(request));
    return ok(null, { message: deletedMessage('Language') });
  });
}
