import type pg from 'pg';
import type { AppServices } from './app-services.ts';
import { CHANGE_CHANNEL, forgetChange, type ChangeNotice } from './app-services.ts';

/**
 * With PostgreSQL and several app instances, a write on one instance must drop the caches of all:
 * each instance LISTENs on one channel and every write NOTIFYs it. Reconnects after a drop.
 */
export function listenForChanges(services: AppServices): () => Promise<void> {
  const { database, logger } = services;
  if (!database.connectListener) return async () => {};
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  /** Another instance wrote: drop what its change affects (all, when the notice cannot be read). */
  const forget = (message?: { payload?: string }) => {
    let change: ChangeNotice | undefined;
    try {
      const parsed: unknown = JSON.parse(message?.payload ?? '');
      // Another schema's change (another site, or another test run, in the same database): not ours.
      if (parsed && typeof parsed === 'object' && 'schema' in parsed && parsed.schema !== (database.schema ?? '')) return;
      // This instance's own change: dropped here before it was told (server/app-services.ts `changed`).
      if (parsed && typeof parsed === 'object' && 'instance' in parsed && parsed.instance === services.instance) return;
      if (parsed && typeof parsed === 'object' && 'entity' in parsed && 'id' in parsed) change = { entity: String(parsed.entity), id: String(parsed.id) };
    } catch {
      change = undefined;
    }
    // Visitors here read the primary for a while too: the replica may not have replayed that write yet.
    database.replica?.noteWrite();
    if (change) forgetChange(services.cache, change);
    else services.cache.clear();
    services.forgetTexts(change?.entity, change?.id);
    if (!change || change.entity === 'site_config') services.siteConfig.forgetCached();
    // The languages kept in memory are read again only when they (or, unreadable, anything) changed:
    // not at every save of an article.
    if (change && change.entity !== 'languages') return;
    services.languages.forgetCached();
    void services.refreshSiteLanguages();
  };

  /** The connection being made now: a stop waits for it, so that a connection made after the stop is not left open. */
  let connecting: Promise<void> | undefined;

  async function connect() {
    try {
      const connected = await database.connectListener!();
      if (stopped) {
        await connected.end().catch(() => {});
        return;
      }
      client = connected;
      client.on('notification', forget);
      client.on('error', scheduleReconnect);
      client.on('end', scheduleReconnect);
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      // Anything may have changed while we were not listening.
      forget();
    } catch (error) {
      logger.warn({ err: error }, 'change listener could not connect; retrying in 5 s');
      scheduleReconnect();
    }
  }

  function scheduleReconnect() {
    if (stopped || retry) return;
    client?.removeAllListeners();
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      connecting = connect();
    }, 5000);
    retry.unref();
  }

  connecting = connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    // Stopped as it connects (an instance closed right after it started): its connection is ended too.
    await connecting;
    await client?.end().catch(() => {});
  };
}
