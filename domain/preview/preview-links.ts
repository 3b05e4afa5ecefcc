import { z } from 'zod';
import { can } from '../access/permissions.ts';
import { email } from '../shared/schema-helpers.ts';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { AppError, badRequest, validationError } from '../shared/errors.ts';
import { nowIso } from '../shared/ids.ts';
import { pickText } from '../shared/localized.ts';
import { sharedSecret } from '../shared/secrets.ts';
import type { Actor, ChangeEvent, RecordService } from '../shared/record-service.ts';
import type { RecordType } from '../shared/record-type.ts';
import { issuesToDetails } from '../shared/validation.ts';
import { previewedTypes } from '../site/site-pages.ts';

/** How long a preview link opens its page; an outside reviewer's, a week (API-3.md). */
const PREVIEW_LIFETIME_MS = 60 * 60 * 1000;
const REVIEWER_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A named outside reviewer: the site's own rule for an e-mail address. */
const REVIEWER = z.strictObject({
  name: z.string({ error: 'Give the reviewer’s name' }).trim().min(1, 'Give the reviewer’s name').max(100, 'The reviewer’s name may be up to 100 characters'),
  email: email({ required: true }),
});
const SECRET_NAME = 'preview-links';
/** What the activity log says instead of an erased reviewer's name and e-mail. */
const ERASED = 'outside reviewer (erased)';
/** What the reviewer's link carries instead of their name and e-mail: a random key, kept here with them. */
const KEY = /^[A-Za-z0-9_-]{32}$/;

export interface OutsideReviewer {
  name: string;
  email: string;
  /** Who made the link (the one told of the decision when nobody is asked). */
  madeBy: { _id: string; email: string };
}

export interface PreviewTarget {
  type: string;
  id: string;
  expiresAt: number;
  /** The record's working copy rather than the record as saved (API-3.md). */
  draft: boolean;
  /** A named person outside the firm who may approve or ask for changes through the link (an opinion). */
  reviewer?: OutsideReviewer;
}

interface PreviewHost {
  recordService(type: RecordType): RecordService;
  defaultLanguage(): Promise<string>;
  /** Kept in the activity log: who made a reviewer's link, for whom. */
  record(event: ChangeEvent): Promise<void>;
}

/** A refused reviewer as the API's details: `reviewer.name`, `reviewer.email`. */
function reviewerOf(input: unknown) {
  const parsed = REVIEWER.safeParse(input);
  if (parsed.success) return parsed.data;
  throw validationError(
    issuesToDetails(parsed.error.issues, input).map((detail) => ({
      ...detail,
      path: detail.path ? `reviewer.${detail.path}` : 'reviewer',
      message: detail.path === 'email' ? 'Give the reviewer’s e-mail address, such as name@example.com' : detail.path ? detail.message : 'reviewer must be { name, email }',
    })),
  );
}

/**
 * Signed links to a record's public page as saved, draft or not, for one hour and without signing
 * in: `/preview/{payload}.{signature}` (under the language prefix of the page's language). A
 * reviewer's link (a week) carries only a random key: the reviewer's name and e-mail, and who made
 * it, are kept in `reviewer_links`.
 */
