import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/connection.ts';
import type { MediaStorage } from '../media/media-storage.ts';
import { AppError, notFound } from '../shared/errors.ts';
import { isId, newId, nowIso } from '../shared/ids.ts';
import type { Actor, ChangeEvent } from '../shared/record-service.ts';
import { createDocumentChecks } from './document-checks.ts';
import { decryptDocument, encryptArriving } from './document-crypto.ts';
import { DOCUMENT_TYPES, type DocumentType } from './file-types.ts';
import { createUploadLinks } from './upload-links.ts';

/*
 * A client's documents (API-3.md "Intake"): sent once through a link staff made for one request,
 * checked by their bytes and by clamd, kept encrypted (AES-256-GCM, a key that is in neither the
 * database nor a backup) in the document store — never the media library, never under /uploads —
 * and read back by staff through the API only, each read in the activity log.
 */

export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;
export const MAX_DOCUMENTS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What clamd said: nothing found, or the name of what it found. */
export type ScanResult = { clean: true } | { clean: false; signature: string };
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
export interface Checked extends Arriving {
  type: DocumentType;
  scan: IntakeFile['scan'];
}

/** A file over 25 MB, said on that file (the upload's parser and the checks below refuse the same way). */
export const fileTooLarge = (index: number, name: string) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', `“${name}” is larger than 25 MB: send a smaller file.`, {
    details: [{ path: `files.${index}`, message: `“${name}” is larger than 25 MB.`, code: 'too_large', params: { max: '25 MB', name } }],
  });

/** Why a link no longer works, as the API says it (the upload page tells them apart by these). */
export const LINK_USED = 'This link has already been used. Ask the firm for a new one if you need to send more.';
export const LINK_EXPIRED = 'This link has expired. Ask the firm for a new one.';

/** What a client's documents need from the rest of the application. */
export interface IntakeHost {
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
}

/**
 * A request's documents: the link they are sent through (upload-links.ts), the checks a file
 * passes (document-checks.ts), and here their arrival, keeping, reading back and forgetting.
 */
export function createIntakeDocuments(database: Database, host: IntakeHost) {
  const { db } = database;
  const row = (r: Record<string, unknown>): IntakeFile => ({
    _id: String(r.id),
    name: String(r.name),
    size: Number(r.size),
    type: String(r.type),
    scan: r.scan === 'clean' ? 'clean' : 'not_scanned',
    createdAt: String(r.created_at),
  });

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

  const links = createUploadLinks(database, host.uploadUrl);
  const { openLink } = links;
  const check = createDocumentChecks(host);

  return {
    check,
    keep,
    openLink,
    linkState: links.linkState,
    createLink: links.createLink,

    /** One file of a form, encrypted to the staging folder as it arrives (see Arriving). */
    async arrive(name: string, body: AsyncIterable<Buffer>): Promise<Arriving> {
      return encryptArriving(name, body, await host.key(), host.staging);
    },

    /** Removes what is left of arrived files in the staging folder (kept ones are no longer there). */
    async discard(files: Arriving[]): Promise<void> {
      await Promise.all(files.map((file) => fs.rm(file.file, { force: true })));
    },

    /**
     * The files sent through a link: checked, then the link taken (by one sender only, also when
     * two send at once), then encrypted and stored. A refused file leaves the link as it was.
     */
    async receive(token: string, files: Arriving[]): Promise<{ contactId: string; files: IntakeFile[] }> {
      const contactId = await openLink(token);
      const checked = await check(files, undefined, contactId);
      if (!(await links.take(token))) throw new AppError(410, 'GONE', LINK_USED);
      try {
        const kept = await keep(contactId, checked);
        await host.arrived?.(contactId, kept).catch((error: unknown) => host.log.warn({ err: error }, 'could not tell the firm that documents arrived'));
        return { contactId, files: kept };
      } catch (error) {
        await links.giveBack(token);
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
      await links.forgetExpired(before);
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
