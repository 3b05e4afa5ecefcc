import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** One stored file, as read back for serving. */
interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
  etag?: string;
}

/**
 * Where image files live. Keys are relative paths such as `2026/11/name-large.webp`, already
 * checked by the caller. On local disk (the default) or in an S3-compatible bucket
 * (server/media/s3-storage.ts): uploads, backups and the move from disk to a bucket use only these calls.
 */
export interface MediaStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, data: Buffer): Promise<void>;
  /** Moves a local file into the store under `key` (the file is gone from where it was). */
  putFile(key: string, file: string): Promise<void>;
  /** The whole file, or undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>;
  /** A stream for serving, or undefined when there is no such file. */
  open(key: string): Promise<StoredFile | undefined>;
  remove(key: string): Promise<void>;
  /** Every stored file's key and size, in no particular order. */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** Absolute folder served at /uploads, for stores kept on local disk. */
  readonly directory?: string;
}

/** Where clients' documents live in an S3 bucket shared with the media (server/intake/document-store.ts). */
export const DOCUMENT_PREFIX = 'documents/';

/** Names never repeat (every upload gets a random part), so a stored file never changes. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function contentTypeOf(key: string): string {
  const extension = path.extname(key).toLowerCase();
  if (extension === '.webp') return 'image/webp';
  if (extension === '.jpg' || extension === '.jpeg') return 'image/jpeg';
  if (extension === '.png') return 'image/png';
  if (extension === '.gif') return 'image/gif';
  return 'application/octet-stream';
}

export function createDiskStorage(directory: string): MediaStorage {
  const root = path.resolve(directory);
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error(`Refusing a media key outside the store: ${key}`);
    return full;
  };
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    kind: 'disk',
    directory: root,
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, file);
    },
    async putFile(key, from) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      try {
        await fs.rename(from, file);
      } catch (error) {
        // Another file system: copied whole first, so that the store never holds half a file.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        const temporary = `${file}.${process.pid}.tmp`;
        await fs.copyFile(from, temporary);
        await fs.rename(temporary, file);
        await fs.rm(from, { force: true });
      }
    },
    async read(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async open(key) {
      const file = resolve(key);
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return undefined;
        return { body: createReadStream(file), size: stat.size, contentType: contentTypeOf(key) };
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async *list() {
      let entries;
      try {
        entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      for (const entry of entries) {
        // A half-written file (see put) is no upload.
        if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
        const full = path.join(entry.parentPath, entry.name);
        yield { key: path.relative(root, full).split(path.sep).join('/'), size: (await fs.stat(full)).size };
      }
    },
  };
}
