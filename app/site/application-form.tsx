import { ConsentFacts, useConsentNotice } from './consent-facts.tsx';
import type { UiTextKey } from '../i18n/ui-texts.ts';
import { useSite } from './site-context.tsx';
import { SpamTraps } from './spam-traps.tsx';

/** What the vacancy page knows of the last post of its form, and when the form was shown (spam check). */
export interface ApplicationOutcome {
  applied: boolean;
  problem?: UiTextKey;
  /** The field the problem is on (name, email, consent, cv). */
  field?: string;
  file: string;
  renderedAt: string;
  /** What the visitor typed before the post was refused (all but the file). */
  typed?: Partial<Record<'name' | 'email' | 'phone' | 'letter' | 'consent', string>>;
}

const inputClass = 'mt-1 block min-h-12 w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600';

/**
 * An application for a vacancy (API-3.md "Intake"): works without JavaScript, the CV sent with the
 * fields (multipart) to the server's route, which comes back to the page with what happened. The
 * browser itself checks what is required before sending.
 */
export function ApplicationForm({ action, outcome }: { action: string; outcome: ApplicationOutcome }) {
  const { t, href, pageSlugs, config, lang } = useSite();
  const policyHref = pageSlugs.includes('privacy') ? href('/privacy') : config.legalPages.privacyPolicyUrl;
  const typed = outcome.typed ?? {};
  const consent = useConsentNotice('application');
  const invalid = (field: string) => (outcome.field === field ? { 'aria-invalid': true as const, 'aria-describedby': 'apply-problem' } : {});
  return (
    <section id="apply" aria-labelledby="apply-title" className="mt-12 scroll-mt-24 rounded-xl border border-slate-200 bg-slate-50 p-6 sm:p-8">
      <h2 id="apply-title" className="text-2xl font-bold text-brand-900">
        {t('careers.apply.title')}
      </h2>
      {outcome.applied ? (
        <p role="status" className="mt-4 rounded-lg border border-green-300 bg-green-50 p-5 font-semibold text-green-900">
          {t('careers.apply.success')}
        </p>
      ) : (
        <form method="post" action={action} encType="multipart/form-data" className="mt-4 space-y-5">
          <p className="text-sm text-slate-600">{t('careers.apply.intro')}</p>
          {outcome.problem && (
            <p id="apply-problem" role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
              {t(outcome.problem, { file: outcome.file })}
            </p>
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              <label htmlFor="apply-name" className="block text-sm font-medium text-slate-800">
                {t('contact.name')}
                <span aria-hidden="true"> *</span>
              </label>
              <input id="apply-name" name="name" type="text" autoComplete="name" maxLength={200} required defaultValue={typed.name} className={inputClass} {...invalid('name')} />
            </div>
            <div>
              <label htmlFor="apply-email" className="block text-sm font-medium text-slate-800">
                {t('contact.email')}
                <span aria-hidden="true"> *</span>
              </label>
              <input id="apply-email" name="email" type="email" autoComplete="email" maxLength={320} required defaultValue={typed.email} className={inputClass} {...invalid('email')} />
            </div>
            <div>
              <label htmlFor="apply-phone" className="block text-sm font-medium text-slate-800">
                {t('contact.phone')}
              </label>
              <input id="apply-phone" name="phone" type="tel" autoComplete="tel" maxLength={50} defaultValue={typed.phone} className={inputClass} />
            </div>
            <div>
              <label htmlFor="apply-cv" className="block text-sm font-medium text-slate-800">
                {t('careers.apply.cv')}
                <span aria-hidden="true"> *</span>
              </label>
              <input
                id="apply-cv"
                name="cv"
                type="file"
                required
                accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
                className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:font-semibold file:text-brand-800`}
                {...invalid('cv')}
              />
            </div>
          </div>
          <div>
            <label htmlFor="apply-letter" className="block text-sm font-medium text-slate-800">
              {t('careers.apply.letter')}
            </label>
            <textarea id="apply-letter" name="letter" rows={6} maxLength={10000} defaultValue={typed.letter} className={inputClass} />
          </div>
          <div className="flex items-start gap-3">
            <input id="apply-consent" name="consent" type="checkbox" value="true" required defaultChecked={typed.consent === 'true'} className="mt-1 h-5 w-5 shrink-0 accent-brand-700" aria-describedby="apply-consent-facts" {...invalid('consent')} />
            <label htmlFor="apply-consent" className="text-sm text-slate-800">
              {consent.agreement} <span aria-hidden="true">*</span>{' '}
              <a href={policyHref} className="font-semibold text-brand-700 underline">
                {t('contact.readPolicy')}
              </a>
            </label>
          </div>
          <ConsentFacts id="apply-consent-facts" notice={consent} className="-mt-2 ml-8" />
          <SpamTraps idPrefix="apply" renderedAt={outcome.renderedAt} />
          <input type="hidden" name="lang" value={lang} />
          <button type="submit" className="min-h-12 rounded-md bg-brand-700 px-8 py-3 font-semibold text-white hover:bg-brand-800">
            {t('careers.apply.send')}
          </button>
        </form>
      )}
    </section>
  );
}
