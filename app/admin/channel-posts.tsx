import { Send } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { useAdmin } from './admin-context.tsx';
import type { AdminTextKey } from './admin-texts.ts';
import { api } from './api.ts';
import { formatMoment } from './time-zone.ts';
import { Badge, buttonClass, Dialog, ErrorNotice, inputClass } from './ui.tsx';

type PostState = 'queued' | 'sent' | 'failed';
interface Post {
  lang: string;
  channel: string;
  text: string;
  photo: string | null;
  messageId: string | null;
  state: PostState;
  error: string | null;
  updatedAt: string;
}
interface Channels {
  bot: boolean;
  channels: Record<string, string>;
  posts: Post[];
}
interface Draft {
  lang: string;
  text: string;
  photo: string | null;
  update: boolean;
  withPhoto: boolean;
}

const STATE_TEXT: Record<PostState, AdminTextKey> = { queued: 'channel.queued', sent: 'channel.sent', failed: 'channel.failed' };
const STATE_TONE: Record<PostState, 'amber' | 'green' | 'red'> = { queued: 'amber', sent: 'green', failed: 'red' };
/** Telegram's limits: a message, and a picture's caption. */
const MESSAGE_MAX = 4096;
const CAPTION_MAX = 1024;

/**
 * An article's posts to the firm's Telegram channels (API-3.md "Alerts"), one per language with a
 * channel: "Post to the channel" opens the draft to change, then sends it; after an edit of the
 * article, "Update the post" edits the same message. Each post's state, with Telegram's reason.
 */
export function ChannelPosts({ path, version }: { path: string; version: number }) {
  const { t, lang, timeZone, problem, languageName } = useAdmin();
  const [state, setState] = useState<Channels | null>(null);
  const [error, setError] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const textId = useId();

  const load = useCallback(
    () =>
      api<Channels>(`${path}/channel-posts`).then(
        (found) => setState(found.data),
        (caught: unknown) => setError(problem(caught)),
      ),
    [path, problem],
  );
  useEffect(() => void load(), [load, version]);
  // While a post is on its way, its state is asked again every two seconds.
  const waiting = state?.posts.some((post) => post.state === 'queued');
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void load(), 2000);
    return () => clearInterval(timer);
  }, [waiting, load]);

  async function open(code: string, update: boolean) {
    setBusy(true);
    setError('');
    try {
      const found = (await api<{ text: string; photo: string | null; post: Post | null }>(`${path}/channel-post`, { body: { lang: code } })).data;
      // An update starts from what was posted; a new post from the article.
      setDraft({ lang: code, text: update && found.post ? found.post.text : found.text, photo: update ? (found.post?.photo ?? null) : found.photo, update, withPhoto: update ? Boolean(found.post?.photo) : Boolean(found.photo) });
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(false);
    }
  }

  async function send() {
    if (!draft) return;
    setBusy(true);
    setError('');
    try {
      await api(`${path}/channel-post/send`, { body: { lang: draft.lang, text: draft.text, ...(draft.update ? { update: true } : { photo: draft.withPhoto }) } });
      setDraft(null);
      await load();
    } catch (caught) {
      setError(problem(caught));
    } finally {
      setBusy(false);
    }
  }

  if (!state) return error ? <ErrorNotice message={error} /> : null;
  const codes = Object.keys(state.channels);
  const name = languageName;
  const limit = draft?.withPhoto ? CAPTION_MAX : MESSAGE_MAX;
  return (
    <section aria-labelledby={`${textId}-title`} data-testid="channel-posts" className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm">
      <h2 id={`${textId}-title`} className="font-semibold text-slate-900">
        {t('channel.title')}
      </h2>
      {error && !draft && <ErrorNotice message={error} />}
      {!state.bot ? (
        <p className="text-slate-700">{t('channel.noBot')}</p>
      ) : codes.length === 0 ? (
        <p className="text-slate-700">{t('channel.noChannels')}</p>
      ) : (
        <ul className="space-y-2">
          {codes.map((code) => {
            const post = state.posts.find((item) => item.lang === code);
            return (
              <li key={code} data-lang={code} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded border border-slate-200 bg-white p-2">
                <span className="min-w-0 flex-1 basis-48">
                  <span className="font-medium text-slate-900">{name(code)}</span> · <span className="break-all">{state.channels[code]}</span>
                  {post && (
                    <span className="ml-2">
                      <Badge tone={STATE_TONE[post.state]}>{t(STATE_TEXT[post.state])}</Badge> <span className="text-slate-600">{formatMoment(post.updatedAt, lang, timeZone)}</span>
                    </span>
                  )}
                  {post?.error && <span className="block text-red-700">{post.error}</span>}
                </span>
                {post?.state !== 'queued' && (
                  <button type="button" className={buttonClass.secondary} disabled={busy} onClick={() => open(code, Boolean(post?.messageId))}>
                    <Send className="h-4 w-4" aria-hidden="true" />
                    {post?.messageId ? t('channel.update') : t('channel.post')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Dialog title={draft?.update ? t('channel.update') : t('channel.post')} open={draft !== null} onClose={() => setDraft(null)} wide>
        {draft && (
          <div className="space-y-3">
            {error && <ErrorNotice message={error} />}
            <p className="text-sm text-slate-700">{t('channel.hint', { channel: state.channels[draft.lang] ?? '' })}</p>
            <div>
              <label htmlFor={textId} className="block text-sm font-medium text-slate-800">
                {t('channel.text')}
              </label>
              <textarea id={textId} rows={10} value={draft.text} onChange={(event) => setDraft({ ...draft, text: event.target.value })} className={inputClass} aria-describedby={`${textId}-count`} />
              <p id={`${textId}-count`} className={`mt-1 text-xs ${draft.text.length > limit ? 'font-semibold text-red-700' : 'text-slate-600'}`}>
                {t('channel.count', { count: draft.text.length, max: limit })}
              </p>
            </div>
            {!draft.update && draft.photo && (
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input type="checkbox" checked={draft.withPhoto} onChange={(event) => setDraft({ ...draft, withPhoto: event.target.checked })} className="mt-0.5 h-4 w-4 accent-brand-700" />
                {t('channel.withPhoto')}
              </label>
            )}
            {draft.withPhoto && draft.photo && <img src={draft.photo} alt="" className="max-h-40 rounded border border-slate-200" />}
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className={buttonClass.secondary} onClick={() => setDraft(null)}>
                {t('common.cancel')}
              </button>
              <button type="button" className={buttonClass.primary} disabled={busy || !draft.text.trim() || draft.text.length > limit} onClick={send}>
                {draft.update ? t('channel.sendUpdate') : t('channel.send')}
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </section>
  );
}
