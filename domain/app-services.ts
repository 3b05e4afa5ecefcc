import type { Database } from '../db/connection.ts';
import { createWorkingCopies } from './publishing/working-copies.ts';
import { createReviews, type Review } from './publishing/approval.ts';
import { createPublishingPolicy } from './publishing/policy.ts';
import { createSubscriptions } from './alerts/subscriptions.ts';
import { createRegistrations } from './events/registrations.ts';
import { createKeptForms } from './contacts/kept-forms.ts';
import { createIntakeDocuments, type Scanner } from './intake/documents.ts';
import { conflictsOfRequest, knownParties, type Conflict } from './intake/conflicts.ts';
import { createAlertSender } from './alerts/alert-sender.ts';
import { createChannelPosts } from './alerts/channel-posts.ts';
import { createComments } from './versions/comments.ts';
import { createRecordChecks } from './checks/record-checks.ts';
import { createTextPreviews } from './languages/text-previews.ts';
import { createActivityService } from './activity/activity-service.ts';
import type { DocReference } from './documents/document.ts';
import { createDocumentRenderer } from './documents/record-documents.ts';
import type { RenderWords } from './documents/render-html.ts';
import { contactEntity } from './contacts/contact-entity.ts';
import { createContactService, type StoredContact } from './contacts/contact-service.ts';
import { languageEntity } from './languages/language-entity.ts';
import { createLanguageService, type LanguageService } from './languages/language-service.ts';
import { createMediaService, imageKeysIn, type ImageUse } from './media/media-service.ts';
import type { MediaStorage } from './media/media-storage.ts';
import { RECORD_TYPES, recordTypeNamed, type RecordTypeName, type TypeNamed } from './registry.ts';
import { DEFAULT_LANGUAGE, pickText, type Localized } from './shared/localized.ts';
import { createVersionService } from './versions/version-service.ts';
import { createRecordService, type ChangeEvent, type RecordService, type ServiceEnvironment } from './shared/record-service.ts';
import { createRecordStore } from './shared/record-store.ts';
import { createRecordLinks } from './shared/record-links.ts';
import { SEARCH_TEXT_VERSION } from './shared/search.ts';
import { createSiteSearch } from './search/site-search.ts';
import { languageSegment, localePath } from './shared/localized.ts';
import type { RecordType } from './shared/record-type.ts';
import { createSiteConfigService } from './site-config/site-config-service.ts';
import { isId } from './shared/ids.ts';
import { createViewCounter } from './shared/view-counter.ts';
import { createVisitCounter, referrerHost } from './visits/visit-counter.ts';
import { sharedSecret } from './shared/secrets.ts';
import { createOutbox } from './notifications/outbox.ts';
import { clientNetwork } from './shared/request-limit.ts';
import { contactMessage } from './notifications/contact-message.ts';
import { decisionMessage, outsideOpinionMessage, reviewMessage } from './notifications/review-message.ts';
import { createHmac } from 'node:crypto';
import { createScheduleWatcher } from './publishing/scheduling.ts';
import { createPreviewLinks, type OutsideReviewer } from './preview/preview-links.ts';
import { createRedirectService } from './redirects/redirect-service.ts';
import { createAuthService } from './users/auth-service.ts';

