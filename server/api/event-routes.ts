import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { csvCell } from '../../domain/shared/csv.ts';
import { badRequest, notFound } from '../../domain/shared/errors.ts';
import { parseOrThrow } from '../../domain/shared/validation.ts';
import type { AppServices } from '../app-services.ts';
import { editorsOnly } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';

/** The CSV's column names and statuses in the admin's language. */
const COLUMNS: Record<string, string[]> = {
  en: ['Name', 'E-mail', 'Company', 'Language', 'Status', 'Registered', 'Cancelled'],
  ru: ['Имя', 'Эл. почта', 'Компания', 'Язык', 'Статус', 'Зарегистрирован(а)', 'Отменил(а)'],
  uz: ['Ism', 'E-pochta', 'Kompaniya', 'Til', 'Holati', 'Ro‘yxatdan o‘tgan', 'Bekor qilgan'],
};
const STATUS_WORDS: Record<string, Record<string, string>> = {
  en: { registered: 'registered', waitlisted: 'waiting list', cancelled: 'cancelled' },
  ru: { registered: 'зарегистрирован(а)', waitlisted: 'лист ожидания', cancelled: 'отменил(а)' },
  uz: { registered: 'ro‘yxatda', waitlisted: 'kutish ro‘yxati', cancelled: 'bekor qilgan' },
};
const CANCEL = z.strictObject({ token: z.string({ error: 'token is the cancel link’s last part' }).max(200) });

/** Registrations for events (API-3.md "The firm's record"): visitors register and cancel; staff list and export. */
export async function eventRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.post<{ Params: { id: string } }>('/events/:id/registrations', async (request, reply) => {
    const registration = await services.registrations.register(request.params.id, request.body);
    const message = registration.status === 'registered' ? 'You are registered: a confirmation with the calendar entry is on its way by e-mail' : 'The event is full: you are on the waiting list, and we will write if a place opens up';
    return reply.status(201).send(ok(registration, { message }));
  });

  app.post('/events/registrations/cancel', async (request) => {
    const { token } = parseOrThrow(CANCEL, request.body);
    if (!(await services.registrations.cancel(token))) throw notFound('Registration');
    return ok(null, { message: 'The registration is cancelled' });
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
