/*
 * A backup of the whole site into one archive (every table, every image, a manifest with checksums):
 *   npm run backup -- FILE          e.g. npm run backup -- backups/lexsite-2026-11-24.tar.gz
 * Safe while the site runs: the database is read as of one moment. The archive is readable by its
 * owner only (0600), holds no signing or encryption key, and with BACKUP_KEY is encrypted. Uses the server's settings
 * (DATA_DIR or DATABASE_URL, MEDIA_STORAGE and S3_*). Restore with npm run restore -- FILE.
 */
import { openDatabase } from '../db/connection.ts';
import { BackupError, createBackup } from '../server/operations/backup.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { createMediaStorage } from '../server/media/storage.ts';
import { createDocumentStorage } from '../server/intake/document-store.ts';

async function main(): Promise<number> {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || file.startsWith('-') || rest.length) {
    console.error('Usage: npm run backup -- FILE   (for example: npm run backup -- backups/site.tar.gz)');
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, tool: 'backup' });
  const storage = await createMediaStorage(config);
  const documents = await createDocumentStorage(config);
  const started = Date.now();
  try {
    const summary = await createBackup({ database, storage, documents, file, key: config.backupKey, progress: (line) => console.log(line) });
    console.log(`Backup written: ${summary.file} (${(summary.bytes / 1e6).toFixed(1)} MB, ${summary.rows} rows, ${summary.files} image files, ${summary.documents} client documents) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } finally {
    storage.close?.();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
    else console.error(`The backup failed: ${(error as Error).message}. No archive was written.`);
    process.exit(1);
  },
);
