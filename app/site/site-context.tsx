import { createContext, useContext } from 'react';
import { localePath, pickText, type Localized } from '../../domain/shared/localized.ts';
import { formatHumanDate, formatHumanRange } from '../i18n/dates.ts';
import type { Translate } from '../i18n/translator.ts';
import type { SiteData } from './site-data.server.ts';

export interface Site extends SiteData {
  t: Translate;
  /** The text of a multilingual field in the page's language, with fallback. */
  text: (value: Localized | string | null | undefined) => string;
  /** A site path in the page's language: /news in the default language, /ru/news in Russian. */
  href: (path: string) => string;
  formatDate: (iso: string) => string;
  /** A moment as the firm's clock shows it: "5 December 2026, 10:00" (events). */
  formatDateTime: (iso: string) => string;
  /** From one moment to another, the shared parts said once: "17 December 2026, 10:00–12:00". */
  formatDateTimeRange: (from: string, to: string) => string;
}

const SiteContext = createContext<Site | null>(null);
export const SiteProvider = SiteContext.Provider;

export function useSite(): Site {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite outside the site layout');
  return site;
}

/** Days as shown, per language and zone: pages show the same few hundred dates again and again (formatting one costs ~20 µs). */
const SHOWN_DAYS = new Map<string, string>();

export function buildSite(data: SiteData, t: Translate): Site {
  const site: Omit<Site, keyof SiteData> = {
    t,
    text: (value) => pickText(value, data.lang, data.defaultLanguage),
    href: (path) => localePath(path, data.lang, data.defaultLanguage),
    formatDate: (iso) => {
      const key = `${data.lang} ${data.timeZone} ${iso}`;
      let shown = SHOWN_DAYS.get(key);
      if (shown === undefined) {
        // A date-only value is that day, without a time and not moved by the zone (app/i18n/dates.ts).
        shown = formatHumanDate(iso, data.lang, data.timeZone);
        if (SHOWN_DAYS.size >= 5000) SHOWN_DAYS.clear();
        SHOWN_DAYS.set(key, shown);
      }
      return shown;
    },
    formatDateTime: (iso) => formatHumanDate(iso, data.lang, data.timeZone, true),
    formatDateTimeRange: (from, to) => formatHumanRange(from, to, data.lang, data.timeZone),
  };
  // The loader's data keeps its properties out of enumeration (forThePageOnly): copied with their descriptors, not spread.
  return Object.assign(Object.create(Object.prototype, Object.getOwnPropertyDescriptors(data)), site);
}
