import { consentNotice } from './consent-notice.ts';
import { useSite } from './site-context.tsx';

/** The operator of personal data and the transfer abroad, on the privacy page (from the site configuration, as every consent states them). */
export function OperatorFacts() {
  const { config, lang, defaultLanguage, t } = useSite();
  // The same facts a consent names (app/site/consent-notice.ts), in the page's language.
  const { facts, details } = consentNotice('contact', config, lang, defaultLanguage, t);
  const rows: Array<[string, string]> = [
    [t('consent.field.name'), facts.operator.name],
    [t('consent.field.tin'), facts.operator.tin],
    [t('consent.field.address'), facts.operator.address],
    [t('consent.field.register'), facts.operator.registerNumber],
    [t('consent.field.crossBorder'), details[details.length - 1]],
  ];
  return (
    <section aria-labelledby="operator-title" className="mt-10 rounded-xl border border-slate-200 bg-slate-50 p-6" data-operator>
      <h2 id="operator-title" className="text-xl font-bold text-brand-900">
        {t('consent.operatorTitle')}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-slate-800">{label}</dt>
              <dd className="text-slate-800">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
