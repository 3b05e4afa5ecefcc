import type { Database } from '../../db/connection.ts';
import type { ChangeEvent } from '../shared/record-service.ts';
import type { RecordType } from '../shared/record-type.ts';
import { createAutosaves } from './autosaves.ts';
import { systemClock } from './clock.ts';
import { createPresence } from './presence.ts';

/**
 * The admin forms' autosaves and presence (API-4.md "Never losing an edit"), on one clock (a test
 * moves it), and what a deleted record takes with it: everyone's autosaves and presence of it.
 */
export function createEdits(database: Database, types: readonly RecordType[]) {
  const clock = systemClock();
  const autosaves = createAutosaves(database, clock);
  const presence = createPresence(database, clock);
  const typeOfTable = new Map(types.map((type) => [type.table, type.name]));
  return {
    clock,
    autosaves,
    presence,
    /** A write happened (the environment's change event): a deleted record's autosaves and presence go. */
    async changed(event: ChangeEvent): Promise<void> {
      const type = event.action === 'delete' ? typeOfTable.get(event.entity) : undefined;
      if (type) await Promise.all([autosaves.removeRecord(type, event.id), presence.removeRecord(type, event.id)]);
    },
  };
}
