import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { createOutbox } from '../notifications/outbox.ts';
import { nowIso } from '../shared/ids.ts';
import { pickText } from '../shared/localized.ts';
import type { RecordType } from '../shared/record-type.ts';
import { alertMail } from './alert-mail.ts';
import type { createSubscriptions, SubscriptionHost } from './subscriptions.ts';

/** What sending alerts needs besides the subscriptions' own host. */
interface SenderHost extends Pick<SubscriptionHost, 'siteName' | 'pageUrl' | 'topics'> {
  /** The record types whose records carry `topics` and `notify` (news, blog posts). */
  types: readonly RecordType[];
  /** The record as the public sees it now, or undefined while it is not public. */
  readPublic(type: RecordType, id: string): Promise<(Record<string, unknown> & { _id: string }) | undefined>;
  /** The firm's address: the alerts' mailto unsubscribe goes there. */
  firmEmail(): Promise<string>;
  /** The alerts' list id (RFC 2919): `alerts.` and the host of PUBLIC_URL, never of a request. */
  listId: string;
}

/**
 * Alerts out (API-3.md "Alerts"): a record with `notify` that is public (saved so, applied from a
 * copy or published by the schedule: this looks, whatever made it so) goes once to each confirmed
 * subscriber of one of its topics, in the subscriber's language when the record has text in it.
 * Each message is stored in the outbox in the same transaction as the row that says it was queued,
 * so two instances, or one restarted halfway, queue it once.
 */
export function createAlertSender(database: Database, outbox: ReturnType<typeof createOutbox>, subscriptions: ReturnType<typeof createSubscriptions>, host: SenderHost) {
  const { db } = database;

  async function fanOut(type: RecordType, record: Record<string, unknown> & { _id: string }): Promise<number> {
    const topics = Array.isArray(record.topics) ? record.topics.map(String) : [];
    const readers = topics.length ? await subscriptions.confirmedFor(topics) : [];
    const firmEmail = await host.firmEmail();
    const names = new Map<string, Map<string, string>>();
    let queued = 0;
    for (const reader of readers) {
      const title = pickText(record.title, reader.language, '');
      // Not in the reader's language: not sent to them at all (API-3.md).
      if (!title || typeof record.title !== 'object' || !(record.title as Record<string, unknown>)[reader.language]) continue;
      if (!names.has(reader.language)) names.set(reader.language, new Map((await host.topics(reader.language)).map((topic) => [topic._id, topic.title])));
      const token = await subscriptions.manageToken(reader._id);
      const [site, url, manageUrl, unsubscribeUrl] = await Promise.all([
        host.siteName(reader.language),
        host.pageUrl(reader.language, `${type.publicPath}/${String(record.slug ?? record._id)}`),
        host.pageUrl(reader.language, `/subscribe/preferences/${token}`),
        host.pageUrl(reader.language, `/unsubscribe/${token}`),
      ]);
      const mail = alertMail({
        to: reader.email,
        language: reader.language,
        site,
        title,
        lead: pickText(record.excerpt, reader.language, ''),
        url: `${url}?source=email`,
        topics: topics.filter((topic) => reader.topics.includes(topic)).map((topic) => names.get(reader.language)?.get(topic) ?? '').filter(Boolean),
        manageUrl,
        unsubscribeUrl,
        unsubscribeMailto: `mailto:${firmEmail}?subject=${encodeURIComponent(`unsubscribe ${reader.email}`)}`,
        listId: host.listId,
      });
      const took = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('alert_sends')
          .values({ record_type: type.name, record_id: record._id, subscriber_id: reader._id, created_at: nowIso() })
          .onConflict((conflict) => conflict.columns(['record_type', 'record_id', 'subscriber_id']).doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
        const message = await outbox.enqueue('mail', { ...mail, secrets: [token] }, `subscribers/${reader._id}`, trx);
        await trx.updateTable('alert_sends').set({ outbox_id: message }).where('record_type', '=', type.name).where('record_id', '=', record._id).where('subscriber_id', '=', reader._id).execute();
        return true;
      });
      if (took) queued += 1;
    }
    return queued;
  }

  return {
    /** Sends out what became public since the last look; answers how many e-mails were queued. */
    async sendDue(): Promise<number> {
      let queued = 0;
      for (const type of host.types) {
        const yes = database.dialect === 'postgres' ? sql<boolean>`true` : sql<boolean>`1`;
        // Public now (the type's own rule, in SQL) and not sent yet: drafts waiting with "notify"
        // are not read at every look, and never hold back what is due.
        let query = db
          .selectFrom(type.table)
          .select('id')
          .where('notify', '=', yes)
          .where(({ not, exists, selectFrom }) => not(exists(selectFrom('alert_fanouts').select('record_id').where('record_type', '=', type.name).whereRef('record_id', '=', `${type.table}.id`))));
        for (const condition of type.publicConditions(nowIso())) {
          if (condition.op === '=') query = query.where(condition.column, '=', condition.value === true ? yes : condition.value);
          else if (condition.op === 'unset-or') query = query.where((eb) => eb.or([eb(condition.column, 'is', null), eb(condition.column, condition.compare, condition.value)]));
        }
        const waiting = await query.limit(50).execute();
        for (const { id } of waiting) {
          const record = await host.readPublic(type, String(id));
          if (!record) continue;
          const count = await fanOut(type, record);
          queued += count;
          await db
            .insertInto('alert_fanouts')
            .values({ record_type: type.name, record_id: String(id), queued: count, created_at: nowIso() })
            .onConflict((conflict) => conflict.columns(['record_type', 'record_id']).doNothing())
            .execute();
        }
      }
      return queued;
    },

    /**
     * The sending log of a record: when it went out and to how many; of its e-mails, how many wait
     * and how many were given up (with the last reason). The outbox keeps a sent message minutes, so
     * "sent" is what neither waits nor failed.
     */
    async log(type: string, id: string) {
      const fanout = await db.selectFrom('alert_fanouts').selectAll().where('record_type', '=', type).where('record_id', '=', id).executeTakeFirst();
      const rows = await db
        .selectFrom('alert_sends')
        .leftJoin('outbox', 'outbox.id', 'alert_sends.outbox_id')
        .select(['outbox.status as status', 'outbox.last_error as lastError'])
        .where('alert_sends.record_type', '=', type)
        .where('alert_sends.record_id', '=', id)
        .execute();
      const waiting = rows.filter((row) => row.status === 'pending').length;
      const failed = rows.filter((row) => row.status === 'failed');
      return {
        sentAt: fanout ? String(fanout.created_at) : null,
        subscribers: rows.length,
        waiting,
        failed: failed.length,
        sent: rows.length - waiting - failed.length,
        lastError: failed.map((row) => row.lastError).find(Boolean) ?? rows.map((row) => row.lastError).find(Boolean) ?? null,
      };
    },
  };
}
