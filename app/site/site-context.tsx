import { createContext, useContext } from 'react';
import { localePath, pickText, type Localized } from '../../domain/shared/localized.ts';
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

/** Made once per language and zone: building a date format costs about a quarter of a millisecond. */
const DATE_FORMATS = new Map<string, Intl.DateTimeFormat>();
function dateFormatOf(lang: string, timeZone: string, withTime = false): Intl.DateTimeFormat {
  const key = `${lang} ${timeZone} ${withTime}`;
  let format = DATE_FORMATS.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { year: 'numeric', month: 'long', day: 'numeric', ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}), timeZone });
    if (DATE_FORMATS.size < 100) DATE_FORMATS.set(key, format);
  }
  return format;
}

/** Days as shown, per language and zone: pages show the same few hundred dates again and again (formatting one costs ~20 µs). */
const SHOWN_DAYS = new Map<string, string>();

export function buildSite(data: SiteData, t: Translate): Site {
  const dateFormat = dateFormatOf(data.lang, data.timeZone);
  const dateTimeFormat = dateFormatOf(data.lang, data.timeZone, true);
  const site: Omit<Site, keyof SiteData> = {
    t,
    text: (value) => pickText(value, data.lang, data.defaultLanguage),
    href: (path) => localePath(path, data.lang, data.defaultLanguage),
    formatDate: (iso) => {
      const key = `${data.lang} ${data.timeZone} ${iso}`;
      let shown = SHOWN_DAYS.get(key);
      if (shown === undefined) {
        const date = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
        shown = Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
        if (SHOWN_DAYS.size >= 5000) SHOWN_DAYS.clear();
        SHOWN_DAYS.set(key, shown);
      }
      return shown;
    },
    formatDateTime: (iso) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
    },
    formatDateTimeRange: (from, to) => {
      const [start, end] = [new Date(from), new Date(to)];
      return Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) ? `${from} – ${to}` : dateTimeFormat.formatRange(start, end);
    },
  };
  // The loader's data keeps its properties out of enumeration (forThePageOnly): copied with their descriptors, not spread.
  return Object.assign(Object.create(Object.prototype, Object.getOwnPropertyDescriptors(data)), site);
}
