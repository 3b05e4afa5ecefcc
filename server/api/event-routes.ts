import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HOLD_MINUTES } from '../../domain/events/event-mail.ts';
import { csvCell } from '../../domain/shared/csv.ts';
import { AppError, badRequest, notFound } from '../../domain/shared/errors.ts';
import { parseOrThrow } from '../../domain/shared/validation.ts';
import { RegisterSchema } from '../../domain/events/registrations.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { preferredLanguage } from '../http/language-choice.ts';
import { route } from '../http/route.ts';
import { component, idParams, NO_DATA } from './route-parts.ts';

/** The CSV's column names and statuses in the admin's language. */
const COLUMNS: Record<string, string[]> = {
  en: ['Name', 'E-mail', 'Company', 'Language', 'Status', 'Registered', 'Cancelled'],
  ru: ['Имя', 'Эл. почта', 'Компания', 'Язык', 'Статус', 'Зарегистрирован(а)', 'Отменил(а)'],
  uz: ['Ism', 'E-pochta', 'Kompaniya', 'Til', 'Holati', 'Ro‘yxatdan o‘tgan', 'Bekor qilgan'],
};
const STATUS_WORDS: Record<string, Record<string, string>> = {
  en: { unconfirmed: 'not confirmed', registered: 'registered', waitlisted: 'waiting list', cancelled: 'cancelled' },
  ru: { unconfirmed: 'не подтвердил(а)', registered: 'зарегистрирован(а)', waitlisted: 'лист ожидания', cancelled: 'отменил(а)' },
  uz: { unconfirmed: 'tasdiqlamagan', registered: 'ro‘yxatda', waitlisted: 'kutish ro‘yxati', cancelled: 'bekor qilgan' },
};
const TOKEN = z.strictObject({ token: z.string({ error: 'token is the link’s last part' }).max(200) });
const REMOVE = z.union(
  [
    z.strictObject({ ids: z.array(z.string().regex(/^[0-9a-f]{24}$/, 'ids are registration ids'), { error: 'ids is a list of registration ids' }).min(1, 'Choose at least one registration').max(1000, 'At most 1000 registrations at once') }),
    z.strictObject({ unconfirmed: z.literal(true, { error: 'unconfirmed: true removes every unconfirmed registration' }) }),
  ],
  { error: 'Send { ids: [...] } or { unconfirmed: true }' },
);
const CONFIRMED_MESSAGES = {
  registered: 'You are registered: the confirmation with the calendar entry is on its way by e-mail',
  waitlisted: 'The event is full: you are on the waiting list, and we will write if a place opens up',
  cancelled: 'This registration was cancelled: register again on the event’s page',
};

const tags = ['Events'];
const EventParams = idParams('The event');
const RegistrationsQuery = z.object({ format: z.enum(['csv']).optional().describe('csv for a spreadsheet'), lang: z.enum(['uz', 'ru', 'en']).optional().describe('uz, ru or en: the CSV’s column names (default en)') });

