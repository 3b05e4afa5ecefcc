import { useState } from 'react';
import { redirect, useNavigate } from 'react-router';
import { makeAdminT, storedAdminLanguage } from '../../admin/admin-context.tsx';
import { api, ApiError, getToken, setToken, messageOf } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/ui.tsx';
import { LogoMark } from '../../site/icons.tsx';

export const handle = { hydrate: true };

export async function clientLoader() {
  if (getToken()) throw redirect('/admin');
  return null;
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <AdminLoading />;
}

export function meta() {
  return [{ title: 'Admin' }, { name: 'robots', content: 'noindex' }];
}

export default function Login() {
  const t = makeAdminT(storedAdminLanguage());
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    try {
      const result = await api<{ token: string }>('/auth/login', { body: { email: form.get('email'), password: form.get('password') } });
      setToken(result.data.token);
      navigate('/admin', { replace: true });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message || t('login.failed') : messageOf(caught) || t('common.error'));
    } finally {
      setBusy(false);
    }
  }

  const input = 'mt-1 block min-h-11 w-full rounded-md border border-slate-400 px-3 py-2 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600';
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-lg">
        <LogoMark className="mx-auto h-12 w-12" />
        <h1 className="mt-4 text-center text-2xl font-bold text-brand-900">{t('login.title')}</h1>
        {error && (
          <div role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
            <h2 className="font-semibold">{t('login.error')}</h2>
            <p className="mt-1 text-sm">{error}</p>
          </div>
        )}
        <form onSubmit={submit} className="mt-6 space-y-4">
          <div>
            <label htmlFor="login-email" className="block text-sm font-medium text-slate-800">
              {t('login.email')}
            </label>
            <input id="login-email" name="email" type="email" autoComplete="username" required className={input} />
          </div>
          <div>
            <label htmlFor="login-password" className="block text-sm font-medium text-slate-800">
              {t('login.password')}
            </label>
            <input id="login-password" name="password" type="password" autoComplete="current-password" required className={input} />
          </div>
          <button type="submit" disabled={busy} className="min-h-11 w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70">
            {busy ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
        <p className="mt-6 text-sm text-slate-600">{t('login.hint')}</p>
      </div>
    </main>
  );
}
