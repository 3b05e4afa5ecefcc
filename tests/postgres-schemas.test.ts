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

  it('gives a test a copy of a migrated schema that holds what migrating would: tables, columns, indexes, keys, rows (tests/helpers/databases.ts)', async () => {
    const migrated = await createPostgresSchema();
    const database = openDatabase({ dataDir: '/nonexistent', databaseUrl: process.env.TEST_DATABASE_URL, schema: migrated.schema });
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    let copy: Awaited<ReturnType<typeof createPostgresSchema>> | undefined;
    try {
      await migrateToLatest(database);
      copy = await createPostgresSchema(migrated.schema);
      /** The schema's catalog with its own name taken out, so that two schemas compare. */
      const catalog = async (schema: string) => {
        const rows = async (query: string) => (await client.query(query, [schema])).rows.map((row) => JSON.stringify(row).replaceAll(`${schema}.`, ''));
        return {
          columns: await rows(
            "SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull, pg_get_expr(d.adbin, d.adrelid) AS default, a.attcompression FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum WHERE c.relnamespace = $1::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped ORDER BY 1, a.attnum",
          ),
          indexes: await rows("SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY 1, 2"),
          constraints: await rows("SELECT conrelid::regclass::text AS table, contype, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE connamespace = $1::regnamespace ORDER BY 1, 2, 3"),
          // What LIKE would not copy: none in the site's schema.
          others: await rows("SELECT relname, relkind FROM pg_class WHERE relnamespace = $1::regnamespace AND relkind NOT IN ('r', 'i', 't') UNION ALL SELECT proname, 'function' FROM pg_proc WHERE pronamespace = $1::regnamespace UNION ALL SELECT tgname, 'trigger' FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = $1::regnamespace AND NOT t.tgisinternal"),
        };
      };
      const [original, copied] = [await catalog(migrated.schema), await catalog(copy.schema)];
      expect(original.constraints.filter((row) => row.includes('"contype":"f"')).length).toBeGreaterThan(0);
      expect(original.others).toEqual([]);
      expect(copied).toEqual(original);
      const migrations = await client.query(`SELECT count(*)::int AS count FROM ${copy.schema}.kysely_migration`);
      expect(migrations.rows[0].count).toBe(KNOWN_MIGRATIONS.length);
    } finally {
      await client.end();
      await database.close();
      await copy?.drop();
      await migrated.drop();
    }
  }, 120_000);

  it('compresses the long values of its own tables with lz4, and no other schema’s (migration 052)', async () => {
    const { schema, drop } = await createPostgresSchema();
    const other = await createPostgresSchema();
    const database = openDatabase({ dataDir: '/nonexistent', databaseUrl: process.env.TEST_DATABASE_URL, schema });
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(`create table ${other.schema}.items (id serial primary key, body text)`);
      await migrateToLatest(database);
      const compression = async (table: string, column: string, inSchema = schema) =>
        (await client.query(`select a.attcompression as c from pg_attribute a join pg_class r on r.oid = a.attrelid join pg_namespace n on n.oid = r.relnamespace where n.nspname = $1 and r.relname = $2 and a.attname = $3`, [inSchema, table, column])).rows[0]?.c;
      const lz4 = (await client.query(`select 'lz4' = any(enumvals) as has from pg_settings where name = 'default_toast_compression'`)).rows[0].has;
      // Debian's and the official images' PostgreSQL have lz4; without it nothing changes.
      expect(lz4).toBe(true);
      for (const [table, column] of [['news', 'content'], ['news', 'rendered'], ['news', 'search_text'], ['record_versions', 'data'], ['pages', 'body']]) expect(await compression(table, column), `${table}.${column}`).toBe('l');
      expect(await compression('items', 'body', other.schema)).toBe('');
      // A long article written now is stored lz4-compressed, and read back whole.
      const text = 'Soliq kodeksi oʻzgarishlari. '.repeat(4_000);
      await client.query(`insert into ${schema}.record_versions (id, record_type, record_id, version, action, data, saved_at) values ('v1', 'news', 'n1', 1, 'create', $1, now()::text)`, [JSON.stringify({ text })]);
      const stored = (await client.query(`select pg_column_compression(data) as method, data from ${schema}.record_versions where id = 'v1'`)).rows[0];
      expect(stored.method).toBe('lz4');
      expect((typeof stored.data === 'string' ? JSON.parse(stored.data) : stored.data).text).toBe(text);
    } finally {
      await client.end();
      await database.close();
      await drop();
      await other.drop();
    }
  }, 120_000);
});
