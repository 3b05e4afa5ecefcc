import { useAdmin } from './admin-context.tsx';
import { changesBetween } from './changes.ts';

/**
 * Two states of a record's fields side by side, only where they differ: a text language by
 * language, a document block by block (its words). The approver reads what the working copy
 * changes against the live page; a save refused over a colleague's copy shows theirs beside yours.
 */
export function CopyComparison({ before, after, fields, labelOf, headings, testId }: { before: Record<string, unknown>; after: Record<string, unknown>; fields: readonly string[]; labelOf: (path: string) => string; headings: [string, string]; testId?: string }) {
  const { t } = useAdmin();
  const pick = (state: Record<string, unknown>) => Object.fromEntries(fields.filter((field) => field in state).map((field) => [field, state[field]]));
  const changes = changesBetween(pick(before), pick(after));
  if (!changes.length) return <p className="text-sm text-slate-700" data-testid={testId}>{t('copy.noChanges')}</p>;
  return (
    <div className="overflow-x-auto" data-testid={testId}>
      <table className="w-full min-w-[18rem] text-left text-sm">
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="py-1 pr-3">
              {t('history.field')}
            </th>
            <th scope="col" className="py-1 pr-3">
              {headings[0]}
            </th>
            <th scope="col" className="py-1">
              {headings[1]}
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.path} className="border-t border-slate-200 align-top">
              <th scope="row" className="py-1 pr-3 font-medium text-slate-800">
                {labelOf(change.path)}
              </th>
              <td className="whitespace-pre-line break-words py-1 pr-3 text-red-800">{change.before ? <del className="decoration-red-300">{change.before}</del> : '—'}</td>
              <td className="whitespace-pre-line break-words py-1 text-green-900">{change.after ? <ins className="no-underline">{change.after}</ins> : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
