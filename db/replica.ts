import { PostgresDriver, type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from 'kysely';
import type pg from 'pg';

/*
 * Reads from a PostgreSQL streaming replica (DATABASE_REPLICA_URL). One Kysely serves the whole
 * app; its driver sends a query to the replica only when all of these hold:
 * - it is a plain SELECT, outside a transaction;
 * - it is made while answering a visitor's public read (the host says so: `visitorRead`), which
 *   the page cache missed — everything a signed-in user or a write asks reads the primary;
 * - no record was written on this instance, nor announced by another (`noteWrite`: the host calls
 *   it with every change it tells the caches of; a view count or a job's bookkeeping is no such write), within
 *   `readAfterWriteSeconds` or the replica's last measured lag, whichever is longer: a visitor right
 *   after a save reads what was saved, and a page dropped from the cache is not made again from a
 *   replica that has not replayed the save yet;
 * - the replica answered the last check and lags less than `maxLagSeconds`.
 * A replica that fails a query is marked down and the query runs on the primary; the check every
 * few seconds brings it back once it answers and has caught up.
 */

export type ReplicaStatus = 'ok' | 'lagging' | 'down';

export interface ReplicaOptions {
  pool: pg.Pool;
  /** True while answering a visitor's public read (domain/shared/read-tracker.ts). */
  visitorRead: () => boolean;
  readAfterWriteSeconds: number;
  maxLagSeconds: number;
  /** How often the replica's state is checked. */
  checkEveryMs?: number;
}

export interface ReplicaState {
  status(): { replica: ReplicaStatus; lagSeconds: number | null; checkedAt: string | null };
  /** A record was written on this instance, or another instance announced a change. */
  noteWrite(): void;
  /** Checks the replica now (also done every few seconds). */
  check(): Promise<void>;
  /** Queries answered by the replica since start (for /metrics and tests). */
  reads(): number;
}

const CHECK_EVERY_MS = 2000;

/** A plain SELECT (not a raw statement, not a write): the only kind a replica may answer. */
const isSelect = (query: CompiledQuery) => query.query.kind === 'SelectQueryNode';

export class ReplicaRouter implements ReplicaState {
  readonly replicaDriver: Driver;
  #state: ReplicaStatus = 'down';
  #lag: number | null = null;
  #checkedAt: string | null = null;
  #lastWriteAt = 0;
  #reads = 0;
  #timer: NodeJS.Timeout | undefined;
  #checking: Promise<void> | undefined;

  readonly primaryDriver: Driver;
  readonly #options: ReplicaOptions;
  /** How far a replica's replayed WAL position is behind the primary's, in bytes. */
  readonly #primaryBehind: (replayed: string) => Promise<number>;

  constructor(primaryDriver: Driver, options: ReplicaOptions, primaryBehind: (replayed: string) => Promise<number>) {
    this.primaryDriver = primaryDriver;
    this.#options = options;
    this.#primaryBehind = primaryBehind;
    this.replicaDriver = new PostgresDriver({ pool: options.pool });
  }

  /** Called where no request's context is active: the checks must not look like a visitor's reads. */
  start(): void {
    void this.check();
    this.#timer = setInterval(() => void this.check(), this.#options.checkEveryMs ?? CHECK_EVERY_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  status() {
    return { replica: this.#state, lagSeconds: this.#lag, checkedAt: this.#checkedAt };
  }

  reads(): number {
    return this.#reads;
  }

  noteWrite(): void {
    this.#lastWriteAt = Date.now();
  }

  /** Whether this query may be answered by the replica now. */
  answersFromReplica(query: CompiledQuery): boolean {
    if (this.#state !== 'ok' || !isSelect(query) || !this.#options.visitorRead()) return false;
    const quietFor = Math.max(this.#options.readAfterWriteSeconds, (this.#lag ?? 0) + 1) * 1000;
    return Date.now() - this.#lastWriteAt >= quietFor;
  }

  answered(): void {
    this.#reads += 1;
  }

  /** The replica failed a query: left until the next check finds it well. */
  failed(): void {
    this.#state = 'down';
  }

  check(): Promise<void> {
    this.#checking ??= this.#check().finally(() => {
      this.#checking = undefined;
    });
    return this.#checking;
  }

  async #check(): Promise<void> {
    try {
      // pool.query: a client the replica's shutdown ends is the pool's to drop, not an unhandled error.
      const { rows } = await this.#options.pool.query<{ recovery: boolean; replayed: string | null; idle: number | null }>(
        'select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as replayed, extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as idle',
      );
      const row = rows[0];
      if (!row?.recovery || !row.replayed) throw new Error('DATABASE_REPLICA_URL is not a streaming replica (pg_is_in_recovery() is false)');
      // Caught up: no lag, however long ago the last change was. Behind: as old as its last replayed change.
      const behind = await this.#primaryBehind(row.replayed);
      this.#lag = behind <= 0 ? 0 : Math.max(0, Math.round((row.idle ?? 0) * 10) / 10);
      this.#state = this.#lag > this.#options.maxLagSeconds ? 'lagging' : 'ok';
    } catch {
      this.#state = 'down';
      this.#lag = null;
    }
    this.#checkedAt = new Date().toISOString();
  }
}

