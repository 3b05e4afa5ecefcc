import type { FastifyInstance } from 'fastify';
import { CONTACT_THANK_YOU } from '../../domain/contacts/contact-service.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf, editorsOnly } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { parseListQuery } from '../http/query.ts';
import { deletedMessage } from './record-routes.ts';

export async function contactRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.post('/contact', async (request, reply) => {
    const created = await services.contacts.submit(request.body, { address: request.ip });
    return reply.status(201).send(ok({ _id: created._id }, { message: CONTACT_THANK_YOU }));
  });

  app.get('/contact', { preHandler: editorsOnly }, async (request) => {
    const parameters = parseListQuery(request.query);
    const page = await services.contacts.listPage({ ...parameters, admin: true, search: parameters.search ?? parameters.q });
    return ok(page.data, { pagination: page.pagination });
  });

  app.get('/contact/counts', { preHandler: editorsOnly }, async () => ok(await services.contacts.countByStatus()));

  // A person's right to their data: everything they sent, or none of it any more.
  // The subscription to alerts (with its consent) is part of it: `subscriptions` beside the requests.
  app.get<{ Querystring: { email?: string } }>('/contact/export', { preHandler: editorsOnly }, async (request) => {
    const requests = await services.contacts.exportByEmail(request.query.email);
    const address = String(request.query.email);
    return { ...ok(requests), subscriptions: await services.subscriptions.byEmail(address), registrations: await services.registrations.byEmail(address) };
  });
  app.delete<{ Querystring: { email?: string } }>('/contact/by-email', { preHandler: editorsOnly }, async (request) => {
    const deleted = await services.contacts.eraseByEmail(request.query.email, actorOf(request));
    const forgotten = await services.subscriptions.eraseByEmail(String(request.query.email));
    const registrations = await services.registrations.eraseByEmail(String(request.query.email));
    await services.outbox.forget([...forgotten.map((id) => `subscribers/${id}`), ...registrations.map((id) => `event-registrations/${id}`)]);
    const also = [forgotten.length ? 'the subscription to alerts' : '', registrations.length ? `${registrations.length} event registrations` : ''].filter(Boolean);
    return ok({ deleted, subscriptions: forgotten.length, registrations: registrations.length }, { message: `${deleted} requests deleted${also.length ? `, and ${also.join(' and ')}` : ''}` });
  });

  app.get<{ Params: { id: string } }>('/contact/:id', { preHandler: editorsOnly }, async (request) => ok(await services.contacts.get(request.params.id)));

  app.put<{ Params: { id: string } }>('/contact/:id', { preHandler: editorsOnly }, async (request) =>
    ok(await services.contacts.setStatus(request.params.id, request.body, actorOf(request)), { message: 'Status updated' }),
  );

  app.delete<{ Params: { id: string } }>('/contact/:id', { preHandler: editorsOnly }, async (request) => {
    await services.contacts.remove(request.params.id, actorOf(request));
    return ok(null, { message: deletedMessage('Submission') });
  });
}
