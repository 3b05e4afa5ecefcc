import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';

const MOST_STATEMENTS = 500;
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Adapts Node's built-in `node:sqlite` to the better-sqlite3 shape that Kysely's SqliteDialect
 * expects: statements say whether they return rows, parameters arrive as one array, and booleans
 * (which node:sqlite refuses) are stored as 0/1. Statements are prepared once per SQL text and
 * kept (the most recent 500): preparing was a tenth of a page render's time.
 */
export function openSqliteDatabase(file: string): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 });
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = NORMAL');
  raw.exec('PRAGMA busy_timeout = 5000');
  const prepared = new Map<string, { statement: StatementSync; reader: boolean }>();
  const preparedOnce = (sql: string) => {
    let entry = prepared.get(sql);
    if (entry) {
      prepared.delete(sql);
    } else {
      const statement = raw.prepare(sql);
      entry = { statement, reader: statement.columns().length > 0 };
      if (prepared.size >= MOST_STATEMENTS) prepared.delete(prepared.keys().next().value!);
    }
    prepared.set(sql, entry);
    return entry;
  };
  return {
    raw,
    close: () => {
      prepared.clear();
      raw.close();
    },
    prepare(sql: string): SqliteStatement {
      const { statement, reader } = preparedOnce(sql);
      return {
        reader,
        all: (parameters) => statement.all(...toSqlite(parameters)) as unknown[],
        run: (parameters) => {
          const result = statement.run(...toSqlite(parameters));
          return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
        },
        // A row stream may stay open while the same query runs again: its own statement.
        iterate: (parameters) => raw.prepare(sql).iterate(...toSqlite(parameters)) as IterableIterator<unknown>,
      };
    },
  };
}

function toSqlite(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map((value) => {
    if (value === undefined || value === null) return null;
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    return value as SQLInputValue;
  });
}
