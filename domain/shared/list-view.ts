import type { RecordType } from './record-type.ts';

/*
 * `view=list` (decision 019): what the admin's list of a record type shows of each record, and
 * nothing else — no document (an article's text in every language), no field the row never shows.
 * The admin's list (app/routes/admin/resource.tsx) asks for it; a form reads its record whole when
 * it opens.
 */

/** What every record carries besides its declared fields. */
export const RECORD_META_FIELDS = ['_id', 'createdAt', 'updatedAt', 'version'] as const;

/** What an admin read adds to a record: its state for a visitor now, whether a working copy waits. */
const ADMIN_MARKS = ['publicState', 'hasDraft'] as const;

/**
 * The fields that decide what a visitor sees of a record (its state, and whether translators may
 * read its confidential fields): read with any part of a record, whatever else is asked for.
 */
export function stateFields(type: RecordType): string[] {
  return [type.visibilityField, type.hiddenWhen, type.scheduleFields?.publish, type.scheduleFields?.unpublish].filter((name): name is string => Boolean(name));
}

const cache = new WeakMap<RecordType, readonly string[]>();

/**
 * The fields of a type's list view: its record's id, dates and version; the row's name and the line
 * under it, its chips, the picture it asks for, its toggles and order; what its state, state filter
 * and category filter read; and the admin's marks. A document is never part of it (a list row
 * shows none: a question's answer under it reads as nothing).
 */
export function listViewFields(type: RecordType): readonly string[] {
  const kept = cache.get(type);
  if (kept) return kept;
  const { admin, fields } = type;
  const declared = Object.entries(fields);
  const names = [
    admin.titleField,
    admin.subtitleField,
    admin.chips?.field,
    admin.askForPicture,
    ...declared.filter(([, field]) => field.toggle).map(([name]) => name),
    'order',
    ...stateFields(type),
    ...declared.filter(([, field]) => field.filter?.kind === 'text' && field.filter.exact).map(([name]) => name),
  ].filter((name): name is string => Boolean(name) && name! in fields && !type.documentFields.includes(name!));
  const view = Object.freeze([...RECORD_META_FIELDS, ...new Set(names), ...ADMIN_MARKS]);
  cache.set(type, view);
  return view;
}
