import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/connection.ts';
import { createActivityService } from '../domain/activity/activity-service.ts';
import { blogEntity } from '../domain/blog/blog-entity.ts';
import { contactEntity } from '../domain/contacts/contact-entity.ts';
import { createContactService } from '../domain/contacts/contact-service.ts';
import { ctaEntity } from '../domain/ctas/cta-entity.ts';
import { featureEntity } from '../domain/features/feature-entity.ts';
import { heroEntity } from '../domain/hero/hero-entity.ts';
import { languageEntity } from '../domain/languages/language-entity.ts';
import { createLanguageService, type LanguageService } from '../domain/languages/language-service.ts';
import { createMediaService } from '../domain/media/media-service.ts';
import type { MediaStorage } from '../domain/media/media-storage.ts';
import { newsEntity } from '../domain/news/news-entity.ts';
import { partnerEntity } from '../domain/partners/partner-entity.ts';
import { serviceEntity } from '../domain/services/service-entity.ts';
import { createRecordService, type ChangeEvent, type ServiceEnvironment } from '../domain/shared/record-service.ts';
import { createRecordStore } from '../domain/shared/record-store.ts';
import { createSiteConfigService } from '../domain/site-config/site-config-service.ts';
import { statEntity } from '../domain/stats/stat-entity.ts';
import { teamEntity } from '../domain/team/team-entity.ts';
import { testimonialEntity } from '../domain/testimonials/testimonial-entity.ts';
import { createAuthService } from '../domain/users/auth-service.ts';
import type { AppConfig } from './config.ts';
import { createResponseCache } from './http/response-cache.ts';
import { createContactMailer } from './contact-mailer.ts';

export const CHANGE_CHANNEL = 'lexsite_changes';

/** Every domain service, built once at start-up and shared by the API and the page loaders. */
export function createAppServices(options: { database: Database; config: AppConfig; storage: MediaStorage; logger: Logger }) {
  const { database, config, storage, logger } = options;
  const cache = createResponseCache();
  const activity = createActivityService(database);
  const changeListeners: Array<() => void> = [];

  // eslint-disable-next-line prefer-const -- assigned once, after the environment that refers to it
  let languages: LanguageService;
  const environment: ServiceEnvironment = {
    defaultLanguage: () => languages.defaultLanguage(),
    async changed(event: ChangeEvent) {
      cache.clear();
      for (const listener of changeListeners) listener();
      if (database.dialect === 'postgres') {
        // Other app instances drop their caches too (see server/change-listener.ts).
        await sql`select pg_notify(${CHANGE_CHANNEL}, ${event.entity})`.execute(database.db).catch((error) => {
          logger.warn({ err: error }, 'could not tell other instances about a change');
        });
      }
      await activity.record(event).catch((error) => logger.error({ err: error }, 'could not record activity'));
    },
  };
  languages = createLanguageService(createRecordStore(database, languageEntity), environment);

  const record = (definition: Parameters<typeof createRecordStore>[1]) => createRecordService(createRecordStore(database, definition), environment);
  const contactStore = createRecordStore(database, contactEntity);

  return {
    config,
    database,
    cache,
    logger,
    environment,
    /** Called when another instance (or this one) changed data. */
    onChange: (listener: () => void) => changeListeners.push(listener),
    auth: createAuthService(database),
    activity,
    languages,
    team: record(teamEntity),
    news: record(newsEntity),
    blog: record(blogEntity),
    partners: record(partnerEntity),
    hero: record(heroEntity),
    services: record(serviceEntity),
    stats: record(statEntity),
    features: record(featureEntity),
    testimonials: record(testimonialEntity),
    ctas: record(ctaEntity),
    contacts: createContactService(contactStore, environment),
    /** Lists of contact requests (admin only) share the record rules for paging and search. */
    contactList: createRecordService(contactStore, environment),
    siteConfig: createSiteConfigService(database, environment),
    media: createMediaService(database, storage, environment.changed),
    storage,
    mailer: createContactMailer(config.smtpUrl, logger),
  };
}

export type AppServices = ReturnType<typeof createAppServices>;