/**
 * The driver Kysely uses with a replica: its connections are made on demand on the primary or the
 * replica, query by query (ReplicaRouter.answersFromReplica); a transaction stays on the primary.
 */
export class ReplicaRoutingDriver implements Driver {
  readonly router: ReplicaRouter;

  constructor(router: ReplicaRouter) {
    this.router = router;
  }

  async init(): Promise<void> {
    await this.router.primaryDriver.init();
    await this.router.replicaDriver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutingConnection(this.router);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const routing = connection as RoutingConnection;
    routing.inTransaction = true;
    await this.router.primaryDriver.beginTransaction(routing, settings);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const routing = connection as RoutingConnection;
    try {
      await this.router.primaryDriver.commitTransaction(routing);
    } finally {
      routing.inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const routing = connection as RoutingConnection;
    try {
      await this.router.primaryDriver.rollbackTransaction(routing);
    } finally {
      routing.inTransaction = false;
    }
  }

  savepoint: Driver['savepoint'] = (connection, name, compile) => this.router.primaryDriver.savepoint!(connection, name, compile);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (connection, name, compile) => this.router.primaryDriver.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint: Driver['releaseSavepoint'] = (connection, name, compile) => this.router.primaryDriver.releaseSavepoint!(connection, name, compile);

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await (connection as RoutingConnection).release();
  }

  async destroy(): Promise<void> {
    this.router.stop();
    await this.router.replicaDriver.destroy();
    await this.router.primaryDriver.destroy();
  }
}

class RoutingConnection implements DatabaseConnection {
  inTransaction = false;
  #primary: DatabaseConnection | undefined;
  #replica: DatabaseConnection | undefined;
  readonly router: ReplicaRouter;

  constructor(router: ReplicaRouter) {
    this.router = router;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.inTransaction && this.router.answersFromReplica(query)) {
      try {
        this.#replica ??= await this.router.replicaDriver.acquireConnection();
        const result = await this.#replica.executeQuery<R>(query);
        this.router.answered();
        return result;
      } catch {
        // Down, or a query cancelled by recovery: this one from the primary, the replica left until it recovers.
        this.router.failed();
        await this.#dropReplica();
      }
    }
    this.#primary ??= await this.router.primaryDriver.acquireConnection();
    return this.#primary.executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    this.#primary ??= await this.router.primaryDriver.acquireConnection();
    yield* this.#primary.streamQuery<R>(query, chunkSize);
  }

  async #dropReplica() {
    const replica = this.#replica;
    this.#replica = undefined;
    if (replica) await this.router.replicaDriver.releaseConnection(replica).catch(() => {});
  }

  async release(): Promise<void> {
    await this.#dropReplica();
    const primary = this.#primary;
    this.#primary = undefined;
    if (primary) await this.router.primaryDriver.releaseConnection(primary);
  }
}
