import { browserSupportsWebAuthn, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { AdminT } from './admin-context.tsx';
import { api, ApiError } from './api.ts';
import { ceremonyProblem } from './passkeys.tsx';
import type { ProblemText } from './problems.ts';

/**
 * The login page's "Sign in with a passkey": the browser asks the authenticator for any passkey of
 * this site; the server answers a session as a password sign-in does, with no second step.
 * Shown only where the browser can use passkeys.
 */
export function PasskeySignIn({ t, problem, onSignedIn, onError }: { t: AdminT; problem: ProblemText; onSignedIn: (token: string) => void; onError: (message: string) => void }) {
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  if (!supported) return null;

  async function signIn() {
    setBusy(true);
    onError('');
    try {
      const options = await api<PublicKeyCredentialRequestOptionsJSON>('/auth/passkeys/login/options', { body: {} });
      const response = await startAuthentication({ optionsJSON: options.data });
      onSignedIn((await api<{ token: string }>('/auth/passkeys/login/verify', { body: { response } })).data.token);
    } catch (caught) {
      // Refused by the server (removed, another site's, replayed): said plainly; a lock-out as the server says.
      onError(caught instanceof ApiError && caught.status === 401 ? t('passkeys.refused') : ceremonyProblem(caught, t, problem, 'login.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-6">
      <p className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t('passkeys.or')}
        <span className="h-px flex-1 bg-slate-200" />
      </p>
      <button
        type="button"
        onClick={() => void signIn()}
        disabled={busy}
        className="mt-4 flex min-h-11 w-full items-center justify-center gap-2 rounded-md border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50 focus:outline-none focus:ring-2 focus:ring-brand-600 disabled:opacity-70"
      >
        <KeyRound className="h-5 w-5" aria-hidden="true" />
        {busy ? t('passkeys.waiting') : t('passkeys.signIn')}
      </button>
    </div>
  );
}
