import type { Database } from '../../db/connection.ts';
import type { createOutbox } from '../notifications/outbox.ts';
import { localePath } from '../shared/localized.ts';
import type { RecordType } from '../shared/record-type.ts';
import type { ChangeEvent } from '../shared/record-service.ts';
import { nowIso } from '../shared/ids.ts';

/*
 * IndexNow (https://www.indexnow.org/documentation): with INDEXNOW_KEY, each change to a record
 * with a page — published, changed while public, its address changed, unpublished, deleted — is
 * announced to the search engines at every address it has now and every address it had when last
 * announced (kept per record in `indexnow_addresses`), through the outbox (retried, sent once
 * across instances). The key file `/{key}.txt` is answered by the server.
 */

/** Addresses per request: the protocol takes up to 10,000. */
export const INDEXNOW_BATCH = 10_000;

interface IndexNowDeps {
  database: Database;
  outbox: ReturnType<typeof createOutbox>;
  publicUrl: string;
  types: readonly RecordType[];
  /** A record's public address now (its slug and the languages its page is written in), or none. */
  addressOf(type: RecordType, id: string): Promise<{ slug: string; languages: string[] } | undefined>;
  languages(): Promise<{ codes: string[]; defaultLanguage: string }>;
}

export function createIndexNow(deps: IndexNowDeps) {
  const { db } = deps.database;
  const withPages = deps.types.filter((type) => type.publicPath !== undefined && type.pageLanguages);

  /** Every address of a record's page now: one per language it is written in, among the site's. */
  async function addressesNow(type: RecordType, id: string): Promise<string[]> {
    const address = await deps.addressOf(type, id);
    if (!address) return [];
    const { codes, defaultLanguage } = await deps.languages();
    const path = `${type.publicPath}/${address.slug}`;
    return codes.filter((code) => address.languages.includes(code)).map((code) => deps.publicUrl + localePath(path, code, defaultLanguage));
  }

  return {
    /** A record was written: its addresses, now and as last announced, queued for IndexNow when any. */
    async changed(event: ChangeEvent): Promise<void> {
      const type = withPages.find((candidate) => candidate.table === event.entity);
      if (!type || !['create', 'update', 'delete', 'publish', 'unpublish'].includes(event.action)) return;
      const record = `${type.table}:${event.id}`;
      const [now, kept] = await Promise.all([addressesNow(type, event.id), db.selectFrom('indexnow_addresses').select('urls').where('record', '=', record).executeTakeFirst()]);
      const before: string[] = kept ? (JSON.parse(String(kept.urls)) as string[]) : [];
      const urls = [...new Set([...before, ...now])];
      if (!urls.length) return;
      if (now.length) {
        const values = { record, urls: JSON.stringify(now), updated_at: nowIso() };
        await db
          .insertInto('indexnow_addresses')
          .values(values)
          .onConflict((conflict) => conflict.column('record').doUpdateSet({ urls: values.urls, updated_at: values.updated_at }))
          .execute();
      } else await db.deleteFrom('indexnow_addresses').where('record', '=', record).execute();
      await deps.outbox.enqueue('indexnow', { text: `${urls.length} address${urls.length === 1 ? '' : 'es'} of ${record}`, urls });
    },
  };
}

/** What IndexNow is sent: the site's host, the key and where its file is, and the addresses. */
export function indexNowRequest(publicUrl: string, key: string, urls: string[]) {
  return { host: new URL(publicUrl).host, key, keyLocation: `${publicUrl}/${key}.txt`, urlList: urls.slice(0, INDEXNOW_BATCH) };
}
