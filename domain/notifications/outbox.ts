import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { newId, nowIso } from '../shared/ids.ts';

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
  /** A post to a channel: the Bot API method, its picture, the message it edits, and its row. */
  method?: 'sendMessage' | 'sendPhoto' | 'editMessageText' | 'editMessageCaption';
  photo?: string;
  messageId?: string;
  postId?: string;
}

/** A refusal that trying again cannot change (a wrong channel, a message Telegram will not take): an error with `final: true`. */
const isFinal = (error: unknown) => typeof error === 'object' && error !== null && 'final' in error && error.final === true;

interface OutboxMessage {
  id: string;
  channel: string;
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
/** Sent messages (they may hold a visitor's name and message) are deleted after this. */
const KEEP_SENT_MS = 24 * 60 * 60 * 1000;

/**
 * Messages to the firm's other channels (Telegram, e-mail to subscribers), stored before they are sent: a restart loses
 * none, a failure is retried with back-off, and a message claimed by one instance (a lease in the
 * row, taken by one atomic update) is not sent by another.
 */
export function createOutbox(database: Database) {
  const { db } = database;
  const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as OutboxPayload;

  return {
    /**
     * `about`: what the message tells of (contacts/<id>), so that it can be forgotten with it;
     * `within`: a transaction the message is stored in (with what it records as sent).
     */
    async enqueue(channel: string, payload: OutboxPayload, about?: string, within: Database['db'] = db): Promise<string> {
      const now = nowIso();
      const id = newId();
      await within
        .insertInto('outbox')
        .values({ id, channel, payload: JSON.stringify(payload), status: 'pending', attempts: 0, next_attempt_at: now, created_at: now, about: about ?? null })
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
    async deliverDue(channel: string, deliver: Deliver, limit = 20, giveUpOnFinal = false): Promise<number> {
      const now = new Date();
      const due = await db
        .selectFrom('outbox')
        .selectAll()
        .where('channel', '=', channel)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now.toISOString())
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now.toISOString())]))
        .orderBy('created_at', 'asc')
        .limit(limit)
        .execute();
      let sent = 0;
      for (const row of due) {
        const claimed = await db
          .updateTable('outbox')
          .set({ locked_until: new Date(Date.now() + LEASE_MS).toISOString() })
          .where('id', '=', row.id)
          .where('status', '=', 'pending')
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso())]))
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) continue;
        const attempts = Number(row.attempts) + 1;
        try {
          await deliver({ id: String(row.id), channel, payload: parse(row.payload), attempts });
          await db.updateTable('outbox').set({ status: 'sent', sent_at: nowIso(), attempts, locked_until: null, last_error: null }).where('id', '=', row.id).execute();
          sent += 1;
        } catch (error) {
          const wait = BACKOFF_SECONDS[Math.min(attempts - 1, BACKOFF_SECONDS.length - 1)] * 1000;
          await db
            .updateTable('outbox')
            .set({
              status: attempts >= MAX_ATTEMPTS || (giveUpOnFinal && isFinal(error)) ? 'failed' : 'pending',
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

    /** How many messages of the channel were sent since this moment (the mail's rate per minute, across instances). */
    async sentSince(channel: string, since: string): Promise<number> {
      const row = await db.selectFrom('outbox').select(sql<number>`count(*)`.as('count')).where('channel', '=', channel).where('status', '=', 'sent').where('sent_at', '>=', since).executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** How many messages wait, were given up, and the last error (the admin's Telegram panel). */
    async state(channel: string) {
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
