import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { abilities, useAdmin } from '../../admin/admin-context.tsx';
import { api, loadScreen } from '../../admin/api.ts';
import { EmptyList } from '../../admin/list-table.tsx';
import { StateBadge, type Release } from '../../admin/releases.tsx';
import { formatMoment } from '../../admin/time-zone.ts';
import { buttonClass, Dialog, ErrorNotice, inputClass, Loading, PageTitle } from '../../admin/ui.tsx';
import type { Route } from './+types/releases';

/* Releases (API-4.md): records that go out together, now or at a moment; newest first. */

export async function clientLoader() {
  return loadScreen(async () => (await api<Release[]>('/releases')).data);
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

/** "New release": its title and notes; then its own screen, to add records. */
function NewRelease({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, problem } = useAdmin();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function create(event: React.FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const made = await api<Release>('/releases', { body: { title, notes } });
      navigate(`/admin/releases/${made.data._id}`);
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog title={t('release.new')} open={open} onClose={onClose}>
      <form onSubmit={create} className="space-y-4" noValidate>
        <div>
          <label htmlFor="release-new-title" className="block text-sm font-medium text-slate-900">
            {t('release.name')}
          </label>
          <input id="release-new-title" required maxLength={200} value={title} onChange={(event) => setTitle(event.target.value)} className={inputClass} />
        </div>
        <div>
          <label htmlFor="release-new-notes" className="block text-sm font-medium text-slate-900">
            {t('release.notes')}
          </label>
          <textarea id="release-new-notes" rows={3} maxLength={5000} value={notes} onChange={(event) => setNotes(event.target.value)} className={inputClass} />
        </div>
        {error && <ErrorNotice message={error} />}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {t('release.create')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** When it went out, or goes out, in the firm's time zone. */
function when(release: Release, lang: string, timeZone: string, t: (key: 'release.notScheduled') => string) {
  const at = release.publishedAt ?? release.publishAt;
  return at ? <time dateTime={at}>{formatMoment(at, lang, timeZone)}</time> : <span className="text-slate-600">{t('release.notScheduled')}</span>;
}

function ReleaseList({ releases }: { releases: Release[] }) {
  const { t, lang, timeZone } = useAdmin();
  const heads = ['release.col.state', 'release.col.when', 'release.col.items', 'release.col.scheduledBy'] as const;
  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm">
      <div aria-hidden="true" className="hidden grid-cols-[minmax(0,2fr)_8rem_minmax(0,1.2fr)_5rem_minmax(0,1.3fr)] gap-4 border-b border-slate-200 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600 lg:grid">
        <span>{t('release.col.title')}</span>
        {heads.map((key) => (
          <span key={key}>{t(key)}</span>
        ))}
      </div>
      <ul className="divide-y divide-slate-100" data-testid="releases">
        {releases.map((release) => (
          <li key={release._id} data-release={release._id} className="grid gap-x-4 gap-y-1 px-4 py-3 text-sm lg:grid-cols-[minmax(0,2fr)_8rem_minmax(0,1.2fr)_5rem_minmax(0,1.3fr)] lg:items-center">
            <Link to={`/admin/releases/${release._id}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline [overflow-wrap:anywhere]">
              {release.title}
            </Link>
            <span>
              <span className="sr-only">{t('release.col.state')}: </span>
              <StateBadge state={release.state} t={t} />
            </span>
            <span className="text-slate-800">
              <span className="font-medium lg:sr-only">{t('release.col.when')}: </span>
              {when(release, lang, timeZone, t)}
            </span>
            <span className="text-slate-800">
              <span className="font-medium lg:sr-only">{t('release.col.items')}: </span>
              {release.items.length}
            </span>
            <span className="text-slate-700 [overflow-wrap:anywhere]">
              {release.scheduledBy && (
                <>
                  <span className="font-medium lg:sr-only">{t('release.col.scheduledBy')}: </span>
                  {release.scheduledBy.email}
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function Releases({ loaderData }: Route.ComponentProps) {
  const { t, user, problem } = useAdmin();
  const revalidator = useRevalidator();
  const [creating, setCreating] = useState(false);
  const can = abilities(user);
  const releases = loaderData.data;
  return (
    <div>
      <PageTitle
        actions={
          can.manageReleases && (
            <button type="button" className={buttonClass.primary} onClick={() => setCreating(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('release.new')}
            </button>
          )
        }
      >
        {t('release.title')}
      </PageTitle>
      <p className="-mt-4 mb-6 text-slate-700">{t('release.intro')}</p>
      {loaderData.failed && <ErrorNotice message={problem(loaderData.problem)} onRetry={() => void revalidator.revalidate()} />}
      {releases && (releases.length === 0 ? <EmptyList>{t('release.empty')}</EmptyList> : <ReleaseList releases={releases} />)}
      <NewRelease open={creating} onClose={() => setCreating(false)} />
    </div>
  );
}
