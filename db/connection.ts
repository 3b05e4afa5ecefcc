import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, PostgresDriver, SqliteDialect, sql, type DatabaseIntrospector, type TableMetadata } from 'kysely';
import pg from 'pg';
import { ReplicaRouter, ReplicaRoutingDriver, type ReplicaState } from './replica.ts';
import { openSqliteDatabase } from './sqlite-database.ts';
import { transactionAware } from './transaction-scope.ts';

type DialectName = 'sqlite' | 'postgres';

export interface Database {
  // Tables are described by the domain's entity definitions; queries are built from them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  dialect: DialectName;
  /** PostgreSQL schema in use when not the default one. */
  schema?: string;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: a dedicated connection for LISTEN/NOTIFY between app instances. */
  connectListener?(): Promise<pg.Client>;
  /** Where the data is, for work that needs its own connection (a backup reads a snapshot). */
  location: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; client: pg.ClientConfig; siteName: string };
  /** With DATABASE_REPLICA_URL: the replica's state, and where a write is noted (db/replica.ts). */
  replica?: ReplicaState;
  /** PostgreSQL only: connections of the pool (for /metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * Runs `work` while no other instance runs it (PostgreSQL: an advisory lock held on a connection
   * of its own while `work` uses the pool), so that instances started together set up a new site once.
   */
  exclusively<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/** In DATA_DIR while a server runs on its SQLite database: its process id (a restore checks it). */
export const RUNNING_FILE = 'lexsite.pid';

/**
 * How the app's PostgreSQL connections name themselves (pg_stat_activity), per schema, so that a
 * restore can see whether a site still uses the database. Tools name themselves otherwise.
 */
function applicationName(connectionString: string, schema?: string, tool?: string): string {
  const inUrl = /search_path(?:=|%3D)([A-Za-z0-9_]+)/.exec(connectionString)?.[1];
  const where = schema ?? inUrl;
  return `lexsite${tool ? `-${tool}` : ''}${where ? `:${where}` : ''}`.slice(0, 63);
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** PostgreSQL schema to work in (tests give each run its own). */
  schema?: string;
  /** A command-line tool (backup, restore) names its connections apart from the site's. */
  tool?: string;
  /** PostgreSQL only: visitors' uncached reads from this streaming replica (db/replica.ts). */
  replica?: { url: string; readAfterWriteSeconds: number; maxLagSeconds: number; visitorRead: () => boolean; checkEveryMs?: number };
}

// PostgreSQL returns bigint (count) and numeric as strings; our counts fit in a double.
pg.types.setTypeParser(20, (value) => Number.parseInt(value, 10));

export function openDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schema, options.tool, options.replica);
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'lexsite.sqlite');
  const sqlite = openSqliteDatabase(file);
  // Answers through the transaction a release opened, for the work inside it (db/transaction-scope.ts).
  const db = transactionAware(new Kysely({ dialect: new SqliteDialect({ database: sqlite }) }));
  return {
    db,
    dialect: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
    location: { dialect: 'sqlite', file },
    // One process owns an SQLite site.
    exclusively: (_name, work) => work(),
  };
}

/**
 * Kysely's PostgreSQL introspector reads every table of every schema of the database and calls
 * pg_get_serial_sequence on each by its schema's name: a schema dropped meanwhile (another site in
 * the same database, another test run) failed our migrations with "schema … does not exist". The
 * migrator only asks which tables exist: answered for the schema in use, from the standard views.
 */
class OwnSchemaDialect extends PostgresDialect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    const getTables = async (): Promise<TableMetadata[]> => {
      const { rows } = await sql<{ name: string; schema: string; type: string }>`select table_name as name, table_schema as schema, table_type as type from information_schema.tables where table_schema = current_schema()`.execute(db);
      return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.type === 'VIEW', columns: [] }));
    };
    return {
      getSchemas: async () => (await sql<{ name: string | null }>`select current_schema() as name`.execute(db)).rows.flatMap((row) => (row.name ? [{ name: row.name }] : [])),
      getTables,
      getMetadata: async () => ({ tables: await getTables() }),
    };
  }
}

/** The dialect with a replica: its driver sends visitors' plain reads to the replica when it may. */
class ReplicaDialect extends OwnSchemaDialect {
  readonly #router: ReplicaRouter;

  constructor(config: ConstructorParameters<typeof PostgresDialect>[0], router: ReplicaRouter) {
    super(config);
    this.#router = router;
  }

  override createDriver() {
    return new ReplicaRoutingDriver(this.#router);
  }
}

function openPostgres(connectionString: string, schema?: string, tool?: string, replicaOptions?: DatabaseOptions['replica']): Database {
  // What the site's own connections are called (a tool's differ): a restore looks for them.
  const siteName = applicationName(connectionString, schema);
  const connection: pg.ClientConfig = {
    connectionString,
    application_name: applicationName(connectionString, schema, tool),
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  };
  const pool = new pg.Pool({ ...connection, max: 10, connectionTimeoutMillis: 5000 });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const replica = replicaOptions && replicaRouter(replicaOptions, pool, { ...connection, connectionString: replicaOptions.url });
  const db = transactionAware(new Kysely({ dialect: replica ? new ReplicaDialect({ pool }, replica) : new OwnSchemaDialect({ pool }) }));
  replica?.start();
  return {
    db,
    dialect: 'postgres',
    schema,
    replica,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
    location: { dialect: 'postgres', client: connection, siteName },
    async exclusively(name, work) {
      const holder = new pg.Client(connection);
      holder.on('error', () => {});
      await holder.connect();
      try {
        // Per schema: sites in other schemas of the same database do not wait for each other.
        await holder.query('select pg_advisory_lock(hashtext($1))', [`${siteName}:${name}`]);
        return await work();
      } finally {
        await holder.end().catch(() => {});
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    connectListener: async () => {
      const client = new pg.Client(connection);
      client.on('error', () => {});
      await client.connect();
      return client;
    },
  };
}

/** A replica's pool (fails fast: a down replica must not hold a visitor for long) and its router. */
function replicaRouter(options: NonNullable<DatabaseOptions['replica']>, primary: pg.Pool, connection: pg.ClientConfig): ReplicaRouter {
  const pool = new pg.Pool({ ...connection, max: 10, connectionTimeoutMillis: 1000, query_timeout: 10_000 });
  pool.on('error', () => {});
  const behind = async (replayed: string) => {
    const { rows } = await primary.query<{ behind: number }>('select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::float8 as behind', [replayed]);
    return rows[0]?.behind ?? 0;
  };
  return new ReplicaRouter(new PostgresDriver({ pool: primary }), { pool, visitorRead: options.visitorRead, readAfterWriteSeconds: options.readAfterWriteSeconds, maxLagSeconds: options.maxLagSeconds, checkEveryMs: options.checkEveryMs }, behind);
}
