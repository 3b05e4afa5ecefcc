import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { actorOf, adminsOnly, editorsOnly } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { csvCell } from '../../domain/shared/csv.ts';
import { badRequest } from '../../domain/shared/errors.ts';
import { pickText } from '../../domain/shared/localized.ts';

/** The same answer for a new, a waiting and a known address: nothing to learn from it. */
const SUBSCRIBE_ANSWER = 'Thank you: if the address can receive alerts, a message to confirm it is on its way';

/** The CSV's column names in the admin's language. */
const COLUMNS: Record<string, string[]> = {
  en: ['E-mail', 'Language', 'Topics', 'State', 'Subscribed', 'Confirmed'],
  ru: ['Эл. почта', 'Язык', 'Темы', 'Статус', 'Подписка', 'Подтверждена'],
  uz: ['E-pochta', 'Til', 'Mavzular', 'Holati', 'Obuna', 'Tasdiqlangan'],
};
const STATE_WORDS: Record<string, Record<string, string>> = {
  en: { pending: 'waiting for confirmation', confirmed: 'confirmed', unsubscribed: 'unsubscribed' },
  ru: { pending: 'ждёт подтверждения', confirmed: 'подтверждена', unsubscribed: 'отписан(а)' },
  uz: { pending: 'tasdiq kutilmoqda', confirmed: 'tasdiqlangan', unsubscribed: 'obunadan chiqqan' },
};

/** Alerts by e-mail (API-3.md "Alerts"): subscribing for visitors, the list for administrators. */
export async function subscriptionRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.post('/subscriptions', async (request, reply) => {
    await services.subscriptions.subscribe(request.body, { address: request.ip });
    return reply.status(202).send(ok(null, { message: SUBSCRIBE_ANSWER }));
  });

  app.get('/subscriptions', { preHandler: adminsOnly }, async () => ok(await services.subscriptions.list()));

  // How many confirmed subscribers each topic and each language has (and how many wait or left).
  app.get('/subscriptions/counts', { preHandler: adminsOnly }, async () => {
    const [subscribers, defaultLanguage] = await Promise.all([services.subscriptions.list(), services.languages.defaultLanguage()]);
    const topics = [...(await services.records.services.list({ lang: defaultLanguage, admin: true })), ...(await services.records.industries.list({ lang: defaultLanguage, admin: true }))];
    const confirmed = subscribers.filter((subscriber) => subscriber.state === 'confirmed');
    const byState = { pending: 0, confirmed: 0, unsubscribed: 0 };
    for (const subscriber of subscribers) byState[subscriber.state] += 1;
    const byLanguage: Record<string, number> = {};
    for (const subscriber of confirmed) byLanguage[subscriber.language] = (byLanguage[subscriber.language] ?? 0) + 1;
    return ok({
      byState,
      byLanguage,
      byTopic: topics.map((topic) => ({ _id: topic._id, title: topic.title, count: confirmed.filter((subscriber) => subscriber.topics.includes(topic._id)).length })),
    });
  });

  app.get<{ Querystring: { lang?: string } }>('/subscriptions/export', { preHandler: adminsOnly }, async (request, reply) => {
    const lang = request.query.lang ?? 'en';
    if (!COLUMNS[lang]) throw badRequest('lang is uz, ru or en: the language of the column names');
    const [subscribers, practices, industries] = await Promise.all([services.subscriptions.list(), services.records.services.list({ lang, admin: true }), services.records.industries.list({ lang, admin: true })]);
    const topics = [...practices, ...industries];
    const names = new Map(topics.map((topic) => [topic._id, pickText(topic.title, lang)]));
    const time = new Intl.DateTimeFormat('sv-SE', { timeZone: services.timeZone, dateStyle: 'short', timeStyle: 'short' });
    const when = (iso: string | null) => (iso ? time.format(new Date(iso)) : '');
    const lines = subscribers.map((subscriber) =>
      [subscriber.email, subscriber.language, subscriber.topics.map((id) => names.get(id) ?? id).join('; '), STATE_WORDS[lang][subscriber.state], when(subscriber.createdAt), when(subscriber.confirmedAt)].map(csvCell).join(','),
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="subscribers.csv"')
      .header('cache-control', 'no-store')
      .send(`\uFEFF${[COLUMNS[lang].join(','), ...lines].join('\r\n')}\r\n`);
  });

  for (const type of ['news', 'blog']) {
    // The sending log of an article: when its alert went out, to how many, and how many wait or failed.
    app.get<{ Params: { id: string } }>(`/${type}/:id/alerts`, { preHandler: editorsOnly }, async (request) => ok(await services.alerts.log(type, request.params.id)));
    // Its posts to the firm's Telegram channels: a draft to edit, sending (or updating), and their states.
    app.post<{ Params: { id: string } }>(`/${type}/:id/channel-post`, { preHandler: editorsOnly }, async (request) => ok(await services.channelPosts.draft(type, request.params.id, request.body)));
    app.post<{ Params: { id: string } }>(`/${type}/:id/channel-post/send`, { preHandler: editorsOnly }, async (request, reply) => {
      const post = await services.channelPosts.send(type, request.params.id, request.body);
      await services.activity.record({ entity: type, action: 'update', id: request.params.id, actor: actorOf(request), summary: `Telegram channel post (${post.lang.toUpperCase()}) queued` });
      return reply.status(202).send(ok(post, { message: 'The post is queued: its state shows when Telegram has it' }));
    });
    app.get<{ Params: { id: string } }>(`/${type}/:id/channel-posts`, { preHandler: editorsOnly }, async (request) => ok(await services.channelPosts.list(type, request.params.id)));
  }

  app.delete<{ Params: { id: string } }>('/subscriptions/:id', { preHandler: adminsOnly }, async (request) => {
    await services.subscriptions.remove(request.params.id);
    await services.outbox.forget([`subscribers/${request.params.id}`]);
    await services.activity.record({ entity: 'subscribers', action: 'delete', id: request.params.id, actor: actorOf(request), summary: 'A subscriber removed' });
    return ok(null, { message: 'Subscriber removed' });
  });
}
