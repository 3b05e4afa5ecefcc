import { createWorkingCopies } from './publishing/working-copies.ts';
import { createReviews } from './publishing/approval.ts';
import { createPublishingPolicy } from './publishing/policy.ts';
import { createKeptForms } from './contacts/kept-forms.ts';
import { createComments } from './versions/comments.ts';
import { createRecordChecks } from './checks/record-checks.ts';
import { createTextPreviews } from './languages/text-previews.ts';
import { createActivityService } from './activity/activity-service.ts';
import { createRecordStores } from './documents/record-stores.ts';
import type { DomainHost, RecordServices } from './domain-host.ts';
import { createOutreachServices } from './outreach-services.ts';
import { contactEntity } from './contacts/contact-entity.ts';
import { languageEntity } from './languages/language-entity.ts';
import { createLanguageService, type LanguageService } from './languages/language-service.ts';
import { createMediaService } from './media/media-service.ts';
import { createMediaUsage } from './media/media-usage.ts';
import { RECORD_TYPES, recordTypeNamed, type RecordTypeName } from './registry.ts';
import { DEFAULT_LANGUAGE, pickText, type Localized } from './shared/localized.ts';
import { createVersionService } from './versions/version-service.ts';
import { createRecordService, type ChangeEvent, type RecordService, type ServiceEnvironment } from './shared/record-service.ts';
import { createRecordStore } from './shared/record-store.ts';
import { refreshDerivedColumns } from './search/derived-columns.ts';
import { createSiteSearch } from './search/site-search.ts';
import { localePath } from './shared/localized.ts';
import type { RecordType } from './shared/record-type.ts';
import { createSiteConfigService } from './site-config/site-config-service.ts';
import { isId } from './shared/ids.ts';
import { createViewCounter } from './shared/view-counter.ts';
import { createVisitCounter, pageLanguageOf, visitOf } from './visits/visit-counter.ts';
import { createOutbox } from './notifications/outbox.ts';
import { createReviewNotices, type ReviewNotice } from './notifications/review-notices.ts';
import { firmTimeZone } from './shared/time-zone.ts';
import { createScheduleWatcher } from './publishing/scheduling.ts';
import { createPreviewLinks } from './preview/preview-links.ts';
import { createRedirectService } from './redirects/redirect-service.ts';
import { createReleases } from './releases/release-service.ts';
import { releaseHostOf } from './releases/release-host.ts';
import { createAuthService } from './users/auth-service.ts';

export type { DomainHost, ReviewNotice };

/** Every domain service, built once and shared by the API, the page loaders, commands and the seed. */
/** The names of practice areas (services) in the default language; an unknown id is left out. */
async function practiceNames(ids: readonly string[], service: (id: string) => Promise<{ title: unknown }>, defaultLanguage: () => Promise<string>): Promise<string[]> {
  const lang = await defaultLanguage();
  const names = await Promise.all(ids.map((id) => service(id).then((found) => pickText(found.title, lang), () => undefined)));
  return names.filter((name): name is string => Boolean(name));
}

