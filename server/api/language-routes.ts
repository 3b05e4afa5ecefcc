import type { FastifyInstance } from 'fastify';
import type { StoredRecord } from '../../domain/shared/entity.ts';
import type { AppServices } from '../app-services.ts';
import { z } from 'zod';
import { transliterationBetween } from '../../domain/languages/uzbek-script.ts';
import { assertObject, parseOrThrow } from '../../domain/shared/validation.ts';
import { actorOf, adminsOnly, assertAdminRead, requireUser } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { BaseQuerySchema, flagParam, parseQuery } from '../http/query.ts';

const LANGUAGE_QUERY = BaseQuerySchema.extend({ active: flagParam('active') });
import { deletedMessage } from './record-routes.ts';

/** SPEC.md: a language's isActive is "also read as active". */
const withAlias = (record: StoredRecord) => ({ ...record, active: record.isActive });

const TRANSLITERATION = z.object({
  text: z.string({ error: 'text must be the text to convert' }).max(100_000, 'text is too long: convert at most 100,000 characters at a time'),
  from: z.enum(['uz-Latn', 'uz-Cyrl'], { error: 'from must be uz-Latn or uz-Cyrl' }),
  to: z.enum(['uz-Latn', 'uz-Cyrl'], { error: 'to must be uz-Latn or uz-Cyrl' }),
});

export async function languageRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  const { languages } = services;

  /** Uzbek text from Latin to Cyrillic script or back (API-2.md "Translation"). */
  app.post('/transliterate', { preHandler: requireUser }, async (request) => {
    const { text, from, to } = parseOrThrow(TRANSLITERATION, assertObject(request.body));
    return ok({ text: transliterationBetween(from, to)?.(text) ?? text });
  });

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
