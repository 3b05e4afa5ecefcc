import { useEffect, useState } from 'react';
import type { Check, CheckCode } from '../../domain/checks/document-checks.ts';
import { useAdmin, type AdminT } from './admin-context.tsx';
import { api } from './api.ts';
import type { AdminTextKey } from './admin-texts.ts';
import { buttonClass, inputClass } from './ui.tsx';

/*
 * Checks before publishing in the admin (API-3.md): the problems of a record — or of its working
 * copy — language by language, each said as an error or a warning in words (not only a colour),
 * with a button that opens the field in that language (in a document, at the link or heading it is
 * about). The same list explains a refused publish.
 */

/** Every code's words in the admin (a code without them does not compile). */
const CODE_TEXTS: Record<CheckCode, AdminTextKey> = {
  missing_translation: 'checks.code.missing_translation',
  same_as_source: 'checks.code.same_as_source',
  outdated_translation: 'checks.code.outdated_translation',
  image_without_alt: 'checks.code.image_without_alt',
  heading_order: 'checks.code.heading_order',
  generic_link_text: 'checks.code.generic_link_text',
  link_to_unpublished: 'checks.code.link_to_unpublished',
  bad_law_link: 'checks.code.bad_law_link',
  title_too_long: 'checks.code.title_too_long',
  description_too_long: 'checks.code.description_too_long',
  duplicate_title: 'checks.code.duplicate_title',
  disclaimer_missing: 'checks.code.disclaimer_missing',
  broken_link: 'checks.code.broken_link',
  default_language_missing: 'checks.code.default_language_missing',
  term_mismatch: 'checks.code.term_mismatch',
  machine_unreviewed: 'checks.code.machine_unreviewed',
};

/** A check in the admin's language, from its code and params (the English message is the API's). */
export function checkMessage(check: Pick<Check, 'code' | 'params'>, t: AdminT, defaultLanguage: string): string {
  const params = Object.fromEntries(Object.entries(check.params ?? {}).map(([name, value]) => [name, String(value)]));
  return t(CODE_TEXTS[check.code], { source: defaultLanguage.toUpperCase(), ...params });
}

/** "Error" or "Warning", in words and colour. */
export function SeverityLabel({ severity }: { severity: Check['severity'] }) {
  const { t } = useAdmin();
  return severity === 'error' ? (
    <span className="shrink-0 rounded bg-red-100 px-1.5 py-0.5 text-center text-xs font-bold uppercase text-red-800 sm:min-w-36">{t('checks.error')}</span>
  ) : (
    <span className="shrink-0 rounded bg-amber-100 px-1.5 py-0.5 text-center text-xs font-bold uppercase text-amber-900 sm:min-w-36">{t('checks.warning')}</span>
  );
}

