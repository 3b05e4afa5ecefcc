import { useEffect, useRef, useState } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import { makeAdminT, storedAdminLanguage } from '../../admin/admin-context.tsx';
import { makeProblemText } from '../../admin/problems.ts';
import { afterSignIn, api, ApiError, getToken, setToken } from '../../admin/api.ts';
import { AdminLoading } from '../../admin/ui.tsx';
import { PasskeySignIn } from '../../admin/passkey-sign-in.tsx';
import { LogoMark } from '../../site/icons.tsx';
import { isAdminTextKey } from '../../admin/admin-texts.ts';

interface SignInMethods {
  oidc: { name: string; start: string } | null;
  password: boolean;
}
/** The reasons the server gives when a provider's sign-in is refused (server/api/oidc-routes.ts), each explained. */
const OIDC_REFUSALS = new Set(['no_group', 'no_account', 'email_unverified', 'expired', 'provider_error', 'failed']);

export const handle = { hydrate: true };

export async function clientLoader() {
  if (getToken()) throw redirect(afterSignIn());
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
  const lang = storedAdminLanguage();
  const t = makeAdminT(lang);
  const problem = makeProblemText(t, lang);
  const navigate = useNavigate();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // With two-factor sign-in the password gives a challenge; the code from the app gives the token.
  const [challenge, setChallenge] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  // Whether a forgotten password is reset by e-mail here (mail is set up), or by an administrator.
  const [resetByEmail, setResetByEmail] = useState<boolean | null>(null);
  // How one signs in here: the firm's provider (its button), and whether passwords are on for everyone.
  const [methods, setMethods] = useState<SignInMethods | null>(null);
  const [oidcBusy, setOidcBusy] = useState(false);
  useEffect(() => {
    api<SignInMethods>('/auth/sign-in-methods').then(
      (found) => setMethods(found.data),
      () => setMethods({ oidc: null, password: true }),
    );
    // Back from the provider: a one-time code to exchange for the session, or why it was refused.
    const back = new URLSearchParams(location.hash.slice(1));
    const code = back.get('oidc');
    const refused = back.get('oidcError');
    if (!code && !refused) return;
    history.replaceState(null, '', location.pathname + location.search);
    if (refused) {
      const key = `login.oidc.${refused}`;
      setError(t(OIDC_REFUSALS.has(refused) && isAdminTextKey(key) ? key : 'login.oidc.failed'));
      return;
    }
    setOidcBusy(true);
    api<{ token: string }>('/auth/oidc/exchange', { body: { code } }).then(
      (result) => {
        setToken(result.data.token);
        navigate(afterSignIn(), { replace: true });
      },
      () => {
        setOidcBusy(false);
        setError(t('login.oidc.expired'));
      },
    );
    // Once, when the page opens.
  }, []);
  useEffect(() => {
    api<{ byEmail: boolean }>('/auth/password-reset').then(
      (found) => setResetByEmail(found.data.byEmail),
      () => setResetByEmail(false),
    );
  }, []);
  // The second step takes the focus as soon as it is shown (and again when switching code kinds).
  useEffect(() => {
    if (challenge) codeInput.current?.focus();
  }, [challenge, useRecovery]);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    try {
      const result = challenge
        ? await api<{ token: string }>('/auth/login/2fa', { body: useRecovery ? { challenge, recoveryCode: form.get('recoveryCode') } : { challenge, code: form.get('code') } })
        : await api<{ token?: string; twoFactorRequired?: boolean; challenge?: string }>('/auth/login', { body: { email: form.get('email'), password: form.get('password') } });
      if (!result.data.token && 'challenge' in result.data && result.data.challenge) {
        setChallenge(result.data.challenge);
        return;
      }
      setToken(result.data.token ?? '');
      // Back to the admin page asked for before signing in, else the dashboard.
      navigate(afterSignIn(), { replace: true });
    } catch (caught) {
      // The second step in the admin's language: a wrong code, or a challenge that ran out (password again).
      if (caught instanceof ApiError && challenge && caught.status === 401) {
        const expired = /expired|not valid/.test(caught.message);
        if (expired) setChallenge('');
        setError(t(expired ? 'twoFactor.expired' : 'twoFactor.wrong'));
        return;
      }
      // A wrong e-mail or password is a 401 here, not an ended session.
      setError(caught instanceof ApiError && caught.status === 401 && lang !== 'en' ? t('login.wrong') : problem(caught, 'login.failed'));
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
        {challenge ? (
          <form onSubmit={submit} className="mt-6 space-y-4" key={useRecovery ? 'recovery' : 'code'}>
            <p className="text-sm text-slate-700">{t(useRecovery ? 'twoFactor.recoveryPrompt' : 'twoFactor.prompt')}</p>
            <div>
              <label htmlFor="login-code" className="block text-sm font-medium text-slate-800">
                {t(useRecovery ? 'twoFactor.recoveryCode' : 'twoFactor.code')}
              </label>
              <input
                ref={codeInput}
                id="login-code"
                name={useRecovery ? 'recoveryCode' : 'code'}
                inputMode={useRecovery ? 'text' : 'numeric'}
                autoComplete="one-time-code"
                pattern={useRecovery ? undefined : '[0-9 ]{6,7}'}
                maxLength={useRecovery ? 9 : 7}
                required
                className={input}
              />
            </div>
            <button type="submit" disabled={busy} className="min-h-11 w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70">
              {busy ? t('login.submitting') : t('twoFactor.verify')}
            </button>
            <button type="button" onClick={() => setUseRecovery(!useRecovery)} className="text-sm font-semibold text-brand-700 underline">
              {t(useRecovery ? 'twoFactor.useApp' : 'twoFactor.useRecovery')}
            </button>
          </form>
        ) : oidcBusy ? (
          <p role="status" className="mt-6 text-center text-slate-700">{t('login.oidc.signingIn')}</p>
        ) : (
        <>
        {methods?.oidc && (
          <a
            href={methods.oidc.start}
            className="mt-6 flex min-h-11 w-full items-center justify-center rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus:outline-none focus:ring-2 focus:ring-brand-600 focus:ring-offset-2"
          >
            {t('login.oidc.button', { name: methods.oidc.name })}
          </a>
        )}
        {methods && !methods.password && <p className="mt-6 text-sm text-slate-600">{t('login.passwordOff')}</p>}
        {methods?.oidc && methods.password && <p className="mt-6 text-center text-sm text-slate-600">{t('login.orPassword')}</p>}
        <form onSubmit={submit} className={methods?.oidc ? 'mt-4 space-y-4' : 'mt-6 space-y-4'}>
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
          <button
            type="submit"
            disabled={busy}
            className={methods?.oidc ? 'min-h-11 w-full rounded-md border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-70' : 'min-h-11 w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-70'}
          >
            {busy ? t('login.submitting') : t('login.submit')}
          </button>
        </form>
        </>
        )}
        {/* Passkeys (issue 54): a sign-in with no password and no second step. */}
        {!challenge && (
          <PasskeySignIn
            t={t}
            problem={problem}
            onError={setError}
            onSignedIn={(token) => {
              setToken(token);
              navigate(afterSignIn(), { replace: true });
            }}
          />
        )}
        {resetByEmail === true && (
          <p className="mt-6 text-sm">
            <Link to="/admin/reset" className="font-semibold text-brand-700 underline">
              {t('login.forgot')}
            </Link>
          </p>
        )}
        {resetByEmail === false && <p className="mt-6 text-sm text-slate-600">{t('login.askAdmin')}</p>}
      </div>
    </main>
  );
}
