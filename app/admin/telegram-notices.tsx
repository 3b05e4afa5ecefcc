import { useState } from 'react';
import { TelegramChatSchema } from '../../domain/users/user-schema.ts';
import { useAdmin } from './admin-context.tsx';
import { api, ApiError } from './api.ts';
import { buttonClass, ErrorNotice, inputClass, SuccessNotice } from './ui.tsx';

/*
 * My Telegram notices (Settings): the chat where the firm's bot tells me that a record waits for my
 * review. The bot can write only to someone who started a chat with it, so the steps say so.
 */
export function TelegramNotices({ chatId: saved, onChange }: { chatId: string | null; onChange: () => void }) {
  const { t, problem } = useAdmin();
  const [chatId, setChatId] = useState(saved ?? '');
  const [error, setError] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  async function act(work: () => Promise<unknown>, done: string) {
    setError('');
    setFieldError('');
    setNotice('');
    setBusy(true);
    try {
      await work();
      setNotice(done);
      onChange();
    } catch (caught) {
      if (caught instanceof ApiError && caught.details.some((detail) => detail.path === 'chatId')) setFieldError(t('telegramNotices.badId'));
      else if (caught instanceof ApiError && caught.status === 409) setError(t('telegramNotices.noBot'));
      else if (caught instanceof ApiError && caught.status === 503) setError(t('telegramNotices.refused'));
      else setError(problem(caught, 'common.error'));
    } finally {
      setBusy(false);
    }
  }

  const save = () => {
    const value = chatId.trim();
    if (value && !TelegramChatSchema.shape.chatId.safeParse(value).success) return setFieldError(t('telegramNotices.badId'));
    void act(() => api('/auth/me/telegram', { method: 'PUT', body: { chatId: value || null } }), value ? t('telegramNotices.saved') : t('telegramNotices.off'));
  };

  return (
    <section className="rounded-xl bg-white p-6 shadow-sm" aria-labelledby="telegram-notices-title">
      <h2 id="telegram-notices-title" className="text-lg font-semibold text-brand-900">
        {t('telegramNotices.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('telegramNotices.intro')}</p>
      <ol className="mt-2 ml-5 list-decimal space-y-1 text-sm text-slate-700">
        <li>{t('telegramNotices.step1')}</li>
        <li>{t('telegramNotices.step2')}</li>
        <li>{t('telegramNotices.step3')}</li>
      </ol>
      <div className="mt-3 space-y-3" aria-live="polite">
        {notice && <SuccessNotice message={notice} />}
        {error && <ErrorNotice message={error} />}
      </div>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <label htmlFor="telegram-chat-id" className="block text-sm font-medium text-slate-800">
            {t('telegramNotices.chatId')}
          </label>
          <input
            id="telegram-chat-id"
            inputMode="numeric"
            autoComplete="off"
            value={chatId}
            onChange={(event) => setChatId(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'telegram-chat-id-error' : undefined}
            className={inputClass}
          />
        </div>
        <button type="button" className={buttonClass.primary} disabled={busy} onClick={save}>
          {t('common.save')}
        </button>
        {saved && (
          <button type="button" className={buttonClass.secondary} disabled={busy} onClick={() => void act(() => api('/auth/me/telegram/test', { method: 'POST' }), t('telegramNotices.sent'))}>
            {t('telegramNotices.test')}
          </button>
        )}
      </div>
      {fieldError && (
        <p id="telegram-chat-id-error" className="mt-1 text-sm text-red-700">
          {fieldError}
        </p>
      )}
    </section>
  );
}
