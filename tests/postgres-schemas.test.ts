import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.ts';
import { appliedMigrations, KNOWN_MIGRATIONS, migrateToLatest } from '../db/migrate.ts';
import { createPostgresSchema } from './helpers/databases.ts';

/*
 * Several sites (or test runs) in one PostgreSQL database, each in its own schema: one site's
 * migrations must not fail because another schema is dropped at that moment (they did, with
 * "schema … does not exist", when the migrator looked at every table of the database).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a site in its own PostgreSQL schema', () => {
  it('migrates and reads its migrations while other schemas of the database come and go', async () => {
    const { schema, drop } = await createPostgresSchema();
    const database = openDatabase({ dataDir: '/nonexistent', databaseUrl: process.env.TEST_DATABASE_URL, schema });
    const churner = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await churner.connect();
    let churning = true;
    const churn = (async () => {
      for (let round = 0; churning; round += 1) {
        const other = `churn_${process.pid}_${round}`;
        await churner.query(`create schema ${other}`);
        await churner.query(`create table ${other}.items (id serial primary key, name text)`);
        await churner.query(`drop schema ${other} cascade`);
      }
    })();
    try {
      expect(await migrateToLatest(database)).toEqual(KNOWN_MIGRATIONS);
      for (let read = 0; read < 40; read += 1) expect(await appliedMigrations(database)).toEqual(KNOWN_MIGRATIONS);
    } finally {
      churning = false;
      await churn;
      await churner.end();
      await database.close();
      await drop();
    }
  }, 120_000);
});