export function createPreviewLinks(database: Database, types: readonly RecordType[], host: PreviewHost) {
  const { db } = database;
  const key = sharedSecret(database, SECRET_NAME);
  const previewable = previewedTypes(types);
  const sign = async (payload: string) => createHmac('sha256', await key()).update(payload).digest('base64url');

  return {
    /** Record types whose pages can be previewed. */
    types: previewable.map((type) => type.name),

    /** A token for the record's page; the record must exist (any state). A reviewer's link: approvers and administrators only. */
    async create(input: unknown, actor?: Actor, now = Date.now()): Promise<{ token: string; expiresAt: string; type: RecordType }> {
      const body = (typeof input === 'object' && input !== null ? input : {}) as { type?: unknown; id?: unknown; draft?: unknown; reviewer?: unknown };
      const type = previewable.find((candidate) => candidate.name === body.type);
      if (!type) throw badRequest(`Type must be one of ${previewable.map((candidate) => candidate.name).join(', ')}`);
      if (typeof body.id !== 'string') throw badRequest('Give the id of the record to preview');
      if (body.draft !== undefined && typeof body.draft !== 'boolean') throw badRequest('draft must be true or false');
      const reviewer = body.reviewer === undefined ? undefined : reviewerOf(body.reviewer);
      if (reviewer && !can(actor, 'review.askOutside')) {
        throw new AppError(403, 'FORBIDDEN', 'Only an approver or an administrator can make a link for a reviewer outside the firm: ask one of them, or make a plain preview link.');
      }
      // A copy's preview needs the copy (a 404 when there is none).
      const record = body.draft ? await host.recordService(type).draft(body.id) : await host.recordService(type).get(body.id, { admin: true });
      const expiresAt = Math.floor((now + (reviewer ? REVIEWER_LIFETIME_MS : PREVIEW_LIFETIME_MS)) / 1000) * 1000;
      let named = {};
      if (reviewer && actor) {
        const linkKey = randomBytes(24).toString('base64url');
        await db.deleteFrom('reviewer_links').where('expires_at', '<', new Date(now).toISOString()).execute();
        await db
          .insertInto('reviewer_links')
          .values({ key: linkKey, record_type: type.name, record_id: body.id, name: reviewer.name, email: reviewer.email, made_by_id: actor.userId, made_by_email: actor.email, created_at: nowIso(), expires_at: new Date(expiresAt).toISOString() })
          .execute();
        const title = pickText(record[type.admin.titleField], await host.defaultLanguage());
        await host.record({ entity: type.table, action: 'update', id: body.id, actor, summary: `${title}: link for outside reviewer ${reviewer.name} <${reviewer.email}>${body.draft ? ' (working copy)' : ''}` });
        named = { k: linkKey };
      }
      const payload = Buffer.from(JSON.stringify({ t: type.name, i: body.id, e: expiresAt / 1000, ...(body.draft ? { d: 1 } : {}), ...named })).toString('base64url');
      return { token: `${payload}.${await sign(payload)}`, expiresAt: new Date(expiresAt).toISOString(), type };
    },

    /**
     * The privacy kit: the links made for this address (whom for, on what, who made it, until when),
     * an e-mail matched in any case.
     */
    async byEmail(address: string): Promise<Array<{ name: string; email: string; recordType: string; recordId: string; madeBy: string; createdAt: string; expiresAt: string }>> {
      const rows = await db.selectFrom('reviewer_links').selectAll().where(sql`lower(email)`, '=', address.trim().toLowerCase()).orderBy('created_at').execute();
      return rows.map((row) => ({ name: String(row.name), email: String(row.email), recordType: String(row.record_type), recordId: String(row.record_id), madeBy: String(row.made_by_email), createdAt: String(row.created_at), expiresAt: String(row.expires_at) }));
    },

    /**
     * The privacy kit: forgets this address's links (they open nothing any more) and the activity
     * log's lines that named them (they now say "outside reviewer (erased)"); answers how many links.
     */
    async eraseByEmail(address: string): Promise<number> {
      const links = await this.byEmail(address);
      // The lines about the records the links were for (a replace changes only those that name them).
      for (const link of links) {
        await db.updateTable('activity_log').set({ summary: sql`replace(summary, ${`outside reviewer ${link.name} <${link.email}>`}, ${ERASED})` }).where('entity_id', '=', link.recordId).execute();
      }
      const result = await db.deleteFrom('reviewer_links').where(sql`lower(email)`, '=', address.trim().toLowerCase()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** What a token opens, or undefined when it is tampered with, malformed, expired or of the old kind that carried a name. */
    async open(token: string, now = Date.now()): Promise<PreviewTarget | undefined> {
      const match = /^([A-Za-z0-9_-]{1,800})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return undefined;
      const [, payload, signature] = match;
      const expected = Buffer.from(await sign(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      let parsed: { t?: unknown; i?: unknown; e?: unknown; d?: unknown; k?: unknown; r?: unknown };
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof parsed;
      } catch {
        return undefined;
      }
      if (typeof parsed.t !== 'string' || typeof parsed.i !== 'string' || typeof parsed.e !== 'number') return undefined;
      if (parsed.e * 1000 <= now) return undefined;
      // A reviewer's link of the first kind carried their name and e-mail in the clear: no longer opened.
      if (parsed.r !== undefined) return undefined;
      const target: PreviewTarget = { type: parsed.t, id: parsed.i, expiresAt: parsed.e * 1000, draft: parsed.d === 1 };
      if (parsed.k === undefined) return target;
      if (typeof parsed.k !== 'string' || !KEY.test(parsed.k)) return undefined;
      const row = await db.selectFrom('reviewer_links').selectAll().where('key', '=', parsed.k).executeTakeFirst();
      if (!row || row.record_type !== target.type || row.record_id !== target.id) return undefined;
      return { ...target, reviewer: { name: String(row.name), email: String(row.email), madeBy: { _id: String(row.made_by_id), email: String(row.made_by_email) } } };
    },
  };
}
