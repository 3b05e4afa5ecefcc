import { localePath, pickText, type Localized } from '../shared/localized.ts';
import type { SubscriptionHost } from './subscriptions.ts';

/** Where the site's languages, topics and name are read. */
interface SiteSources {
  publicLanguages(): Promise<string[]>;
  defaultLanguage(): Promise<string>;
  /** A type's public records in a language (practice areas, industries). */
  list(type: 'services' | 'industries', language: string): Promise<Array<{ _id: string; title: Localized }>>;
  companyName(): Promise<Localized>;
  publicUrl: string;
}

/** What the alerts, subscriptions, registrations and clients' upload links read of the site: its languages, topics (practice areas), name and addresses. */
export type AlertSite = Pick<SubscriptionHost, 'languages' | 'topics' | 'siteName' | 'pageUrl'>;

export function createAlertSite(sources: SiteSources): AlertSite {
  return {
    languages: () => sources.publicLanguages(),
    // Practice areas, then industries (API-3.md: an article's topics and a subscription's hold both).
    topics: async (language) => {
      const [practices, industries] = await Promise.all([sources.list('services', language), sources.list('industries', language)]);
      return [
        ...practices.map((service) => ({ _id: service._id, title: pickText(service.title, language), group: 'services' as const })),
        ...industries.map((industry) => ({ _id: industry._id, title: pickText(industry.title, language), group: 'industries' as const })),
      ];
    },
    siteName: async (language) => pickText(await sources.companyName(), language),
    pageUrl: async (language, path) => sources.publicUrl + localePath(path, language, await sources.defaultLanguage()),
  };
}
