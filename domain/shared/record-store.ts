import type { Database } from '../../db/connection.ts';
import type { Condition, EntityDefinition } from './entity.ts';
import { createStoreKeptReads } from './record-store-kept.ts';
import { createStoreReads } from './record-store-reads.ts';
import { createStoreRows } from './record-store-rows.ts';
import { createStoreSearch } from './record-store-search.ts';
import { createStoreWrites } from './record-store-writes.ts';
import type { KeptDocuments } from '../documents/record-documents.ts';

export { keptOf } from './record-store-rows.ts';

export interface ListOptions {
  conditions: Condition[];
  limit?: number;
  offset?: number;
  /**
   * Count the offset from the end of the order (the rows still come in the list's order): a page
   * near the end of 10,000 is then read from the near end of the index, not past 9,990 rows.
   */
  fromEnd?: boolean;
  /**
   * Read only these fields of each record (and its id, dates and version): a list that shows a
   * title and a state reads no document. The records then hold these fields alone.
   */
  fields?: readonly string[];
  /** A ranked search's page without its total (the site search shows no count): one query less. */
  uncounted?: boolean;
  /**
   * Leave the documents' kept HTML and words unread (`rendered`: two thirds of an article's row, every
   * language's): for an answer that shows none of them. A record read so makes them anew when asked.
   */
  withoutKept?: boolean;
}

/**
 * Reads and writes one record type's table; knows nothing of rules, only of columns. `render`
 * makes the HTML and words of a record's documents, kept with every write (types with document fields).
 * Composed of parts: rows and records (record-store-rows.ts), conditions, order and search
 * (record-store-search.ts), reads (record-store-reads.ts), reads of what is kept beside a record
 * (record-store-kept.ts) and writes (record-store-writes.ts).
 */
export function createRecordStore(database: Database, definition: EntityDefinition, render?: (record: Record<string, unknown>) => Promise<KeptDocuments>) {
  const rows = createStoreRows(database, definition, render);
  const search = createStoreSearch(database, definition);
  const reads = createStoreReads(database, definition, rows, search);
  return {
    definition,
    ...reads,
    ...createStoreKeptReads(database, definition, rows, search, reads),
    ...createStoreWrites(database, definition, rows, reads),
  };
}

export type RecordStore = ReturnType<typeof createRecordStore>;
