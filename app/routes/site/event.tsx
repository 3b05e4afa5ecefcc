import { ArrowLeft, CalendarDays, MapPin, MonitorPlay, Users } from '../../site/lucide.ts';
import { ConsentFacts, useConsentNotice } from '../../site/consent-facts.tsx';
import { data, redirect } from 'react-router';
import { isAppError, type ErrorDetail } from '../../../domain/shared/errors.ts';
import { pickText } from '../../../domain/shared/localized.ts';
import type { DomainServices } from '../../../domain/app-services.ts';
import { elapsedSince, HONEYPOT_FIELD } from '../../../domain/contacts/contact-service.ts';
import { SHOWN_AT_PLACEHOLDER } from '../../../domain/contacts/shown-at.ts';
import { clientAddressContext, servicesContext } from '../../context.ts';
import { SpamTraps } from '../../site/spam-traps.tsx';
import { lawyerNames } from '../../site/firm-record-data.ts';
import type { UiTextKey } from '../../i18n/ui-texts.ts';
import { DocumentBody } from '../../site/document-body.tsx';
import { atItsAddress, loadOr, pageLanguagesOf } from '../../site/loading.server.ts';
import { siteFromMatches } from '../../site/page-data.ts';
import { Avatar } from '../../site/portrait.tsx';
import { breadcrumbList, coverPath, JsonLd, pageMeta, previewImage } from '../../site/seo.tsx';
import { useSite } from '../../site/site-context.tsx';
import { pageContext } from '../../site/site-data.server.ts';
import { buttonClass, inputClass } from '../../site/subscription-form.tsx';
import { ErrorBox, PageHeader, Section } from '../../site/ui.tsx';
import type { Route } from './+types/event';

type EventRecord = Awaited<ReturnType<DomainServices['records']['events']['get']>>;

const MODES = { offline: 'https://schema.org/OfflineEventAttendanceMode', online: 'https://schema.org/OnlineEventAttendanceMode', mixed: 'https://schema.org/MixedEventAttendanceMode' };

/** An event's page: what, when, where, who speaks, places left, and the registration form (no JavaScript needed). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, lang, defaultLanguage } = await pageContext(context.get(servicesContext), params.lang, request);
  return loadOr(services, 'an event', async () => {
    const event = await services.records.events.getBySlugOrId(params.key, { admin: false });
    atItsAddress(services.records.events.type, event, params.key, lang, defaultLanguage);
    const languages = await pageLanguagesOf(services, services.records.events.type, event, lang, defaultLanguage);
    // After the form without JavaScript: the page says what happened (see `action`).
    const registration = AFTER_REGISTERING.find((after) => after === new URL(request.url).searchParams.get('registration'));
    // The form carries the time it was shown (the contact form's check): written in at each serving.
    return { ...(await pageData(services, event, lang, defaultLanguage)), languages, registration, renderedAt: SHOWN_AT_PLACEHOLDER };
  });
}

/** What the page shows of an event (its own page, and its preview before it is public). */
export async function pageData(services: DomainServices, event: EventRecord, lang: string, defaultLanguage: string) {
  const lawyers = event.speakers.length ? await lawyerNames(services) : new Map();
  const speakers = event.speakers.flatMap((id) => lawyers.get(id) ?? []);
  const counts = await services.registrations.counts(event._id);
  const now = new Date().toISOString();
  const { description, ...shown } = event;
  return {
    event: { ...shown, description: {} },
    summary: pickText(description, lang, defaultLanguage),
    html: await services.records.events.html(event, 'description', lang),
    speakers,
    // A place held for a request nobody confirmed yet is not free while its hold runs.
    placesLeft: event.capacity > 0 ? Math.max(0, event.capacity - counts.registered - counts.held) : undefined,
    open: now < (event.registrationClosesAt ?? event.startsAt),
    past: event.endsAt <= now,
    mail: services.subscriptions.ready,
  };
}

type Field = 'name' | 'email' | 'company' | 'consent';
/** What the page's address says after the form without JavaScript was sent (`?registration=`). */
const AFTER_REGISTERING = ['held', 'held-waitlist', 'registered', 'waitlisted'] as const;
type AfterRegistering = (typeof AFTER_REGISTERING)[number];
interface Outcome {
  status?: 'unconfirmed' | 'registered' | 'waitlisted';
  held?: boolean;
  values: { name: string; email: string; company: string };
  problem?: UiTextKey;
  errors: Partial<Record<Field, UiTextKey>>;
}

