import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/connection.ts';
import { AppError, badRequest, validationError } from '../shared/errors.ts';
import { nowIso } from '../shared/ids.ts';
import { LINK_EXPIRED, LINK_USED } from './documents.ts';

const DEFAULT_LINK_DAYS = 7;
const MAX_LINK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;


const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type LinkState = { state: 'open'; contactId: string; expiresAt: string } | { state: 'used' | 'expired' | 'unknown'; contactId?: string };

/**
 * The one-time links staff make for a request's documents: only a hash of a link's token is kept;
 * a link is taken by the one sending that uses it first, and given back when keeping the files failed.
 */
export function createUploadLinks(database: Database, uploadUrl: (token: string, language: string) => Promise<string>) {
  const { db } = database;

  /** The link's request, or the 404 or 410 that says why it no longer takes files. */
  async function openLink(token: string): Promise<string> {
    const state = await linkState(token);
    if (state.state === 'unknown') throw new AppError(404, 'NOT_FOUND', 'This upload link does not exist: check that it was copied whole, or ask the firm for a new one.');
    if (state.state === 'used') throw new AppError(410, 'GONE', LINK_USED);
    if (state.state !== 'open') throw new AppError(410, 'GONE', LINK_EXPIRED);
    return state.contactId;
  }

  async function linkState(token: string): Promise<LinkState> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { state: 'unknown' };
    const link = await db.selectFrom('upload_links').selectAll().where('token_hash', '=', hashOf(token)).executeTakeFirst();
    if (!link) return { state: 'unknown' };
    const contactId = String(link.contact_id);
    if (link.used_at) return { state: 'used', contactId };
    if (String(link.expires_at) <= nowIso()) return { state: 'expired', contactId };
    return { state: 'open', contactId, expiresAt: String(link.expires_at) };
  }

  /** A one-time link for this request's documents (the request is known to exist). */
  async function createLink(contactId: string, body: unknown, language: string): Promise<{ url: string; expiresAt: string }> {
    const input = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const unknownKeys = Object.keys(input).filter((name) => name !== 'expiresInDays' && name !== 'send');
    if (unknownKeys.length) throw badRequest(`Unknown field: ${unknownKeys[0]}. Send { expiresInDays?, send? }.`);
    const days = input.expiresInDays ?? DEFAULT_LINK_DAYS;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > MAX_LINK_DAYS) {
      throw validationError([{ path: 'expiresInDays', message: `The link may be valid from 1 to ${MAX_LINK_DAYS} days`, code: 'too_big', params: { max: MAX_LINK_DAYS } }]);
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + days * DAY_MS).toISOString();
    await db.insertInto('upload_links').values({ token_hash: hashOf(token), contact_id: contactId, expires_at: expiresAt, used_at: null, created_at: nowIso() }).execute();
    return { url: await uploadUrl(token, language), expiresAt };
  }

  /** Takes an open link for one sending (false: another took it first). */
  async function take(token: string): Promise<boolean> {
    const taken = await db.updateTable('upload_links').set({ used_at: nowIso() }).where('token_hash', '=', hashOf(token)).where('used_at', 'is', null).executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1;
  }

  /** Gives a taken link back (its files could not be kept). */
  async function giveBack(token: string): Promise<void> {
    await db.updateTable('upload_links').set({ used_at: null }).where('token_hash', '=', hashOf(token)).execute();
  }

  /** Links that expired before `before` are of no more use. */
  async function forgetExpired(before: string): Promise<void> {
    await db.deleteFrom('upload_links').where('expires_at', '<', before).execute();
  }

  return { openLink, linkState, createLink, take, giveBack, forgetExpired };
}
