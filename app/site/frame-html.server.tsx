import { renderToString } from 'react-dom/server';
import { createTranslator } from '../i18n/translator.ts';
import { FooterContent } from './footer.tsx';
import { MenuSearchContent, PhoneActionsContent, TopBarContent } from './header.tsx';
import { buildSite, SiteProvider } from './site-context.tsx';
import type { SiteData } from './site-data.server.ts';

/*
 * The footer, the phone bar and the header's top bar and menu search are the same on every page of
 * a language until the firm changes what they show (its configuration, the language's texts, the
 * services and pages they link), yet they were two fifths of an article page's elements and
 * rendered on every uncached page. Their contents are rendered here once per language and what
 * they show, and the pages put that HTML inside their own elements (React renders the same bytes:
 * tests/site/frame-html.test.ts). What marks the page itself (the current link, the language
 * switcher's addresses of this page) is rendered with each page.
 * Public pages are never hydrated, so nothing in the browser renders them again.
 */

export interface FrameHtml {
  footer: string;
  phoneBar: string;
  /** The header's parts that are the same on every page: its top bar and the menu's search form. */
  topBar: string;
  menuSearch: string;
}

/** Languages × versions of what the frame shows: a few at a time; the least recently used go first. */
const KEPT_FRAMES = 32;
const kept = new Map<string, FrameHtml>();

/** A number for each object kept in memory and never changed (the frozen configuration, a language's texts). */
const ids = new WeakMap<object, number>();
let lastId = 0;
function idOf(value: object): number {
  let id = ids.get(value);
  if (id === undefined) {
    lastId += 1;
    id = lastId;
    ids.set(value, id);
  }
  return id;
}

/**
 * The frame's HTML for a page with `data` (without it, undefined: unsaved texts previewed are
 * rendered each time). The configuration is kept frozen and replaced when saved, and a language's
 * texts replaced when saved: both are known by identity; the linked services and pages by value.
 */
export function frameHtml(data: Omit<SiteData, 'frame'>): FrameHtml | undefined {
  if (data.textPreview || !Object.isFrozen(data.config)) return undefined;
  const key = [data.lang, data.defaultLanguage, data.year, data.timeZone, idOf(data.config), idOf(data.translations), data.pageSlugs.join('\n'), JSON.stringify(data.footerServices)].join('\u0000');
  const found = kept.get(key);
  if (found) {
    kept.delete(key);
    kept.set(key, found);
    return found;
  }
  const site = buildSite(data, createTranslator(data.lang, data.defaultLanguage, data.translations));
  const inSite = (content: React.ReactNode) => renderToString(<SiteProvider value={site}>{content}</SiteProvider>);
  const frame = { footer: inSite(<FooterContent />), phoneBar: inSite(<PhoneActionsContent />), topBar: inSite(<TopBarContent />), menuSearch: inSite(<MenuSearchContent />) };
  if (kept.size >= KEPT_FRAMES) kept.delete(kept.keys().next().value!);
  kept.set(key, frame);
  return frame;
}
