import { AppError, type ErrorDetail } from '../shared/errors.ts';
import { isPlainObject } from '../shared/localized.ts';
import type { RecordType } from '../shared/record-type.ts';
import type { VersionService } from '../versions/version-service.ts';

/*
 * A save over a newer version (API-4.md "Never losing an edit"): still the 409 `stale_version`,
 * now with what the form needs to show both sides instead of asking for a reload — the record as
 * it is now, the fields changed since the caller's version (per language for a multilingual
 * field: `title.ru`) and who saved last.
 */

const blank = (value: unknown) => value === undefined || value === null || value === '';
const same = (a: unknown, b: unknown) => (blank(a) && blank(b)) || JSON.stringify(a) === JSON.stringify(b);

/** The fields (and languages of multilingual ones) whose values differ between two saved states, in the type's order. */
function changedFields(type: RecordType, before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const changed: string[] = [];
  for (const [name, field] of Object.entries(type.fields)) {
    if (field.counter) continue;
    const a = before[name];
    const b = after[name];
    if (field.localized && (isPlainObject(a) || blank(a)) && (isPlainObject(b) || blank(b)) && !Array.isArray(a) && !Array.isArray(b)) {
      const left = isPlainObject(a) ? a : {};
      const right = isPlainObject(b) ? b : {};
      for (const lang of [...new Set([...Object.keys(left), ...Object.keys(right)])].sort()) if (!same(left[lang], right[lang])) changed.push(`${name}.${lang}`);
      continue;
    }
    if (!same(a, b)) changed.push(name);
  }
  return changed;
}

/** How long a conflict waits for the version row of the save that won (written just after its update). */
const WINNER_WAIT_MS = 1000;
const WINNER_POLL_MS = 25;

/**
 * Who saved the record's current version: the save that won a race keeps its version just after
 * its update, so a save that lost at the same moment waits a little for it (then names whoever
 * saved last that it can see).
 */
async function savedNow(history: VersionService, type: string, id: string, version: number) {
  for (let waited = 0; waited < WINNER_WAIT_MS; waited += WINNER_POLL_MS) {
    const found = await history.lastSave(type, id, version);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, WINNER_POLL_MS));
  }
  return history.lastSave(type, id);
}

/**
 * The 409 of a save made on `callerVersion` of a record now at `current.version`. Without the
 * caller's version among the kept ones (a record saved before versions were kept), every field
 * that holds something counts as changed: the form compares them all.
 */
export async function staleConflict(type: RecordType, history: VersionService, current: Record<string, unknown>, callerVersion: number | undefined): Promise<AppError> {
  const base = callerVersion === undefined ? undefined : await history.get(type.name, String(current._id), callerVersion);
  const fields = base ? changedFields(type, base, current) : changedFields(type, {}, current);
  const changedBy = (await savedNow(history, type.name, String(current._id), Number(current.version))) ?? { _id: null, name: '', at: String(current.updatedAt ?? '') };
  const who = changedBy.name || 'Someone else';
  const detail: ErrorDetail = {
    path: 'version',
    message: 'The record was saved by someone else after you opened it',
    code: 'stale_version',
    params: { yourVersion: callerVersion ?? 0, currentVersion: Number(current.version) },
    current,
    changedFields: fields,
    changedBy,
  };
  return new AppError(
    409,
    'CONFLICT',
    `${who} saved this ${type.label.toLowerCase()} after you opened it${fields.length ? ` (changed: ${fields.join(', ')})` : ''}. Nothing you typed is lost: compare their version with yours, keep one of each, then save again.`,
    { reason: 'stale_version', details: [detail] },
  );
}