const problemOf = (detail: ErrorDetail): [Field, UiTextKey] | undefined => {
  const field = detail.path.split('.')[0];
  if (field === 'name') return ['name', detail.code === 'invalid_format' || detail.code === 'one_line' ? 'events.form.nameInvalid' : 'events.form.nameRequired'];
  if (field === 'email') return ['email', detail.code === 'required' ? 'events.form.emailRequired' : 'events.form.emailInvalid'];
  if (field === 'company') return ['company', 'events.form.companyTooLong'];
  if (field === 'consent') return ['consent', 'events.form.consentRequired'];
  return undefined;
};

/** The form without JavaScript: POST /api/events/{id}/registrations's rules, answered with this page. */
export async function action({ context, params, request }: Route.ActionArgs) {
  const { services, lang } = await pageContext(context.get(servicesContext), params.lang, request);
  const form = await request.formData();
  const values = { name: String(form.get('name') ?? ''), email: String(form.get('email') ?? ''), company: String(form.get('company') ?? '') };
  const headers = { 'cache-control': 'no-store' };
  try {
    const event = await services.records.events.getBySlugOrId(params.key, { admin: false });
    const registration = await services.registrations.register(
      event._id,
      {
        ...values,
        ...(values.company ? {} : { company: undefined }),
        language: lang,
        consent: form.get('consent') === 'yes' ? true : undefined,
        [HONEYPOT_FIELD]: String(form.get(HONEYPOT_FIELD) ?? '') || undefined,
        // A post without the time it was shown did not come from this page: as fast as can be.
        ...(form.has('renderedAt') ? elapsedSince(form.get('renderedAt')) : { elapsedMs: 0 }),
      },
      { address: context.get(clientAddressContext) },
    );
    const after: AfterRegistering = registration.status === 'unconfirmed' ? (registration.heldUntil ? 'held' : 'held-waitlist') : registration.status;
    // Back to the page with what happened, where the form was (#registration): a reload sends nothing again.
    return redirect(`${new URL(request.url).pathname}?registration=${after}#registration`, { status: 303, headers });
  } catch (error) {
    if (!isAppError(error)) {
      services.log.error({ err: error }, 'the event registration form failed');
      return data<Outcome>({ values, problem: 'events.form.failed', errors: {} }, { status: 500, headers });
    }
    const errors: Outcome['errors'] = {};
    for (const detail of error.details ?? []) {
      const found = problemOf(detail);
      if (found) errors[found[0]] ??= found[1];
    }
    const tooFast = error.details?.some((detail) => detail.path === 'elapsedMs');
    const problem: UiTextKey | undefined =
      error.reason === 'registration_closed' ? 'events.closed' : tooFast ? 'contact.tooFast' : error.status === 429 ? 'events.form.rateLimited' : error.status === 404 ? 'events.error' : error.status >= 500 ? 'events.form.failed' : undefined;
    return data<Outcome>({ values, problem, errors }, { status: error.status, headers });
  }
}

export const headers = ({ loaderHeaders, actionHeaders }: Route.HeadersArgs) => (actionHeaders.has('cache-control') ? actionHeaders : loaderHeaders);

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  if (!site || !loaderData || loaderData.failed) return [];
  const { event } = loaderData;
  return pageMeta(site, { title: pickText(event.title, site.lang, site.defaultLanguage), description: loaderData.summary, image: coverPath('events', event, site.lang), languages: loaderData.languages });
}

export default function EventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, href } = useSite();
  const back = (
    <a href={href('/events')} className="mt-6 inline-flex items-center gap-2 text-slate-100 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t('events.back')}
    </a>
  );
  if (loaderData.failed) {
    return (
      <>
        <PageHeader title={t('events.title')}>{back}</PageHeader>
        <Section>
          <ErrorBox title={t('events.error')} />
        </Section>
      </>
    );
  }
  const after = loaderData.registration;
  const registered: Outcome | undefined = after
    ? { status: after === 'held' || after === 'held-waitlist' ? 'unconfirmed' : after, held: after === 'held', values: { name: '', email: '', company: '' }, errors: {} }
    : undefined;
  return <View data={loaderData} outcome={actionData ?? registered} renderedAt={loaderData.renderedAt} />;
}

