import { useEffect, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { useAdmin } from './admin-context.tsx';
import { api } from './api.ts';
import { Avatar } from './form/edit-notices.tsx';
import { Editor, editorName } from './form/use-presence.ts';
import { Loading } from './ui.tsx';

/* The admin's one list pattern: loading, "nothing here", and the table of a list's rows. */

/** A cell of a list's table, and a row's line under it. */
export const cellClass = 'px-4 py-3';
export const rowClass = 'border-b border-slate-100 last:border-0';
/** The narrow first cell that holds a row's checkbox. */
export const selectCellClass = 'w-10 py-3 pl-4 pr-0 align-top';

/** What a list says when it has nothing to show (none yet, or none that match). */
export function EmptyList({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-white p-8 text-center text-slate-600 shadow-sm">{children}</p>;
}

/** A list's items once read: loading until then, `empty` when there are none, else what `children` makes of them. */
export function ListView<T>({ items, loading, empty, children }: { items: readonly T[] | null | undefined; loading: boolean; empty: ReactNode; children: (items: readonly T[]) => ReactNode }) {
  if (loading) return <Loading />;
  if (!items?.length) return <EmptyList>{empty}</EmptyList>;
  return children(items);
}

/**
 * A list's table: its column heads (and a last one, unnamed on screen, for each row's actions), then its rows.
 * With `select` (the "all on this page" checkbox of app/admin/bulk-actions.tsx), a first narrow column holds it, and each row its own.
 */
export function ListTable({ heads, actions = true, select, className = '', children }: { heads: Array<{ key: string; label: ReactNode }>; actions?: boolean; select?: ReactNode; className?: string; children: ReactNode }) {
  const { t } = useAdmin();
  return (
    <div className={`relative overflow-x-auto rounded-xl bg-white shadow-sm ${className}`.trim()}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>
            {select && (
              <th scope="col" className={selectCellClass}>
                {select}
              </th>
            )}
            {heads.map((head) => (
              <th key={head.key} scope="col" className={cellClass}>
                {head.label}
              </th>
            ))}
            {actions && (
              <th scope="col" className={cellClass}>
                <span className="sr-only">{t('common.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

const ListPresence = z.union([
  z.array(z.object({ id: z.string().nullish(), _id: z.string().nullish(), recordId: z.string().nullish(), editors: z.array(Editor) })),
  z.record(z.string(), z.array(Editor)),
]);

/** Who has which of a list's records open (one read per load of the list; never the signed-in user). */
export function useListPresence(type: string, records: readonly unknown[] | null): Map<string, Editor[]> {
  const { user } = useAdmin();
  const [open, setOpen] = useState<Map<string, Editor[]>>(new Map());
  useEffect(() => {
    if (!records) return;
    let live = true;
    api<unknown>(`/presence?type=${encodeURIComponent(type)}`).then(
      (answer) => {
        const parsed = ListPresence.safeParse(answer.data);
        if (!live || !parsed.success) return;
        const entries = Array.isArray(parsed.data) ? parsed.data.map((row): [string, Editor[]] => [row.id ?? row._id ?? row.recordId ?? '', row.editors]) : Object.entries(parsed.data);
        setOpen(new Map(entries.map(([id, editors]): [string, Editor[]] => [id, editors.filter((editor) => editor._id !== user._id)]).filter(([id, editors]) => id && editors.length)));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [type, records, user._id]);
  return open;
}

/** The small avatars of those who have a row's record open. */
export function EditingAvatars({ editors }: { editors: readonly Editor[] | undefined }) {
  const { t } = useAdmin();
  if (!editors?.length) return null;
  return (
    <span className="ml-2 inline-flex gap-1 align-middle" data-testid="editing-avatars">
      {editors.map((editor) => (
        <Avatar key={editor._id} name={editorName(editor)} label={t('edit.openBy', { name: editorName(editor) })} />
      ))}
    </span>
  );
}
