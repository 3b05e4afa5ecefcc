import type { ContactKind } from '../../domain/contacts/contact-schema.ts';
import type { StoredRecord } from '../../domain/shared/entity.ts';
import { conflictCount } from '../../domain/intake/conflict-words.ts';
import { useAdmin } from './admin-context.tsx';

/** What a contact request is: a message, a new matter (conflict check first) or an application. */
export const kindOf = (item: StoredRecord): ContactKind => (item.kind === 'matter' ? 'matter' : item.kind === 'application' ? 'application' : 'message');

/** A new matter or an application says so beside its subject (a message needs no mark). */
export function KindBadge({ item }: { item: StoredRecord }) {
  const { t } = useAdmin();
  const kind = kindOf(item);
  if (kind === 'message') return null;
  return <span className="mr-2 inline-block rounded bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{t(`contacts.kind.${kind}`)}</span>;
}

/** A new matter's row says how many possible conflicts its check found ("2 possible conflicts"). */
export function ConflictCount({ item }: { item: StoredRecord }) {
  const { lang } = useAdmin();
  if (kindOf(item) !== 'matter' || typeof item.conflictCount !== 'number') return null;
  const count = item.conflictCount;
  return (
    <span data-testid="conflict-count" className={`mt-1 block text-xs font-semibold ${count ? 'text-amber-900' : 'text-slate-600'}`}>
      {conflictCount(count, lang)}
    </span>
  );
}
