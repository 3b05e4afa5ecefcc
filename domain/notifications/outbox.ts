import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { newId, nowIso } from '../shared/ids.ts';

/**
 * Where an outbox message goes, each a queue of its own that its sender reads (server/periodic-jobs.ts):
 * - `telegram`: the firm's chat, or a person's chat (`chatId`): new requests, review notices;
 * - `telegram-channel`: a post to one of the firm's Telegram channels (domain/alerts/channel-posts.ts);
 * - `mail-first`: an e-mail a person waits for (a password link, an upload link, a confirmation),
 *   sent at once, never held back by the rate;
 * - `mail`: the alerts to subscribers, at most MAIL_RATE_PER_MINUTE a minute over both mail queues;
 * - `indexnow`: addresses of public pages that changed, for the search engines (domain/site/index-now.ts);
 * - `edge`: a purge by tag of the CDN or shared cache in front (`tags`; server/edge/edge-purges.ts).
 */
export const OUTBOX_CHANNELS = ['telegram', 'telegram-channel', 'mail-first', 'mail', 'indexnow', 'edge'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/**
 * A message: its text, and the chat it goes to when not the firm's (a person's review notice); an
 * e-mail (channel `mail`) also has its address, subject, HTML part and headers.
 */
interface OutboxPayload {
  text: string;
  chatId?: string;
  to?: string;
  subject?: string;
  html?: string;
  headers?: Record<string, string>;
  /** IndexNow: the addresses to announce. */
  urls?: string[];
  /** A post to a channel: the Bot API method, its picture, the message it edits, and its row. */
  method?: 'sendMessage' | 'sendPhoto' | 'editMessageText' | 'editMessageCaption';
  photo?: string;
  messageId?: string;
  postId?: string;
  /**
   * The secret parts of the message's links (a token): never stored with it. See `enqueue`.
   * Each is at least 16 characters (no word of the text is taken for one).
   */
  secrets?: string[];
  /** A purge of the shared cache in front: the tags whose content changed. */
  tags?: string[];
}

/** A refusal that trying again cannot change (a wrong channel, a message Telegram will not take): an error with `final: true`. */
const isFinal = (error: unknown) => typeof error === 'object' && error !== null && 'final' in error && error.final === true;
/** A refusal that says when to try again (a 429's Retry-After): an error with `retryAfterMs`. */
const retryAfterOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'retryAfterMs' in error && typeof error.retryAfterMs === 'number' ? error.retryAfterMs : undefined;

interface OutboxMessage {
  id: string;
  channel: OutboxChannel;
  payload: OutboxPayload;
  attempts: number;
}

/** What a channel does with one message; throws to have it retried later (one with `final: true`: never). */
export type Deliver = (message: OutboxMessage) => Promise<void>;

/** Waits between tries: 5 s, 30 s, 2 min, 10 min, then every hour; given up after a day of tries. */
const BACKOFF_SECONDS = [5, 30, 120, 600, 3600];
const MAX_ATTEMPTS = 30;
/** How long a claimed message is left to its sender before another instance may try it. */
const LEASE_MS = 60_000;
/**
 * Sent messages (they may hold a visitor's name and message) are deleted after this: long enough
 * for the rate of the last minute (MAIL_RATE_PER_MINUTE) and the admin's panels, no longer.
 */
const KEEP_SENT_MS = 10 * 60 * 1000;
/** Where a secret was taken out of a message: the row's own id (unknown to whoever wrote the text) and its number. */
const marker = (id: string, index: number) => `{secret:${id}:${index}}`;
const NOT_KEPT = 'Its link is no longer kept (the message was restored from a backup, which never holds one): ask for a new link';

/**
 * Messages to the firm's other channels (Telegram, e-mail to subscribers), stored before they are sent: a restart loses
 * none, a failure is retried with back-off, and a message claimed by one instance (a lease in the
 * row, taken by one atomic update) is not sent by another.
 *
 * A link that opens something (a password reset, a client's upload page, a subscriber's settings
 * or unsubscribe page, an event's cancel page, any new one) is a secret: whoever reads it can use
 * it. Such a message is queued with the link's token in `secrets` (`{ to, subject, text, html,
 * secrets: [token] }`): the row keeps the text with a marker where the token was and the token in a
 * column of its own, which is put back into the message only as it is sent and blanked the moment
 * it is sent or given up. Backups never hold that column (server/operations/backup.ts), so a
 * restored message that still waits is given up (`NOT_KEPT`) rather than sent without its link.
 */
export function createOutbox(database: Database) {
  const { db } = database;
  const notKept = Object.assign(new Error(NOT_KEPT), { final: true });
  /** The message as it is sent: its secrets back where they were taken out; none kept: it is given up. */
  const reveal = (id: string, payload: unknown, secrets: unknown): OutboxPayload => {
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const kept = typeof secrets === 'string' ? (JSON.parse(secrets) as string[]) : [];
    const filled = text.replace(new RegExp(`\\{secret:${id}:(\\d+)\\}`, 'g'), (_all, index: string) => {
      const secret = kept[Number(index)];
      if (secret === undefined) throw notKept;
      return secret;
    });
    return JSON.parse(filled) as OutboxPayload;
  };
  /** A channel's messages due now and not leased to another instance, oldest first. */
  const dueOf = (channel: OutboxChannel, limit: number) => {
    const now = nowIso();
    return db
      .selectFrom('outbox')
      .selectAll()
      .where('channel', '=', channel)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('created_at', 'asc')
      .limit(limit)
      .execute();
  };
  /** Leases a message to this instance for a while; false when another took it first. */
  const claim = async (id: unknown) => {
    const taken = await db
      .updateTable('outbox')
      .set({ locked_until: new Date(Date.now() + LEASE_MS).toISOString() })
      .where('id', '=', String(id))
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso())]))
      .executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  };

  return {
    /**
     * `about`: what the message tells of (contacts/<id>), so that it can be forgotten with it;
     * `within`: a transaction the message is stored in (with what it records as sent).
     */
    async enqueue(channel: OutboxChannel, payload: OutboxPayload, about?: string, within: Database['db'] = db): Promise<string> {
      // A channel no job reads would keep its message for ever: refused, whatever the caller's types said.
      if (!OUTBOX_CHANNELS.includes(channel)) throw new Error(`No sender reads the outbox channel ${String(channel)}`);
      const now = nowIso();
      const id = newId();
      const { secrets = [], ...message } = payload;
      if (secrets.some((secret) => secret.length < 16)) throw new Error('A secret of an outbox message is at least 16 characters');
      const text = secrets.reduce((json, secret, index) => json.split(secret).join(marker(id, index)), JSON.stringify(message));
      await within
        .insertInto('outbox')
        .values({ id, channel, payload: text, secrets: secrets.length ? JSON.stringify(secrets) : null, status: 'pending', attempts: 0, next_attempt_at: now, created_at: now, about: about ?? null })
        .execute();
      return id;
    },

    /** Deletes every message about these things, sent or not (a person asked to be forgotten). */
    async forget(about: string[]): Promise<void> {
      for (let at = 0; at < about.length; at += 500) await db.deleteFrom('outbox').where('about', 'in', about.slice(at, at + 500)).execute();
    },

    /**
     * Sends what is due through `deliver`; answers how many were sent. With `giveUpOnFinal`, a
     * refusal marked final is not tried again (a channel post to a wrong channel); without it (the
     * firm's own messages) everything is tried for a day, so fixing the setup and restarting loses none.
     */
    async deliverDue(channel: OutboxChannel, deliver: Deliver, limit = 20, giveUpOnFinal = false): Promise<number> {
      let sent = 0;
      for (const row of await dueOf(channel, limit)) {
        if (!(await claim(row.id))) continue;
        const attempts = Number(row.attempts) + 1;
        try {
          await deliver({ id: String(row.id), channel, payload: reveal(String(row.id), row.payload, row.secrets), attempts });
          await db.updateTable('outbox').set({ status: 'sent', sent_at: nowIso(), attempts, locked_until: null, last_error: null, secrets: null }).where('id', '=', row.id).execute();
          sent += 1;
        } catch (error) {
          const wait = retryAfterOf(error) ?? BACKOFF_SECONDS[Math.min(attempts - 1, BACKOFF_SECONDS.length - 1)] * 1000;
          const failed = attempts >= MAX_ATTEMPTS || ((giveUpOnFinal || error === notKept) && isFinal(error));
          await db
            .updateTable('outbox')
            .set({
              status: failed ? 'failed' : 'pending',
              ...(failed ? { secrets: null } : {}),
              attempts,
              next_attempt_at: new Date(Date.now() + wait).toISOString(),
              locked_until: null,
              last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
            })
            .where('id', '=', row.id)
            .execute();
        }
      }
      await db.deleteFrom('outbox').where('status', '=', 'sent').where('sent_at', '<', new Date(Date.now() - KEEP_SENT_MS).toISOString()).execute();
      return sent;
    },

    /**
     * Sends what is due of a channel in one go (`deliver` takes every claimed message: the edge's
     * purges merge their tags into as few calls as the vendor allows); all are sent, or all retried.
     */
    async deliverBatch(channel: OutboxChannel, deliver: (messages: OutboxMessage[]) => Promise<void>, limit = 200): Promise<number> {
      const claimed: OutboxMessage[] = [];
      for (const row of await dueOf(channel, limit)) {
        if (await claim(row.id)) claimed.push({ id: String(row.id), channel, payload: reveal(String(row.id), row.payload, row.secrets), attempts: Number(row.attempts) + 1 });
      }
      if (!claimed.length) return 0;
      const ids = claimed.map((message) => message.id);
      try {
        await deliver(claimed);
        await db.updateTable('outbox').set({ status: 'sent', sent_at: nowIso(), attempts: sql`attempts + 1`, locked_until: null, last_error: null }).where('id', 'in', ids).execute();
      } catch (error) {
        const attempts = Math.max(...claimed.map((message) => message.attempts));
        const wait = retryAfterOf(error) ?? BACKOFF_SECONDS[Math.min(attempts - 1, BACKOFF_SECONDS.length - 1)] * 1000;
        await db
          .updateTable('outbox')
          .set({
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            attempts: sql`attempts + 1`,
            next_attempt_at: new Date(Date.now() + wait).toISOString(),
            locked_until: null,
            last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          })
          .where('id', 'in', ids)
          .execute();
        throw error;
      }
      await db.deleteFrom('outbox').where('channel', '=', channel).where('status', '=', 'sent').where('sent_at', '<', new Date(Date.now() - KEEP_SENT_MS).toISOString()).execute();
      return claimed.length;
    },

    /** The channel's latest messages, newest first: when each was queued, its payload, how it stands. */
    async recent(channel: OutboxChannel, limit = 20) {
      const rows = await db
        .selectFrom('outbox')
        .select(['id', 'payload', 'status', 'attempts', 'created_at', 'sent_at', 'last_error'])
        .where('channel', '=', channel)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        at: String(row.sent_at ?? row.created_at),
        // PostgreSQL's driver may give the JSON column parsed already.
        payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as OutboxPayload,
        status: String(row.status) as 'pending' | 'sent' | 'failed',
        attempts: Number(row.attempts),
        lastError: row.last_error ? String(row.last_error) : null,
      }));
    },

    /** How many messages of the channel were sent since this moment (the mail's rate per minute, across instances). */
    async sentSince(channel: OutboxChannel, since: string): Promise<number> {
      const row = await db.selectFrom('outbox').select(sql<number>`count(*)`.as('count')).where('channel', '=', channel).where('status', '=', 'sent').where('sent_at', '>=', since).executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** How many messages wait, were given up, and the last error (the admin's Telegram panel). */
    async state(channel: OutboxChannel) {
      const rows = await db
        .selectFrom('outbox')
        .select(['status', sql<number>`count(*)`.as('count')])
        .where('channel', '=', channel)
        .groupBy('status')
        .execute();
      const counts = Object.fromEntries(rows.map((row) => [String(row.status), Number(row.count)]));
      const last = await db.selectFrom('outbox').select(['last_error']).where('channel', '=', channel).where('last_error', 'is not', null).orderBy('next_attempt_at', 'desc').executeTakeFirst();
      return { pending: counts.pending ?? 0, failed: counts.failed ?? 0, sent: counts.sent ?? 0, lastError: last?.last_error ? String(last.last_error) : null };
    },
  };
}
