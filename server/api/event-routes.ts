import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HOLD_MINUTES } from '../../domain/events/event-mail.ts';
import { csvCell } from '../../domain/shared/csv.ts';
import { AppError, badRequest, notFound } from '../../domain/shared/errors.ts';
import { parseOrThrow } from '../../domain/shared/validation.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf, editorsOnly, editorsAndAdminsOnly } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { preferredLanguage } from '../http/language-choice.ts';

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

/** Registrations for events (API-3.md "The firm's record"): visitors register, confirm and cancel; staff list, export and remove. */
export async function eventRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.post<{ Params: { id: string } }>('/events/:id/registrations', async (request, reply) => {
    const registration = await services.registrations.register(request.params.id, request.body, { address: request.ip, prefers: (codes) => preferredLanguage(request.headers, codes) });
    const message =
      registration.status === 'registered'
        ? 'You are registered already'
        : registration.status === 'waitlisted'
          ? 'You are on the waiting list already'
          : registration.heldUntil
            ? `A place is held for you for ${HOLD_MINUTES} minutes: confirm it with the link we sent by e-mail`
            : 'The event is full: confirm with the link we sent by e-mail to join the waiting list';
    return reply.status(201).send(ok(registration, { message }));
  });

  app.post('/events/registrations/confirm', async (request) => {
    const { token } = parseOrThrow(TOKEN, request.body);
    const confirmed = await services.registrations.confirm(token);
    if (!confirmed) throw notFound('Registration');
    if (confirmed.status === 'closed') throw new AppError(409, 'CONFLICT', 'Registration for this event has closed and the held place ran out: write to the firm if you would still like to come', { reason: 'registration_closed' });
    return ok({ status: confirmed.status }, { message: CONFIRMED_MESSAGES[confirmed.status] });
  });

  app.post('/events/registrations/cancel', async (request) => {
    const { token } = parseOrThrow(TOKEN, request.body);
    if (!(await services.registrations.cancel(token))) throw notFound('Registration');
    return ok(null, { message: 'The registration is cancelled' });
  });

  // Staff clear what a robot asked for: chosen registrations, or every unconfirmed one (their unsent e-mails too).
  app.post<{ Params: { id: string } }>('/events/:id/registrations/remove', { preHandler: editorsAndAdminsOnly }, async (request) => {
    const event = await services.records.events.get(request.params.id, { admin: true });
    const which = parseOrThrow(REMOVE, request.body);
    const removed = await services.registrations.remove(event._id, which);
    await services.outbox.forget(removed.map((id) => `event-registrations/${id}`));
    await services.activity.record({ actor: actorOf(request), entity: 'events', id: event._id, action: 'update', summary: `${removed.length} registrations removed` });
    return ok({ removed: removed.length }, { message: `${removed.length} registrations removed` });
  });

  app.get<{ Params: { id: string }; Querystring: { format?: string; lang?: string } }>('/events/:id/registrations', { preHandler: editorsOnly }, async (request, reply) => {
    const event = await services.records.events.get(request.params.id, { admin: true });
    const registrations = await services.registrations.list(event._id);
    if (request.query.format !== 'csv') return { ...ok(registrations), counts: await services.registrations.counts(event._id) };
    const lang = request.query.lang ?? 'en';
    if (!COLUMNS[lang]) throw badRequest('lang is uz, ru or en: the language of the column names');
    const time = new Intl.DateTimeFormat('sv-SE', { timeZone: services.timeZone, dateStyle: 'short', timeStyle: 'short' });
    const when = (iso: string | null) => (iso ? time.format(new Date(iso)) : '');
    const lines = registrations.map((item) => [item.name, item.email, item.company, item.language, STATUS_WORDS[lang][item.status], when(item.createdAt), when(item.cancelledAt)].map(csvCell).join(','));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="registrations-${event.slug || event._id}.csv"`)
      .header('cache-control', 'no-store')
      .send(`\uFEFF${[COLUMNS[lang].join(','), ...lines].join('\r\n')}\r\n`);
  });
}
