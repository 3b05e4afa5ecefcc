import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { makeAdminT, storedAdminLanguage } from '../../admin/admin-context.tsx';
import { api, ApiError } from '../../admin/api.ts';
import { makeProblemText } from '../../admin/problems.ts';
import { AdminLoading } from '../../admin/ui.tsx';
import { LogoMark } from '../../site/icons.tsx';

export const handle = { hydrate: true };

export async function clientLoader() {
  return null;
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <AdminLoading />;
}

export function meta() {
  return [{ title: 'Admin' }, { name: 'robots', content: 'noindex' }];
}

const input = 'mt-1 block min-h-11 w-full rounded-md border border-slate-400 px-3 py-2 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600';
const button = 'min-h-11 w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70';

/**
 * "Forgot password?" without signing in: /admin/reset asks for the account's e-mail (the same
 * answer for every address); /admin/reset/{token}, the e-mail's link, sets the new password once.
 */
export default function Reset() {
  const lang = storedAdminLanguage();
  const t = makeAdminT(lang);
  const problem = makeProblemText(t, lang);
  const { token } = useParams();
  const [state, setState] = useState<'form' | 'sent' | 'done'>('form');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function ask(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    setBusy(true);
    setError('');
    try {
      await api('/auth/password-reset', { body: { email } });
      setState('sent');
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status === 409 ? t('reset.unavailable') : problem(caught));
    } finally {
      setBusy(false);
    }
  }

  async function set(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password.length < 10) return setError(t('reset.short'));
    if (password !== String(form.get('repeat') ?? '')) return setError(t('reset.mismatch'));
    setBusy(true);
    setError('');
    try {
      await api('/auth/password-reset/complete', { body: { token, password } });
      setState('done');
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status === 400 && !caught.details.length ? t('reset.expired') : problem(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-lg">
        <LogoMark className="mx-auto h-12 w-12" />
        <h1 className="mt-4 text-center text-2xl font-bold text-brand-900">{t('reset.title')}</h1>
        {error && (
          <p role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-800">
            {error}
          </p>
        )}
        {state === 'sent' && (
          <p role="status" className="mt-6 rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-900">
            {t('reset.sent')}
          </p>
        )}
        {state === 'done' && (
          <p role="status" className="mt-6 rounded-md border border-green-300 bg-green-50 p-4 text-sm text-green-900">
            {t('reset.done')}
          </p>
        )}
        {state === 'form' && !token && (
          <form onSubmit={ask} className="mt-6 space-y-4">
            <p className="text-sm text-slate-700">{t('reset.intro')}</p>
            <div>
              <label htmlFor="reset-email" className="block text-sm font-medium text-slate-800">
                {t('login.email')}
              </label>
              <input id="reset-email" name="email" type="email" autoComplete="username" required maxLength={320} className={input} />
            </div>
            <button type="submit" disabled={busy} className={button}>
              {t('reset.send')}
            </button>
          </form>
        )}
        {state === 'form' && token && (
          <form onSubmit={set} className="mt-6 space-y-4">
            <div>
              <label htmlFor="reset-password" className="block text-sm font-medium text-slate-800">
                {t('reset.password')}
              </label>
              <input id="reset-password" name="password" type="password" autoComplete="new-password" required minLength={10} maxLength={200} className={input} />
            </div>
            <div>
              <label htmlFor="reset-repeat" className="block text-sm font-medium text-slate-800">
                {t('reset.repeat')}
              </label>
              <input id="reset-repeat" name="repeat" type="password" autoComplete="new-password" required minLength={10} maxLength={200} className={input} />
            </div>
            <button type="submit" disabled={busy} className={button}>
              {t('reset.save')}
            </button>
          </form>
        )}
        <p className="mt-6 text-sm">
          <Link to="/admin/login" className="font-semibold text-brand-700 underline">
            {t('reset.back')}
          </Link>
        </p>
      </div>
    </main>
  );
}
