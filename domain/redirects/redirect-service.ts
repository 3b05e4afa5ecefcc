import type { Database } from '../../db/connection.ts';
import { AppError, notFound, staleVersion, validationError } from '../shared/errors.ts';
import { isId, newId, nowIso } from '../shared/ids.ts';
import { languageSegment } from '../shared/localized.ts';
import type { Actor, ChangeEvent } from '../shared/record-service.ts';
import { assertObject, expectedVersion, parseOrThrow } from '../shared/validation.ts';
import { splitLanguage } from '../site/site-pages.ts';
import { sql } from 'kysely';
import { createNotFoundLog } from './not-found-log.ts';
import { createRedirectCsv } from './redirect-csv.ts';
import { MAX_HOPS, MAX_PATH, normalizePath, normalizeTarget, redirectSchema, targetKey } from './redirect-rules.ts';

export interface Redirect {
  _id: string;
  from: string;
  to: string;
  status: 301 | 302;
  /** Made by the site when a page's address changed (not typed by a person). */
  automatic: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/** Whether a site path answers a page now (the host renders it). */
export type LivePathCheck = (path: string) => Promise<boolean>;

/**
 * Redirects from old addresses (kept by hand or made when a page's address changed) and the log
 * of addresses that answered 404 (not-found-log.ts). A redirect is looked up only when no page
 * answers, so a page that takes an old address wins over its redirect. What a redirect may be is
 * redirect-rules.ts; its CSV, out and in, redirect-csv.ts.
 */
export function createRedirectService(database: Database, changed: (event: ChangeEvent) => Promise<void>) {
  const { db } = database;
  const fromRow = (row: Record<string, unknown>): Redirect => ({
    _id: String(row.id),
    from: String(row.from_path),
    to: String(row.to_path),
    status: Number(row.status) === 302 ? 302 : 301,
    automatic: Boolean(row.automatic),
    createdAt: String(row.created_at),
    updatedAt: String(row.updated_at),
    version: Number(row.version),
  });
  const byFrom = async (from: string) => {
    const row = await db.selectFrom('redirects').selectAll().where('from_path', '=', from).executeTakeFirst();
    return row ? fromRow(row) : undefined;
  };

  /** Where `to` finally leads through the redirects there are (ignoring `skipId`), or a loop. */
  async function finalTarget(from: string, to: string, skipId?: string): Promise<string> {
    let target = to;
    const seen = new Set([from]);
    for (let hop = 0; hop < MAX_HOPS && target.startsWith('/'); hop += 1) {
      if (seen.has(targetKey(target))) throw loopError();
      seen.add(targetKey(target));
      const next = await byFrom(targetKey(target));
      if (!next || next._id === skipId) return target;
      target = next.to;
    }
    if (target.startsWith('/') && seen.has(targetKey(target))) throw loopError();
    return target;
  }
  const loopError = () =>
    validationError([{ path: 'to', message: 'This redirect would lead back to where it starts (a loop): choose another target', code: 'redirect_loop' }]);

  /** Every redirect that led to `oldTarget` leads to `newTarget` in one hop; ones that now point at themselves go. */
  async function collapse(oldTarget: string, newTarget: string) {
    await db.updateTable('redirects').set({ to_path: newTarget, updated_at: nowIso(), version: sql`version + 1` }).where('to_path', 'in', [...new Set([oldTarget, normalizeTarget(oldTarget)])]).execute();
    await db.deleteFrom('redirects').whereRef('from_path', '=', 'to_path').execute();
  }

  async function validated(body: unknown, isLive: LivePathCheck, skipId?: string) {
    const values = parseOrThrow(redirectSchema, assertObject(body));
    if (values.to.startsWith('/') && values.from === targetKey(values.to)) throw loopError();
    if (await isLive(values.from)) {
      throw validationError([{ path: 'from', message: `${values.from} is a page that is live now: a redirect from it would hide it. Choose an address that answers "not found"`, code: 'live_page' }]);
    }
    const other = await byFrom(values.from);
    if (other && other._id !== skipId) throw new AppError(409, 'CONFLICT', `There is already a redirect from ${values.from}: edit that one instead`, { reason: 'duplicate' });
    return { ...values, to: await finalTarget(values.from, values.to, skipId) };
  }

  const { forgetNotFound, ...notFoundLog } = createNotFoundLog(database);

  async function list(): Promise<Redirect[]> {
    const rows = await db.selectFrom('redirects').selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
    return rows.map(fromRow);
  }

  async function get(id: string): Promise<Redirect> {
    const row = isId(id) ? await db.selectFrom('redirects').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!row) throw notFound('Redirect');
    return fromRow(row);
  }

