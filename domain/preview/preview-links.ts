import { z } from 'zod';
import { email } from '../shared/schema-helpers.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/connection.ts';
import { badRequest } from '../shared/errors.ts';
import { sharedSecret } from '../shared/secrets.ts';
import type { RecordService } from '../shared/record-service.ts';
import type { RecordType } from '../shared/record-type.ts';
import { previewedTypes } from '../site/site-pages.ts';

/** How long a preview link opens its page; an outside reviewer's, a week (API-3.md). */
const PREVIEW_LIFETIME_MS = 60 * 60 * 1000;
const REVIEWER_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A named outside reviewer: the site's own rule for an e-mail address. */
const REVIEWER = z.strictObject({ name: z.string().trim().min(1).max(100), email: email({ required: true }) });
const SECRET_NAME = 'preview-links';

export interface PreviewTarget {
  type: string;
  id: string;
  expiresAt: number;
  /** The record's working copy rather than the record as saved (API-3.md). */
  draft: boolean;
  /** A named person outside the firm who may approve or ask for changes through the link. */
  reviewer?: { name: string; email: string };
}

/**
 * Signed links to a record's public page as saved, draft or not, for one hour and without signing
 * in: `/preview/{payload}.{signature}` (under the language prefix of the page's language).
 */
export function createPreviewLinks(database: Database, types: readonly RecordType[], recordService: (type: RecordType) => RecordService) {
  const key = sharedSecret(database, SECRET_NAME);
  const previewable = previewedTypes(types);
  const sign = async (payload: string) => createHmac('sha256', await key()).update(payload).digest('base64url');

  return {
    /** Record types whose pages can be previewed. */
    types: previewable.map((type) => type.name),

    /** A token for the record's page; the record must exist (any state). */
    async create(input: unknown, now = Date.now()): Promise<{ token: string; expiresAt: string; type: RecordType }> {
      const body = (typeof input === 'object' && input !== null ? input : {}) as { type?: unknown; id?: unknown; draft?: unknown; reviewer?: unknown };
      const type = previewable.find((candidate) => candidate.name === body.type);
      if (!type) throw badRequest(`Type must be one of ${previewable.map((candidate) => candidate.name).join(', ')}`);
      if (typeof body.id !== 'string') throw badRequest('Give the id of the record to preview');
      if (body.draft !== undefined && typeof body.draft !== 'boolean') throw badRequest('draft must be true or false');
      const reviewer = body.reviewer === undefined ? undefined : REVIEWER.safeParse(body.reviewer);
      if (reviewer && !reviewer.success) throw badRequest(reviewer.error.issues[0].path[0] === 'email' ? 'reviewer.email: give the reviewer’s e-mail address' : 'reviewer.name: give the reviewer’s name (up to 100 characters)');
      // A copy's preview needs the copy (a 404 when there is none).
      if (body.draft) await recordService(type).draft(body.id);
      else await recordService(type).get(body.id, { admin: true });
      const expiresAt = now + (reviewer?.data ? REVIEWER_LIFETIME_MS : PREVIEW_LIFETIME_MS);
      const named = reviewer?.data ? { r: [reviewer.data.name, reviewer.data.email] } : {};
      const payload = Buffer.from(JSON.stringify({ t: type.name, i: body.id, e: Math.floor(expiresAt / 1000), ...(body.draft ? { d: 1 } : {}), ...named })).toString('base64url');
      return { token: `${payload}.${await sign(payload)}`, expiresAt: new Date(Math.floor(expiresAt / 1000) * 1000).toISOString(), type };
    },

    /** What a token opens, or undefined when it is tampered with, malformed or expired. */
    async open(token: string, now = Date.now()): Promise<PreviewTarget | undefined> {
      const match = /^([A-Za-z0-9_-]{1,800})\.([A-Za-z0-9_-]{43})$/.exec(token);
      if (!match) return undefined;
      const [, payload, signature] = match;
      const expected = Buffer.from(await sign(payload));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { t?: unknown; i?: unknown; e?: unknown; d?: unknown; r?: unknown };
        if (typeof parsed.t !== 'string' || typeof parsed.i !== 'string' || typeof parsed.e !== 'number') return undefined;
        if (parsed.e * 1000 <= now) return undefined;
        const reviewer = Array.isArray(parsed.r) && parsed.r.length === 2 && parsed.r.every((part) => typeof part === 'string') ? { name: String(parsed.r[0]), email: String(parsed.r[1]) } : undefined;
        return { type: parsed.t, id: parsed.i, expiresAt: parsed.e * 1000, draft: parsed.d === 1, ...(reviewer ? { reviewer } : {}) };
      } catch {
        return undefined;
      }
    },
  };
}
