/*
 * Fills an empty database and media store from a backup made by npm run backup:
 *   npm run restore -- FILE [--force]
 * Stop the site first. The archive is checked whole (checksums, schema) before anything is written;
 * a target that holds data is refused unless --force, which keeps its data in a safety backup
 * beside FILE and then replaces it. The same archive restores into SQLite or PostgreSQL (whichever
 * DATA_DIR / DATABASE_URL names), so a backup and a restore move a site from one to the other.
 */
import { openDatabase } from '../db/connection.ts';
import { BackupError } from '../server/operations/backup.ts';
import { openArchiveForRestore, restoreBackup } from '../server/operations/restore.ts';
import { ConfigError, loadConfig } from '../server/config.ts';
import { createMediaStorage } from '../server/media/storage.ts';
import { createDocumentStorage } from '../server/intake/document-store.ts';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0].startsWith('-')) {
    console.error('Usage: npm run restore -- FILE [--force]');
    return 2;
  }
  const config = loadConfig();
  const started = Date.now();
  // The whole archive is checked before the target is opened: a damaged one leaves no trace.
  const archive = await openArchiveForRestore(files[0], config.backupKey);
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, tool: 'restore' });
  const storage = await createMediaStorage(config);
  const documents = await createDocumentStorage(config);
  try {
    const summary = await restoreBackup({ archive, database, storage, documents, file: files[0], force, progress: (line) => console.log(line) });
    if (summary.safetyBackup) console.log(`The data that was there is kept in ${summary.safetyBackup.file}`);
    console.log(`Restored ${summary.rows} rows, ${summary.files} image files and ${summary.documents} client documents into ${database.dialect} in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the site now.`);
    return 0;
  } finally {
    await archive.dispose();
    storage.close?.();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof BackupError) console.error(error.message);
    else console.error(`The restore failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
