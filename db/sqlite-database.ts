import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Adapts Node's built-in `node:sqlite` to the better-sqlite3 shape that Kysely's SqliteDialect
 * expects: statements say whether they return rows, parameters arrive as one array, and booleans
 * (which node:sqlite refuses) are stored as 0/1.
 */
export function openSqliteDatabase(file: string): SqliteDatabase & { raw: DatabaseSync } {
  const raw = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5000 });
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = NORMAL');
  raw.exec('PRAGMA busy_timeout = 5000');
  return {
    raw,
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      const statement = raw.prepare(sql);
      const reader = statement.columns().length > 0;
      return {
        reader,
        all: (parameters) => statement.all(...toSqlite(parameters)) as unknown[],
        run: (parameters) => {
          const result = statement.run(...toSqlite(parameters));
          return { changes: result.changes, lastInsertRowid: result.lastInsertRowid };
        },
        iterate: (parameters) => statement.iterate(...toSqlite(parameters)) as IterableIterator<unknown>,
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
