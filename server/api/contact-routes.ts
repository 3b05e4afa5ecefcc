import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONTACT_KINDS, ContactFormSchema, ContactStatusSchema, MatterRequestSchema } from '../../domain/contacts/contact-schema.ts';
import { CONTACT_THANK_YOU } from '../../domain/contacts/contact-service.ts';
import { CONSENT_KINDS } from '../../domain/privacy/consent.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { BaseQuerySchema, parseQuery } from '../http/query.ts';
import { route } from '../http/route.ts';
import { deletedMessage } from './record-routes.ts';
import { ANY_OBJECT, component, NO_DATA, RecordIdParams } from './route-parts.ts';

/** The inbox's filters: status, search, and the kind (message, new matter, application). */
const ContactListQuery = BaseQuerySchema.extend({ kind: z.enum(CONTACT_KINDS, { error: `kind must be one of: ${CONTACT_KINDS.join(', ')}` }).optional() });
/** A person's right to their data: the address they ask about. */
const EmailQuery = z.object({ email: z.email().describe('The e-mail address') });

const tags = ['Contact'];
/** One consent as GET /api/privacy/consents lists it. */
const CONSENT_ITEM = {
  type: 'object',
  required: ['kind', 'recordId', 'at', 'language', 'version', 'text', 'facts'],
  properties: {
    kind: { type: 'string', enum: [...CONSENT_KINDS] },
    recordId: { type: 'string' },
    at: { type: 'string', format: 'date-time' },
    language: { type: 'string' },
    version: { type: 'string' },
    text: { type: 'string' },
    facts: { type: ['object', 'null'] },
  },
};

