import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_TYPES } from '../../domain/registry.ts';
import { columnOf } from '../../domain/shared/entity.ts';
import type { RecordType } from '../../domain/shared/record-type.ts';
import { columnKinds, createRecordTable } from '../../db/record-table.ts';
import { DIALECTS } from '../helpers/databases.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

/** The columns a record type's declaration reads and writes: a migration that forgets one fails here. */
function declaredColumns(type: RecordType): string[] {
  const columns = ['id', 'created_at', 'updated_at', 'version'];
  for (const [name, field] of Object.entries(type.fields)) {
    columns.push(columnOf(name));
    if (field.filter?.kind === 'text' || field.filter?.kind === 'member') columns.push(`${columnOf(name)}_text`);
    if (field.filter?.kind === 'derived') columns.push(field.filter.column);
  }
  if (type.searchFields.length) columns.push('search_text');
  if (type.localizedFields.length) columns.push('text_saved', 'text_shape');
  if (type.documentFields.length) columns.push('rendered', 'doc_refs');
  if (type.publicUntil) columns.push('public_until');
  if (type.pageLanguages) columns.push('page_languages');
  return columns.sort();
}

describe.each(DIALECTS)('every record type’s table matches its declaration on %s', (dialect) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(dialect);
  });
  afterAll(() => app.close());

  it('has each declared column and no column nobody declared', async () => {
    const { db } = app.services.database;
    for (const type of RECORD_TYPES) {
      const rows = app.schema
        ? (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = ${app.schema} and table_name = ${type.table}`.execute(db)).rows
        : (await sql<{ name: string }>`select name from pragma_table_info(${type.table})`.execute(db)).rows;
      expect({ type: type.name, columns: rows.map((row) => row.name).sort() }).toEqual({ type: type.name, columns: declaredColumns(type) });
    }
  });

  it('makes a new record table’s standard columns as the shipped migrations wrote them (db/record-table.ts)', async () => {
    const { db } = app.services.database;
    const columns = async (table: string) =>
      app.schema
        ? (await sql<{ name: string; type: string; nullable: string; fallback: string | null }>`select column_name as name, data_type as type, is_nullable as nullable, column_default as fallback from information_schema.columns where table_schema = ${app.schema} and table_name = ${table}`.execute(db)).rows
        : (await sql<{ name: string; type: string; nullable: number; fallback: string | null; pk: number }>`select name, type, "notnull" as nullable, dflt_value as fallback, pk from pragma_table_info(${table})`.execute(db)).rows;
    await createRecordTable(db, 'probe_records', { documents: true, page: true }).addColumn('title', columnKinds(db).json, (c) => c.notNull()).execute();
    try {
      const made = await columns('probe_records');
      // The vacancies' table (migrations 024 and 031): the same columns, types, defaults and key.
      const shipped = new Map((await columns('vacancies')).map((column) => [column.name, column]));
      expect(made.map((column) => column.name).sort()).toEqual(['created_at', 'doc_refs', 'id', 'page_languages', 'rendered', 'search_text', 'text_saved', 'text_shape', 'title', 'updated_at', 'version']);
      for (const column of made) expect(column, column.name).toEqual(shipped.get(column.name));
    } finally {
      await db.schema.dropTable('probe_records').execute();
    }
  });
});
