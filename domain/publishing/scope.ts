import { can, type Action } from '../access/permissions.ts';
import { AppError } from '../shared/errors.ts';
import type { Actor } from '../shared/record-service.ts';
import type { RecordType } from '../shared/record-type.ts';

/** The type whose records are the practice areas. */
const PRACTICE_TYPE = 'services';

/** The fields of a type that name practice areas: `references` to services (a matter's services, an event's or article's topics). */
function practiceFields(type: RecordType): string[] {
  return Object.entries(type.fields)
    .filter(([, field]) => field.widget === 'references' && (field.references === PRACTICE_TYPE || field.offered?.groups.some((group) => group.type === PRACTICE_TYPE)))
    .map(([name]) => name);
}

/** The services a record names: its practice fields' ids, and its own id when it is a service. */
export function servicesOf(type: RecordType, record: Record<string, unknown>): string[] {
  const named = practiceFields(type).flatMap((field) => {
    const value = record[field];
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  });
  if (type.name === PRACTICE_TYPE && typeof record._id === 'string') named.push(record._id);
  return [...new Set(named)];
}

/**
 * Practice-area scope (API-4.md): one limited to some services creates and changes only records
 * that name one of them; otherwise 403 `out_of_scope`, naming the practice areas they may edit.
 * An actor without a scope (and the schedule, with no actor) is not limited here.
 */
export async function assertInScope(
  write: { type: RecordType; record: Record<string, unknown>; actor: Actor | undefined; action: Action },
  practiceNames: (ids: readonly string[]) => Promise<string[]>,
): Promise<void> {
  const { actor } = write;
  if (!actor?.scope || !can(actor, write.action) || can(actor, write.action, { services: servicesOf(write.type, write.record) })) return;
  const names = await practiceNames(actor.scope.services);
  throw new AppError(
    403,
    'FORBIDDEN',
    `You may create and change only what belongs to your practice areas (${names.join(', ') || 'none found'}): this ${write.type.label.toLowerCase()} names none of them. Choose one of your practice areas for it, or ask an administrator to widen your scope.`,
    { reason: 'out_of_scope' },
  );
}
