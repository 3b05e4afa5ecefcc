import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';

/*
 * One transaction across services that each hold the database (a release applies many records'
 * writes through their own services, all or nothing). Every service keeps `database.db`; while
 * `inOneTransaction` runs, that `db` answers through the open transaction for the work started
 * inside it (AsyncLocalStorage follows the awaits), and a `db.transaction()` asked inside joins it.
 * Work started inside that outlives the transaction (a fire-and-forget notice) falls back to the
 * pool once it ends.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKysely = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
interface Scope { trx: Transaction<any>; open: boolean }

const scopes = new AsyncLocalStorage<Scope>();

/** A builder of a transaction that runs its work in the one already open. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function joined(trx: Transaction<any>) {
  const builder = {
    setIsolationLevel: () => builder,
    setAccessMode: () => builder,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    execute: <T>(work: (trx: Transaction<any>) => Promise<T>) => work(trx),
  };
  return builder;
}

/** The database's Kysely, answering through the transaction `inOneTransaction` opened when there is one. */
export function transactionAware(db: AnyKysely): AnyKysely {
  return new Proxy(db, {
    get(target, property) {
      const scope = scopes.getStore();
      if (scope?.open) {
        if (property === 'transaction') return () => joined(scope.trx);
        const value = Reflect.get(scope.trx, property, scope.trx) as unknown;
        return typeof value === 'function' ? value.bind(scope.trx) : value;
      }
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** True while the caller runs inside `inOneTransaction`. */
const inTransaction = (): boolean => Boolean(scopes.getStore()?.open);

/**
 * Runs `work` in one transaction of `db` (the Kysely `transactionAware` wrapped, or its target):
 * every query of every service made through the wrapped `db` inside it is part of it; a throw rolls
 * all of it back. A call inside one already open joins it.
 */
export async function inOneTransaction<T>(db: AnyKysely, work: () => Promise<T>): Promise<T> {
  if (inTransaction()) return work();
  return db.transaction().execute(async (trx) => {
    const scope: Scope = { trx, open: true };
    try {
      return await scopes.run(scope, work);
    } finally {
      scope.open = false;
    }
  });
}
