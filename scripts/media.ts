/*
 * Moves uploads from the local disk to the S3-compatible store:
 *   MEDIA_STORAGE=s3 S3_… npm run media -- copy-to-s3
 * Copies every file under DATA_DIR/uploads (and the clients' documents under DATA_DIR/documents,
 * still encrypted, to the bucket's documents/) that the bucket lacks (or holds with another size),
 * reads each back to compare, and says what it did. Safe to run again; the disk copy is kept
 * (delete it yourself once the site runs on the bucket). Image addresses do not change.
 */
import path from 'node:path';
import { createDiskStorage, DOCUMENT_PREFIX, type MediaStorage } from '../domain/media/media-storage.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { createS3Storage } from '../server/media/s3-storage.ts';

/** Copies what `to` lacks (or holds with another size) from `from`, each read back to compare. */
async function copyAll(from: MediaStorage, to: MediaStorage): Promise<{ copied: number; skipped: number; bytes: number }> {
  const present = new Map<string, number>();
  for await (const file of to.list()) present.set(file.key, file.size);
  let copied = 0;
  let skipped = 0;
  let bytes = 0;
  for await (const file of from.list()) {
    if (present.get(file.key) === file.size) {
      skipped += 1;
      continue;
    }
    const data = (await from.read(file.key))!;
    await to.put(file.key, data);
    const back = await to.read(file.key);
    if (!back || !back.equals(data)) throw new Error(`The bucket returned something else for ${file.key}; nothing more was copied.`);
    copied += 1;
    bytes += data.length;
    if (copied % 100 === 0) console.log(`${copied} files copied…`);
  }
  return { copied, skipped, bytes };
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== 'copy-to-s3' || rest.length) {
    console.error('Usage: npm run media -- copy-to-s3   (with MEDIA_STORAGE=s3 and the S3_* settings of the site)');
    return 2;
  }
  const config = loadConfig();
  if (config.media.storage !== 's3') {
    console.error('Set MEDIA_STORAGE=s3 and the S3_* settings (as the site will use them), then run this again.');
    return 1;
  }
  const disk = createDiskStorage(path.join(config.dataDir, 'uploads'));
  const bucket = createS3Storage(config.media);
  const documentBucket = createS3Storage(config.media, { prefix: DOCUMENT_PREFIX, private: true });
  try {
    await bucket.check().catch((error: unknown) => {
      throw new Error(`The bucket "${config.media.storage === 's3' ? config.media.bucket : ''}" cannot be reached (${(error as Error).name}: ${(error as Error).message}). Check S3_ENDPOINT, S3_BUCKET and the keys.`);
    });
    const images = await copyAll(disk, bucket);
    const documents = await copyAll(createDiskStorage(path.join(config.dataDir, 'documents')), documentBucket);
    const copied = images.copied + documents.copied;
    const skipped = images.skipped + documents.skipped;
    const bytes = images.bytes + documents.bytes;
    console.log(`Copied ${copied} files (${(bytes / 1e6).toFixed(1)} MB) to the bucket; ${skipped} were there already. Start the site with MEDIA_STORAGE=s3 now.`);
    return 0;
  } finally {
    bucket.close();
    documentBucket.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `Copying failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
