import { SITE_PAGES } from '../../domain/site/site-pages.ts';
import type { TestApp } from './test-app.ts';

/**
 * Every public page the site plan declares (domain/site/site-pages.ts), as an address in the
 * default language: each fixed page without a token, each record type's list page, and one
 * public record's page of each type with record pages (the first its public list answers). The
 * pages of signed links come from `tokenPageVisits`, in each of their states. A new page in the
 * plan is checked by the tests that read this list (axe-core, the Nu checker) without editing them.
 */
async function plannedPages(app: TestApp): Promise<string[]> {
  const paths: string[] = [];
  for (const page of SITE_PAGES) {
    if (page.detail && page.type) {
      const [record] = (await app.api(`/api/${page.type}?limit=1`)).body.data as Array<{ slug?: string; _id: string }>;
      if (!record) throw new Error(`The demo content has no public ${page.type} for ${page.path}`);
      paths.push(`/${page.path.replace(':key', record.slug || record._id)}`);
    } else if (!page.path.includes(':')) {
      paths.push(`/${page.path}`);
    }
  }
  return paths;
}

/**
 * States of planned pages every check walks too: the people finder with filters chosen (a practice,
 * a language: the demo's corporate lawyer speaks English), and with a choice that finds no one.
 */
const PAGE_STATES = ['/team?practice=corporate&industry=&language=en', '/team?language=fr'];

/** The planned pages, their states and, after them, the `extra` addresses not among them (other languages, a query's states, a 404). */
export async function pagesToCheck(app: TestApp, extra: readonly string[]): Promise<string[]> {
  return [...new Set([...(await plannedPages(app)), ...PAGE_STATES, ...extra])];
}