/** Registrations for events (API-3.md "The firm's record"): visitors register, confirm and cancel; staff list, export and remove. */
export async function eventRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  route(app, {
    method: 'POST',
    url: '/events/:id/registrations',
    operationId: 'registerForEvent',
    summary:
      'Ask to register for a public event (no token; the event page’s form posts the same): 201 unconfirmed, with a place held for 30 minutes while there are places (heldUntil; null when none was free), and an e-mail whose link’s page confirms (POST /events/registrations/confirm). Without language: the request’s (the visitor’s chosen language, else Accept-Language), else the site’s default. The same address twice is one registration (its status answered, no second e-mail). Five per client (an IPv4 address or an IPv6 /64) in 30 minutes, then 429 with Retry-After. The name is one line without a web address (400 invalid_format). 409 registration_closed after registrationClosesAt (or the start)',
    tags,
    access: 'public',
    params: EventParams,
    body: RegisterSchema,
    answers: {
      201: { description: 'Asked (or known already)', data: { type: 'object', properties: { _id: { type: 'string' }, status: { type: 'string', enum: ['unconfirmed', 'registered', 'waitlisted'] }, heldUntil: { type: ['string', 'null'], format: 'date-time' } } } },
    },
    errors: [400, 404, 409, 429],
    handler: async (request, reply) => {
      const registration = await services.registrations.register((request.params as { id: string }).id, request.body, { address: request.ip, prefers: (codes) => preferredLanguage(request.headers, codes) });
      const message =
        registration.status === 'registered'
          ? 'You are registered already'
          : registration.status === 'waitlisted'
            ? 'You are on the waiting list already'
            : registration.heldUntil
              ? `A place is held for you for ${HOLD_MINUTES} minutes: confirm it with the link we sent by e-mail`
              : 'The event is full: confirm with the link we sent by e-mail to join the waiting list';
      return reply.status(201).send(ok(registration, { message }));
    },
  });

  route(app, {
    method: 'POST',
    url: '/events/registrations/confirm',
    operationId: 'confirmEventRegistration',
    summary:
      'Confirm a registration with the token of the link in its first e-mail (no account; the link’s page posts it, opening the link confirms nothing): registered while its hold runs or a place is free, else on the waiting list; the e-mail with the calendar entry follows. 409 registration_closed when registration closed and the hold ran out',
    tags,
    access: 'public',
    body: TOKEN,
    answers: { 200: { description: 'Confirmed', data: { type: 'object', properties: { status: { type: 'string', enum: ['registered', 'waitlisted', 'cancelled'] } } } } },
    errors: [400, 404, 409],
    handler: async (request) => {
      const { token } = parseOrThrow(TOKEN, request.body);
      const confirmed = await services.registrations.confirm(token);
      if (!confirmed) throw notFound('Registration');
      if (confirmed.status === 'closed') throw new AppError(409, 'CONFLICT', 'Registration for this event has closed and the held place ran out: write to the firm if you would still like to come', { reason: 'registration_closed' });
      return ok({ status: confirmed.status }, { message: CONFIRMED_MESSAGES[confirmed.status] });
    },
  });

  route(app, {
    method: 'POST',
    url: '/events/registrations/cancel',
    operationId: 'cancelEventRegistration',
    summary: 'Cancel a registration with the token of the link in its e-mail (no account); a freed place goes to the first person waiting, who is told by e-mail',
    tags,
    access: 'public',
    body: TOKEN,
    answers: { 200: { description: 'Cancelled', data: NO_DATA } },
    errors: [400, 404],
    handler: async (request) => {
      const { token } = parseOrThrow(TOKEN, request.body);
      if (!(await services.registrations.cancel(token))) throw notFound('Registration');
      return ok(null, { message: 'The registration is cancelled' });
    },
  });

  // Staff clear what a robot asked for: chosen registrations, or every unconfirmed one (their unsent e-mails too).
  route(app, {
    method: 'POST',
    url: '/events/:id/registrations/remove',
    operationId: 'removeEventRegistrations',
    summary: 'Remove chosen registrations ({ ids }) or every unconfirmed one ({ unconfirmed: true }) with their unsent e-mails (editors and administrators); a freed place goes to the first person waiting',
    tags,
    access: 'eventRegistration.remove',
    params: EventParams,
    body: REMOVE,
    answers: { 200: { description: 'How many were removed', data: { type: 'object', properties: { removed: { type: 'integer' } } } } },
    errors: [400, 401, 403, 404],
    handler: async (request) => {
      const event = await services.records.events.get((request.params as { id: string }).id, { admin: true });
      const which = parseOrThrow(REMOVE, request.body);
      const removed = await services.registrations.remove(event._id, which);
      await services.outbox.forget(removed.map((id) => `event-registrations/${id}`));
      await services.activity.record({ actor: actorOf(request), entity: 'events', id: event._id, action: 'update', summary: `${removed.length} registrations removed` });
      return ok({ removed: removed.length }, { message: `${removed.length} registrations removed` });
    },
  });

  route(app, {
    method: 'GET',
    url: '/events/:id/registrations',
    operationId: 'listEventRegistrations',
    summary:
      'The event’s registrations in the order they came (status unconfirmed, registered, waitlisted or cancelled; heldUntil while unconfirmed), with `counts` (editors); `format=csv` gives them as CSV with column names in `lang`',
    tags,
    access: 'eventRegistration.read',
    params: EventParams,
    query: RegistrationsQuery,
    // Beside `data` the envelope carries `counts` (registered, held, waitlisted, unconfirmed).
    answers: { 200: { description: 'Registrations (beside them: counts of registered, held, waitlisted and unconfirmed), or with format=csv the CSV', data: { type: 'array', items: component('Registration') } } },
    errors: [400, 401, 403, 404],
    handler: async (request, reply) => {
      const query = request.query as { format?: string; lang?: string };
      const event = await services.records.events.get((request.params as { id: string }).id, { admin: true });
      const registrations = await services.registrations.list(event._id);
      if (query.format !== 'csv') return { ...ok(registrations), counts: await services.registrations.counts(event._id) };
      const lang = query.lang ?? 'en';
      if (!COLUMNS[lang]) throw badRequest('lang is uz, ru or en: the language of the column names');
      const time = new Intl.DateTimeFormat('sv-SE', { timeZone: services.timeZone, dateStyle: 'short', timeStyle: 'short' });
      const when = (iso: string | null) => (iso ? time.format(new Date(iso)) : '');
      const lines = registrations.map((item) => [item.name, item.email, item.company, item.language, STATUS_WORDS[lang][item.status], when(item.createdAt), when(item.cancelledAt)].map(csvCell).join(','));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="registrations-${event.slug || event._id}.csv"`)
        .header('cache-control', 'no-store')
        .send(`\uFEFF${[COLUMNS[lang].join(','), ...lines].join('\r\n')}\r\n`);
    },
  });
}
