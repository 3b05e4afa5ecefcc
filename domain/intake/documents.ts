import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../db/connection.ts';
import type { MediaStorage } from '../media/media-storage.ts';
import { AppError, badRequest, notFound, validationError } from '../shared/errors.ts';
import { isId, newId, nowIso } from '../shared/ids.ts';
import type { Actor, ChangeEvent } from '../shared/record-service.ts';
import { claimedType, documentSniffer, DOCUMENT_TYPES, safeFileName, type DocumentType } from './file-types.ts';

/*
 * A client's documents (API-3.md "Intake"): sent once through a link staff made for one request,
 * checked by their bytes and by clamd, kept encrypted (AES-256-GCM, a key that is in neither the
 * database nor a backup) in the document store — never the media library, never under /uploads —
 * and read back by staff through the API only, each read in the activity log.
 */

export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;
export const MAX_DOCUMENTS = 10;
const DEFAULT_LINK_DAYS = 7;
const MAX_LINK_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What clamd said: nothing found, or the name of what it found. */
type ScanResult = { clean: true } | { clean: false; signature: string };
export type Scanner = (data: AsyncIterable<Buffer>) => Promise<ScanResult>;

export interface IntakeFile {
  _id: string;
  name: string;
  size: number;
  type: string;
  /** clean: clamd found nothing; not_scanned: no scanner is connected (CLAMAV_SOCKET). */
  scan: 'clean' | 'not_scanned';
  createdAt: string;
}

/**
 * A file as it arrived: its name (made safe), its size, the type its bytes showed, and where it
 * waits, already encrypted, for the checks (a file in the staging folder; keep moves it to the store).
 */
export interface Arriving {
  name: string;
  size: number;
  sniffed: DocumentType | undefined;
  file: string;
}

/** A file that passed every check, ready to be stored. */
interface Checked extends Arriving {
  type: DocumentType;
  scan: IntakeFile['scan'];
}

const MAGIC = Buffer.from('LXD1');

/** The first 8 bytes of the key's SHA-256: says which key a file needs, and tells none of it. */
const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest().subarray(0, 8);

/** A megabyte at a time, giving the event loop back between slices: a 25 MB file holds no other request up. */
const SLICE = 1024 * 1024;
async function inSlices(data: Buffer, step: (slice: Buffer) => Buffer): Promise<Buffer[]> {
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += SLICE) {
    parts.push(step(data.subarray(at, at + SLICE)));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return parts;
}

/** Where the tag is written once the whole file is encrypted: MAGIC, the key's id and the IV come first. */
const TAG_AT = 24;
const HEADER_BYTES = 40;

/**
 * A file's bytes as they arrive, encrypted on their way to a file of `folder` (never whole in
 * memory), their size counted and their type read. The stored format is the document store's own.
 */
async function encryptArriving(name: string, body: AsyncIterable<Buffer>, key: Buffer, folder: string): Promise<Arriving> {
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  const file = path.join(folder, `${randomBytes(12).toString('hex')}.part`);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sniffer = documentSniffer();
  let size = 0;
  try {
    await pipeline(
      body,
      async function* (source: AsyncIterable<Buffer>) {
        yield Buffer.concat([MAGIC, keyIdOf(key), iv, Buffer.alloc(16)]);
        for await (const chunk of source) {
          size += chunk.length;
          sniffer.push(chunk);
          yield cipher.update(chunk);
        }
        yield cipher.final();
      },
      createWriteStream(file, { flags: 'wx', mode: 0o600 }),
    );
    const handle = await fs.open(file, 'r+');
    try {
      await handle.write(cipher.getAuthTag(), 0, 16, TAG_AT);
    } finally {
      await handle.close();
    }
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error;
  }
  return { name: safeFileName(name), size, sniffed: sniffer.type(), file };
}

