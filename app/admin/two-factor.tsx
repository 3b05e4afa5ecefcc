import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { encode } from 'uqr';
import { useAdmin } from './admin-context.tsx';
import { api, ApiError } from './api.ts';
import { buttonClass, inputClass } from './ui.tsx';

/** The otpauth address as a QR code, drawn on the page (nothing is sent to another site). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  const cells: string[] = [];
  data.forEach((row, y) => row.forEach((dark, x) => dark && cells.push(`M${x} ${y}h1v1h-1z`)));
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} className="h-48 w-48 rounded border border-slate-200 bg-white" shapeRendering="crispEdges" data-testid="totp-qr">
      <path d={cells.join('')} fill="#0f172a" />
    </svg>
  );
}

/**
 * Two-factor sign-in for one's own account: set up (QR code and the secret as text), confirm
 * with the password and a code, the ten recovery codes shown once; turned off with the password and a code.
 */
export function TwoFactorSection({ enabled, onChange }: { enabled: boolean; onChange: () => void }) {
  const { t, problem } = useAdmin();
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    try {
      await work();
    } catch (caught) {
      // A refused code or password, said in the admin's language; anything else as the server put it.
      const refused = caught instanceof ApiError ? caught.details[0]?.path : undefined;
      if (refused === 'code') setError(t('twoFactor.wrong'));
      else if (refused === 'password') setError(t('twoFactor.wrongPassword'));
      else setError(problem(caught));
    } finally {
      setBusy(false);
    }
  };

  const start = () => run(async () => setSetup((await api<{ secret: string; otpauthUrl: string }>('/auth/2fa/setup', { method: 'POST' })).data));
  const confirm = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    return run(async () => {
      setCodes((await api<{ recoveryCodes: string[] }>('/auth/2fa/enable', { body: { password: form.get('password'), code: form.get('code') } })).data.recoveryCodes);
      setSetup(null);
      onChange();
    });
  };
  const turnOff = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    return run(async () => {
      await api('/auth/2fa/disable', { body: { password: form.get('password'), code: form.get('code') } });
      setCodes(null);
      onChange();
    });
  };

  return (
    <section className="rounded-xl bg-white p-6 shadow-sm" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        <ShieldCheck className="h-5 w-5" aria-hidden="true" />
        {t('twoFactor.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="two-factor-state">
        {enabled ? t('twoFactor.on') : t('twoFactor.off')}
      </p>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {codes && (
        <div className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-4" role="status">
          <p className="font-semibold text-amber-950">{t('twoFactor.codesTitle')}</p>
          <p className="mt-1 text-sm text-amber-950">{t('twoFactor.codesHint')}</p>
          <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm sm:grid-cols-5" data-testid="recovery-codes">
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </div>
      )}
      {!enabled && !setup && (
        <button type="button" onClick={start} disabled={busy} className={`${buttonClass.primary} mt-4`}>
          {t('twoFactor.setUp')}
        </button>
      )}
      {setup && (
        <div className="mt-4 grid gap-4 md:grid-cols-[auto_1fr]">
          <QrCode text={setup.otpauthUrl} label={t('twoFactor.qr')} />
          <div>
            <p className="text-sm text-slate-700">{t('twoFactor.scan')}</p>
            <p className="mt-2 text-sm text-slate-700">
              {t('twoFactor.manual')} <code className="break-all rounded bg-slate-100 px-1 font-mono" data-testid="totp-secret">{setup.secret}</code>
            </p>
            <form onSubmit={confirm} className="mt-3 flex flex-wrap items-end gap-3">
              <div>
                <label htmlFor="totp-on-password" className="block text-sm font-medium text-slate-800">
                  {t('settings.currentPassword')}
                </label>
                <input id="totp-on-password" name="password" type="password" autoComplete="current-password" required className={`${inputClass} w-56`} />
              </div>
              <div>
                <label htmlFor="totp-confirm" className="block text-sm font-medium text-slate-800">
                  {t('twoFactor.code')}
                </label>
                <input id="totp-confirm" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required className={`${inputClass} w-40`} />
              </div>
              <button type="submit" disabled={busy} className={buttonClass.primary}>
                {t('twoFactor.enable')}
              </button>
            </form>
          </div>
        </div>
      )}
      {enabled && (
        <form onSubmit={turnOff} className="mt-4 grid gap-3 md:grid-cols-3">
          <div>
            <label htmlFor="totp-off-password" className="block text-sm font-medium text-slate-800">
              {t('settings.currentPassword')}
            </label>
            <input id="totp-off-password" name="password" type="password" autoComplete="current-password" required className={inputClass} />
          </div>
          <div>
            <label htmlFor="totp-off-code" className="block text-sm font-medium text-slate-800">
              {t('twoFactor.code')}
            </label>
            <input id="totp-off-code" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required className={inputClass} />
          </div>
          <div className="flex items-end">
            <button type="submit" disabled={busy} className={buttonClass.danger}>
              {t('twoFactor.disable')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
