import { Search } from 'lucide-react';
import { useState } from 'react';
import type { FoundConsent } from '../../domain/privacy/consent-lookup.ts';
import { formatHumanDate } from '../i18n/dates.ts';
import { useAdmin } from './admin-context.tsx';
import { api } from './api.ts';
import { buttonClass, inputClass } from './ui.tsx';

const KIND_TEXT = {
  contact: 'consents.kind.contact',
  matter: 'consents.kind.matter',
  subscription: 'consents.kind.subscription',
  registration: 'consents.kind.registration',
  application: 'consents.kind.application',
} as const;

/**
 * A person's consents (administrators: GET /api/privacy/consents): for each, the form, when, in
 * which language and version, and exactly the words and facts they were shown.
 */
export function ConsentLookup() {
  const { t, lang, timeZone, problem } = useAdmin();
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<FoundConsent[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function look() {
    setBusy(true);
    setError('');
    try {
      setFound((await api<FoundConsent[]>(`/privacy/consents?email=${encodeURIComponent(email.trim())}`)).data);
    } catch (caught) {
      setFound(null);
      setError(problem(caught, 'common.error'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="consents-title" className="mt-8 rounded-xl bg-white p-5 shadow-sm">
      <h2 id="consents-title" className="text-lg font-semibold text-brand-900">
        {t('consents.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('consents.intro')}</p>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void look();
        }}
      >
        <div className="min-w-56 flex-1">
          <label htmlFor="consents-email" className="text-sm font-medium text-slate-800">
            {t('privacy.email')}
          </label>
          <input id="consents-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} className={inputClass} autoComplete="off" />
        </div>
        <button type="submit" className={buttonClass.secondary} disabled={busy || !email.trim()}>
          <Search className="h-4 w-4" aria-hidden="true" />
          {busy ? t('app.loading') : t('consents.find')}
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {found && !found.length && (
        <p role="status" className="mt-3 text-sm text-slate-700">
          {t('consents.none')}
        </p>
      )}
      {found && found.length > 0 && (
        <ol aria-label={t('consents.title')} className="mt-4 space-y-3" data-consents>
          {found.map((consent) => (
            <li key={`${consent.kind}-${consent.recordId}-${consent.at}`} className="rounded-md border border-slate-200 p-3 text-sm">
              <p className="font-semibold text-slate-900">
                {t(KIND_TEXT[consent.kind])} · {formatHumanDate(consent.at, lang, timeZone, true)} · {consent.language.toUpperCase()} · {t('consents.version', { version: consent.version })}
              </p>
              <p lang={consent.language} className="mt-2 whitespace-pre-line text-slate-800">
                {consent.text || t('consents.noText')}
              </p>
              {consent.facts && (
                <dl className="mt-2 grid gap-x-4 gap-y-1 text-xs text-slate-700 sm:grid-cols-[auto_1fr]">
                  <dt className="font-medium">{t('consents.operator')}</dt>
                  <dd>
                    {consent.facts.operator.name}, {consent.facts.operator.tin || '—'}
                    {consent.facts.operator.registerNumber ? `, № ${consent.facts.operator.registerNumber}` : ''}
                  </dd>
                  <dt className="font-medium">{t('consents.crossBorder')}</dt>
                  <dd>{consent.facts.crossBorder.transfer ? `${consent.facts.crossBorder.countries.join(', ')} (${consent.facts.crossBorder.basis ?? ''})` : t('consents.staysHome')}</dd>
                  <dt className="font-medium">{t('consents.retention')}</dt>
                  <dd>{consent.facts.retentionDays}</dd>
                </dl>
              )}
              <p className="mt-1 text-xs text-slate-500">{consent.recordId}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