/** A staged file's bytes, decrypted as they are read (for the virus scanner). */
async function* decryptedFrom(file: string, key: Buffer): AsyncIterable<Buffer> {
  const header = Buffer.alloc(HEADER_BYTES);
  const handle = await fs.open(file);
  try {
    await handle.read(header, 0, HEADER_BYTES, 0);
  } finally {
    await handle.close();
  }
  const decipher = createDecipheriv('aes-256-gcm', key, header.subarray(12, TAG_AT));
  decipher.setAuthTag(header.subarray(TAG_AT, HEADER_BYTES));
  for await (const chunk of createReadStream(file, { start: HEADER_BYTES })) yield decipher.update(chunk as Buffer);
  yield decipher.final();
}

async function decryptDocument(stored: Buffer, key: Buffer): Promise<Buffer> {
  if (!stored.subarray(0, 4).equals(MAGIC)) throw new AppError(500, 'INTERNAL', 'This stored document is not in the expected format.');
  if (!stored.subarray(4, 12).equals(keyIdOf(key))) {
    throw new AppError(503, 'UNAVAILABLE', 'This document was encrypted with another key: set the same DOCUMENT_KEY on every server (ask whoever runs the site).');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, stored.subarray(12, TAG_AT));
  decipher.setAuthTag(stored.subarray(TAG_AT, HEADER_BYTES));
  return Buffer.concat([...(await inSlices(stored.subarray(HEADER_BYTES), (slice) => decipher.update(slice))), decipher.final()]);
}

/** A file over 25 MB, said on that file (the upload's parser and the checks below refuse the same way). */
export const fileTooLarge = (index: number, name: string) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', `“${name}” is larger than 25 MB: send a smaller file.`, {
    details: [{ path: `files.${index}`, message: `“${name}” is larger than 25 MB.`, code: 'too_large', params: { max: '25 MB', name } }],
  });

/** Why a link no longer works, as the API says it (the upload page tells them apart by these). */
const LINK_USED = 'This link has already been used. Ask the firm for a new one if you need to send more.';
export const LINK_EXPIRED = 'This link has expired. Ask the firm for a new one.';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export type LinkState = { state: 'open'; contactId: string; expiresAt: string } | { state: 'used' | 'expired' | 'unknown'; contactId?: string };

