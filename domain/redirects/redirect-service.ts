import { languageSegment } from '../shared/localized.ts';
import { splitLanguage } from '../site/site-pages.ts';
import { csvCell } from '../shared/csv.ts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/connection.ts';
import { AppError, badRequest, notFound, staleVersion, validationError } from '../shared/errors.ts';
import { isId, newId, nowIso } from '../shared/ids.ts';
import type { Actor, ChangeEvent } from '../shared/record-service.ts';
import { assertObject, expectedVersion, parseOrThrow } from '../shared/validation.ts';

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

export interface NotFoundEntry {
  path: string;
  hits: number;
  firstSeenAt: string;
  lastSeenAt: string;
}

/** Whether a site path answers a page now (the host renders it). */
export type LivePathCheck = (path: string) => Promise<boolean>;

const MAX_PATH = 300;
/** Addresses kept in the not-found log; the least hit (then the oldest) go first. */
const NOT_FOUND_KEPT = 1000;
/** Distinct addresses counted in memory between two writes; the rest wait (scanners). */
const NOT_FOUND_PENDING = 500;
const MAX_HOPS = 20;

/** `/news/old-title`: a path of this site, without query, fragment, backslash or `//` (another host). */
const SITE_PATH = /^\/(?![/\\])[^\s?#\\]*$/;
const ABSOLUTE = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

const normalizePath = (value: string) => (value.length > 1 ? value.replace(/\/+$/, '') || '/' : value);
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A target as it is stored and sent in Location: a site path without a trailing slash, dot
 * segments resolved, and every letter outside ASCII (Cyrillic) percent-encoded; an http(s)
 * address as the URL standard writes it.
 */
function normalizeTarget(value: string): string {
  if (!value.startsWith('/')) return new URL(value).href;
  const url = new URL(value, 'http://site.invalid');
  return normalizePath(url.pathname) + url.search + url.hash;
}

/** The path of a target as `from` paths are kept (decoded, no trailing slash): what loops are checked by. */
function targetKey(target: string): string {
  const path = normalizePath(target.replace(/[?#].*$/, ''));
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const redirectSchema = z.object({
  from: z
    .string({ error: 'From must be a path of this site, such as /news/old-title' })
    .trim()
    .min(1, 'From is required: the old address, such as /news/old-title')
    .max(MAX_PATH, `From must be at most ${MAX_PATH} characters`)
    .refine((value) => !CONTROL.test(value), { message: 'From must not contain control characters (such as a line break or a tab)', params: { code: 'invalid' }, abort: true })
    .refine((value) => SITE_PATH.test(value), { message: 'From must be a path of this site starting with /, such as /news/old-title', params: { code: 'invalid_link' } })
    .transform(normalizePath),
  to: z
    .string({ error: 'To must be a path of this site or an http(s) address' })
    .trim()
    .min(1, 'To is required: the new address, such as /news/new-title')
    .max(MAX_PATH, `To must be at most ${MAX_PATH} characters`)
    .refine((value) => !CONTROL.test(value), { message: 'To must not contain control characters (such as a line break or a tab)', params: { code: 'invalid' }, abort: true })
    .refine((value) => /^\/(?![/\\])[^\s\\]*$/.test(value) || ABSOLUTE.test(value), { message: 'To must be a path of this site such as /news/new-title, or an address starting with https://', params: { code: 'invalid_link' }, abort: true })
    .transform(normalizeTarget)
    .refine((value) => value.length <= MAX_PATH * 3, `To must be at most ${MAX_PATH} characters`),
  status: z.union([z.literal(301), z.literal(302)], { error: 'Status must be 301 (moved for good) or 302 (moved for now)' }).default(301),
});


/**
 * Redirects from old addresses (kept by hand or made when a page's address changed) and the log
 * of addresses that answered 404. A redirect is looked up only when no page answers, so a page
 * that takes an old address wins over its redirect.
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

  const pendingNotFound = new Map<string, { hits: number; lastSeenAt: string }>();
  /** One write of the log at a time: the timer's and a caller's would otherwise interleave. */
  let flushing: Promise<void> = Promise.resolve();
  async function writeNotFound() {
    if (!pendingNotFound.size) return;
    const taken = [...pendingNotFound];
    pendingNotFound.clear();
    for (const [path, { hits, lastSeenAt }] of taken) {
      await db
        .insertInto('not_found_paths')
        .values({ path, hits, first_seen_at: lastSeenAt, last_seen_at: lastSeenAt })
        .onConflict((conflict) => conflict.column('path').doUpdateSet({ hits: sql`not_found_paths.hits + ${hits}`, last_seen_at: lastSeenAt }))
        .execute();
    }
    const count = Number((await db.selectFrom('not_found_paths').select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow()).count);
    if (count > NOT_FOUND_KEPT) {
      const extra = await db.selectFrom('not_found_paths').select('path').orderBy('hits', 'asc').orderBy('last_seen_at', 'asc').limit(count - NOT_FOUND_KEPT).execute();
      await db.deleteFrom('not_found_paths').where('path', 'in', extra.map((row) => row.path)).execute();
    }
  }
  const flushNotFound = (): Promise<void> => {
    const next = flushing.catch(() => undefined).then(writeNotFound);
    flushing = next;
    return next;
  };
  /** Addresses dealt with (they redirect now) leave the log, and a write in flight cannot bring them back. */
  async function forgetNotFound(paths: string[]) {
    await flushing.catch(() => undefined);
    for (const path of paths) pendingNotFound.delete(path);
    for (let start = 0; start < paths.length; start += 500) await db.deleteFrom('not_found_paths').where('path', 'in', paths.slice(start, start + 500)).execute();
  }

  return {
    async list(): Promise<Redirect[]> {
      const rows = await db.selectFrom('redirects').selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
      return rows.map(fromRow);
    },

    async get(id: string): Promise<Redirect> {
      const row = isId(id) ? await db.selectFrom('redirects').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
      if (!row) throw notFound('Redirect');
      return fromRow(row);
    },

    async create(body: unknown, isLive: LivePathCheck, actor?: Actor): Promise<Redirect> {
      const values = await validated(body, isLive);
      const now = nowIso();
      const id = newId();
      await db.insertInto('redirects').values({ id, created_at: now, updated_at: now, version: 1, from_path: values.from, to_path: values.to, status: values.status, automatic: false }).execute();
      await collapse(values.from, values.to);
      await forgetNotFound([values.from]);
      await changed({ entity: 'redirects', action: 'create', id, actor, summary: `Redirect ${values.from} → ${values.to}` });
      return this.get(id);
    },

    async update(id: string, body: unknown, isLive: LivePathCheck, actor?: Actor): Promise<Redirect> {
      const existing = await this.get(id);
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
      return this.get(id);
    },

    async remove(id: string, actor?: Actor): Promise<void> {
      const existing = await this.get(id);
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

    /** The redirects as CSV (from,to,status), for a spreadsheet or another site. */
    async exportCsv(): Promise<string> {
      const rows = await this.list();
      return ['from,to,status', ...rows.map((row) => [csvCell(row.from), csvCell(row.to), String(row.status)].join(','))].join('\r\n') + '\r\n';
    },

    /**
     * Adds or changes the redirects of a CSV (from,to[,status]; a header line is allowed), all
     * or none: any bad line refuses the whole file, naming the line.
     */
    async importCsv(body: unknown, isLive: LivePathCheck, actor?: Actor): Promise<{ created: number; updated: number }> {
      const csv = assertObject(body).csv;
      if (typeof csv !== 'string' || !csv.trim()) throw badRequest('Send the CSV text in "csv": one redirect per line, from,to,status');
      if (csv.length > 500_000) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'The CSV is too large: at most 500 KB at once');
      const lines = parseCsv(csv).filter((cells) => cells.some((cell) => cell.trim()));
      if (lines.length && lines[0][0]?.trim().toLowerCase() === 'from') lines.shift();
      if (!lines.length) throw badRequest('The CSV has no redirects: one per line, from,to,status');
      if (lines.length > 2000) throw badRequest('At most 2000 redirects at once: split the file');
      const parsed: Array<z.output<typeof redirectSchema>> = [];
      const seen = new Set<string>();
      for (const [index, cells] of lines.entries()) {
        const [from = '', to = '', status = '301'] = cells.map((cell) => cell.trim().replace(/^'(?=[=+\-@])/, ''));
        const result = redirectSchema.safeParse({ from, to, status: Number(status) });
        if (!result.success) throw badRequest(`Line ${index + 1}: ${result.error.issues[0]?.message ?? 'check this line'}`);
        if (result.data.to.startsWith('/') && result.data.from === targetKey(result.data.to)) throw badRequest(`Line ${index + 1}: ${result.data.from} would redirect to itself`);
        if (seen.has(result.data.from)) throw badRequest(`Line ${index + 1}: ${result.data.from} appears twice`);
        if (await isLive(result.data.from)) throw badRequest(`Line ${index + 1}: ${result.data.from} is a live page; a redirect would hide it`);
        seen.add(result.data.from);
        parsed.push(result.data);
      }
      // A loop may close through the file's lines and the redirects already stored together.
      const targets = new Map(parsed.map((entry) => [entry.from, entry.to]));
      for (const [index, entry] of parsed.entries()) {
        let target = entry.to;
        for (let hop = 0; hop <= parsed.length + MAX_HOPS && target.startsWith('/'); hop += 1) {
          const key = targetKey(target);
          const next = targets.get(key) ?? (await byFrom(key))?.to;
          if (next === undefined) break;
          target = next;
          if (target.startsWith('/') && targetKey(target) === entry.from) throw badRequest(`Line ${index + 1}: ${entry.from} leads back to itself through other lines or stored redirects (a loop)`);
        }
      }
      let created = 0;
      let updated = 0;
      await db.transaction().execute(async (trx) => {
        const now = nowIso();
        for (const entry of parsed) {
          const existing = await trx.selectFrom('redirects').select('id').where('from_path', '=', entry.from).executeTakeFirst();
          if (existing) {
            updated += 1;
            await trx.updateTable('redirects').set({ to_path: entry.to, status: entry.status, automatic: false, updated_at: now, version: sql`version + 1` }).where('id', '=', existing.id).execute();
          } else {
            created += 1;
            await trx.insertInto('redirects').values({ id: newId(), created_at: now, updated_at: now, version: 1, from_path: entry.from, to_path: entry.to, status: entry.status, automatic: false }).execute();
          }
        }
      });
      await forgetNotFound(parsed.map((entry) => entry.from));
      await changed({ entity: 'redirects', action: 'update', id: '', actor, summary: `Redirects imported: ${created} new, ${updated} changed` });
      return { created, updated };
    },

    /** A public path answered 404: counted in memory, written with `flushNotFound`. */
    notFound(path: string): void {
      if (path.length > MAX_PATH) return;
      const entry = pendingNotFound.get(path);
      const now = nowIso();
      if (entry) {
        entry.hits += 1;
        entry.lastSeenAt = now;
      } else if (pendingNotFound.size < NOT_FOUND_PENDING) {
        pendingNotFound.set(path, { hits: 1, lastSeenAt: now });
      }
    },

    /** Writes the counted 404s and keeps the log bounded (after any write already under way). */
    flushNotFound,

    /** Addresses that answered 404, most hit first. */
    async notFoundLog(limit = 200): Promise<NotFoundEntry[]> {
      const rows = await db.selectFrom('not_found_paths').selectAll().orderBy('hits', 'desc').orderBy('last_seen_at', 'desc').limit(limit).execute();
      return rows.map((row) => ({ path: String(row.path), hits: Number(row.hits), firstSeenAt: String(row.first_seen_at), lastSeenAt: String(row.last_seen_at) }));
    },

    /** Forgets an address of the log (it was dealt with). */
    async dismissNotFound(path: string): Promise<void> {
      await forgetNotFound([path]);
    },
  };
}

/** RFC 4180 CSV: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i += 1) {
    const char = input[i];
    if (quoted) {
      if (char === '"' && input[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',' || char === ';') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