/** Checks grouped by language, the default language first; each with "Fix" opening its field. */
function CheckList({ checks, labelOf, onFix }: { checks: readonly Check[]; labelOf: (field: string) => string; onFix?: (check: Check) => void }) {
  const { t, languages, defaultLanguage, languageName } = useAdmin();
  const order = [defaultLanguage, ...languages.map((language) => language.code).filter((code) => code !== defaultLanguage)];
  const codes = [...new Set(checks.map((check) => check.lang))].sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
  return (
    <div className="space-y-3">
      {codes.map((code) => (
        <section key={code} aria-label={languageName(code)}>
          <h3 className="text-sm font-semibold text-slate-800">
            {code.toUpperCase()} · {languageName(code)}
          </h3>
          <ul className="mt-1 space-y-1">
            {checks
              .filter((check) => check.lang === code)
              .map((check, index) => (
                <li key={`${check.code}-${check.field}-${index}`} data-check={check.code} className="flex flex-wrap items-start gap-2 text-sm text-slate-800">
                  <SeverityLabel severity={check.severity} />
                  <span className="min-w-48 flex-1 [overflow-wrap:anywhere]">
                    <span className="font-medium">{labelOf(check.field)}:</span> {checkMessage(check, t, defaultLanguage)}
                  </span>
                  {onFix && (
                    <button type="button" className="font-semibold text-brand-700 underline" onClick={() => onFix(check)} aria-label={`${t('checks.fix')}: ${labelOf(check.field)} (${check.lang.toUpperCase()})`}>
                      {t('checks.fix')}
                    </button>
                  )}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The checks of a saved record or its working copy, read again whenever `version` changes. */
export function ChecksPanel({ path, draft, version, labelOf, onFix }: { path: string; draft: boolean; version: string; labelOf: (field: string) => string; onFix: (check: Check) => void }) {
  const { t, defaultLanguage } = useAdmin();
  const [checks, setChecks] = useState<Check[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    setChecks(null);
    api<Check[]>(`${path}/checks${draft ? '?draft=true' : ''}`, { signal: controller.signal }).then(
      (result) => setChecks(result.data),
      () => !controller.signal.aborted && setFailed(true),
    );
    return () => controller.abort();
  }, [path, draft, version, round]);
  const errors = checks?.filter((check) => check.severity === 'error').length ?? 0;
  return (
    <section aria-labelledby="checks-title" data-testid="checks" className="rounded-md border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="checks-title" className="text-base font-semibold text-slate-900">
          {t('checks.title')}
        </h2>
        {checks && checks.length > 0 && <p className="text-sm text-slate-700">{t('checks.count', { errors, warnings: checks.length - errors })}</p>}
      </div>
      <p className="mb-3 text-sm text-slate-600">{t('checks.intro', { language: defaultLanguage.toUpperCase() })}</p>
      <div aria-live="polite">
        {!checks && !failed && <p className="text-sm text-slate-600">{t('checks.loading')}</p>}
        {failed && <p className="text-sm text-red-700">{t('checks.loadFailed')}</p>}
        {checks && checks.length === 0 && <p className="text-sm text-green-800">{t('checks.none')}</p>}
        {checks && checks.length > 0 && <CheckList checks={checks} labelOf={labelOf} onFix={onFix} />}
      </div>
      <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={() => setRound((current) => current + 1)}>
        {t('checks.again')}
      </button>
    </section>
  );
}

/**
 * A publish the checks refused (422 `checks_failed`): what failed, each with Fix, and for an
 * administrator a reason to publish anyway (`onOverride`).
 */
/** An administrator's way past a rule of publishing: the reason (kept in the activity log), then publish anyway. */
export function OverrideWithReason({ onOverride, texts }: { onOverride: (reason: string) => void; texts: { label: AdminTextKey; button: AdminTextKey; needed: AdminTextKey } }) {
  const { t } = useAdmin();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  return (
    <div className="border-t border-red-200 pt-3">
      <label htmlFor="override-reason" className="block text-sm font-medium text-slate-900">
        {t(texts.label)}
      </label>
      <textarea id="override-reason" rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'override-error' : undefined} className={inputClass} />
      {error && (
        <p id="override-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="button" className={`${buttonClass.danger} mt-2`} onClick={() => (reason.trim() ? onOverride(reason.trim()) : setError(t(texts.needed)))}>
        {t(texts.button)}
      </button>
    </div>
  );
}

export function RefusedByChecks({ checks, labelOf, onFix, onOverride }: { checks: readonly Check[]; labelOf: (field: string) => string; onFix: (check: Check) => void; onOverride?: (reason: string) => void }) {
  const { t, defaultLanguage } = useAdmin();
  return (
    <div role="alert" data-testid="checks-failed" className="space-y-3 rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
      <p className="font-semibold">{t('checks.blocked', { language: defaultLanguage.toUpperCase() })}</p>
      <CheckList checks={checks} labelOf={labelOf} onFix={onFix} />
      {onOverride && <OverrideWithReason onOverride={onOverride} texts={{ label: 'checks.overrideReason', button: 'checks.override', needed: 'checks.overrideNeedsReason' }} />}
    </div>
  );
}