export function createIntakeDocuments(
  database: Database,
  host: {
    storage: MediaStorage;
    key: () => Promise<Buffer>;
    /** A local folder where arriving files wait, encrypted, until they are checked and kept. */
    staging: string;
    scan?: Scanner;
    /** The address of the upload page in the request's language. */
    uploadUrl: (token: string, language: string) => Promise<string>;
    record: (event: ChangeEvent) => Promise<void>;
    /** A client's files arrived through their link (the firm is told). */
    arrived?: (contactId: string, files: IntakeFile[]) => Promise<void>;
    log: { warn(object: object, message: string): void };
  },
) {
  const { db } = database;
  const row = (r: Record<string, unknown>): IntakeFile => ({
    _id: String(r.id),
    name: String(r.name),
    size: Number(r.size),
    type: String(r.type),
    scan: r.scan === 'clean' ? 'clean' : 'not_scanned',
    createdAt: String(r.created_at),
  });

  const fileProblem = (index: number, message: string, params: Record<string, string | number>) => validationError([{ path: `files.${index}`, message, code: 'invalid', params }]);

  /**
   * Every check a file must pass, before anything is stored: its type by its bytes (and its name
   * agreeing), its size, and clamd when connected. `allowed` narrows the types (a CV: PDF or Word).
   */
  async function check(files: Arriving[], allowed: readonly DocumentType[] = Object.keys(DOCUMENT_TYPES) as DocumentType[], contactId = ''): Promise<Checked[]> {
    if (files.length === 0) throw validationError([{ path: 'files', message: 'Choose at least one file to send.', code: 'required' }]);
    if (files.length > MAX_DOCUMENTS) throw validationError([{ path: 'files', message: `Send at most ${MAX_DOCUMENTS} files at a time.`, code: 'too_many', params: { max: MAX_DOCUMENTS } }]);
    const checked: Checked[] = [];
    for (const [index, file] of files.entries()) {
      const { name, sniffed: type } = file;
      const kinds = allowed.map((type) => DOCUMENT_TYPES[type].extensions[0].toUpperCase()).join(', ');
      if (file.size > MAX_DOCUMENT_BYTES) throw fileTooLarge(index, name);
      if (file.size === 0) throw fileProblem(index, `“${name}” is empty.`, { name });
      const claimed = claimedType(name);
      if (!type || !allowed.includes(type)) throw fileProblem(index, `“${name}” is not one of the accepted kinds (${kinds}).`, { name, kinds });
      if (claimed !== type) throw fileProblem(index, `“${name}” is not what its name says: its contents are ${type.toUpperCase()}. Rename it or send the right file.`, { name, kinds });
      checked.push({ ...file, type, scan: 'not_scanned' });
    }
    if (host.scan) {
      const key = await host.key();
      for (const [index, file] of checked.entries()) {
        let result: ScanResult;
        try {
          result = await host.scan(decryptedFrom(file.file, key));
        } catch (error) {
          host.log.warn({ err: error }, 'the virus scanner (clamd) did not answer');
          throw new AppError(503, 'UNAVAILABLE', 'The files could not be checked for viruses just now. Nothing was kept: please try again in a few minutes.');
        }
        if (!result.clean) {
          host.log.warn({ signature: result.signature, name: file.name, contactId }, 'an infected file was refused');
          // Staff see it on the dashboard's activity (with the request it was sent for).
          await host.record({ entity: 'contacts', action: 'refuse', id: contactId, summary: `“${file.name}” (${result.signature})${contactId ? ` for request ${contactId}` : ' with an application'}` });
          throw new AppError(422, 'VALIDATION_ERROR', `“${file.name}” contains a virus (${result.signature}) and was refused. Nothing was kept.`, {
            details: [{ path: `files.${index}`, message: `“${file.name}” contains a virus and was refused.`, code: 'invalid', params: { name: file.name, virus: result.signature } }],
          });
        }
        file.scan = 'clean';
      }
    }
    return checked;
  }

  /** Moves checked files (already encrypted) into the store for a request; all of them or, on a failure, none. */
  async function keep(contactId: string, files: Checked[]): Promise<IntakeFile[]> {
    const written: string[] = [];
    const rows = [];
    try {
      const at = nowIso();
      for (const [position, file] of files.entries()) {
        const id = newId();
        const storageKey = `${contactId}/${id}-${randomBytes(8).toString('hex')}.bin`;
        await host.storage.putFile(storageKey, file.file);
        written.push(storageKey);
        rows.push({ id, contact_id: contactId, name: file.name, size: file.size, type: DOCUMENT_TYPES[file.type].mime, scan: file.scan, storage_key: storageKey, created_at: at, position });
      }
      if (rows.length) await db.insertInto('intake_files').values(rows).execute();
    } catch (error) {
      await Promise.all(written.map((key) => host.storage.remove(key).catch(() => {})));
      throw error;
    }
    return rows.map(row);
  }

  async function removeFiles(where: { contactIds?: string[]; ids?: string[] }): Promise<number> {
    if (!where.contactIds?.length && !where.ids?.length) return 0;
    let query = db.selectFrom('intake_files').select(['id', 'storage_key']);
    query = where.contactIds ? query.where('contact_id', 'in', where.contactIds) : query.where('id', 'in', where.ids!);
    const found = await query.execute();
    for (const file of found) await host.storage.remove(String(file.storage_key));
    if (found.length) await db.deleteFrom('intake_files').where('id', 'in', found.map((file) => String(file.id))).execute();
    return found.length;
  }

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

  return {
    check,
    keep,
    openLink,
    linkState,

    /** One file of a form, encrypted to the staging folder as it arrives (see Arriving). */
    async arrive(name: string, body: AsyncIterable<Buffer>): Promise<Arriving> {
      return encryptArriving(name, body, await host.key(), host.staging);
    },

    /** Removes what is left of arrived files in the staging folder (kept ones are no longer there). */
    async discard(files: Arriving[]): Promise<void> {
      await Promise.all(files.map((file) => fs.rm(file.file, { force: true })));
    },

    /** A one-time link for this request's documents (the request is known to exist). */
    async createLink(contactId: string, body: unknown, language: string): Promise<{ url: string; expiresAt: string }> {
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
      return { url: await host.uploadUrl(token, language), expiresAt };
    },

    /**
     * The files sent through a link: checked, then the link taken (by one sender only, also when
     * two send at once), then encrypted and stored. A refused file leaves the link as it was.
     */
    async receive(token: string, files: Arriving[]): Promise<{ contactId: string; files: IntakeFile[] }> {
      const contactId = await openLink(token);
      const checked = await check(files, undefined, contactId);
      const taken = await db.updateTable('upload_links').set({ used_at: nowIso() }).where('token_hash', '=', hashOf(token)).where('used_at', 'is', null).executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1) throw new AppError(410, 'GONE', LINK_USED);
      try {
        const kept = await keep(contactId, checked);
        await host.arrived?.(contactId, kept).catch((error: unknown) => host.log.warn({ err: error }, 'could not tell the firm that documents arrived'));
        return { contactId, files: kept };
      } catch (error) {
        await db.updateTable('upload_links').set({ used_at: null }).where('token_hash', '=', hashOf(token)).execute();
        throw error;
      }
    },

    async list(contactId: string): Promise<IntakeFile[]> {
      const rows = await db.selectFrom('intake_files').selectAll().where('contact_id', '=', contactId).orderBy('created_at').orderBy('position').execute();
      return rows.map(row);
    },

    /** A file's bytes, decrypted, for staff; the read is written in the activity log. */
    async download(contactId: string, fileId: string, actor: Actor | undefined): Promise<IntakeFile & { data: Buffer }> {
      const found = isId(fileId) ? await db.selectFrom('intake_files').selectAll().where('id', '=', fileId).where('contact_id', '=', contactId).executeTakeFirst() : undefined;
      if (!found) throw notFound('File');
      const stored = await host.storage.read(String(found.storage_key));
      if (!stored) throw new AppError(404, 'NOT_FOUND', 'This file is missing from the document store. Restore it from a backup, or ask the client to send it again.');
      const data = await decryptDocument(stored, await host.key());
      await host.record({ entity: 'contacts', action: 'download', id: contactId, actor, summary: `document “${String(found.name)}” of request ${contactId}` });
      return { ...row(found), data };
    },

    /** Deletes the files of these requests (deleted or erased requests). */
    removeFor: (contactIds: string[]) => removeFiles({ contactIds }),

    /** Files older than `days` of requests whose matter was not opened: deleted; answers how many. */
    async forgetOlderThan(days: number, now = Date.now()): Promise<number> {
      const before = new Date(now - days * DAY_MS).toISOString();
      const old = await db
        .selectFrom('intake_files')
        .leftJoin('contacts', 'contacts.id', 'intake_files.contact_id')
        .select('intake_files.id as id')
        .where('intake_files.created_at', '<', before)
        .where((where) => where.or([where('contacts.status', 'is', null), where('contacts.status', '!=', 'matter_opened')]))
        .execute();
      const removed = await removeFiles({ ids: old.map((file) => String(file.id)) });
      // Links that can no longer be used are of no more use.
      await db.deleteFrom('upload_links').where('expires_at', '<', before).execute();
      // Files left in the staging folder by a process that stopped while receiving them.
      const staged = await fs.readdir(host.staging).catch(() => [] as string[]);
      for (const name of staged) {
        const file = path.join(host.staging, name);
        const stat = await fs.stat(file).catch(() => undefined);
        if (stat && stat.mtimeMs < now - DAY_MS) await fs.rm(file, { force: true });
      }
      return removed;
    },
  };
}
