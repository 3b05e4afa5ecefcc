import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DraftSchema, SendSchema } from '../../domain/alerts/channel-posts.ts';
import { SubscribeSchema } from '../../domain/alerts/subscriptions.ts';
import type { AppServices } from '../app-services.ts';
import { actorOf } from '../http/auth.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { ANY_OBJECT, component, idParams, NO_DATA } from './route-parts.ts';
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

const tags = ['Alerts'];
const ExportQuery = z.object({ lang: z.enum(['uz', 'ru', 'en']).optional().describe('uz, ru or en (default en)') });
const ALERT_LOG = {
  type: 'object',
  properties: {
    sentAt: { type: ['string', 'null'], format: 'date-time', description: 'When it was queued for its subscribers (null: not yet)' },
    subscribers: { type: 'integer' },
    waiting: { type: 'integer' },
    sent: { type: 'integer' },
    failed: { type: 'integer' },
    lastError: { type: ['string', 'null'] },
  },
};
const CHANNEL_POST = {
  type: 'object',
  properties: {
    lang: { type: 'string' },
    channel: { type: 'string' },
    text: { type: 'string' },
    photo: { type: ['string', 'null'] },
    messageId: { type: ['string', 'null'] },
    state: { type: 'string', enum: ['queued', 'sent', 'failed'] },
    error: { type: ['string', 'null'] },
    updatedAt: { type: 'string', format: 'date-time' },
  },
};

