import type { Mail } from './alerts/alert-mail.ts';
import { createAlertSender } from './alerts/alert-sender.ts';
import { createAlertSite } from './alerts/alert-site.ts';
import { createChannelPosts } from './alerts/channel-posts.ts';
import { createSubscriptions } from './alerts/subscriptions.ts';
import type { createActivityService } from './activity/activity-service.ts';
import { createContactService } from './contacts/contact-service.ts';
import type { DomainHost, RecordServices } from './domain-host.ts';
import { createEventReads } from './events/event-facts.ts';
import { createRegistrations } from './events/registrations.ts';
import { createConflictCheck } from './intake/conflicts.ts';
import { createIntakeDocuments } from './intake/documents.ts';
import type { LanguageService } from './languages/language-service.ts';
import { contactTelegramText } from './notifications/contact-message.ts';
import type { createOutbox } from './notifications/outbox.ts';
import { RECORD_TYPES } from './registry.ts';
import type { RecordService, ServiceEnvironment } from './shared/record-service.ts';
import type { RecordStore } from './shared/record-store.ts';
import type { RecordType } from './shared/record-type.ts';
import { clientKeys } from './shared/request-limit.ts';
import type { createSiteConfigService } from './site-config/site-config-service.ts';
import type { Reviews } from './publishing/approval.ts';
import type { PublishingPolicy } from './publishing/policy.ts';
import type { ConsentNoticeOf } from './privacy/consent.ts';
import { createConsentLookup } from './privacy/consent-lookup.ts';

/** What the services that reach people outside the firm are built on (domain/app-services.ts makes them). */
interface Core {
  host: DomainHost;
  outbox: ReturnType<typeof createOutbox>;
  activity: ReturnType<typeof createActivityService>;
  languages: LanguageService;
  publicLanguages(): Promise<string[]>;
  records: RecordServices;
  serviceOf(type: RecordType): RecordService;
  siteConfig: ReturnType<typeof createSiteConfigService>;
  environment: ServiceEnvironment;
  publishing: PublishingPolicy;
  reviews: Reviews;
  contactStore: RecordStore;
  timeZone: string;
}

/**
 * The services that reach people outside the firm, wired to the core: subscriptions and alerts,
 * event registrations, Telegram channel posts, contact requests with their documents and the
 * conflict check of new matters. Part of the composition root (domain/app-services.ts).
 */
