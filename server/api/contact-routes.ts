import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONTACT_KINDS } from '../../domain/contacts/contact-schema.ts';
import { CONTACT_THANK_YOU } from '../../domain/contacts/contact-service.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf, editorsOnly } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { BaseQuerySchema, parseQuery } from '../http/query.ts';
import { deletedMessage } from './record-routes.ts';

/** The inbox's filters: status, search, and the kind (message, new matter, application). */
const ContactListQuery = BaseQuerySchema.extend({ kind: z.enum(CONTACT_KINDS, { error: `kind must be one of: ${CONTACT_KINDS.join(', ')}` }).optional() });

export async function contactRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.post('/contact', async (request, reply) => {
    const created = await services.contacts.submit(request.body, { address: request.ip });
    return reply.status(201).send(ok({ _id: created._id }, { message: CONTACT_THANK_YOU }));
  });

  app.get('/contact', { preHandler: editorsOnly }, async (request) => {
    const parameters = parseQuery(request.query, ContactListQuery);
    const page = await services.contacts.listPage({ ...parameters, admin: true, search: parameters.search ?? parameters.q });
    // A new matter's row says how many possible conflicts it has ("2 possible conflicts").
    const counts = await services.conflictCounts(page.data);
    return ok(page.data.map((row) => (counts.has(row._id) ? { ...row, conflictCount: counts.get(row._id) } : row)), { pagination: page.pagination });
  });

  app.get('/contact/counts', { preHandler: editorsOnly }, async () => ok(await services.contacts.countByStatus()));

  // A person's right to their data: everything they sent, or none of it any more.
  // The subscription to alerts (with its consent) is part of it: `subscriptions` beside the requests.
  app.get<{ Querystring: { email?: string } }>('/contact/export', { preHandler: editorsOnly }, async (request) => {
    const found = await services.contacts.exportByEmail(request.query.email);
    const address = String(request.query.email);
    // Each request with the documents it holds (name, size, type, scan): each downloadable by staff.
    const requests = await Promise.all(found.map(async (contact) => ({ ...contact, files: await services.intakeDocuments.list(contact._id) })));
    // An outside reviewer's name and e-mail are kept with the links made for them.
    return { ...ok(requests), subscriptions: await services.subscriptions.byEmail(address), registrations: await services.registrations.byEmail(address), reviewerLinks: await services.previews.byEmail(address) };
  });
  app.delete<{ Querystring: { email?: string } }>('/contact/by-email', { preHandler: editorsOnly }, async (request) => {
    const deleted = await services.contacts.eraseByEmail(request.query.email, actorOf(request));
    const forgotten = await services.subscriptions.eraseByEmail(String(request.query.email));
    const registrations = await services.registrations.eraseByEmail(String(request.query.email));
    // Their reviewer's links go too: the rows hold their name and e-mail, and the links open nothing after.
    const reviewerLinks = await services.previews.eraseByEmail(String(request.query.email));
    await services.outbox.forget([...forgotten.map((id) => `subscribers/${id}`), ...registrations.map((id) => `event-registrations/${id}`)]);
    const also = [forgotten.length ? 'the subscription to alerts' : '', registrations.length ? `${registrations.length} event registrations` : '', reviewerLinks ? `${reviewerLinks} reviewer links` : ''].filter(Boolean);
    return ok({ deleted, subscriptions: forgotten.length, registrations: registrations.length, reviewerLinks }, { message: `${deleted} requests deleted${also.length ? `, and ${also.join(' and ')}` : ''}` });
  });

  // A request with its documents, and a new matter with its possible conflicts (API-3.md "Intake").
  app.get<{ Params: { id: string } }>('/contact/:id', { preHandler: editorsOnly }, async (request) => {
    const contact = await services.contacts.get(request.params.id);
    const [files, conflicts] = await Promise.all([services.intakeDocuments.list(contact._id), services.conflictsOf(contact)]);
    return ok({ ...contact, files, ...(contact.kind === 'matter' ? { conflicts } : {}) });
  });

  app.put<{ Params: { id: string } }>('/contact/:id', { preHandler: editorsOnly }, async (request) =>
    ok(await services.contacts.setStatus(request.params.id, request.body, actorOf(request)), { message: 'Status updated' }),
  );

  app.delete<{ Params: { id: string } }>('/contact/:id', { preHandler: editorsOnly }, async (request) => {
    await services.contacts.remove(request.params.id, actorOf(request));
    return ok(null, { message: deletedMessage('Submission') });
  });
}
