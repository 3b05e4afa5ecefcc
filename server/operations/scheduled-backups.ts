import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/connection.ts';
import type { MediaStorage } from '../../domain/media/media-storage.ts';
import type { BackupSummary } from './backup.ts';

const NAME = /^lexsite-\d{8}-\d{6}Z\.tar\.gz$/;

/**
 * `lexsite-20261124-030000Z.tar.gz` (scheduled: sorts by time, and only such names are ever
 * pruned), or with a label, `lexsite-before-restore-20261124-030000Z.tar.gz`.
 */
export function archiveName(at: Date, label?: string): string {
  return `lexsite-${label ? `${label}-` : ''}${at.toISOString().replace(/[-:]/g, '').replace('T', '-').replace(/\.\d+Z$/, 'Z')}.tar.gz`;
}

/**
 * One scheduled backup per interval across every instance: the instance that first records the
 * interval's slot (a primary key decides, as for scheduled publishing) writes it; the others skip.
 * Keeps the newest `keep` archives of the folder and deletes older ones.
 */
export function createScheduledBackups(options: { database: Database; storage: MediaStorage; documents?: MediaStorage; directory: string; keep: number; intervalMs: number; key?: string }) {
  const { database, storage, documents, directory, keep, intervalMs, key } = options;
  let lastSlot = -1;

  async function claim(slot: number): Promise<boolean> {
    const result = await database.db
      .insertInto('schedule_claims')
      .values({ claim: `backup/${intervalMs}/${slot}`, claimed_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column('claim').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async function prune(): Promise<string[]> {
    const names = (await fs.readdir(directory)).filter((name) => NAME.test(name)).sort().reverse();
    const removed = names.slice(keep);
    for (const name of removed) await fs.rm(path.join(directory, name), { force: true });
    return removed;
  }

  return {
    /** Runs when this interval's backup is due and nobody took it: the summary, or 'skipped'. */
    async runIfDue(now = new Date()): Promise<(BackupSummary & { removed: string[] }) | 'skipped'> {
      const slot = Math.floor(now.getTime() / intervalMs);
      if (slot === lastSlot) return 'skipped';
      if (!(await claim(slot))) {
        lastSlot = slot;
        return 'skipped';
      }
      lastSlot = slot;
      // Loaded when the first backup is due, not at every start.
      const { createBackup } = await import('./backup.ts');
      // The folder holds the whole site: its owner's alone.
      await fs.mkdir(directory, { recursive: true, mode: 0o700 });
      await fs.chmod(directory, 0o700);
      const summary = await createBackup({ database, storage, documents, file: path.join(directory, archiveName(now)), key });
      return { ...summary, removed: await prune() };
    },
  };
}
