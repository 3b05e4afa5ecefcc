import { Migrator, type Migration } from 'kysely';
import type { Database } from './connection.ts';
import * as initial from './migrations/001-initial.ts';

/** Every migration in order. New files are added here; a shipped migration never changes. */
const migrations: Record<string, Migration> = {
  '001-initial': initial,
};

export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    // Kysely looks for its own tables in every schema unless told which one is ours.
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