export function createDomainServices(host: DomainHost) {
  const { database, storage, log } = host;
  const timeZone = firmTimeZone(host.timeZone);
  const activity = createActivityService(database);
  const workingCopies = createWorkingCopies(database);
  const reviews = createReviews(database);
  const auth = createAuthService(database, { idleMs: (host.sessionIdleHours ?? 12) * 60 * 60 * 1000, passwordSignIn: host.passwordSignIn?.allowed, providerName: host.passwordSignIn?.providerName, site: { publicUrl: host.publicUrl, name: async () => pickText((await siteConfig.get()).companyName, await languages.defaultLanguage()) } });
  // eslint-disable-next-line prefer-const -- assigned once, after the environment that refers to it
  let languages: LanguageService;
  const environment: ServiceEnvironment = {
    defaultLanguage: () => languages.defaultLanguage(),
    async changed(event) {
      await written(event);
      await activity.record(event).catch((error: unknown) => log.error({ err: error }, 'could not record activity'));
      await renderLinksTo(event, written).catch((error: unknown) => log.error({ err: error }, 'could not render the links to a changed record'));
    },
    pagesChanged: async (event) => {
      await host.changed?.(event);
    },
    // A page's address changed: its old address redirects to the new one.
    pageMoved: (change) => redirects.pageMoved(change),
    renderDocuments: (record, fields, codes) => documents.render(record, fields, codes),
    timeZone,
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
    reviewSubmitted: (type, record, review, actor) => reviewNotices.submitted(type, record, review, actor),
    reviewDecided: (type, record, review, actor) => reviewNotices.decided(type, record, review, actor),
    needsApproval: async () => Boolean((await siteConfig.get()).publishing?.requireApproval),
    blockingChecks: (type, id, values, textSaved) => recordChecks.blocking(type, id, values, textSaved),
    practiceNames: (ids) => practiceNames(ids, (id) => records.services.get(id, { admin: true }), () => languages.defaultLanguage()),
  });
  const redirects = createRedirectService(database, environment.changed);
  languages = createLanguageService(createRecordStore(database, languageEntity), environment);
  const publicLanguages = async () => (await languages.list({ admin: false })).map((language) => String(language.code));

  const views = createViewCounter();
  const visits = createVisitCounter(database, timeZone);
  /** The service of any registered type, for code that walks the registry. */
  const serviceOf = (type: RecordType): RecordService => records[type.name as RecordTypeName] as unknown as RecordService;
  const versions = createVersionService(database);
  // Languages are read once they exist (a record's documents are rendered in them when it is saved).
  const { stores, documents, publicPathOf, storeOf, renderLinksTo } = createRecordStores(database, RECORD_TYPES, { languages: { list: (options) => languages.list(options), defaultLanguage: () => languages.defaultLanguage() }, documentWords: host.documentWords });
  /** A record was written: what this process keeps of it is forgotten, and the host drops the pages that showed it (here and on the other instances). */
  async function written(event: ChangeEvent): Promise<void> {
    forgetTexts(event.entity, event.id);
    await host.changed?.(event);
  }
  const records = Object.fromEntries(
    RECORD_TYPES.map((type) => [type.name, createRecordService(type, storeOf(type), environment, views, versions, publishing)]),
  ) as unknown as RecordServices;
  /**
   * A record was written (here, or on another instance: server/change-listener.ts): the translation
   * status reads its texts again. Without a table (a change that cannot be read), every record's.
   */
  function forgetTexts(table?: string, id?: string): void {
    for (const type of RECORD_TYPES) if (!table || type.table === table) records[type.name as keyof RecordServices].forgetTexts(table ? id || undefined : undefined);
  }

  const contactStore = createRecordStore(database, contactEntity);
  const outbox = createOutbox(database);
  const siteConfig = createSiteConfigService(database, environment, versions);
  const recordChecks = createRecordChecks({
    database,
    types: RECORD_TYPES,
    storeOf,
    read: (type, id, draft) => (draft ? serviceOf(type).draft(id) : serviceOf(type).get(id, { admin: true })),
    publicLanguages,
    defaultLanguage: () => languages.defaultLanguage(),
    siteConfig: () => siteConfig.get(),
    publicPathOf,
    publicUrl: host.publicUrl,
  });
  // Asked on every served article page, cached or not: decided once.
  const countingTables = new Set(RECORD_TYPES.filter((type) => type.countsViews).map((type) => type.table));
  const outreach = { host, outbox, activity, languages, publicLanguages, records, serviceOf, siteConfig, environment, publishing, reviews, contactStore, timeZone };
  const { subscriptions, intakeDocuments, registrations, alerts, channelPosts, contacts, conflicts } = createOutreachServices(outreach);
  const reviewNotices = createReviewNotices({
    users: auth,
    defaultLanguage: () => languages.defaultLanguage(),
    reviews,
    workingCopies,
    read: (type, id) => serviceOf(type).get(id, { admin: true }),
    enqueue: (channel, payload, about) => outbox.enqueue(channel, payload, about),
    send: (notice) => host.reviewAssigned?.(notice),
    telegram: Boolean(host.telegram),
    publicUrl: host.publicUrl,
    timeZone,
  });

  const previews = createPreviewLinks(database, RECORD_TYPES, { recordService: serviceOf, defaultLanguage: () => languages.defaultLanguage(), record: (event) => activity.record(event) });
  const releases = createReleases(releaseHostOf({ host, serviceOf, workingCopies, reviews, publishing, recordChecks, languages, publicLanguages, siteConfig, channelPosts, alerts, outbox, forgetTexts, environment, activity, previews }));

  return {
    database,
    storage,
    log,
    forgetTexts,
    publicUrl: host.publicUrl,
    timeZone,
    environment,
    auth,
    reviews,
    activity,
    languages,
    /** One service per record type of the registry: records.news, records.team, … */
    records,
    /** Writes the counted views, one statement per record type; on failure they wait for the next try. */
    flushViews: () => views.flush(async (table, counts) => stores.get(table)?.addToCounter('views', counts)),
    /** Deleted records that can come back, newest first. */
    trash: () =>
      versions.trash([...new Set(RECORD_TYPES.map((type) => type.admin.titleField))], (typeName, data) => {
        const type = recordTypeNamed(typeName);
        return type ? pickText(data[type.admin.titleField] as Localized | string | undefined, DEFAULT_LANGUAGE) : '';
      }),
    /** A visitor (not a crawler: the host checks) opened a public page; `referer` as the browser sent it; `source`: what the firm's own link said. */
    countVisit: (path: string, referer: string | undefined, source?: string) => visits.count(visitOf(path, referer, source)),
    /** Writes the counted visits (every few seconds, and before the process stops). */
    async flushVisits(): Promise<void> {
      const [active, defaultLanguage] = await Promise.all([publicLanguages(), languages.defaultLanguage()]);
      await visits.flush(pageLanguageOf(active, defaultLanguage));
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
    refreshDerivedColumns: () => refreshDerivedColumns(database, [...stores.values(), contactStore], forgetTexts),
    /** The site's search over news, blog posts, services and lawyers (API-2.md "Search"). */
    siteSearch: createSiteSearch({ service: serviceOf, defaultLanguage: () => languages.defaultLanguage(), pathOf: localePath }),
    /** The service of any registered type, for code that walks the registry. */
    recordService: serviceOf,
    contacts,
    /** What a visitor typed into a no-JavaScript form the server refused for its file, for the page it returns to. */
    keptForms: createKeptForms(database),
    /** Clients' documents sent through one-time links, and applications' CVs (API-3.md "Intake"). */
    intakeDocuments,
    /** A new matter's possible conflicts (API-3.md "Intake"), and how many each of the inbox's rows has. */
    conflictsOf: conflicts.conflictsOf,
    conflictCounts: conflicts.conflictCounts,
    /** Messages to the firm's chat and e-mails to subscribers, kept until sent. */
    outbox,
    /** Subscriptions to the firm's legal alerts (API-3.md "Alerts"). */
    subscriptions,
    registrations,
    /** Alerts out: what became public with `notify`, queued once per subscriber (server/periodic-jobs.ts). */
    alerts,
    /** Posts to the firm's Telegram channels, one per article and language. */
    channelPosts,
    siteConfig,
    media: createMediaService(
      database,
      storage,
      environment.changed,
      createMediaUsage({ types: RECORD_TYPES, storeOf, defaultLanguage: () => languages.defaultLanguage(), siteConfig: () => siteConfig.get() }),
    ),
    /** Redirects from old addresses, and the addresses that answered 404. */
    redirects,
    /** Signed links to a record's page as saved, for a partner to read before it goes live. */
    previews,
    /** Releases: records, languages and channel posts published together, now or at a moment (API-4.md). */
    releases,
    /** An outside reviewer's decision through their link (an opinion, never the approval); who asked is told. */
    decideOutside: reviewNotices.decideOutside,
    /** What came back to this person in the last 30 days, newest first (the dashboard). */
    reviewNews: reviewNotices.news,
    /** Interface texts not saved yet, held while a page renders with them (POST /api/languages/preview). */
    textPreviews: createTextPreviews(),
    /** What records should have fixed before they are published, and the site's report (API-3.md "Checks before publishing"). */
    checks: recordChecks,
    /** Comments on records, their fields and languages (API-3.md). */
    comments: createComments(database),
    /** Scheduled publishing: what comes next, and the moments that came (server/periodic-jobs.ts). */
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
