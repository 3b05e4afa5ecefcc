import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAdmin } from './admin-context.tsx';
import { api } from './api.ts';
import { buttonClass, ErrorNotice, Loading } from './ui.tsx';

interface TelegramState {
  configured: boolean;
  chat: string | null;
  personalData: boolean | null;
  outbox: { pending: number; failed: number; sent: number; lastError: string | null };
}

/** Whether new requests reach the firm's Telegram chat, what waits to be sent, and a test message. */
export function TelegramPanel() {
  const { t, problem } = useAdmin();
  const [state, setState] = useState<TelegramState | null>(null);
  const [loadError, setLoadError] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () => {
    setLoadError('');
    return api<TelegramState>('/notifications/telegram').then(
      (answer) => setState(answer.data),
      (caught: unknown) => setLoadError(problem(caught, 'common.error')),
    );
  };
  useEffect(() => {
    void load();
    // Loaded once with the screen.
  }, []);

  async function test() {
    setBusy(true);
    setResult(null);
    try {
      await api('/notifications/telegram/test', { method: 'POST' });
      setResult({ ok: true, text: t('telegram.sent') });
    } catch (caught) {
      setResult({ ok: false, text: problem(caught, 'common.error') });
    } finally {
      setBusy(false);
      void load();
    }
  }

  return (
    <section aria-labelledby="telegram-title" className="mt-6 rounded-xl bg-white p-5 shadow-sm" data-testid="telegram">
      <h2 id="telegram-title" className="text-lg font-semibold text-brand-900">
        {t('telegram.title')}
      </h2>
      {loadError && <ErrorNotice message={loadError} onRetry={() => void load()} />}
      {!state && !loadError && <Loading />}
      {state && !state.configured && <p className="mt-2 text-slate-700">{t('telegram.notConfigured')}</p>}
      {state?.configured && (
        <>
          <p className="mt-2 text-slate-700">
            {t('telegram.configured', { chat: state.chat ?? '' })} {state.personalData ? t('telegram.withData') : t('telegram.withoutData')}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {t('telegram.outbox', { pending: state.outbox.pending, failed: state.outbox.failed })}
            {state.outbox.lastError && ` ${t('telegram.lastError', { error: state.outbox.lastError })}`}
          </p>
          <button type="button" onClick={test} disabled={busy} className={`${buttonClass.secondary} mt-3`}>
            <Send className="h-4 w-4" aria-hidden="true" />
            {busy ? t('common.saving') : t('telegram.test')}
          </button>
        </>
      )}
      {result && (
        <p role={result.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${result.ok ? 'text-green-800' : 'text-red-700'}`}>
          {result.text}
        </p>
      )}
    </section>
  );
}