export async function contactRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  route(app, {
    method: 'POST',
    url: '/contact',
    operationId: 'sendContactRequest',
    summary:
      'Send a contact request (stored with status new; 5 per 10 minutes per address), or with kind: "matter" a new-matter request (company, tin, counterparties, acknowledged: true; stored with status conflict_check)',
    tags,
    access: 'public',
    body: z.union([ContactFormSchema, MatterRequestSchema]),
    answers: { 201: { description: 'Stored', data: { type: 'object', properties: { _id: { type: 'string' } } } } },
    errors: [400, 429],
    handler: async (request, reply) => {
      const created = await services.contacts.submit(request.body, { address: request.ip });
      return reply.status(201).send(ok({ _id: created._id }, { message: CONTACT_THANK_YOU }));
    },
  });

  route(app, {
    method: 'GET',
    url: '/contact',
    operationId: 'listContactRequests',
    summary: "List contact requests, newest first; a new matter's row has `conflictCount`",
    tags,
    access: 'contact.manage',
    query: ContactListQuery,
    answers: {
      200: {
        description: 'Requests',
        paginated: true,
        data: {
          type: 'array',
          items: { type: 'object', additionalProperties: true, properties: { conflictCount: { type: 'integer', minimum: 0, description: "A new matter's (kind: matter) number of possible conflicts, as GET /contact/{id} lists them in `conflicts`; absent on other kinds" } } },
        },
      },
    },
    errors: [400, 401, 403],
    handler: async (request) => {
      const parameters = parseQuery(request.query, ContactListQuery);
      const page = await services.contacts.listPage({ ...parameters, admin: true, search: parameters.search ?? parameters.q });
      // A new matter's row says how many possible conflicts it has ("2 possible conflicts").
      const counts = await services.conflictCounts(page.data);
      return ok(page.data.map((row) => (counts.has(row._id) ? { ...row, conflictCount: counts.get(row._id) } : row)), { pagination: page.pagination });
    },
  });

  route(app, {
    method: 'GET',
    url: '/contact/counts',
    operationId: 'countContactRequests',
    summary: 'Number of requests per status',
    tags,
    access: 'contact.manage',
    answers: { 200: { description: 'Counts', data: { type: 'object', additionalProperties: { type: 'integer' } } } },
    errors: [401, 403],
    handler: async () => ok(await services.contacts.countByStatus()),
  });

  // A person's right to their data: everything they sent, or none of it any more.
  // The subscription to alerts (with its consent) is part of it: `subscriptions` beside the requests.
  route(app, {
    method: 'GET',
    url: '/contact/export',
    operationId: 'exportContactRequestsByEmail',
    summary:
      'Every request sent with this e-mail (any letter case), oldest first, its subscription to alerts with the consent given (`subscriptions`) its registrations for events (`registrations`) and the links made for them as an outside reviewer (`reviewerLinks`): a person asking for their data',
    tags,
    access: 'contact.manage',
    query: EmailQuery,
    // Beside `data` the envelope carries `subscriptions`, `registrations` and `reviewerLinks` (a declaration has no field for them yet).
    answers: { 200: { description: 'Requests (beside them: subscriptions, registrations and reviewerLinks)', data: { type: 'array', items: ANY_OBJECT } } },
    errors: [400, 401, 403],
    handler: async (request) => {
      const { email } = request.query as { email?: string };
      const found = await services.contacts.exportByEmail(email);
      const address = String(email);
      // Each request with the documents it holds (name, size, type, scan): each downloadable by staff.
      const requests = await Promise.all(found.map(async (contact) => ({ ...contact, files: await services.intakeDocuments.list(contact._id) })));
      // An outside reviewer's name and e-mail are kept with the links made for them.
      return { ...ok(requests), subscriptions: await services.subscriptions.byEmail(address), registrations: await services.registrations.byEmail(address), reviewerLinks: await services.previews.byEmail(address) };
    },
  });

  // Proof of consent (Uzbekistan's personal-data rules; docs/privacy-uz.md): what each form showed, kept with what it made.
  route(app, {
    method: 'GET',
    url: '/privacy/consents',
    operationId: 'listConsentsByEmail',
    summary:
      'Every consent given with this e-mail (any letter case), oldest first, across the requests (contact, matter, application), the subscription to alerts and the event registrations: kind, recordId, at, language, version, and exactly the text and facts shown (operator and TIN, purposes, data, retention, recipients, transfer abroad); facts null for a consent kept before they were',
    tags: ['Privacy'],
    access: 'privacy.consents',
    query: EmailQuery,
    answers: { 200: { description: 'Consents, oldest first', data: { type: 'array', items: CONSENT_ITEM } } },
    errors: [400, 401, 403],
    handler: async (request) => ok(await services.contacts.consentsOf(String((request.query as { email?: string }).email))),
  });

  route(app, {
    method: 'DELETE',
    url: '/contact/by-email',
    operationId: 'eraseContactRequestsByEmail',
    summary:
      'Delete every request sent with this e-mail, its subscription to alerts, its registrations for events and the links made for them as an outside reviewer (which then open nothing; the activity log no longer names them): a person asking to be forgotten',
    tags,
    access: 'contact.manage',
    query: EmailQuery,
    answers: { 200: { description: 'How many', data: { type: 'object', properties: { deleted: { type: 'integer' }, subscriptions: { type: 'integer' }, registrations: { type: 'integer' }, reviewerLinks: { type: 'integer' } } } } },
    errors: [400, 401, 403],
    handler: async (request) => {
      const { email } = request.query as { email?: string };
      const deleted = await services.contacts.eraseByEmail(email, actorOf(request));
      const forgotten = await services.subscriptions.eraseByEmail(String(email));
      const registrations = await services.registrations.eraseByEmail(String(email));
      // Their reviewer's links go too: the rows hold their name and e-mail, and the links open nothing after.
      const reviewerLinks = await services.previews.eraseByEmail(String(email));
      await services.outbox.forget([...forgotten.map((id) => `subscribers/${id}`), ...registrations.map((id) => `event-registrations/${id}`)]);
      const also = [forgotten.length ? 'the subscription to alerts' : '', registrations.length ? `${registrations.length} event registrations` : '', reviewerLinks ? `${reviewerLinks} reviewer links` : ''].filter(Boolean);
      return ok({ deleted, subscriptions: forgotten.length, registrations: registrations.length, reviewerLinks }, { message: `${deleted} requests deleted${also.length ? `, and ${also.join(' and ')}` : ''}` });
    },
  });

  // A request with its documents, and a new matter with its possible conflicts (API-3.md "Intake").
  route(app, {
    method: 'GET',
    url: '/contact/:id',
    operationId: 'getContactRequest',
    summary: 'Read one request, with its documents (`files`) and, for a new matter, its possible conflicts (`conflicts`)',
    tags,
    access: 'contact.manage',
    params: RecordIdParams,
    answers: {
      200: { description: 'The request', data: { type: 'object', additionalProperties: true, properties: { files: { type: 'array', items: component('IntakeFile') }, conflicts: { type: 'array', items: component('Conflict') } } } },
    },
    errors: [401, 403, 404],
    handler: async (request) => {
      const contact = await services.contacts.get((request.params as { id: string }).id);
      const [files, conflicts] = await Promise.all([services.intakeDocuments.list(contact._id), services.conflictsOf(contact)]);
      return ok({ ...contact, files, ...(contact.kind === 'matter' ? { conflicts } : {}) });
    },
  });

  route(app, {
    method: 'PUT',
    url: '/contact/:id',
    operationId: 'setContactRequestStatus',
    summary: 'Set the status (a new matter: conflict_check → cleared | declined; matter_opened only once cleared)',
    tags,
    access: 'contact.manage',
    params: RecordIdParams,
    body: ContactStatusSchema,
    answers: { 200: { description: 'Updated', data: ANY_OBJECT } },
    errors: [400, 401, 403, 404],
    handler: async (request) => ok(await services.contacts.setStatus((request.params as { id: string }).id, request.body, actorOf(request)), { message: 'Status updated' }),
  });

  route(app, {
    method: 'DELETE',
    url: '/contact/:id',
    operationId: 'deleteContactRequest',
    summary: 'Delete (with its documents)',
    tags,
    access: 'contact.manage',
    params: RecordIdParams,
    answers: { 200: { description: 'Deleted', data: NO_DATA } },
    errors: [401, 403, 404],
    handler: async (request) => {
      await services.contacts.remove((request.params as { id: string }).id, actorOf(request));
      return ok(null, { message: deletedMessage('Submission') });
    },
  });
}