/** The event's page from its data (also inside a preview, where `preview` leaves out the registration form). */
export function View({ data, outcome, preview = false, renderedAt = '' }: { data: Awaited<ReturnType<typeof pageData>>; outcome?: Outcome; preview?: boolean; renderedAt?: string }) {
  const site = useSite();
  const { text, t, href, config } = site;
  const actionData = outcome;
  const { event, speakers, placesLeft, open, past } = data;
  const back = (
    <a href={href('/events')} className="mt-6 inline-flex items-center gap-2 text-slate-100 hover:underline">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t('events.back')}
    </a>
  );
  const title = text(event.title);
  const path = `/events/${event.slug}`;
  const venue = text(event.venue);
  const values = actionData?.values ?? { name: '', email: '', company: '' };
  const errors = actionData?.errors ?? {};
  const describedBy = (field: Field) => (errors[field] ? `event-${field}-error` : undefined);
  const consent = useConsentNotice('registration');
  const image = previewImage(site, coverPath('events', event, site.lang));
  return (
    <>
      <JsonLd
        data={[
          breadcrumbList(site, [{ name: t('common.home'), path: '/' }, { name: t('events.title'), path: '/events' }, { name: title, path }]),
          {
            '@context': 'https://schema.org',
            '@type': 'Event',
            name: title,
            description: data.summary,
            startDate: event.startsAt,
            endDate: event.endsAt,
            eventStatus: 'https://schema.org/EventScheduled',
            eventAttendanceMode: MODES[event.mode],
            location: [
              ...(event.mode !== 'online' ? [{ '@type': 'Place', name: venue, address: venue }] : []),
              // The link itself goes only to people who registered: the page is the virtual location.
              ...(event.mode !== 'offline' ? [{ '@type': 'VirtualLocation', url: site.publicUrl + href(path) }] : []),
            ],
            organizer: { '@type': 'Organization', '@id': `${site.publicUrl}/#firm`, name: text(config.companyName), url: site.publicUrl },
            ...(speakers.length ? { performer: speakers.map((speaker) => ({ '@type': 'Person', name: text(speaker.name), url: site.publicUrl + href(`/team/${speaker.slug}`) })) } : {}),
            ...(image ? { image: [image.url] } : {}),
            url: site.publicUrl + href(path),
          },
        ]}
      />
      <PageHeader title={title}>{back}</PageHeader>
      <Section>
        <div className="grid gap-10 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <DocumentBody html={data.html} />
            {past && (event.slidesUrl || event.recordingUrl) && (
              <ul className="mt-8 flex flex-wrap gap-4">
                {event.slidesUrl && (
                  <li>
                    <a href={event.slidesUrl} className="font-semibold text-brand-700 underline" rel="noopener noreferrer">
                      {t('events.slides')}
                    </a>
                  </li>
                )}
                {event.recordingUrl && (
                  <li>
                    <a href={event.recordingUrl} className="font-semibold text-brand-700 underline" rel="noopener noreferrer">
                      {t('events.recording')}
                    </a>
                  </li>
                )}
              </ul>
            )}
            {speakers.length > 0 && (
              <section aria-labelledby="event-speakers" className="mt-12">
                <h2 id="event-speakers" className="mb-4 text-2xl font-bold text-brand-900">
                  {t('events.speakers')}
                </h2>
                <ul className="grid gap-4 sm:grid-cols-2">
                  {speakers.map((speaker) => (
                    <li key={speaker.slug}>
                      <a href={href(`/team/${speaker.slug}`)} className="flex items-center gap-3 hover:text-brand-700">
                        <Avatar name={text(speaker.name)} />
                        <span>
                          <span className="block font-semibold text-brand-900">{text(speaker.name)}</span>
                          <span className="block text-sm text-slate-600">{text(speaker.position)}</span>
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
          <aside id="registration" className="h-fit scroll-mt-24 space-y-6 rounded-xl border border-slate-200 p-6">
            <dl className="space-y-4">
              <div>
                <dt className="text-sm text-slate-600">{t('events.when')}</dt>
                <dd className="flex items-center gap-2 font-semibold text-brand-900">
                  <CalendarDays className="h-4 w-4 shrink-0" aria-hidden="true" />
                  <time dateTime={event.startsAt}>{site.formatDateTimeRange(event.startsAt, event.endsAt)}</time>
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">{t('events.where')}</dt>
                <dd className="flex items-center gap-2 font-semibold text-brand-900">
                  {event.mode === 'online' ? <MonitorPlay className="h-4 w-4 shrink-0" aria-hidden="true" /> : <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />}
                  {event.mode === 'online' ? t('events.mode.online') : venue}
                </dd>
                {event.mode === 'mixed' && <dd className="mt-1 text-sm text-slate-700">{t('events.mode.mixed')}</dd>}
              </div>
              {placesLeft !== undefined && !past && (
                <div>
                  <dt className="text-sm text-slate-600">{t('events.places')}</dt>
                  <dd className="flex items-center gap-2 font-semibold text-brand-900">
                    <Users className="h-4 w-4 shrink-0" aria-hidden="true" />
                    {placesLeft > 0 ? t('events.placesLeft', { count: placesLeft }) : t('events.full')}
                  </dd>
                </div>
              )}
            </dl>
            {actionData?.status ? (
              <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-4 text-green-900">
                {t(actionData.status === 'unconfirmed' ? (actionData.held ? 'events.held' : 'events.heldWaitlist') : actionData.status === 'registered' ? 'events.registered' : 'events.waitlisted')}
              </p>
            ) : past ? (
              <p className="text-slate-700">{t('events.ended')}</p>
            ) : !open ? (
              <p className="text-slate-700">{t('events.closed')}</p>
            ) : preview ? null : !data.mail ? (
              <a href={`${href('/contact')}?service=${encodeURIComponent(title)}`} className="block rounded-md bg-brand-700 px-4 py-3 text-center font-semibold text-white hover:bg-brand-800">
                {t('events.writeToRegister')}
              </a>
            ) : (
              // Sent back to the form (#registration), not to the page's top, whatever the answer says.
              <form method="post" action={`${href(path)}#registration`} noValidate className="space-y-4" aria-labelledby="event-register">
                <h2 id="event-register" className="text-lg font-semibold text-brand-900">
                  {placesLeft === 0 ? t('events.form.waitlist') : t('events.form.title')}
                </h2>
                {actionData?.problem && (
                  <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
                    {t(actionData.problem)}
                  </p>
                )}
                <div>
                  <label htmlFor="event-name" className="block text-sm font-medium text-slate-800">
                    {t('events.form.name')}
                  </label>
                  <input id="event-name" name="name" autoComplete="name" required maxLength={100} defaultValue={values.name} aria-invalid={errors.name ? true : undefined} aria-describedby={describedBy('name')} className={inputClass} />
                  {errors.name && (
                    <p id="event-name-error" className="mt-1 text-sm text-red-700">
                      {t(errors.name)}
                    </p>
                  )}
                </div>
                <div>
                  <label htmlFor="event-email" className="block text-sm font-medium text-slate-800">
                    {t('events.form.email')}
                  </label>
                  <input id="event-email" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={values.email} aria-invalid={errors.email ? true : undefined} aria-describedby={describedBy('email')} className={inputClass} />
                  {errors.email && (
                    <p id="event-email-error" className="mt-1 text-sm text-red-700">
                      {t(errors.email)}
                    </p>
                  )}
                </div>
                <div>
                  <label htmlFor="event-company" className="block text-sm font-medium text-slate-800">
                    {t('events.form.company')}
                  </label>
                  <input id="event-company" name="company" autoComplete="organization" maxLength={200} defaultValue={values.company} aria-invalid={errors.company ? true : undefined} aria-describedby={describedBy('company')} className={inputClass} />
                  {errors.company && (
                    <p id="event-company-error" className="mt-1 text-sm text-red-700">
                      {t(errors.company)}
                    </p>
                  )}
                </div>
                <div className="flex gap-3">
                  <input id="event-consent" name="consent" type="checkbox" value="yes" required aria-invalid={errors.consent ? true : undefined} aria-describedby={['event-consent-facts', describedBy('consent')].filter(Boolean).join(' ')} className="mt-1 h-5 w-5 shrink-0" />
                  <label htmlFor="event-consent" className="text-sm text-slate-800">
                    {consent.agreement}
                  </label>
                </div>
                <ConsentFacts id="event-consent-facts" notice={consent} className="ml-8 -mt-2" />
                {errors.consent && (
                  <p id="event-consent-error" className="text-sm text-red-700">
                    {t(errors.consent)}
                  </p>
                )}
                <SpamTraps idPrefix="event" renderedAt={renderedAt} />
                <button type="submit" className={`${buttonClass} w-full`}>
                  {placesLeft === 0 ? t('events.form.joinWaitlist') : t('events.form.submit')}
                </button>
              </form>
            )}
          </aside>
        </div>
      </Section>
    </>
  );
}