/** Where the domain reports what it cannot handle itself (the host's logger). */
interface DomainLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** What the host (the HTTP server, a command, a test) gives the domain. */
export interface DomainHost {
  database: Database;
  storage: MediaStorage;
  log: DomainLog;
  /** The site's public address: canonical links, sitemaps, previews. */
  publicUrl: string;
  /** The firm's time zone (IANA): dates on pages, scheduled moments in the admin. */
  timeZone?: string;
  /** After every write: the host drops its caches and tells other instances. */
  changed?(event: ChangeEvent): Promise<void>;
  /** A contact request was stored (e-mail to the firm). */
  contactReceived?(request: StoredContact): void;
  /** A client's documents arrived through their link (e-mail to the firm: how many, their names, the link to the request). */
  documentsArrived?(request: { _id: string; subject: string }, files: Array<{ name: string; size: number }>): void;
  /** Telegram is set up: new requests go to the outbox, with the visitor's data or without. */
  telegram?: { personalData: boolean };
  /** A session unused this long ends (SESSION_IDLE_HOURS); every session ends after 7 days anyway. */
  sessionIdleHours?: number;
  /** The words around a document on a page (contents, notes) in a language, with its own interface texts. */
  documentWords?(lang: string, translations: Record<string, string>): RenderWords;
  /** Someone was asked to review a record (e-mail to them when mail is set up). */
  reviewAssigned?(notice: ReviewNotice): void;
  /** E-mail can be sent (SMTP is set up): subscriptions to alerts are open. */
  mail?: boolean;
  /** Where clients' documents are kept (encrypted with `key`), where they wait while arriving, and clamd when it is connected. */
  documents: { storage: MediaStorage; key: () => Promise<Buffer>; staging: string; scan?: Scanner };
}

/** What the person asked to review is told by e-mail (domain/notifications/review-message.ts). */
export interface ReviewNotice {
  to: string;
  subject: string;
  text: string;
}

const ENGLISH_DOCUMENT_WORDS: RenderWords = { contents: 'Contents', notes: 'Notes', backToText: 'Back to the text', table: 'Table' };

type RecordServices = { [N in RecordTypeName]: RecordService<TypeNamed<N>> };

