import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createDiskStorage, DOCUMENT_PREFIX, type MediaStorage } from '../../domain/media/media-storage.ts';
import type { AppConfig } from '../config.ts';

/**
 * Where clients' documents are kept, encrypted: DATA_DIR/documents (a folder nothing serves), or
 * the S3 bucket under `documents/` (the bucket's public address, if any, shows only ciphertext).
 */
export async function createDocumentStorage(config: AppConfig): Promise<MediaStorage> {
  if (config.media.storage === 's3') return (await import('../media/s3-storage.ts')).createS3Storage(config.media, { prefix: DOCUMENT_PREFIX, private: true });
  return createDiskStorage(path.join(config.dataDir, 'documents'));
}

/**
 * Where a document waits while it arrives, already encrypted, until it is checked and kept:
 * DATA_DIR/incoming, on this machine's disk whichever the store (a folder nothing serves).
 */
export const stagingFolder = (config: AppConfig) => path.join(config.dataDir, 'incoming');

/**
 * The key the documents are encrypted with: DOCUMENT_KEY, or one made once at first use and kept
 * in DATA_DIR/keys/documents.key (readable by the server's user only). Neither is in the database,
 * nor in a backup: restoring documents elsewhere needs the same key there.
 */
export function documentKey(config: AppConfig): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;
  async function read(): Promise<Buffer> {
    if (config.intake.documentKey) return config.intake.documentKey;
    const file = path.join(config.dataDir, 'keys', 'documents.key');
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // The first process to write it wins (wx); the others read the same one.
    await fs.writeFile(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
    const value = Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64');
    if (value.length !== 32) throw new Error(`${file} does not hold a 32-byte key in base64`);
    return value;
  }
  return () =>
    (key ??= read().catch((error: unknown) => {
      key = undefined;
      throw error;
    }));
}
