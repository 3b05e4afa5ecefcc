import { useAdmin } from './admin-context.tsx';
import { changesBetween } from './changes.ts';

/**
 * Two states of a record's fields, only where they differ: a text language by language, a document
 * block by block (its words), each change as its field with the two texts beside each other (one
 * above the other on a phone). The approver reads what the working copy changes against the live
 * page; a save refused over a colleague's copy shows theirs beside yours.
 */
export function CopyComparison({ before, after, fields, labelOf, headings, testId }: { before: Record<string, unknown>; after: Record<string, unknown>; fields: readonly string[]; labelOf: (path: string) => string; headings: [string, string]; testId?: string }) {
  const { t } = useAdmin();
  const pick = (state: Record<string, unknown>) => Object.fromEntries(fields.filter((field) => field in state).map((field) => [field, state[field]]));
  const changes = changesBetween(pick(before), pick(after));
  if (!changes.length) return <p className="text-sm text-slate-700" data-testid={testId}>{t('copy.noChanges')}</p>;
  return (
    <dl className="divide-y divide-slate-200 text-sm" data-testid={testId}>
      {changes.map((change) => (
        <div key={change.path} className="py-2">
          <dt className="font-semibold text-slate-900">{labelOf(change.path)}</dt>
          <dd className="mt-1 grid gap-2 sm:grid-cols-2">
            <div className="min-w-0 rounded border border-red-200 bg-red-50 px-2 py-1">
              <span className="block text-xs font-semibold text-red-900">{headings[0]}</span>
              <span className="block whitespace-pre-line break-words text-red-950">{change.before ? <del className="decoration-red-400">{change.before}</del> : '—'}</span>
            </div>
            <div className="min-w-0 rounded border border-green-200 bg-green-50 px-2 py-1">
              <span className="block text-xs font-semibold text-green-900">{headings[1]}</span>
              <span className="block whitespace-pre-line break-words text-green-950">{change.after ? <ins className="no-underline">{change.after}</ins> : '—'}</span>
            </div>
          </dd>
        </div>
      ))}
    </dl>
  );
}