/** Every domain service, built once and shared by the API, the page loaders, commands and the seed. */
export function createDomainServices(host: DomainHost) {
  const { database, storage, log } = host;
  const activity = createActivityService(database);

  const workingCopies = createWorkingCopies(database);
  const reviews = createReviews(database);
  const auth = createAuthService(database, { idleMs: (host.sessionIdleHours ?? 12) * 60 * 60 * 1000 });
  // eslint-disable-next-line prefer-const -- assigned once, after the environment that refers to it
  let languages: LanguageService;
  const environment: ServiceEnvironment = {
    defaultLanguage: () => languages.defaultLanguage(),
    async changed(event) {
      await written(event);
      await activity.record(event).catch((error: unknown) => log.error({ err: error }, 'could not record activity'));
      await renderLinksTo(event).catch((error: unknown) => log.error({ err: error }, 'could not render the links to a changed record'));
    },
    pagesChanged: async (event) => {
      await host.changed?.(event);
    },
    // A page's address changed: its old address redirects to the new one.
    pageMoved: (change) => redirects.pageMoved(change),
    renderDocuments: (record, fields, codes) => documents.render(record, fields, codes),
    timeZone: host.timeZone ?? 'Asia/Tashkent',
    // The public lists the admin's form offers (kept answers: a save reads no table for them).
    async publicIds(types) {
      const lang = await languages.defaultLanguage();
      const lists = await Promise.all(types.map((name) => records[name as keyof RecordServices].list({ lang, admin: false })));
      return new Set(lists.flatMap((list) => list.map((record) => record._id)));
    },
  };
  // Publishing's one policy (domain/publishing/policy.ts): every record service is built with it.
  const publishing = createPublishingPolicy({
    copies: workingCopies,
    reviews,
    changed: (event) => environment.changed(event),
    async reviewSubmitted(type, record, review, actor) {
      if (!review.assignee) return;
      const assignee = await auth.getUser(review.assignee).catch(() => undefined);
      if (!assignee) return;
      const language = await languages.defaultLanguage();
      const last = review.history[review.history.length - 1];
      const message = reviewMessage(
        {
          title: pickText(record[type.admin.titleField] as Localized | string | undefined, language).slice(0, 200),
          kind: pickText(type.admin.one, language) || type.label,
          by: actor?.name || actor?.email || '',
          dueAt: review.dueAt,
          comment: last?.comment,
          url: `${host.publicUrl}/admin/${type.name}/${record._id}/edit`,
        },
        language,
        host.timeZone ?? 'Asia/Tashkent',
      );
      host.reviewAssigned?.({ to: assignee.email, ...message });
      // By the firm's bot too, to the chat the person gave (Settings), when the bot is set up.
      if (host.telegram && assignee.telegramChatId) await outbox.enqueue('telegram', { text: message.text, chatId: assignee.telegramChatId }, `reviews/${type.name}/${record._id}`);
    },
    async reviewDecided(type, record, review, actor) {
      const last = review.history[review.history.length - 1];
      if (last?.action !== 'approve' && last?.action !== 'request_changes') return;
      const authorId = await authorOf(type.name, record._id, review);
      // Deciding on what one sent oneself tells nobody.
      if (!authorId || authorId === actor?.userId) return;
      const author = await auth.getUser(authorId).catch(() => undefined);
      if (!author) return;
      const language = (await auth.interfaceLanguage(author._id)) ?? (await languages.defaultLanguage());
      const message = decisionMessage(
        {
          decision: last.action,
          by: actor?.name || actor?.email || '',
          title: pickText(record[type.admin.titleField] as Localized | string | undefined, language, await languages.defaultLanguage()).slice(0, 200),
          kind: pickText(type.admin.one, language) || type.label,
          comment: last.comment,
          url: `${host.publicUrl}/admin/${type.name}/${record._id}/edit`,
        },
        language,
      );
      host.reviewAssigned?.({ to: author.email, ...message });
      if (host.telegram && author.telegramChatId) await outbox.enqueue('telegram', { text: message.text, chatId: author.telegramChatId }, `reviews/${type.name}/${record._id}`);
    },
    needsApproval: async () => Boolean((await siteConfig.get()).publishing?.requireApproval),
    blockingChecks: (type, id, values, textSaved) => recordChecks.blocking(type, id, values, textSaved),
  });
  /** Whose work a review is about: who last sent it for review, else who saved its working copy. */
  async function authorOf(type: string, id: string, review: Review): Promise<string | undefined> {
    const submitted = review.history.findLast((step) => step.action === 'submit' && step.by?._id && !step.by.outside);
    return submitted?.by?._id || (await workingCopies.get(type, id))?.savedBy?._id || undefined;
  }
  const redirects = createRedirectService(database, environment.changed);
  languages = createLanguageService(createRecordStore(database, languageEntity), environment);

  const views = createViewCounter();
  const visits = createVisitCounter(database, host.timeZone ?? 'Asia/Tashkent');
  /** A page's language from its first path segment: an active language's code, else the default language. */
  async function pageLanguageResolver(): Promise<(segment: string) => string> {
    const [active, defaultLanguage] = await Promise.all([languages.list({ admin: false }), languages.defaultLanguage()]);
    const codes = new Map(active.map((language) => [languageSegment(String(language.code)), String(language.code)]));
    return (segment) => codes.get(segment.toLowerCase()) ?? defaultLanguage;
  }
  /** The service of any registered type, for code that walks the registry. */
  const serviceOf = (type: RecordType): RecordService => records[type.name as RecordTypeName] as unknown as RecordService;
  const versions = createVersionService(database);
  /** A public record's site path before the language prefix (`/news/slug`, `/privacy`), or undefined. */
  async function publicPathOf(ref: DocReference): Promise<string | undefined> {
    const type = RECORD_TYPES.find((candidate) => candidate.name === ref.type);
    if (!type || type.publicPath === undefined || !isId(ref.id)) return undefined;
    const record = await stores.get(type.table)!.findById(ref.id);
    if (!record || !type.isPublic(record, new Date().toISOString())) return undefined;
    return `${type.publicPath}/${String(record.slug || record._id)}`;
  }
  const documents = createDocumentRenderer({
    async languages() {
      const [active, defaultLanguage] = await Promise.all([languages.list({ admin: false }), languages.defaultLanguage()]);
      return { codes: active.map((language) => String(language.code)), defaultLanguage };
    },
    lookup: publicPathOf,
    pathIn: localePath,
    async words(lang) {
      // The public languages' list is kept in memory; only a language not public yet is read.
      const named = (list: Awaited<ReturnType<LanguageService['list']>>) => list.find((candidate) => candidate.code === lang);
      const language = named(await languages.list({ admin: false })) ?? named(await languages.list({ admin: true }));
      return host.documentWords?.(lang, (language?.translations ?? {}) as Record<string, string>) ?? ENGLISH_DOCUMENT_WORDS;
    },
  });
  const recordLinks = createRecordLinks(database);
  const stores = new Map(RECORD_TYPES.map((type) => [type.table, createRecordStore(database, type, type.documentFields.length ? (record) => documents.render(record, type.documentFields) : undefined)]));
  /** A record was written: what this process keeps of it is forgotten, and the host drops the pages that showed it (here and on the other instances). */
  async function written(event: ChangeEvent): Promise<void> {
    forgetTexts(event.entity, event.id);
    await host.changed?.(event);
  }
  /** After a change of a record others link to: their HTML is made anew, and pages showing them are dropped. */
  async function renderLinksTo(event: ChangeEvent): Promise<void> {
    const type = RECORD_TYPES.find((candidate) => candidate.table === event.entity);
    if (!type || type.publicPath === undefined || !event.id) return;
    // Who links to it, from the links' table (domain/shared/record-links.ts): one read of its key.
    for (const [table, linking] of await recordLinks.linkingTo(`${type.name}/${event.id}`)) {
      const store = stores.get(table);
      for (const id of store ? await store.renderAgain(linking) : []) await written({ entity: table, action: 'update', id, summary: 'links rendered anew' });
    }
  }
  const records = Object.fromEntries(
    RECORD_TYPES.map((type) => [type.name, createRecordService(type, stores.get(type.table)!, environment, views, versions, publishing)]),
  ) as unknown as RecordServices;
  /**
   * A record was written (here, or on another instance: server/change-listener.ts): the translation
   * status reads its texts again. Without a table (a change that cannot be read), every record's.
   */
  function forgetTexts(table?: string, id?: string): void {
    for (const type of RECORD_TYPES) if (!table || type.table === table) records[type.name as keyof RecordServices].forgetTexts(table ? id || undefined : undefined);
  }

  /** Writes the counted views, one statement per record type; on failure they wait for the next try. */
  async function flushViews(): Promise<void> {
    const taken = views.take();
    try {
      for (const [table, counts] of taken) {
        await stores.get(table)?.addToCounter('views', counts);
        taken.delete(table);
      }
    } catch (error) {
      views.giveBack(taken);
      throw error;
    }
  }
  const contactStore = createRecordStore(database, contactEntity);
  const outbox = createOutbox(database);
  const limitSecret = sharedSecret(database, 'contact-limit');
  // One client: an IPv4 address or an IPv6 /64 (domain/shared/request-limit.ts).
  const clientKeyOf = async (address: string) => createHmac('sha256', await limitSecret()).update(clientNetwork(address)).digest('base64url').slice(0, 32);

  /** Where each uploaded image is shown: every field of every record, and the site configuration. */
  async function mediaUsage(): Promise<Map<string, ImageUse[]>> {
    const uses = new Map<string, ImageUse[]>();
    const add = (key: string, use: ImageUse) => uses.set(key, [...(uses.get(key) ?? []), use]);
    const defaultLanguage = await languages.defaultLanguage();
    for (const type of RECORD_TYPES) {
      for (const record of await stores.get(type.table)!.list({ conditions: [] })) {
        const title = pickText(record[type.admin.titleField] as Localized | string | undefined, defaultLanguage);
        for (const field of Object.keys(type.fields)) {
          // A picture in a document is named with its language (content.ru).
          if (type.documentFields.includes(field)) {
            for (const [lang, doc] of Object.entries((record[field] ?? {}) as Record<string, unknown>)) for (const key of imageKeysIn(doc)) add(key, { type: type.name, _id: record._id, title, field: `${field}.${lang}` });
            continue;
          }
          for (const key of imageKeysIn(record[field])) add(key, { type: type.name, _id: record._id, title, field });
        }
      }
    }
    // The configuration names the section and field (offices.0.image), not just the section.
    const walk = (value: unknown, path: string) => {
      if (value && typeof value === 'object') {
        for (const [name, inner] of Object.entries(value)) walk(inner, path ? `${path}.${name}` : name);
      } else {
        for (const key of imageKeysIn(value)) add(key, { type: 'site-config', _id: '', title: '', field: path });
      }
    };
    walk(await siteConfig.get(), '');
    return uses;
  }
  const siteConfig = createSiteConfigService(database, environment, versions);
  // What the alerts read of the site: its languages, topics (practice areas), name and addresses.
  const alertSite = {
    languages: async () => (await languages.list({ admin: false })).map((language) => String(language.code)),
    // Practice areas, then industries (API-3.md: an article's topics and a subscription's hold both).
    topics: async (language: string) => {
      const [practices, industries] = await Promise.all([records.services.list({ lang: language, admin: false }), records.industries.list({ lang: language, admin: false })]);
      return [
        ...practices.map((service) => ({ _id: service._id, title: pickText(service.title, language), group: 'services' as const })),
        ...industries.map((industry) => ({ _id: industry._id, title: pickText(industry.title, language), group: 'industries' as const })),
      ];
    },
    siteName: async (language: string) => pickText((await siteConfig.get()).companyName, language),
    pageUrl: async (language: string, path: string) => host.publicUrl + localePath(path, language, await languages.defaultLanguage()),
  };
  const subscriptions = createSubscriptions(database, {
    ...alertSite,
    // A confirmation is awaited by the person who just asked: it goes before the alerts (start.ts).
    mail: async (message, about) => {
      await outbox.enqueue('mail-first', message, about);
    },
    mailReady: Boolean(host.mail),
    clientKey: clientKeyOf,
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
    mail: async (message, about) => {
      await outbox.enqueue('mail-first', message, about);
    },
    // Not an edit of the event (nothing in the activity log): its pages say how many places are left.
    placesChanged: async (eventId) => {
      await host.changed?.({ entity: 'events', action: 'update', id: eventId, summary: 'registrations changed' });
    },
    async event(id) {
      const event = await records.events.get(id, { admin: false }).catch(() => undefined);
      return event && { _id: event._id, title: pickText(event.title, await languages.defaultLanguage()), startsAt: event.startsAt, endsAt: event.endsAt, registrationClosesAt: event.registrationClosesAt, capacity: event.capacity };
    },
    async facts(eventId, language, cancelUrl) {
      // The admin's read: the link to join is not in a visitor's read, and only these e-mails carry it.
      const [event, config] = await Promise.all([records.events.get(eventId, { admin: true }).catch(() => undefined), siteConfig.get()]);
      if (!event) return undefined;
      const defaultLanguage = await languages.defaultLanguage();
      const text = (value: unknown) => pickText(value as Parameters<typeof pickText>[0], language, defaultLanguage);
      const zone = host.timeZone ?? 'Asia/Tashkent';
      const format = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : language.startsWith('uz') ? 'uz-Latn' : language, { timeZone: zone, dateStyle: 'long', timeStyle: 'short' });
      return {
        id: event._id,
        title: text(event.title),
        description: text(event.description),
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        venue: event.mode === 'online' ? '' : text(event.venue),
        onlineUrl: event.mode === 'offline' ? '' : event.onlineUrl,
        pageUrl: await alertSite.pageUrl(language, `/events/${event.slug}`),
        cancelUrl,
        when: `${format.format(new Date(event.startsAt))} (${zone})`,
        host: new URL(host.publicUrl).hostname,
        // Every saved change of the event raises its version: a calendar takes the entry sent after it as the newer one.
        sequence: Math.max(0, Number(event.version ?? 1) - 1),
        organizer: { name: text(config.companyName), email: config.contactInfo.email },
      };
    },
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
    publicLanguages: async () => (await languages.list({ admin: false })).map((language) => String(language.code)),
    needsApproval: publishing.needsApproval,
    approved: (type, id, version) => reviews.publicApproved(type.name, id, version),
  });
  const recordChecks = createRecordChecks({
    database,
    types: RECORD_TYPES,
    storeOf: (type) => stores.get(type.table)!,
    read: (type, id, draft) => (draft ? serviceOf(type).draft(id) : serviceOf(type).get(id, { admin: true })),
    publicLanguages: async () => (await languages.list({ admin: false })).map((language) => String(language.code)),
    defaultLanguage: () => languages.defaultLanguage(),
    siteConfig: () => siteConfig.get(),
    publicPathOf,
    publicUrl: host.publicUrl,
  });
  // Asked on every served article page, cached or not: decided once.
  const countingTables = new Set(RECORD_TYPES.filter((type) => type.countsViews).map((type) => type.table));

  const contacts = createContactService(contactStore, environment, clientKeyOf, async () => {
    const [config, defaultLanguage] = await Promise.all([siteConfig.get(), languages.defaultLanguage()]);
    return { ...config.privacy, defaultLanguage };
  }, async (request, privacy) => {
    host.contactReceived?.(request);
    if (!host.telegram) return;
    // The firm's switches (site configuration) narrow what the server is set up for, never widen it.
    if (!privacy.telegramRequests) return;
    const personalData = host.telegram.personalData && privacy.telegramPersonalData;
    const text = contactMessage(request, { language: privacy.defaultLanguage, personalData, publicUrl: host.publicUrl });
    await outbox.enqueue('telegram', { text }, `contacts/${request._id}`).catch((error: unknown) => log.error({ err: error }, 'could not queue the Telegram message (the request is stored)'));
  }, async (ids) => {
    await activity.forget('contacts', ids);
    await outbox.forget(ids.map((id) => `contacts/${id}`));
  }, async (ids) => {
    await intakeDocuments.removeFor(ids);
  });

  /** Every name a new matter is checked against, as stored now. */
  async function knownNow() {
    const defaultLanguage = await languages.defaultLanguage();
    const [earlier, matters] = await Promise.all([contacts.earlierRequests(), records.matters.list({ admin: true, lang: defaultLanguage })]);
    return knownParties(earlier, matters, '', (title) => pickText(title, defaultLanguage), host.timeZone ?? 'Asia/Tashkent');
  }

  return {
    database,
    storage,
    log,
    forgetTexts,
    publicUrl: host.publicUrl,
    timeZone: host.timeZone ?? 'Asia/Tashkent',
    environment,
    auth,
    reviews,
    activity,
    languages,
    /** One service per record type of the registry: records.news, records.team, … */
    records,
    flushViews,
    /** Deleted records that can come back, newest first. */
    trash: () =>
      versions.trash((typeName, data) => {
        const type = recordTypeNamed(typeName);
        return type ? pickText(data[type.admin.titleField] as Localized | string | undefined, DEFAULT_LANGUAGE) : '';
      }),
    /** A visitor (not a crawler: the host checks) opened a public page; `referer` as the browser sent it. */
    /** `source`: what the firm's own link said (`email`, `telegram`): counted as where the visitor came from. */
    countVisit(path: string, referer: string | undefined, source?: string): void {
      const first = path.split('/')[1] ?? '';
      visits.count({ path, lang: /^[a-z]{2,3}(-[a-z]{2,4})?$/i.test(first) ? first : '', referrer: source ?? referrerHost(referer) });
    },
    /** Writes the counted visits (every few seconds, and before the process stops). */
    async flushVisits(): Promise<void> {
      await visits.flush(await pageLanguageResolver());
    },
    /** Visits of the last `days` days for the analytics screen. */
    visitReport: (days: number) => visits.report(days),
    /** A visitor saw the page of `table/id` (from COUNTED_VIEW_HEADER): counted if that is a record that counts views. */
    countView(key: string): void {
      const [table, id] = key.split('/');
      if (countingTables.has(table) && isId(id ?? '')) views.count(table, id);
    },
    /**
     * After the way search texts are made changed (SEARCH_TEXT_VERSION), writes them anew for every
     * table still on an older version; once, by one instance. Answers how many rows it wrote.
     */
    async refreshDerivedColumns(): Promise<number> {
      return database.exclusively('derived-columns', async () => {
        let written = 0;
        const done = new Map((await database.db.selectFrom('derived_versions').select(['table_name', 'version']).execute()).map((row) => [String(row.table_name), Number(row.version)]));
        for (const store of [...stores.values(), contactStore]) {
          const { table } = store.definition;
          if (!store.definition.derive || (done.get(table) ?? 0) >= SEARCH_TEXT_VERSION) continue;
          written += await store.rederive();
          forgetTexts(table);
          await database.db
            .insertInto('derived_versions')
            .values({ table_name: table, version: SEARCH_TEXT_VERSION })
            .onConflict((conflict) => conflict.column('table_name').doUpdateSet({ version: SEARCH_TEXT_VERSION }))
            .execute();
        }
        return written;
      });
    },
    /** The site's search over news, blog posts, services and lawyers (API-2.md "Search"). */
    siteSearch: createSiteSearch({ service: serviceOf, defaultLanguage: () => languages.defaultLanguage(), pathOf: localePath }),
    /** The service of any registered type, for code that walks the registry. */
    recordService: serviceOf,
    contacts,
    /** What a visitor typed into a no-JavaScript form the server refused for its file, for the page it returns to. */
    keptForms: createKeptForms(database),
    /** Clients' documents sent through one-time links, and applications' CVs (API-3.md "Intake"). */
    intakeDocuments,
    /**
     * A new matter's possible conflicts (API-3.md "Intake"): its company and other parties among
     * earlier requests' senders and parties, matters' clients (every language of a client's name)
     * and matters' other sides; the most serious first.
     */
    async conflictsOf(request: Record<string, unknown> & { _id: string }): Promise<Conflict[]> {
      if (request.kind !== 'matter') return [];
      return conflictsOfRequest(request, (await knownNow()).filter((party) => party._id !== request._id));
    },
    /** How many possible conflicts each new matter among `requests` has (the inbox's rows), the names read once. */
    async conflictCounts(requests: Array<Record<string, unknown> & { _id: string }>): Promise<Map<string, number>> {
      const matters = requests.filter((request) => request.kind === 'matter');
      const counts = new Map<string, number>();
      if (!matters.length) return counts;
      const known = await knownNow();
      for (const request of matters) counts.set(request._id, (await conflictsOfRequest(request, known.filter((party) => party._id !== request._id))).length);
      return counts;
    },
    /** Messages to the firm's chat and e-mails to subscribers, kept until sent. */
    outbox,
    /** Subscriptions to the firm's legal alerts (API-3.md "Alerts"). */
    subscriptions,
    registrations,
    /** Alerts out: what became public with `notify`, queued once per subscriber (see start.ts). */
    alerts,
    /** Posts to the firm's Telegram channels, one per article and language. */
    channelPosts,
    siteConfig,
    media: createMediaService(database, storage, environment.changed, mediaUsage),
    /** Redirects from old addresses, and the addresses that answered 404. */
    redirects,
    /** Signed links to a record's page as saved, for a partner to read before it goes live. */
    previews: createPreviewLinks(database, RECORD_TYPES, {
      recordService: serviceOf,
      defaultLanguage: () => languages.defaultLanguage(),
      record: (event) => activity.record(event),
    }),
    /**
     * An outside reviewer's decision through their link (app/routes/site/preview.tsx): an opinion
     * kept in the review's history, never the approval, taken only while the record is in review.
     * The person asked is told (by e-mail, and Telegram when set up); nobody asked: whoever made
     * the link.
     */
    async decideOutside(target: { type: string; id: string; reviewer: OutsideReviewer }, decision: 'approve' | 'request_changes', comment: string) {
      const decided = await reviews.outside(target.type, target.id, decision, target.reviewer, comment);
      if (typeof decided === 'string') return decided;
      const type = recordTypeNamed(target.type);
      if (!type) return decided;
      const told = decided.assignee ? await auth.getUser(decided.assignee).catch(() => undefined) : undefined;
      const to = told?.email ?? (await auth.getUser(target.reviewer.madeBy._id).catch(() => undefined))?.email ?? target.reviewer.madeBy.email;
      const [language, record] = await Promise.all([languages.defaultLanguage(), serviceOf(type).get(target.id, { admin: true })]);
      const message = outsideOpinionMessage(
        {
          decision,
          reviewer: target.reviewer,
          title: pickText(record[type.admin.titleField] as Localized | string | undefined, language).slice(0, 200),
          kind: pickText(type.admin.one, language) || type.label,
          comment: comment || undefined,
          url: `${host.publicUrl}/admin/${type.name}/${target.id}/edit`,
        },
        language,
      );
      host.reviewAssigned?.({ to, ...message });
      if (host.telegram && told?.telegramChatId) await outbox.enqueue('telegram', { text: message.text, chatId: told.telegramChatId }, `reviews/${type.name}/${target.id}`);
      return decided;
    },
    /**
     * What came back to this person in the last 30 days, newest first (the dashboard): an approver's
     * decision on what they sent for review or whose copy they saved, and an outside reviewer's
     * opinion on what they were asked to review, sent, or made the reviewer's link for.
     */
    async reviewNews(userId: string): Promise<Array<{ type: string; id: string; action: 'approve' | 'request_changes'; by: { name: string; email: string; outside: boolean }; at: string; comment?: string }>> {
      const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
      const news = [];
      for (const { type, id, review } of await reviews.since(since)) {
        const author = await authorOf(type, id, review);
        for (const step of review.history) {
          if ((step.action !== 'approve' && step.action !== 'request_changes') || step.at < since || !step.by) continue;
          const mine = step.by.outside ? author === userId || review.assignee === userId || step.by.askedBy === userId : author === userId && step.by._id !== userId;
          if (mine) news.push({ type, id, action: step.action, by: { name: step.by.name ?? '', email: step.by.email, outside: Boolean(step.by.outside) }, at: step.at, ...(step.comment ? { comment: step.comment } : {}) });
        }
      }
      return news.sort((a, b) => b.at.localeCompare(a.at)).slice(0, 20);
    },
    /** Interface texts not saved yet, held while a page renders with them (POST /api/languages/preview). */
    textPreviews: createTextPreviews(),
    /** What records should have fixed before they are published, and the site's report (API-3.md "Checks before publishing"). */
    checks: recordChecks,
    /** Comments on records, their fields and languages (API-3.md). */
    comments: createComments(database),
    /** Scheduled publishing: what comes next, and the moments that came (see start.ts). */
    schedule: createScheduleWatcher(database, RECORD_TYPES, environment, {
      due: (until) => workingCopies.due(until),
      apply: async (type, id) => {
        await records[type as RecordTypeName].publishDraft(id, undefined, { due: true });
      },
      forget: async (type, id, why) => {
        log.warn({ type, id, reason: why instanceof Error ? why.message : String(why) }, 'a working copy due now could not be published (the record changed since it was made, or its approval no longer stands); it waits in the form');
        await workingCopies.applyAt(type, id, null);
      },
    }),
  };
}

export type DomainServices = ReturnType<typeof createDomainServices>;
