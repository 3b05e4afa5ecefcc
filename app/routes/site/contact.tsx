import { Clock, Mail, MapPin, Navigation, Phone, PhoneCall } from '../../site/lucide.ts';
import { data, Form } from 'react-router';
import { FALLBACK_SERVICE_CHOICES } from '../../../domain/contacts/contact-schema.ts';
import { elapsedSince, HONEYPOT_FIELD } from '../../../domain/contacts/contact-service.ts';
import { SHOWN_AT_PLACEHOLDER } from '../../../domain/contacts/shown-at.ts';
import { isAppError, type ErrorDetail } from '../../../domain/shared/errors.ts';
import { pickText } from '../../../domain/shared/localized.ts';
import type { UiTextKey } from '../../i18n/ui-texts.ts';
import { clientAddressContext, servicesContext } from '../../context.ts';
import { listedIn, siteFromMatches } from '../../site/page-data.ts';
import { Picture } from '../../site/picture.tsx';
import { breadcrumbList, JsonLd, legalServiceJsonLd, pageMeta } from '../../site/seo.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { SpamTraps } from '../../site/spam-traps.tsx';
import { PageHeader } from '../../site/ui.tsx';
import type { Route } from './+types/contact';
import type { SiteConfig } from '../../../domain/site-config/site-config-schema.ts';
import { telHref } from '../../../domain/shared/phone.ts';
import { RequiredCheckbox } from '../../site/form-fields.tsx';
import { FirmContacts } from '../../site/firm-contacts.tsx';
import { ConsentFacts, useConsentNotice } from '../../site/consent-facts.tsx';

type Field = 'name' | 'email' | 'phone' | 'subject' | 'service' | 'message' | 'consent' | 'company' | 'tin' | 'counterparties' | 'acknowledged' | 'lang';
const FIELDS: Field[] = ['name', 'email', 'phone', 'subject', 'service', 'message', 'consent', 'company', 'tin', 'counterparties', 'acknowledged', 'lang'];
const isField = (path: string): path is Field => FIELDS.some((field) => field === path);
/** What the form says for an empty required field, by field. */
const REQUIRED: Partial<Record<Field, UiTextKey>> = {
  name: 'contact.required.name',
  email: 'contact.required.email',
  subject: 'contact.required.subject',
  message: 'contact.required.message',
  consent: 'contact.required.consent',
  company: 'contact.required.company',
  acknowledged: 'contact.required.acknowledged',
};
type FieldErrors = Partial<Record<Field, ErrorDetail>>;

/** What the no-JavaScript form shows after a post: the confirmation, or what to fix. */
interface FormOutcome {
  sent: boolean;
  values: Partial<Record<Field, string>>;
  problem?: UiTextKey;
  errors: FieldErrors;
}
const outcome = (value: FormOutcome) => value;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  let choices: string[] = [];
  try {
    choices = (await services.records.services.list(listedIn(lang))).map((service) => pickText(service.title, lang)).filter(Boolean);
  } catch (error) {
    services.log.error({ err: error }, 'could not list services for the contact form');
  }
  const offered = choices.length ? choices : FALLBACK_SERVICE_CHOICES;
  // "Ask about this service" links here with ?service=<its name>: the form opens with it chosen.
  const asked = new URL(request.url).searchParams.get('service') ?? '';
  // The form carries the time it was shown (spam check): the server writes it in at each serving,
  // so the page can be kept in the cache like any other (domain/contacts/shown-at.ts).
  // /contact?kind=matter: the new-matter request (conflict check first) instead of a message.
  const kind = new URL(request.url).searchParams.get('kind') === 'matter' ? 'matter' : 'message';
  return { choices: offered, chosen: offered.includes(asked) ? asked : '', renderedAt: SHOWN_AT_PLACEHOLDER, kind };
}

