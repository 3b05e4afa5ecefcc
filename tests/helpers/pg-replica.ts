import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import pg from 'pg';

/*
 * A real PostgreSQL streaming replica of the test cluster, on this machine: a second cluster
 * (`pg_createcluster 15 lexsite_replica -p 5433`) filled by `pg_basebackup -R` from the primary in
 * TEST_DATABASE_URL and kept streaming. Made once and reused by later runs. Needs root and Debian's
 * postgresql-common tools (CI has both); without them the replica tests are skipped and
 * scripts/test.ts reports it.
 */

const run = promisify(execFile);
const VERSION = '15';
const CLUSTER = 'lexsite_replica';
const PORT = 5433;
const DATA = `/var/lib/postgresql/${VERSION}/${CLUSTER}`;
const REPLICATION_ROLE = 'lexsite_replication';
const REPLICATION_PASSWORD = 'lexsite_replication';

export const CAN_MAKE_REPLICA = Boolean(process.env.TEST_DATABASE_URL) && process.getuid?.() === 0 && fs.existsSync('/usr/bin/pg_createcluster');

const asPostgres = (command: string) => execFileSync('su', ['postgres', '-c', command], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 }).toString();

const primaryUrl = () => new URL(process.env.TEST_DATABASE_URL!);

/** The replica's address for the same database and user as TEST_DATABASE_URL. */
export function replicaUrl(): string {
  const url = primaryUrl();
  url.port = String(PORT);
  return url.toString();
}

/**
 * Stops the replica's replay and waits until it has stopped (pg_wal_replay_pause() only asks: a
 * change arriving meanwhile could still be replayed).
 */
export async function pauseReplay(): Promise<void> {
  onReplica('select pg_wal_replay_pause()');
  for (let tries = 0; tries < 100; tries += 1) {
    if (onReplica('select pg_get_wal_replay_pause_state()') === 'paused') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the replica did not pause its replay');
}

/** A superuser's statement on the replica (pausing and resuming its replay). */
export function onReplica(statement: string): string {
  return asPostgres(`psql -X -q -t -A -p ${PORT} -c ${JSON.stringify(statement)}`).trim();
}

const clusterState = (): 'online' | 'down' | 'missing' => {
  const line = execFileSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' })
    .split('\n')
    .find((row) => row.split(/\s+/)[1] === CLUSTER);
  if (!line) return 'missing';
  return /\bonline\b/.test(line) ? 'online' : 'down';
};

function makeCluster() {
  const primary = primaryUrl();
  asPostgres(
    `psql -X -q -p ${primary.port || 5432} -c "DO \\$\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${REPLICATION_ROLE}') THEN CREATE ROLE ${REPLICATION_ROLE} REPLICATION LOGIN PASSWORD '${REPLICATION_PASSWORD}'; END IF; END \\$\\$"`,
  );
  execFileSync('pg_createcluster', [VERSION, CLUSTER, '-p', String(PORT)], { stdio: 'ignore' });
  fs.rmSync(DATA, { recursive: true, force: true });
  asPostgres(
    `PGPASSWORD=${REPLICATION_PASSWORD} pg_basebackup -h ${primary.hostname} -p ${primary.port || 5432} -U ${REPLICATION_ROLE} -D ${DATA} -R -X stream -c fast`,
  );
  // A visitor's long read is not cancelled by a replayed change (tests hold no long reads; this is for calm).
  fs.appendFileSync(`/etc/postgresql/${VERSION}/${CLUSTER}/conf.d/replica.conf`, 'hot_standby = on\nmax_standby_streaming_delay = 30s\n');
}

/** Whether the replica streams from this primary: a row written there is seen here within 10 s. */
async function streams(): Promise<boolean> {
  const primary = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  const replica = new pg.Client({ connectionString: replicaUrl(), connectionTimeoutMillis: 3000 });
  try {
    await primary.connect();
    await replica.connect();
    const { rows } = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
    for (let tries = 0; tries < 100; tries += 1) {
      const caught = await replica.query<{ behind: number | null }>('select pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::float8 as behind', [rows[0].lsn]);
      const behind = caught.rows[0]?.behind;
      if (behind !== null && behind !== undefined && behind <= 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  } catch {
    return false;
  } finally {
    await primary.end().catch(() => {});
    await replica.end().catch(() => {});
  }
}

/** Makes (or starts, or remakes) the replica cluster and waits until it streams from the primary. */
export async function ensureReplica(): Promise<void> {
  let state = clusterState();
  if (state === 'missing') {
    makeCluster();
    state = 'down';
  }
  if (state === 'down') execFileSync('pg_ctlcluster', [VERSION, CLUSTER, 'start'], { stdio: 'ignore' });
  try {
    onReplica('select pg_wal_replay_resume()');
  } catch {
    // Not paused, or not yet accepting connections: the check below tells.
  }
  if (await streams()) return;
  // Made from another primary (or broken): made again.
  execFileSync('pg_dropcluster', ['--stop', VERSION, CLUSTER], { stdio: 'ignore' });
  makeCluster();
  execFileSync('pg_ctlcluster', [VERSION, CLUSTER, 'start'], { stdio: 'ignore' });
  if (!(await streams())) throw new Error('the replica cluster does not stream from the primary');
}

// Not execFileSync: a test's app runs in the test's process and must keep answering meanwhile.
export const stopReplica = () => run('pg_ctlcluster', [VERSION, CLUSTER, 'stop', '-m', 'fast']);
export const startReplica = () => run('pg_ctlcluster', [VERSION, CLUSTER, 'start']);
