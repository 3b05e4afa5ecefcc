import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { recordTypeNamed } from '../../../domain/registry.ts';
import { say } from '../../admin/words.ts';
import type { TrashEntry } from '../../../domain/versions/version-service.ts';
import { useAdmin } from '../../admin/admin-context.tsx';
import { api, loadScreen } from '../../admin/api.ts';
import { EmptyList } from '../../admin/list-table.tsx';
import { buttonClass, ErrorNotice, Loading, PageTitle, SuccessNotice } from '../../admin/ui.tsx';
import type { Route } from './+types/trash';
import { formatMoment } from '../../admin/time-zone.ts';
import { AllCheckbox, BulkBar, RowCheckbox, useBulkActions } from '../../admin/bulk-actions.tsx';

export async function clientLoader() {
  return loadScreen(async () => (await api<TrashEntry[]>('/trash')).data);
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

/** Deleted records of every type, newest first; each comes back with its id, address and history. */
export default function Trash({ loaderData }: Route.ComponentProps) {
  const { t, lang, timeZone, problem } = useAdmin();
  const revalidator = useRevalidator();
  const [actionError, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState('');
  const entries = loaderData.data;
  const error = actionError || (loaderData.failed ? problem(loaderData.problem, 'common.error') : '');
  // Restoring several at once: each by its own type's bulk call (app/admin/bulk-actions.tsx).
  const typeOf = new Map((entries ?? []).map((entry) => [entry._id, entry.type]));
  const bulk = useBulkActions({ path: (id) => `/${typeOf.get(id) ?? ''}`, ids: (entries ?? []).map((entry) => entry._id), names: (id) => entries?.find((entry) => entry._id === id)?.title ?? '', onChanged: () => revalidator.revalidate() });

  async function restore(entry: TrashEntry) {
    setBusy(entry._id);
    setError('');
    setNotice('');
    try {
      // The deletion's version holds the record whole.
      await api(`/${entry.type}/${entry._id}/versions/${entry.version}/restore`, { method: 'POST' });
      await revalidator.revalidate();
      setNotice(t('trash.restored'));
    } catch (caught) {
      setError(problem(caught, 'common.error'));
    } finally {
      setBusy('');
    }
  }

  return (
    <div>
      <PageTitle>{t('trash.title')}</PageTitle>
      <p className="mb-4 text-slate-700">{t('trash.intro')}</p>
      {notice && <SuccessNotice message={notice} />}
      {error && <ErrorNotice message={error} onRetry={() => void revalidator.revalidate()} />}
      {entries && entries.length === 0 && <EmptyList>{t('trash.empty')}</EmptyList>}
      <BulkBar bulk={bulk} publishable={false} trash />
      {entries && entries.length > 0 && (
        <label className="mb-2 flex min-h-10 items-center gap-2 px-4 text-sm text-slate-700">
          <AllCheckbox bulk={bulk} />
          <span aria-hidden="true">{t('bulk.chooseAll')}</span>
        </label>
      )}
      {entries && entries.length > 0 && (
        <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm">
          {entries.map((entry) => {
            const type = recordTypeNamed(entry.type);
            return (
              <li key={`${entry.type}-${entry._id}`} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4 text-sm">
                <RowCheckbox bulk={bulk} id={entry._id} name={entry.title || entry._id} />
                <div className="min-w-48 flex-1">
                  <p className="font-semibold text-slate-900">{entry.title || '—'}</p>
                  <p className="text-slate-600">
                    {type ? say(type.admin.title, lang) : entry.type} · {t('trash.deletedAt')} <time dateTime={entry.deletedAt}>{formatMoment(entry.deletedAt, lang, timeZone)}</time>
                    {entry.deletedBy && ` · ${entry.deletedBy.email}`}
                  </p>
                </div>
                <button type="button" className={buttonClass.secondary} disabled={busy === entry._id} onClick={() => restore(entry)} aria-label={`${t('trash.restore')}: ${entry.title}`}>
                  <RotateCcw className="h-4 w-4" aria-hidden="true" />
                  {t('trash.restore')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
