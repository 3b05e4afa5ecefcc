import { browserSupportsWebAuthn, startRegistration, WebAuthnError, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { KeyRound, Trash } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useAdmin, type AdminT } from './admin-context.tsx';
import { api, ApiError } from './api.ts';
import type { AdminTextKey } from './admin-texts.ts';
import type { ProblemText } from './problems.ts';
import { formatMoment } from './time-zone.ts';
import { buttonClass, inputClass, Loading, useConfirm } from './ui.tsx';

/** A passkey as GET /api/auth/passkeys lists it. */
interface Passkey {
  _id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  deviceType: string;
  backedUp: boolean;
}

/**
 * Why a WebAuthn ceremony did not finish, in the reader's language: the person cancelled or let it
 * time out (NotAllowedError), the authenticator holds one already, or the server refused.
 * @public used by the login page's passkey button too.
 */
export function ceremonyProblem(caught: unknown, t: AdminT, problem: ProblemText, fallback: AdminTextKey): string {
  if (caught instanceof WebAuthnError && caught.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return t('passkeys.already');
  const name = caught instanceof Error ? (caught.cause instanceof Error ? caught.cause.name : caught.name) : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return t('passkeys.cancelled');
  if (caught instanceof ApiError) return problem(caught, fallback);
  return t(fallback);
}

/** Settings: one's own passkeys by name and last use; add one (named), remove one after asking. */
export function PasskeysSection() {
  const { t, lang, timeZone, problem } = useAdmin();
  const { ask, dialog } = useConfirm();
  const [passkeys, setPasskeys] = useState<Passkey[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [supported, setSupported] = useState(true);

  const load = useCallback(async () => {
    try {
      setPasskeys((await api<Passkey[]>('/auth/passkeys')).data);
    } catch (caught) {
      setError(problem(caught));
    }
  }, [problem]);
  useEffect(() => {
    setSupported(browserSupportsWebAuthn());
    void load();
  }, [load]);

  async function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    setBusy(true);
    setError('');
    setNotice('');
    try {
      const options = await api<PublicKeyCredentialCreationOptionsJSON>('/auth/passkeys/register/options', { body: {} });
      const response = await startRegistration({ optionsJSON: options.data });
      await api('/auth/passkeys/register/verify', { body: { name, response } });
      form.reset();
      setNotice(t('passkeys.added'));
      await load();
    } catch (caught) {
      setError(ceremonyProblem(caught, t, problem, 'passkeys.failed'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(passkey: Passkey) {
    if (!(await ask({ message: t('passkeys.removeConfirm', { name: passkey.name }), confirm: t('passkeys.remove'), danger: true }))) return;
    setError('');
    setNotice('');
    try {
      await api(`/auth/passkeys/${passkey._id}`, { method: 'DELETE' });
      setNotice(t('passkeys.removed'));
      await load();
    } catch (caught) {
      setError(problem(caught));
    }
  }

  return (
    <section className="rounded-xl bg-white p-6 shadow-sm" aria-labelledby="passkeys-title" data-testid="passkeys">
      <h2 id="passkeys-title" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        <KeyRound className="h-5 w-5" aria-hidden="true" />
        {t('passkeys.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('passkeys.intro')}</p>
      {error && (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="mt-3 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-800">
          {notice}
        </p>
      )}
      {!passkeys ? (
        !error && <Loading />
      ) : passkeys.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('passkeys.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label={t('passkeys.list')}>
          {passkeys.map((passkey) => (
            <li key={passkey._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="min-w-0">
                <span className="break-words font-semibold">{passkey.name}</span>
                <span className="block text-sm text-slate-600">
                  {passkey.lastUsedAt ? `${t('passkeys.lastUsed')} ${formatMoment(passkey.lastUsedAt, lang, timeZone)}` : t('passkeys.neverUsed')} · {t('passkeys.addedOn')} {formatMoment(passkey.createdAt, lang, timeZone)}
                  {passkey.deviceType === 'multiDevice' && ` · ${t('passkeys.synced')}`}
                </span>
              </span>
              <button type="button" className={buttonClass.secondary} onClick={() => void remove(passkey)} aria-label={t('passkeys.removeNamed', { name: passkey.name })}>
                <Trash className="h-4 w-4" aria-hidden="true" />
                {t('passkeys.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {supported ? (
        <form onSubmit={(event) => void add(event)} className="mt-4 flex flex-wrap items-end gap-3">
          <div className="w-full sm:w-72">
            <label htmlFor="passkey-name" className="block text-sm font-medium text-slate-800">
              {t('passkeys.name')}
            </label>
            <input id="passkey-name" name="name" required maxLength={60} placeholder={t('passkeys.namePlaceholder')} autoComplete="off" className={inputClass} />
          </div>
          <button type="submit" disabled={busy} className={buttonClass.primary}>
            <KeyRound className="h-4 w-4" aria-hidden="true" />
            {busy ? t('passkeys.waiting') : t('passkeys.add')}
          </button>
        </form>
      ) : (
        <p className="mt-4 text-sm text-amber-900">{t('passkeys.unsupported')}</p>
      )}
      {dialog}
    </section>
  );
}
