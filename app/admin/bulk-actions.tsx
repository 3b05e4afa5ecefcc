import { Eye, EyeOff, PackagePlus, RotateCcw, Trash, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { can as allowed } from '../../domain/access/permissions.ts';
import type { AdminTextKey } from './admin-texts.ts';
import { useAdmin } from './admin-context.tsx';
import { api, ApiError } from './api.ts';
import { buttonClass, useConfirm } from './ui.tsx';

/*
 * Actions on many records of a list at once (API-4.md "bulk actions"): the rows' checkboxes, the
 * bar of actions over the chosen ones, and what came of each record ("18 published, 2 refused:
 * checks failed", the refused ones named with why), with an undo where the reverse is one call.
 */

export type BulkAction = 'publish' | 'unpublish' | 'delete' | 'restore' | 'addToRelease';

interface BulkResult {
  id: string;
  ok: boolean;
  error?: { status: number; code: string; message: string; reason?: ApiError['reason']; details?: ApiError['details'] };
}

interface Report {
  action: BulkAction;
  done: string[];
  refused: Array<{ id: string; name: string; why: string }>;
  /** The reverse action of what was done, when it is one call (unpublish ↔ publish, delete → restore). */
  undo?: BulkAction;
  undone?: boolean;
}

/** The bar's buttons: compact on a phone, where four of them share two lines. */
const barButton = 'inline-flex min-h-10 items-center gap-1.5 rounded-md border border-slate-400 bg-white px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60';
const DONE: Record<BulkAction, AdminTextKey> = { publish: 'bulk.published', unpublish: 'bulk.unpublished', delete: 'bulk.deleted', restore: 'bulk.restored', addToRelease: 'bulk.addedToRelease' };
const REVERSE: Partial<Record<BulkAction, BulkAction>> = { publish: 'unpublish', unpublish: 'publish', delete: 'restore' };

/**
 * The chosen rows of a list page, and the calls over them. `names` says a record's name for the
 * report; `path` is the type's (`/news`), or each record's own where a list holds several types (the trash).
 */
export function useBulkActions({ path, ids, names, onChanged }: { path: string | ((id: string) => string); ids: readonly string[]; names: (id: string) => string; onChanged: () => Promise<unknown> | void }) {
  const { t, problem } = useAdmin();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<Report | null>(null);
  const [failure, setFailure] = useState('');
  // Only rows still on the page count (a page turned or a filter changed leaves the others out).
  const selected = ids.filter((id) => chosen.has(id));
  const allChosen = ids.length > 0 && selected.length === ids.length;

  const why = (error: NonNullable<BulkResult['error']>) => {
    if (error.reason === 'checks_failed') return t('bulk.checksFailed');
    return problem(new ApiError(error.message, error.status, { code: error.code, reason: error.reason, details: error.details }), 'common.error');
  };

  async function run(action: BulkAction, targets: readonly string[], undoing = false, releaseId?: string) {
    setBusy(true);
    setFailure('');
    try {
      const byPath = new Map<string, string[]>();
      for (const id of targets) {
        const at = typeof path === 'string' ? path : path(id);
        byPath.set(at, [...(byPath.get(at) ?? []), id]);
      }
      const results: BulkResult[] = [];
      for (const [at, some] of byPath) results.push(...(await api<{ results: BulkResult[] }>(`${at}/bulk`, { method: 'POST', body: { ids: some, action, ...(releaseId ? { releaseId } : {}) } })).data.results);
      const done = results.filter((result) => result.ok).map((result) => result.id);
      const refused = results.filter((result) => !result.ok).map((result) => ({ id: result.id, name: names(result.id), why: why(result.error!) }));
      setReport(undoing ? { action, done, refused, undone: true } : { action, done, refused, undo: done.length ? REVERSE[action] : undefined });
      setChosen(new Set(refused.map((item) => item.id)));
      await onChanged();
    } catch (caught) {
      setFailure(problem(caught, 'common.error'));
    } finally {
      setBusy(false);
    }
  }

  return {
    selected,
    allChosen,
    busy,
    report,
    failure,
    isChosen: (id: string) => chosen.has(id),
    toggle: (id: string) => setChosen((now) => (now.has(id) ? new Set([...now].filter((one) => one !== id)) : new Set([...now, id]))),
    toggleAll: () => setChosen(allChosen ? new Set() : new Set(ids)),
    clear: () => setChosen(new Set()),
    run: (action: BulkAction, releaseId?: string) => run(action, selected, false, releaseId),
    undo: () => report?.undo && run(report.undo, report.done, true),
    dismiss: () => setReport(null),
  };
}

export type BulkState = ReturnType<typeof useBulkActions>;

/** The checkbox of a row, named by the record's name for a screen reader. */
export function RowCheckbox({ bulk, id, name }: { bulk: BulkState; id: string; name: string }) {
  const { t } = useAdmin();
  return (
    <input type="checkbox" className="h-5 w-5 accent-brand-700" checked={bulk.isChosen(id)} onChange={() => bulk.toggle(id)} aria-label={t('bulk.choose', { name })} data-bulk-row={id} />
  );
}

/** The head's checkbox: every row of this page, or none. */
export function AllCheckbox({ bulk }: { bulk: BulkState }) {
  const { t } = useAdmin();
  return (
    <input
      type="checkbox"
      className="h-5 w-5 accent-brand-700"
      checked={bulk.allChosen}
      ref={(box) => {
        if (box) box.indeterminate = bulk.selected.length > 0 && !bulk.allChosen;
      }}
      onChange={bulk.toggleAll}
      aria-label={t('bulk.chooseAll')}
    />
  );
}

/** "Add to a release": the open and scheduled releases to choose among, read when asked. */
function ReleasePicker({ bulk }: { bulk: BulkState }) {
  const { t, problem } = useAdmin();
  const [releases, setReleases] = useState<Array<{ _id: string; title: string }> | null>(null);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState('');
  const [failure, setFailure] = useState('');
  async function show() {
    setOpen(true);
    setFailure('');
    try {
      const lists = await Promise.all(['open', 'scheduled'].map((state) => api<Array<{ _id: string; title: string }>>(`/releases?state=${state}`)));
      const found = lists.flatMap((list) => list.data);
      setReleases(found);
      setChosen(found[0]?._id ?? '');
    } catch (caught) {
      setFailure(problem(caught, 'common.error'));
    }
  }
  if (!open) {
    return (
      <button type="button" className={barButton} disabled={bulk.busy} onClick={() => void show()}>
        <PackagePlus className="h-4 w-4" aria-hidden="true" />
        {t('bulk.addToRelease')}
      </button>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-2">
      {failure && <span role="alert" className="text-sm text-red-800">{failure}</span>}
      {releases === null && !failure && <span className="text-sm text-slate-700">…</span>}
      {releases?.length === 0 && <span className="text-sm text-slate-700">{t('bulk.noRelease')}</span>}
      {releases && releases.length > 0 && (
        <>
          <label htmlFor="bulk-release" className="sr-only">
            {t('bulk.release')}
          </label>
          <select id="bulk-release" className="min-h-10 rounded-md border border-slate-400 bg-white px-2 text-sm" value={chosen} onChange={(event) => setChosen(event.target.value)}>
            {releases.map((release) => (
              <option key={release._id} value={release._id}>
                {release.title}
              </option>
            ))}
          </select>
          <button type="button" className={barButton} disabled={bulk.busy || !chosen} onClick={() => void bulk.run('addToRelease', chosen).then(() => setOpen(false))}>
            {t('bulk.add')}
          </button>
        </>
      )}
      <button type="button" className={buttonClass.small} onClick={() => setOpen(false)}>
        {t('common.cancel')}
      </button>
    </span>
  );
}

/** What the chosen rows may have done to them, by the user's role and the type; then what came of it. */
export function BulkBar({ bulk, publishable, trash = false }: { bulk: BulkState; publishable: boolean; trash?: boolean }) {
  const { t, user } = useAdmin();
  const { ask, dialog } = useConfirm();
  const count = bulk.selected.length;
  const mayPublish = allowed(user, 'record.publish');
  const mayDelete = allowed(user, 'record.delete');
  async function moveToTrash() {
    if (await ask({ message: t('bulk.confirmDelete', { count }), confirm: t('bulk.delete'), danger: true })) await bulk.run('delete');
  }
  return (
    <>
      {dialog}
      {count > 0 && (
        <div role="region" aria-label={t('bulk.bar')} className="z-10 mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-brand-200 bg-brand-50 p-2 shadow-sm md:sticky md:top-0 md:p-3">
          <p className="w-full text-sm font-semibold text-slate-900 sm:mr-2 sm:w-auto" aria-live="polite">
            {t('bulk.selected', { count })}
          </p>
          {trash && mayPublish && (
            <button type="button" className={barButton} disabled={bulk.busy} onClick={() => void bulk.run('restore')}>
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
              {t('bulk.restore')}
            </button>
          )}
          {!trash && publishable && mayPublish && (
            <>
              <button type="button" className={barButton} disabled={bulk.busy} onClick={() => void bulk.run('publish')}>
                <Eye className="h-4 w-4" aria-hidden="true" />
                {t('bulk.publish')}
              </button>
              <button type="button" className={barButton} disabled={bulk.busy} onClick={() => void bulk.run('unpublish')}>
                <EyeOff className="h-4 w-4" aria-hidden="true" />
                {t('bulk.unpublish')}
              </button>
            </>
          )}
          {!trash && publishable && allowed(user, 'release.manage') && <ReleasePicker bulk={bulk} />}
          {!trash && mayDelete && (
            <button type="button" className={`${barButton} border-red-300 text-red-700 hover:bg-red-50`} disabled={bulk.busy} onClick={() => void moveToTrash()}>
              <Trash className="h-4 w-4" aria-hidden="true" />
              {t('bulk.delete')}
            </button>
          )}
          <button type="button" className={buttonClass.small} onClick={bulk.clear}>
            <X className="h-4 w-4" aria-hidden="true" />
            {t('bulk.clear')}
          </button>
        </div>
      )}
      <BulkReport bulk={bulk} />
    </>
  );
}

/** "18 published, 2 refused: checks failed", each refused record named with why, and the undo. */
function BulkReport({ bulk }: { bulk: BulkState }) {
  const { t } = useAdmin();
  const { report, failure } = bulk;
  if (failure) {
    return (
      <p role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
        {failure}
      </p>
    );
  }
  if (!report) return null;
  const reasons = [...new Set(report.refused.map((item) => item.why))];
  const summary = [t(DONE[report.action], { count: report.done.length }), ...(report.refused.length ? [t('bulk.refused', { count: report.refused.length, why: reasons.length === 1 ? reasons[0] : t('bulk.seeBelow') })] : [])].join(', ');
  return (
    <div role="status" className={`mb-3 rounded-md border p-3 text-sm ${report.refused.length ? 'border-amber-300 bg-amber-50 text-amber-950' : 'border-green-300 bg-green-50 text-green-900'}`} data-bulk-report>
      <div className="flex flex-wrap items-center gap-2">
        <p className="flex-1 font-semibold">
          {report.undone ? `${t('bulk.undone')} ` : ''}
          {summary}
        </p>
        {report.undo && (
          <button type="button" className={buttonClass.small} disabled={bulk.busy} onClick={() => void bulk.undo()}>
            <Undo2 className="h-4 w-4" aria-hidden="true" />
            {t('bulk.undo')}
          </button>
        )}
        <button type="button" className={buttonClass.small} onClick={bulk.dismiss} aria-label={t('bulk.dismiss')}>
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      {report.refused.length > 0 && (
        <ul className="mt-2 list-disc pl-5">
          {report.refused.map((item) => (
            <li key={item.id}>
              <span className="font-medium">{item.name || item.id}</span>: {item.why}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
