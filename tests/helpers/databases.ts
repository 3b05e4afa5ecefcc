import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type TestDialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL when TEST_DATABASE_URL is set (scripts/test.ts reports the skip). */
export const DIALECTS: TestDialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * A fresh PostgreSQL schema for one test app, dropped again by the returned function: empty, or a
 * copy of `template` (a schema a site was migrated, and perhaps seeded, in: tests/helpers/demo-template.ts).
 */
export async function createPostgresSchema(template?: string): Promise<{ schema: string; drop: () => Promise<void> }> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    if (template) await copySchema(client, template, schema);
    else await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  return {
    schema,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await dropper.end();
    },
  };
}

/**
 * Every table of `from` made again in a new schema `to`: its columns with their defaults and
 * compression (`LIKE`), its rows, then its constraints and indexes under their own names (which
 * `LIKE` would rename), read from the catalog. The site's schema has no sequences, views, functions
 * or triggers on PostgreSQL; tests/postgres-schemas.test.ts compares a copy's catalog with its
 * template's.
 */
async function copySchema(client: pg.Client, from: string, to: string): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query(`CREATE SCHEMA ${to}`);
    const tables = (await client.query<{ name: string }>('SELECT tablename AS name FROM pg_tables WHERE schemaname = $1', [from])).rows;
    // One query of many statements: the copy costs the server's work, not a round trip each.
    await client.query(
      tables
        .map(({ name }) => `CREATE TABLE ${to}."${name}" (LIKE ${from}."${name}" INCLUDING DEFAULTS INCLUDING STORAGE INCLUDING COMPRESSION); INSERT INTO ${to}."${name}" SELECT * FROM ${from}."${name}";`)
        .join('\n'),
    );
    // Read with the template alone on the search path, each definition names its tables
    // unqualified, and so names the copy's own once the copy is alone on it.
    await client.query(`SET LOCAL search_path TO ${from}`);
    const constraints = (
      await client.query<{ table: string; name: string; definition: string }>(
        "SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE connamespace = $1::regnamespace AND conrelid <> 0 ORDER BY contype = 'f', conname",
        [from],
      )
    ).rows;
    const indexes = (
      await client.query<{ definition: string }>(
        'SELECT pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relnamespace = $1::regnamespace AND NOT EXISTS (SELECT FROM pg_constraint k WHERE k.conindid = i.indexrelid)',
        [from],
      )
    ).rows;
    await client.query(`SET LOCAL search_path TO ${to}`);
    await client.query(
      [
        ...constraints.map((constraint) => `ALTER TABLE ${constraint.table} ADD CONSTRAINT "${constraint.name}" ${constraint.definition};`),
        // An index's definition names its table with the schema whatever the search path.
        ...indexes.map((index) => `${index.definition.replace(` ON ${from}.`, ` ON ${to}.`)};`),
      ].join('\n'),
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
