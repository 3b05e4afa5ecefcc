import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_TYPES } from '../../domain/registry.ts';
import { columnOf } from '../../domain/shared/entity.ts';
import type { RecordType } from '../../domain/shared/record-type.ts';
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
});
