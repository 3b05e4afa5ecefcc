import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

/*
 * A backup archive encrypted and authenticated with BACKUP_KEY (AES-256-GCM):
 *   "LEXBAK1\n" | salt (16) | nonce (12) | ciphertext of the .tar.gz | tag (16)
 * The key is scrypt(BACKUP_KEY, salt). The tag covers the header too, so a changed byte anywhere,
 * or another key, fails the check before anything is unpacked.
 */
const MAGIC = Buffer.from('LEXBAK1\n');
const SALT_BYTES = 16;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + SALT_BYTES + NONCE_BYTES;

const deriveKey = (passphrase: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) => scrypt(passphrase, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key))));

/** Writes `plain` encrypted into `target` (created 0600). */
export async function encryptArchive(plain: string, target: string, passphrase: string): Promise<void> {
  const salt = randomBytes(SALT_BYTES);
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt), nonce);
  const header = Buffer.concat([MAGIC, salt, nonce]);
  cipher.setAAD(header);
  const out = createWriteStream(target, { mode: 0o600 });
  out.write(header);
  await pipeline(createReadStream(plain), cipher, out, { end: false });
  await new Promise<void>((resolve, reject) => out.end(cipher.getAuthTag(), (error?: Error | null) => (error ? reject(error) : resolve())));
}

/** Whether a file starts as an encrypted archive. */
export async function isEncryptedArchive(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const start = Buffer.alloc(MAGIC.length);
    const { bytesRead } = await handle.read(start, 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && start.equals(MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * Decrypts `file` into `target`; false when the check fails (another key, or a changed byte):
 * `target` is then removed, so nothing unchecked is left to unpack.
 */
export async function decryptArchive(file: string, target: string, passphrase: string): Promise<boolean> {
  const { size } = await fs.stat(file);
  if (size < HEADER_BYTES + TAG_BYTES) return false;
  const handle = await fs.open(file, 'r');
  const header = Buffer.alloc(HEADER_BYTES);
  const tag = Buffer.alloc(TAG_BYTES);
  try {
    await handle.read(header, 0, HEADER_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const salt = header.subarray(MAGIC.length, MAGIC.length + SALT_BYTES);
  const nonce = header.subarray(MAGIC.length + SALT_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', await deriveKey(passphrase, salt), nonce);
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  try {
    await pipeline(createReadStream(file, { start: HEADER_BYTES, end: size - TAG_BYTES - 1 }), decipher, createWriteStream(target, { mode: 0o600 }));
    return true;
  } catch {
    await fs.rm(target, { force: true });
    return false;
  }
}
