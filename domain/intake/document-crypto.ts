import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../shared/errors.ts';
import type { Arriving } from './documents.ts';
import { documentSniffer, safeFileName } from './file-types.ts';

/*
 * The document store's own format: MAGIC, the key's id, the IV and the tag, then the file's bytes
 * encrypted with AES-256-GCM. A file is encrypted as it arrives and never held whole in memory.
 */

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
export async function encryptArriving(name: string, body: AsyncIterable<Buffer>, key: Buffer, folder: string): Promise<Arriving> {
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
export async function* decryptedFrom(file: string, key: Buffer): AsyncIterable<Buffer> {
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

export async function decryptDocument(stored: Buffer, key: Buffer): Promise<Buffer> {
  if (!stored.subarray(0, 4).equals(MAGIC)) throw new AppError(500, 'INTERNAL', 'This stored document is not in the expected format.');
  if (!stored.subarray(4, 12).equals(keyIdOf(key))) {
    throw new AppError(503, 'UNAVAILABLE', 'This document was encrypted with another key: set the same DOCUMENT_KEY on every server (ask whoever runs the site).');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, stored.subarray(12, TAG_AT));
  decipher.setAuthTag(stored.subarray(TAG_AT, HEADER_BYTES));
  return Buffer.concat([...(await inSlices(stored.subarray(HEADER_BYTES), (slice) => decipher.update(slice))), decipher.final()]);
}
