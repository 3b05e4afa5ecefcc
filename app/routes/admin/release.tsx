import { ArrowLeft, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { abilities, useAdmin } from '../../admin/admin-context.tsx';
import { api, ApiError, loadScreen } from '../../admin/api.ts';
import { AddItem, ReleaseItems, type NewItem } from '../../admin/release-items.tsx';
import { ReleaseDetails, ReleasePosts, ReleasePreview, ReleaseSchedule } from '../../admin/release-parts.tsx';
import { ReleaseXliff } from '../../admin/release-xliff.tsx';
import { languagesOf, problemWords, refusedItems, ServerWords, StateBadge, type ItemProblem, type ShownRelease } from '../../admin/releases.tsx';
import { formatMoment } from '../../admin/time-zone.ts';
import { buttonClass, ErrorNotice, Loading, PageTitle, SuccessNotice, useConfirm } from '../../admin/ui.tsx';
import type { Route } from './+types/release';

/* One release (API-4.md): its records and their readiness, when it goes out, preview, Telegram posts. */

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadScreen(async () => (await api<ShownRelease>(`/releases/${params.id}`)).data);
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

/** The screen's actions: each saves, then reads the release (and its readiness) again. */
function useReleaseActions(release: ShownRelease) {
  const { t, problem, languages } = useAdmin();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { ask, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [refused, setRefused] = useState(new Map<number, ItemProblem[]>());
  /** A refusal that names a problem of an item is said by that problem; anything else as the admin says problems. */
  const said = (caught: unknown) => {
    const detail = caught instanceof ApiError ? caught.details.find((one) => /^(items|channelPosts)\.\d+$/.test(one.path)) : undefined;
    return detail ? problemWords({ code: detail.code, lang: typeof detail.params?.lang === 'string' ? detail.params.lang : undefined }, t) : problem(caught);
  };
  async function run(work: () => Promise<unknown>, done: string): Promise<boolean> {
    setBusy(true);
    setError('');
    setNotice('');
    try {
      await work();
      setNotice(done);
      await revalidator.revalidate();
      return true;
    } catch (caught) {
      setError(said(caught));
      return false;
    } finally {
      setBusy(false);
    }
  }
  const titleOf = (type: string, id: string) => release.readiness.find((item) => item.type === type && item.id === id)?.title || id;
  return {
    busy,
    notice,
    error,
    refused,
    dialog,
    titleOf,
    save: (body: Record<string, unknown>, done = t('common.saved')) => run(() => api(`/releases/${release._id}`, { method: 'PUT', body: { ...body, version: release.version } }), done),
    add: (item: NewItem) => run(() => api(`/releases/${release._id}/items`, { body: { type: item.type, id: item.id, action: item.action, ...(item.action === 'publish' && item.languages.length ? { languages: item.languages } : {}) } }), t('release.added')),
    async remove(index: number) {
      const item = release.items[index];
      if (!(await ask({ message: t('release.removeConfirm', { title: titleOf(item.type, item.id) }), confirm: t('release.remove'), danger: true }))) return;
      setRefused(new Map());
      await run(() => api(`/releases/${release._id}/items/${item.type}/${item.id}`, { method: 'DELETE' }), t('release.removed'));
    },
    async publish() {
      const active = languages.filter((language) => language.isActive).map((language) => language.code);
      const message = t('release.publishConfirm', { records: release.items.length, languages: languagesOf(release, active).length });
      if (!(await ask({ message, confirm: t('release.publishNow') }))) return;
      setRefused(new Map());
      setBusy(true);
      setError('');
      setNotice('');
      try {
        await api(`/releases/${release._id}/publish`, { method: 'POST' });
        setNotice(t('release.publishedDone'));
      } catch (caught) {
        const named = refusedItems(caught);
        setRefused(named);
        setError(named.size ? t('release.refused') : problem(caught));
      } finally {
        setBusy(false);
        await revalidator.revalidate();
      }
    },
    async destroy() {
      if (!(await ask({ message: t('release.deleteConfirm', { title: release.title }), confirm: t('common.delete'), danger: true }))) return;
      if (await run(() => api(`/releases/${release._id}`, { method: 'DELETE' }), '')) navigate('/admin/releases');
    },
  };
}

/** A published release says when; a failed one why, and can be opened again for changes. */
function Outcome({ release, onReopen, editable }: { release: ShownRelease; onReopen: () => void; editable: boolean }) {
  const { t, lang, timeZone } = useAdmin();
  if (release.state === 'published')
    return <SuccessNotice message={t('release.publishedAt', { time: release.publishedAt ? formatMoment(release.publishedAt, lang, timeZone) : '' })} />;
  if (release.state !== 'failed') return null;
  return (
    <div role="alert" data-testid="release-failed" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{t('release.failedShort', { title: release.title })}</p>
      <p className="mt-1 text-sm">{t('release.failedAgain')}</p>
      <ServerWords reason={release.reason} />
      {editable && (
        <button type="button" className={`${buttonClass.secondary} mt-2`} onClick={onReopen}>
          {t('release.reopen')}
        </button>
      )}
    </div>
  );
}

function ReleaseScreen({ release }: { release: ShownRelease }) {
  const { t, user } = useAdmin();
  const can = abilities(user);
  const actions = useReleaseActions(release);
  const live = release.state === 'open' || release.state === 'scheduled';
  const editable = can.manageReleases && live;
  return (
    <div className="space-y-6">
      <PageTitle
        actions={
          can.manageReleases && (
            <button type="button" className={buttonClass.danger} onClick={() => void actions.destroy()} disabled={actions.busy}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {t('release.delete')}
            </button>
          )
        }
      >
        <span className="mr-3 [overflow-wrap:anywhere]">{release.title}</span>
        <StateBadge state={release.state} t={t} />
      </PageTitle>
      <Link to="/admin/releases" className="-mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        {t('release.back')}
      </Link>
      <div aria-live="polite" className="space-y-2">
        {actions.notice && <SuccessNotice message={actions.notice} />}
        {actions.error && <ErrorNotice message={actions.error} />}
      </div>
      <Outcome release={release} editable={can.manageReleases} onReopen={() => void actions.save({ publishAt: null })} />
      {editable ? <ReleaseDetails key={release.version} release={release} onSave={actions.save} busy={actions.busy} /> : release.notes && <p className="whitespace-pre-line rounded-xl bg-white p-4 text-slate-800 shadow-sm">{release.notes}</p>}
      <ReleaseItems release={release} refused={actions.refused} editable={editable} onRemove={(index) => void actions.remove(index)} />
      {editable && <AddItem onAdd={actions.add} busy={actions.busy} />}
      {editable && <ReleaseSchedule key={`${release.version}-schedule`} release={release} onSave={actions.save} onPublish={() => void actions.publish()} canPublish={can.publishReleases} busy={actions.busy} />}
      {live && release.items.length > 0 && <ReleasePreview release={release} titleOf={actions.titleOf} />}
      {live && <ReleaseXliff release={release} titleOf={actions.titleOf} />}
      <ReleasePosts release={release} onSave={actions.save} editable={editable} titleOf={actions.titleOf} busy={actions.busy} />
      {actions.dialog}
    </div>
  );
}

export default function ReleasePage({ loaderData }: Route.ComponentProps) {
  const { problem } = useAdmin();
  const revalidator = useRevalidator();
  if (loaderData.failed) return <ErrorNotice message={problem(loaderData.problem)} onRetry={() => void revalidator.revalidate()} />;
  return <ReleaseScreen release={loaderData.data} />;
}
