import { CalendarClock, Eye, Rocket, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useAdmin } from './admin-context.tsx';
import { api } from './api.ts';
import { PreviewLinks } from './release-items.tsx';
import type { ShownRelease } from './releases.tsx';
import { formatMoment, fromZoneInput, toZoneInput, zoneOffsetLabel } from './time-zone.ts';
import { buttonClass, inputClass } from './ui.tsx';

/* The release screen's sections besides its records: title and notes, when it goes out, preview, Telegram posts. */

type Save = (body: Record<string, unknown>, notice?: string) => Promise<boolean>;

export function ReleaseDetails({ release, onSave, busy }: { release: ShownRelease; onSave: Save; busy: boolean }) {
  const { t } = useAdmin();
  const [title, setTitle] = useState(release.title);
  const [notes, setNotes] = useState(release.notes);
  return (
    <form
      className="space-y-3 rounded-xl bg-white p-4 shadow-sm md:p-6"
      onSubmit={(event) => {
        event.preventDefault();
        void onSave({ title, notes }, t('common.saved'));
      }}
    >
      <div>
        <label htmlFor="release-title" className="block text-sm font-medium text-slate-900">
          {t('release.name')}
        </label>
        <input id="release-title" required maxLength={200} value={title} onChange={(event) => setTitle(event.target.value)} className={inputClass} />
      </div>
      <div>
        <label htmlFor="release-notes" className="block text-sm font-medium text-slate-900">
          {t('release.notes')}
        </label>
        <textarea id="release-notes" rows={3} maxLength={5000} value={notes} onChange={(event) => setNotes(event.target.value)} className={inputClass} />
      </div>
      <button type="submit" className={buttonClass.secondary} disabled={busy}>
        {t('common.save')}
      </button>
    </form>
  );
}

/** When it goes out: at a moment in the firm's time zone, or now (after a confirmation). */
export function ReleaseSchedule({ release, onSave, onPublish, canPublish, busy }: { release: ShownRelease; onSave: Save; onPublish: () => void; canPublish: boolean; busy: boolean }) {
  const { t, lang, timeZone } = useAdmin();
  const id = useId();
  const [at, setAt] = useState(toZoneInput(release.publishAt, timeZone));
  const [error, setError] = useState('');
  const schedule = () => {
    const moment = fromZoneInput(at, timeZone);
    if (!moment) return setError(t('release.needTime'));
    setError('');
    void onSave({ publishAt: moment }, t('release.scheduledFor', { time: formatMoment(moment, lang, timeZone) }));
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-xl bg-white p-4 shadow-sm md:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-brand-900">
        {t('release.schedule')}
      </h2>
      {release.publishAt && release.state === 'scheduled' && (
        <p className="text-sm font-medium text-amber-900" data-testid="scheduled-for">
          {t('release.scheduledFor', { time: formatMoment(release.publishAt, lang, timeZone) })}
          {release.scheduledBy && ` · ${release.scheduledBy.email}`}
        </p>
      )}
      <div>
        <label htmlFor={`${id}-at`} className="block text-sm font-medium text-slate-900">
          {t('release.publishAt', { zone: `${timeZone}, ${zoneOffsetLabel(timeZone)}` })}
        </label>
        <input id={`${id}-at`} type="datetime-local" value={at} onChange={(event) => setAt(event.target.value)} className={`${inputClass} sm:max-w-xs`} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass.secondary} onClick={schedule} disabled={busy}>
          <CalendarClock className="h-4 w-4" aria-hidden="true" />
          {t('release.scheduleSave')}
        </button>
        {release.state === 'scheduled' && (
          <button type="button" className={buttonClass.secondary} onClick={() => void onSave({ publishAt: null }, t('common.saved')).then((done) => done && setAt(''))} disabled={busy}>
            {t('release.unschedule')}
          </button>
        )}
        {canPublish && (
          <button type="button" className={buttonClass.primary} onClick={onPublish} disabled={busy || release.items.length === 0}>
            <Rocket className="h-4 w-4" aria-hidden="true" />
            {t('release.publishNow')}
          </button>
        )}
      </div>
    </section>
  );
}