/** Alerts by e-mail (API-3.md "Alerts"): subscribing for visitors, the list for administrators. */
export async function subscriptionRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  route(app, {
    method: 'POST',
    url: '/subscriptions',
    operationId: 'subscribe',
    summary:
      'Ask for the legal alerts by e-mail: a confirmation e-mail follows (double opt-in); the same 202 for a new, a waiting and a known address. Topics are ids of public practice areas and industries. One sender (IPv4 address, IPv6 /64) may ask 5 times an hour, and the site queues at most 30 confirmations a minute: beyond, 429 with Retry-After',
    tags,
    access: 'public',
    body: SubscribeSchema,
    answers: { 202: { description: 'Asked', data: NO_DATA } },
    errors: [400, 429, 503],
    handler: async (request, reply) => {
      await services.subscriptions.subscribe(request.body, { address: request.ip });
      return reply.status(202).send(ok(null, { message: SUBSCRIBE_ANSWER }));
    },
  });

  route(app, {
    method: 'GET',
    url: '/subscriptions',
    operationId: 'listSubscribers',
    summary: 'Every subscriber, newest first (administrators)',
    tags,
    access: 'subscription.manage',
    answers: { 200: { description: 'Subscribers', data: { type: 'array', items: component('Subscriber') } } },
    errors: [401, 403],
    handler: async () => ok(await services.subscriptions.list()),
  });

  // How many confirmed subscribers each topic and each language has (and how many wait or left).
  route(app, {
    method: 'GET',
    url: '/subscriptions/counts',
    operationId: 'countSubscribers',
    summary: 'Confirmed subscribers per topic and language, and how many wait or left (administrators)',
    tags,
    access: 'subscription.manage',
    answers: { 200: { description: 'Counts', data: ANY_OBJECT } },
    errors: [401, 403],
    handler: async () => {
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
    },
  });

  route(app, {
    method: 'GET',
    url: '/subscriptions/export',
    operationId: 'exportSubscribers',
    summary: 'Every subscriber as CSV (with a BOM), column names and states in the language asked, times in the firm’s zone (administrators)',
    tags,
    access: 'subscription.manage',
    query: ExportQuery,
    answers: { 200: { description: 'CSV', contentType: 'text/csv', data: { type: 'string' } } },
    errors: [400, 401, 403],
    handler: async (request, reply) => {
      const lang = (request.query as { lang?: string }).lang ?? 'en';
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
    },
  });

  for (const type of ['news', 'blog']) {
    const article = idParams('The article');
    // The sending log of an article: when its alert went out, to how many, and how many wait or failed.
    route(app, {
      method: 'GET',
      url: `/${type}/:id/alerts`,
      operationId: `${type}AlertLog`,
      summary: 'The sending log of an article with notify: when it went out, to how many, how many wait or were given up',
      tags,
      access: 'channel.post',
      params: article,
      answers: { 200: { description: 'The log', data: ALERT_LOG } },
      errors: [401, 403],
      handler: async (request) => ok(await services.alerts.log(type, (request.params as { id: string }).id)),
    });
    // Its posts to the firm's Telegram channels: a draft to edit, sending (or updating), and their states.
    route(app, {
      method: 'POST',
      url: `/${type}/:id/channel-post`,
      operationId: `${type}ChannelPostDraft`,
      summary: 'A draft of the post to the channel of a language: the title (bold when sent), two or three sentences, the link with ?source=telegram; the cover beside it; the post so far',
      tags,
      access: 'channel.post',
      params: article,
      body: DraftSchema,
      answers: { 200: { description: 'The draft', data: { type: 'object', properties: { lang: { type: 'string' }, channel: { type: 'string' }, text: { type: 'string' }, photo: { type: 'string' }, post: { oneOf: [CHANNEL_POST, { type: 'null' }] } } } } },
      errors: [400, 401, 403, 404],
      handler: async (request) => ok(await services.channelPosts.draft(type, (request.params as { id: string }).id, request.body)),
    });
    route(app, {
      method: 'POST',
      url: `/${type}/:id/channel-post/send`,
      operationId: `${type}ChannelPostSend`,
      summary:
        'Queue the post (or with update: true the edit of the one sent) for the channel of a language; at most 4,096 characters, 1,024 with the picture; sent as HTML, escaped, the first line bold. Only of an article public in that language (409 not_public) and, with publishing.requireApproval, whose public version was approved (403 approval_required)',
      tags,
      access: 'channel.post',
      params: article,
      body: SendSchema,
      answers: { 202: { description: 'Queued', data: CHANNEL_POST } },
      errors: [400, 401, 403, 404, 409],
      handler: async (request, reply) => {
        const { id } = request.params as { id: string };
        const post = await services.channelPosts.send(type, id, request.body);
        await services.activity.record({ entity: type, action: 'update', id, actor: actorOf(request), summary: `Telegram channel post (${post.lang.toUpperCase()}) queued` });
        return reply.status(202).send(ok(post, { message: 'The post is queued: its state shows when Telegram has it' }));
      },
    });
    route(app, {
      method: 'GET',
      url: `/${type}/:id/channel-posts`,
      operationId: `${type}ChannelPosts`,
      summary: 'The channels configured, whether the bot is set up, and the article’s posts with their state (queued, sent, failed with Telegram’s reason)',
      tags,
      access: 'channel.post',
      params: article,
      answers: { 200: { description: 'The posts', data: { type: 'object', properties: { bot: { type: 'boolean' }, channels: { type: 'object', additionalProperties: { type: 'string' } }, posts: { type: 'array', items: CHANNEL_POST } } } } },
      errors: [401, 403],
      handler: async (request) => ok(await services.channelPosts.list(type, (request.params as { id: string }).id)),
    });
  }

  route(app, {
    method: 'DELETE',
    url: '/subscriptions/:id',
    operationId: 'removeSubscriber',
    summary: 'Remove a subscriber and what waits to be sent to them (administrators)',
    tags,
    access: 'subscription.manage',
    params: idParams('The subscriber'),
    answers: { 200: { description: 'Removed', data: NO_DATA } },
    errors: [401, 403, 404],
    handler: async (request) => {
      const { id } = request.params as { id: string };
      await services.subscriptions.remove(id);
      await services.outbox.forget([`subscribers/${id}`]);
      await services.activity.record({ entity: 'subscribers', action: 'delete', id, actor: actorOf(request), summary: 'A subscriber removed' });
      return ok(null, { message: 'Subscriber removed' });
    },
  });
}