  return {
    list,
    get,
    ...createRedirectCsv(database, { list, byFrom, forgetNotFound, changed }),
    ...notFoundLog,

    async create(body: unknown, isLive: LivePathCheck, actor?: Actor): Promise<Redirect> {
      const values = await validated(body, isLive);
      const now = nowIso();
      const id = newId();
      await db.insertInto('redirects').values({ id, created_at: now, updated_at: now, version: 1, from_path: values.from, to_path: values.to, status: values.status, automatic: false }).execute();
      await collapse(values.from, values.to);
      await forgetNotFound([values.from]);
      await changed({ entity: 'redirects', action: 'create', id, actor, summary: `Redirect ${values.from} → ${values.to}` });
      return get(id);
    },

    async update(id: string, body: unknown, isLive: LivePathCheck, actor?: Actor): Promise<Redirect> {
      const existing = await get(id);
      const input = assertObject(body);
      const version = expectedVersion(input);
      const values = await validated({ from: existing.from, to: existing.to, status: existing.status, ...input }, isLive, id);
      let query = db
        .updateTable('redirects')
        .set({ from_path: values.from, to_path: values.to, status: values.status, automatic: false, updated_at: nowIso(), version: sql`version + 1` })
        .where('id', '=', id);
      if (version !== undefined) query = query.where('version', '=', version);
      const result = await query.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw staleVersion();
      await collapse(values.from, values.to);
      await changed({ entity: 'redirects', action: 'update', id, actor, summary: `Redirect ${values.from} → ${values.to}` });
      return get(id);
    },

    async remove(id: string, actor?: Actor): Promise<void> {
      const existing = await get(id);
      await db.deleteFrom('redirects').where('id', '=', id).execute();
      await changed({ entity: 'redirects', action: 'delete', id, actor, summary: `Redirect ${existing.from} → ${existing.to}` });
    },

    /**
     * A record's page moved: its old path answers 301 to the new one, redirects that led to the
     * old path lead to the new one directly, and none starts at the page's new (live) path.
     */
    async pageMoved(change: { from?: string; to: string }): Promise<void> {
      await db.deleteFrom('redirects').where('from_path', '=', change.to).execute();
      if (!change.from) return;
      await collapse(change.from, change.to);
      const now = nowIso();
      await db
        .insertInto('redirects')
        .values({ id: newId(), created_at: now, updated_at: now, version: 1, from_path: change.from, to_path: change.to, status: 301, automatic: true })
        .onConflict((conflict) => conflict.column('from_path').doUpdateSet({ to_path: change.to, status: 301, automatic: true, updated_at: now }))
        .execute();
      await forgetNotFound([change.from]);
    },

    /**
     * Where a path that found no page goes: its own redirect, or the redirect of the same path
     * without a language prefix (the target then keeps the prefix).
     */
    async resolve(path: string, languagePrefixes: readonly string[]): Promise<{ to: string; status: 301 | 302 } | undefined> {
      if (path.length > MAX_PATH) return undefined;
      const wanted = normalizePath(path);
      const exact = await byFrom(wanted);
      if (exact) return { to: exact.to, status: exact.status };
      // The path names a language by its segment (/uz-cyrl/), in lower case, whatever its code's letters (uz-Cyrl).
      const { segment: prefix, rest } = splitLanguage(wanted, languagePrefixes.map(languageSegment));
      if (!prefix || rest === '/') return undefined;
      const found = await byFrom(rest);
      if (!found) return undefined;
      return { to: found.to.startsWith('/') ? `/${prefix}${found.to === '/' ? '' : found.to}` : found.to, status: found.status };
    },

  };
}