/** Signed links (one hour) to each record's page as the release will make it, per language. */
export function ReleasePreview({ release, titleOf }: { release: ShownRelease; titleOf: (type: string, id: string) => string }) {
  const { t, problem } = useAdmin();
  const [links, setLinks] = useState<Array<{ type: string; id: string; lang: string; url: string }> | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function make() {
    setBusy(true);
    setError('');
    try {
      setLinks((await api<{ links: Array<{ type: string; id: string; lang: string; url: string }> }>(`/releases/${release._id}/preview`, { method: 'POST' })).data.links);
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section aria-labelledby="release-preview" className="rounded-xl bg-white p-4 shadow-sm md:p-6">
      <h2 id="release-preview" className="text-lg font-semibold text-brand-900">
        {t('release.preview')}
      </h2>
      <button type="button" className={`${buttonClass.secondary} mt-2`} onClick={make} disabled={busy}>
        <Eye className="h-4 w-4" aria-hidden="true" />
        {t('release.previewMake')}
      </button>
      <div aria-live="polite">
        {busy && <p className="mt-2 text-sm text-slate-600">{t('app.loading')}</p>}
        {error && <p className="mt-2 text-sm text-red-700">{error}</p>}
        {links && links.length === 0 && <p className="mt-2 text-sm text-slate-600">{t('release.previewNone')}</p>}
        {links && links.length > 0 && <PreviewLinks links={links} titleOf={titleOf} />}
      </div>
    </section>
  );
}

/** The Telegram posts that go out after the release's commit: of one of its records, in a channel's language. */
export function ReleasePosts({ release, onSave, editable, titleOf, busy }: { release: ShownRelease; onSave: Save; editable: boolean; titleOf: (type: string, id: string) => string; busy: boolean }) {
  const { t, languages, languageName } = useAdmin();
  const id = useId();
  const published = release.items.filter((item) => item.action === 'publish');
  const [record, setRecord] = useState('');
  const active = languages.filter((language) => language.isActive);
  const [lang, setLang] = useState(active[0]?.code ?? 'uz');
  const posts = release.channelPosts;
  const chosen = published.find((item) => `${item.type}:${item.id}` === record) ?? published[0];
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-xl bg-white p-4 shadow-sm md:p-6">
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-brand-900">
        {t('release.channelPosts')}
      </h2>
      {posts.length === 0 ? (
        <p className="text-sm text-slate-600">{t('release.noChannelPosts')}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {posts.map((post, index) => (
            <li key={`${post.id}-${post.lang}`} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                {titleOf(post.type, post.id)} · {post.lang.toUpperCase()}
              </span>
              {editable && (
                <button type="button" className={buttonClass.small} disabled={busy} onClick={() => void onSave({ channelPosts: posts.filter((_, at) => at !== index) }, t('common.saved'))} aria-label={t('release.removePost', { title: titleOf(post.type, post.id), lang: post.lang.toUpperCase() })}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  {t('release.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && chosen && (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={`${id}-record`} className="block text-sm font-medium text-slate-900">
              {t('release.postRecord')}
            </label>
            <select id={`${id}-record`} value={`${chosen.type}:${chosen.id}`} onChange={(event) => setRecord(event.target.value)} className={inputClass}>
              {published.map((item) => (
                <option key={`${item.type}:${item.id}`} value={`${item.type}:${item.id}`}>
                  {titleOf(item.type, item.id)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-lang`} className="block text-sm font-medium text-slate-900">
              {t('release.postLanguage')}
            </label>
            <select id={`${id}-lang`} value={lang} onChange={(event) => setLang(event.target.value)} className={inputClass}>
              {active.map((language) => (
                <option key={language.code} value={language.code}>
                  {languageName(language.code)}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className={buttonClass.secondary} disabled={busy} onClick={() => void onSave({ channelPosts: [...posts.filter((post) => !(post.id === chosen.id && post.lang === lang)), { type: chosen.type, id: chosen.id, lang }] }, t('common.saved'))}>
            {t('release.addPost')}
          </button>
        </div>
      )}
    </section>
  );
}