/** The form without JavaScript: POST /api/contact's rules, answered with this page. */
export async function action({ context, request }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await request.formData();
  const values: Partial<Record<Field, string>> = Object.fromEntries(FIELDS.map((field) => [field, String(form.get(field) ?? '').trim()]));
  const matter = form.get('kind') === 'matter';
  const { lang: _lang, acknowledged: _acknowledged, company, tin, counterparties, ...message } = values;
  try {
    await services.contacts.submit(
      {
        ...message,
        ...(matter ? { kind: 'matter', company, tin, counterparties, acknowledged: form.get('acknowledged') === 'true' } : {}),
        lang: String(form.get('lang') ?? '') || undefined,
        [HONEYPOT_FIELD]: String(form.get(HONEYPOT_FIELD) ?? ''),
        ...elapsedSince(form.get('renderedAt')),
      },
      { address: context.get(clientAddressContext) },
    );
    return outcome({ sent: true, values: {}, errors: {} });
  } catch (error) {
    const errors: FieldErrors = {};
    if (!isAppError(error)) {
      services.log.error({ err: error }, 'contact form failed');
      return data(outcome({ sent: false, values, problem: 'contact.error', errors }), { status: 500 });
    }
    let problem: UiTextKey | undefined = error.status === 429 ? 'contact.rateLimited' : error.status >= 500 ? 'contact.failed' : undefined;
    for (const detail of error.details ?? []) {
      if (detail.path === 'elapsedMs') problem = 'contact.tooFast';
      else {
        // counterparties.3 (one name too long) is said on the list's field.
        const path = detail.path.split('.')[0];
        if (isField(path)) errors[path] ??= detail;
      }
    }
    return data(outcome({ sent: false, values, problem, errors }), { status: error.status });
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site) return [];
  const texts = site.config.sections.contact;
  return pageMeta(site, { title: pickText(texts.title, site.lang, site.defaultLanguage), description: pickText(texts.subtitle, site.lang, site.defaultLanguage) });
}

/** A refused field in the page's language, from its code (the English message is the fallback). */
function fieldMessage(t: ReturnType<typeof useSite>['t'], field: Field, detail: ErrorDetail): string {
  const required = REQUIRED[field];
  if (detail.code === 'required' && required) return t(required);
  if (detail.code === 'invalid_email') return t('contact.invalid.email');
  if (detail.code === 'too_long') return t('contact.tooLong', { max: detail.params?.max ?? '' });
  if (field === 'tin') return t('contact.invalid.tin');
  if (field === 'counterparties' && detail.code === 'too_many') return t('contact.tooManyParties');
  return detail.message;
}

/** What a form of the page needs: the answer to a post (values and what to fix), the services, the time it was shown. */
interface FormState {
  values?: Partial<Record<Field, string>>;
  errors: FieldErrors;
  problem?: UiTextKey;
  choices: string[];
  chosen: string;
  renderedAt: string;
}

