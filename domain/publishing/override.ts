import { can } from '../access/permissions.ts';
import { validationError } from '../shared/errors.ts';
import { isPlainObject } from '../shared/localized.ts';
import type { Actor, ChangeEvent } from '../shared/record-service.ts';
import type { RecordType } from '../shared/record-type.ts';

/**
 * An administrator's `override: { reason }` past a rule of publishing: true when given (the reason,
 * kept in the activity log after `what`); 400 without a reason; false for anyone who may not
 * override (`record.override`).
 */
export async function overridden(
  log: (event: ChangeEvent) => Promise<void>,
  write: { type: RecordType; id: string | undefined; override?: unknown; actor: Actor | undefined },
  what: string,
  why: string,
): Promise<boolean> {
  const { type, id, override, actor } = write;
  if (override === undefined || override === null || !can(actor, 'record.override')) return false;
  const reason = isPlainObject(override) && typeof override.reason === 'string' ? override.reason.trim() : '';
  if (!reason || reason.length > 500) throw validationError([{ path: 'override.reason', message: `Say why this is published ${why} (up to 500 characters)`, code: 'required' }]);
  await log({ entity: type.table, action: 'update', id: id ?? '', actor, summary: `${what} — ${reason}`.slice(0, 300) });
  return true;
}