export function createOutreachServices(core: Core) {
  const { host, outbox, activity, languages, publicLanguages, records, serviceOf, siteConfig, environment, publishing, reviews, contactStore, timeZone } = core;
  const { database, log } = host;
  // One client: an IPv4 address or an IPv6 /64 (domain/shared/request-limit.ts).
  const clientKeyOf = clientKeys(database, 'contact-limit');
  // What a person waits for (a confirmation, a registration's e-mails) goes before the alerts (server/periodic-jobs.ts).
  // A form's consent as the page showed it: the configuration, the language's texts, the default language, now.
  const consentOf: ConsentNoticeOf = async (kind, language) => {
    const [config, defaultLanguage, all] = await Promise.all([siteConfig.get(), languages.defaultLanguage(), languages.list({ admin: true })]);
    const translations: unknown = all.find((known) => known.code === language)?.translations;
    const texts = typeof translations === 'object' && translations !== null ? Object.fromEntries(Object.entries(translations).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {};
    return host.consentNotice(kind, language, config, texts, defaultLanguage);
  };
  const mailFirst = async (message: Mail, about: string) => {
    await outbox.enqueue('mail-first', message, about);
  };

  // What the alerts read of the site: its languages, topics (practice areas), name and addresses.
  const alertSite = createAlertSite({
    publicLanguages,
    defaultLanguage: () => languages.defaultLanguage(),
    list: (type, language) => records[type].list({ lang: language, admin: false }),
    companyName: async () => (await siteConfig.get()).companyName,
    publicUrl: host.publicUrl,
  });
  const subscriptions = createSubscriptions(database, {
    ...alertSite,
    mail: mailFirst,
    mailReady: Boolean(host.mail),
    clientKey: clientKeyOf,
    consent: consentOf,
  });
  // Clients' documents (intake): the upload page is in the language of the request it belongs to.
  const intakeDocuments = createIntakeDocuments(database, {
    ...host.documents,
    uploadUrl: async (token, language) => {
      const active = await alertSite.languages();
      return alertSite.pageUrl(active.includes(language) ? language : await languages.defaultLanguage(), `/upload/${token}`);
    },
    record: (event) => activity.record(event),
    arrived: async (contactId, files) => {
      const request = await contacts.get(contactId).catch(() => undefined);
      if (request) host.documentsArrived?.({ _id: request._id, subject: String(request.subject ?? '') }, files);
    },
    log,
  });
  // Registrations for events: their e-mails (with the calendar entry) go before the alerts, like confirmations.
  const registrations = createRegistrations(database, {
    languages: alertSite.languages,
    defaultLanguage: () => languages.defaultLanguage(),
    clientKey: clientKeyOf,
    siteName: alertSite.siteName,
    pageUrl: alertSite.pageUrl,
    mailReady: Boolean(host.mail),
    mail: mailFirst,
    consent: consentOf,
    // Not an edit of the event (nothing in the activity log): its pages say how many places are left.
    placesChanged: async (eventId) => {
      await host.changed?.({ entity: 'events', action: 'update', id: eventId, summary: 'registrations changed' });
    },
    ...createEventReads({
      read: (id, admin) => records.events.get(id, { admin }).catch(() => undefined),
      defaultLanguage: () => languages.defaultLanguage(),
      firm: () => siteConfig.get(),
      pageUrl: alertSite.pageUrl,
      publicUrl: host.publicUrl,
      timeZone,
    }),
  });
  // The record types an alert or a channel post is made of: those with topics and "notify" (news, blog).
  const alertTypes = RECORD_TYPES.filter((type) => 'notify' in type.fields && 'topics' in type.fields);
  const alerts = createAlertSender(database, outbox, subscriptions, {
    ...alertSite,
    types: alertTypes,
    readPublic: (type, id) => serviceOf(type).get(id, { admin: false }).catch(() => undefined),
    firmEmail: async () => (await siteConfig.get()).contactInfo.email,
    listId: `alerts.${new URL(host.publicUrl).hostname}`,
  });
  const channelPosts = createChannelPosts(database, outbox, alertTypes, {
    channels: async () => (await siteConfig.get()).telegram.channels,
    read: (type, id) => serviceOf(type).get(id, { admin: true }),
    pageUrl: alertSite.pageUrl,
    publicUrl: host.publicUrl,
    botReady: Boolean(host.telegram),
    publicLanguages,
    needsApproval: publishing.needsApproval,
    approved: (type, id, version) => reviews.publicApproved(type.name, id, version),
  });

  const requests = createContactService(contactStore, environment, clientKeyOf, async () => {
    const [config, defaultLanguage] = await Promise.all([siteConfig.get(), languages.defaultLanguage()]);
    return { ...config.privacy, defaultLanguage, consentOf };
  }, async (request, privacy) => {
    host.contactReceived?.(request);
    const text = contactTelegramText(request, privacy, host.telegram, host.publicUrl);
    if (text === undefined) return;
    await outbox.enqueue('telegram', { text }, `contacts/${request._id}`).catch((error: unknown) => log.error({ err: error }, 'could not queue the Telegram message (the request is stored)'));
  }, async (ids) => {
    await activity.forget('contacts', ids);
    await outbox.forget(ids.map((id) => `contacts/${id}`));
  }, async (ids) => {
    await intakeDocuments.removeFor(ids);
  });
  // The privacy kit beside the requests: a person's consents across the requests, subscription and registrations (GET /api/privacy/consents).
  const contacts = { ...requests, consentsOf: createConsentLookup({ requests: (email) => requests.exportByEmail(email), subscriptions: (email) => subscriptions.byEmail(email), registrations: (email) => registrations.byEmail(email) }) };

  const conflicts = createConflictCheck({
    earlierRequests: () => contacts.earlierRequests(),
    matters: (lang) => records.matters.list({ admin: true, lang }),
    defaultLanguage: () => languages.defaultLanguage(),
    timeZone,
  });

  return { subscriptions, intakeDocuments, registrations, alerts, channelPosts, contacts, conflicts };
}