/** A field's label, its input, and where what to fix about it is said. */
function FormRow({ name, label, required, errors, children }: { name: Field; label: string; required: boolean; errors: FieldErrors; children: React.ReactNode }) {
  const { t } = useSite();
  return (
    <div className={name === 'message' ? 'sm:col-span-2' : ''}>
      <label htmlFor={`contact-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      <p id={`contact-${name}-error`} data-error-for={name} role="alert" hidden={!errors[name]} className="mt-1 text-sm text-red-700">
        {errors[name] ? fieldMessage(t, name, errors[name]) : ''}
      </p>
    </div>
  );
}

/** An input's id, name, value after a post and error links. */
const inputProps = (form: FormState, name: Field, required: boolean) => ({
  id: `contact-${name}`,
  name,
  required,
  defaultValue: form.values?.[name] ?? (name === 'service' ? form.chosen : ''),
  'aria-invalid': form.errors[name] ? true : undefined,
  'aria-describedby': `contact-${name}-error`,
  className: 'mt-1 block min-h-12 w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600',
});

/** The same choice of service on both forms. */
function ServiceField({ form }: { form: FormState }) {
  const { t } = useSite();
  return (
    <FormRow name="service" label={t('contact.service')} required={false} errors={form.errors}>
      <select {...inputProps(form, 'service', false)}>
        <option value="">{t('contact.chooseService')}</option>
        {form.choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </FormRow>
  );
}

/** The name, e-mail and phone both forms begin with. */
function SenderFields({ form }: { form: FormState }) {
  const { t } = useSite();
  return (
    <>
      <FormRow name="name" label={t('contact.name')} required errors={form.errors}>
        <input type="text" autoComplete="name" maxLength={200} {...inputProps(form, 'name', true)} />
      </FormRow>
      <FormRow name="email" label={t('contact.email')} required errors={form.errors}>
        <input type="email" autoComplete="email" maxLength={320} {...inputProps(form, 'email', true)} />
      </FormRow>
      <FormRow name="phone" label={t('contact.phone')} required={false} errors={form.errors}>
        <input type="tel" autoComplete="tel" maxLength={50} {...inputProps(form, 'phone', false)} />
      </FormRow>
    </>
  );
}

/** Consent to the privacy policy: a box to tick when the site asks for it, else a notice. */
function ConsentBlock({ form, kind }: { form: FormState; kind: 'contact' | 'matter' }) {
  const site = useSite();
  const notice = useConsentNotice(kind);
  const { t, config } = site;
  const { values, errors } = form;
  // The firm's own privacy page when it has one, else the address set in the configuration.
  const policyHref = site.pageSlugs.includes('privacy') ? site.href('/privacy') : config.legalPages.privacyPolicyUrl;
  const policyLink = (
    <a href={policyHref} className="font-semibold text-brand-700 underline">
      {t('contact.readPolicy')}
    </a>
  );
  return config.privacy.requireConsent ? (
    <div className="mt-5">
      <RequiredCheckbox id="contact-consent" name="consent" checked={values?.consent === 'true'} invalid={Boolean(errors.consent)} describedBy="contact-consent-facts contact-consent-error" labelClass="text-sm text-slate-800">
        {notice.agreement}
      </RequiredCheckbox>
      <ConsentFacts id="contact-consent-facts" notice={notice} />
      <p className="ml-8 mt-1 text-sm">{policyLink}</p>
      <p id="contact-consent-error" data-error-for="consent" role="alert" hidden={!errors.consent} className="ml-8 mt-1 text-sm text-red-700">
        {errors.consent ? fieldMessage(t, 'consent', errors.consent) : ''}
      </p>
    </div>
  ) : (
    <div className="mt-5">
      <p className="text-sm text-slate-600">
        {t('contact.consentNotice')} {policyLink}
      </p>
      <ConsentFacts id="contact-consent-facts" notice={notice} className="mt-2" />
    </div>
  );
}

/** A new matter's request: the company and the other parties for the conflict check, and the two warnings acknowledged. */
function MatterForm({ form }: { form: FormState }) {
  const site = useSite();
  const { t } = site;
  const { values, errors } = form;
  return (
    <form method="post" noValidate data-matter-form className="mt-6">
      <input type="hidden" name="kind" value="matter" />
      <p className="mb-6 text-sm text-slate-600">{t('contact.matter.intro')}</p>
      <p role="alert" hidden={!form.problem} className="mb-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
        {form.problem ? t(form.problem) : ''}
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <SenderFields form={form} />
        <FormRow name="company" label={t('contact.company')} required errors={errors}>
          <input type="text" autoComplete="organization" maxLength={300} {...inputProps(form, 'company', true)} />
        </FormRow>
        <FormRow name="tin" label={t('contact.tin')} required={false} errors={errors}>
          <input type="text" inputMode="numeric" pattern="[0-9]{9}|[0-9]{14}" maxLength={14} {...inputProps(form, 'tin', false)} />
        </FormRow>
        <ServiceField form={form} />
        <div className="sm:col-span-2">
          <FormRow name="counterparties" label={t('contact.counterparties')} required={false} errors={errors}>
            <p id="contact-counterparties-hint" className="text-sm text-slate-600">
              {t('contact.counterpartiesHint')}
            </p>
            <textarea rows={4} maxLength={6500} {...inputProps(form, 'counterparties', false)} aria-describedby="contact-counterparties-hint contact-counterparties-error" />
          </FormRow>
        </div>
        <FormRow name="lang" label={t('contact.replyLanguage')} required={false} errors={errors}>
          <select {...inputProps(form, 'lang', false)} defaultValue={values?.lang || site.lang}>
            {site.languages.map((language) => (
              <option key={language.code} value={language.code} lang={language.code}>
                {language.nativeName}
              </option>
            ))}
          </select>
        </FormRow>
      </div>
      <section aria-labelledby="matter-warnings" className="mt-6 rounded-lg border-l-4 border-accent-500 bg-amber-50 p-5">
        <h3 id="matter-warnings" className="font-semibold text-brand-900">
          {t('contact.matter.warningsTitle')}
        </h3>
        <ul className="mt-2 list-disc space-y-2 pl-5 text-slate-800">
          <li>{t('contact.matter.warning1')}</li>
          <li>{t('contact.matter.warning2')}</li>
        </ul>
        <RequiredCheckbox id="contact-acknowledged" name="acknowledged" checked={values?.acknowledged === 'true'} invalid={Boolean(errors.acknowledged)} describedBy="contact-acknowledged-error" className="mt-4 flex items-start gap-3" labelClass="font-medium text-slate-900">
          {t('contact.matter.acknowledge')}
        </RequiredCheckbox>
        <p id="contact-acknowledged-error" role="alert" hidden={!errors.acknowledged} className="ml-8 mt-1 text-sm text-red-700">
          {errors.acknowledged ? fieldMessage(t, 'acknowledged', errors.acknowledged) : ''}
        </p>
      </section>
      <ConsentBlock form={form} kind="matter" />
      <SpamTraps idPrefix="contact" renderedAt={form.renderedAt} />
      <button type="submit" className="mt-6 min-h-12 rounded-md bg-brand-700 px-8 py-3 font-semibold text-white hover:bg-brand-800">
        {t('contact.matter.send')}
      </button>
      <p className="mt-6">
        <a href={site.href('/contact')} className="font-semibold text-brand-700 underline">
          {t('contact.matter.back')}
        </a>
      </p>
    </form>
  );
}

/** A message to the firm; the page's script sends it without a reload, and it works without one. */
function MessageForm({ form }: { form: FormState }) {
  const site = useSite();
  const { t } = site;
  return (
    <Form
      method="post"
      noValidate
      data-contact-form
      data-sending={t('contact.sending')}
      data-failed={t('contact.failed')}
      data-error={t('contact.error')}
      data-too-fast={t('contact.tooFast')}
      data-rate-limited={t('contact.rateLimited')}
      data-required-name={t('contact.required.name')}
      data-required-email={t('contact.required.email')}
      data-required-subject={t('contact.required.subject')}
      data-required-message={t('contact.required.message')}
      data-required-consent={t('contact.required.consent')}
      data-invalid-email={t('contact.invalid.email')}
      data-too-long={t('contact.tooLong', { max: '{max}' })}
      className="mt-6"
    >
      <p className="mb-6 text-sm text-slate-600">{t('contact.formIntro')}</p>
      <p data-form-status role="alert" hidden={!form.problem} className="mb-6 rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
        {form.problem ? t(form.problem) : ''}
      </p>
      <div className="grid gap-5 sm:grid-cols-2">
        <SenderFields form={form} />
        <ServiceField form={form} />
        <div className="sm:col-span-2">
          <FormRow name="subject" label={t('contact.subject')} required errors={form.errors}>
            <input type="text" maxLength={300} {...inputProps(form, 'subject', true)} />
          </FormRow>
        </div>
        <FormRow name="message" label={t('contact.message')} required errors={form.errors}>
          <textarea rows={6} maxLength={10000} {...inputProps(form, 'message', true)} />
        </FormRow>
      </div>
      <ConsentBlock form={form} kind="contact" />
      <input type="hidden" name="lang" value={site.lang} />
      <SpamTraps idPrefix="contact" renderedAt={form.renderedAt} />
      <button type="submit" className="mt-6 min-h-12 rounded-md bg-brand-700 px-8 py-3 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70">
        {t('contact.send')}
      </button>
    </Form>
  );
}

/** How to reach the firm, and its emergency line. */
function ContactAside() {
  const { t, config } = useSite();
  const emergency = config.contactInfo.emergencyPhone || config.contactInfo.phone;
  return (
    <aside className="space-y-6">
      <section aria-labelledby="touch-title" className="rounded-xl bg-slate-50 p-6">
        <h2 id="touch-title" className="text-xl font-bold text-brand-900">
          {t('contact.getInTouch')}
        </h2>
        <p className="mt-2 text-slate-600">{t('contact.getInTouchText')}</p>
        <FirmContacts className="mt-4 space-y-3" item="flex gap-3" icon="mt-0.5 h-5 w-5 text-brand-700" link="text-brand-800 hover:underline" emailLink="break-all text-brand-800 hover:underline" hoursLabel={t('contact.businessHours')} />
      </section>
      <section aria-labelledby="emergency-title" className="rounded-xl border-l-4 border-accent-500 bg-brand-900 p-6 text-white">
        <h2 id="emergency-title" className="flex items-center gap-2 text-xl font-bold">
          <PhoneCall className="h-6 w-6 text-amber-300" aria-hidden="true" />
          {t('contact.emergency')}
        </h2>
        <p className="mt-2 text-slate-200">{t('contact.emergencyText')}</p>
        <a href={telHref(emergency)} className="mt-4 block font-display text-2xl text-amber-300 hover:underline">
          {emergency}
        </a>
        <p className="text-sm text-slate-200">{t('contact.emergencyHours')}</p>
      </section>
    </aside>
  );
}

/** The firm's offices, each with its address, lines, hours and directions. */
function Offices({ offices }: { offices: SiteConfig['offices'] }) {
  const { text, t } = useSite();
  return (
    <section aria-labelledby="offices-title" className="bg-slate-50 py-14">
      <div className="mx-auto max-w-7xl px-5 sm:px-8 lg:px-12">
        <h2 id="offices-title" className="text-center text-3xl font-bold text-brand-900">
          {t('contact.offices')}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {offices.map((office, index) => {
            const name = text(office.name);
            const directions = office.mapUrl || `https://www.openstreetmap.org/search?query=${encodeURIComponent(text(office.address))}`;
            return (
              <li key={index} className="overflow-hidden rounded-xl bg-white shadow-sm">
                <Picture src={office.image} alt={name} width={800} height={400} sizes="(min-width: 768px) 50vw, 100vw" className="aspect-[2/1] w-full" />
                <div className="p-6">
                  <h3 className="text-xl font-semibold text-brand-900">{name}</h3>
                  <ul className="mt-3 space-y-2 text-slate-700">
                    <li className="flex gap-2">
                      <MapPin className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                      {text(office.address)}
                    </li>
                    {office.phone && (
                      <li className="flex gap-2">
                        <Phone className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                        <a href={telHref(office.phone)} className="hover:underline">
                          {office.phone}
                        </a>
                      </li>
                    )}
                    {office.email && (
                      <li className="flex gap-2">
                        <Mail className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                        <a href={`mailto:${office.email}`} className="hover:underline">
                          {office.email}
                        </a>
                      </li>
                    )}
                    <li className="flex gap-2">
                      <Clock className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
                      {text(office.workingHours)}
                    </li>
                  </ul>
                  <a href={directions} target="_blank" rel="noopener noreferrer" className="mt-5 inline-flex items-center gap-2 rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50">
                    <Navigation className="h-4 w-4" aria-hidden="true" />
                    {t('contact.directions')}
                    <span className="sr-only">: {name}</span>
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const { text, t, config } = site;
  const texts = config.sections.contact;
  const sent = actionData?.sent === true;
  const matter = loaderData.kind === 'matter';
  const failed = actionData && !actionData.sent ? actionData : undefined;
  const form: FormState = { values: failed?.values, errors: failed?.errors ?? {}, problem: failed?.problem, choices: loaderData.choices, chosen: loaderData.chosen, renderedAt: loaderData.renderedAt };
  const offices = [...config.offices].filter((office) => office.isActive).sort((a, b) => a.order - b.order);

  return (
    <>
      <JsonLd data={[legalServiceJsonLd(site), breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: text(texts.title), path: '/contact' }])]} />
      <PageHeader title={text(texts.title)} subtitle={text(texts.subtitle)} />
      <div className="mx-auto grid max-w-7xl gap-10 px-5 sm:px-8 lg:px-12 py-14 lg:grid-cols-3">
        <section aria-labelledby="form-title" className="lg:col-span-2">
          <h2 id="form-title" className="text-2xl font-bold text-brand-900">
            {matter ? t('contact.matter.title') : t('contact.formTitle')}
          </h2>
          {!matter && !sent && (
            <p className="mt-4 rounded-lg bg-slate-50 p-4 text-slate-800">
              {t('contact.matter.offer')}{' '}
              <a href={`${site.href('/contact')}?kind=matter`} className="font-semibold text-brand-700 underline">
                {t('contact.matter.offerLink')}
              </a>
            </p>
          )}
          <div data-form-success tabIndex={-1} role="status" hidden={!sent} className="mt-6 rounded-lg border border-green-300 bg-green-50 p-6 text-green-900">
            <p className="font-semibold">{t(matter ? 'contact.matter.success' : 'contact.success')}</p>
            {sent && (
              <a href="" className="mt-3 inline-block font-semibold underline">
                {t('contact.sendAnother')}
              </a>
            )}
          </div>
          {!sent && matter && <MatterForm form={form} />}
          {!sent && !matter && <MessageForm form={form} />}
        </section>
        <ContactAside />
      </div>
      {offices.length > 0 && <Offices offices={offices} />}
    </>
  );
}
