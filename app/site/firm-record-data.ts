import type { DomainServices } from '../../domain/app-services.ts';
import type { Localized } from '../../domain/shared/localized.ts';
import type { ShownMatter, ShownRanking } from './firm-record.tsx';

/*
 * What the pages show of the firm's record, read through the services a loader (or a preview) is
 * given: no server-only import, so a page module's `pageData` may use it.
 */

/** The most a page shows of matters or rankings beside its own content. */
const SHOWN_BESIDE = 6;

/**
 * Public matters as a list shows them (each summary's HTML as kept at save), with the names of their
 * lawyers; `where` narrows them by service, industry, lawyer or year (the API's list filters).
 */
export async function shownMatters(services: DomainServices, lang: string, where: { service?: string; industry?: string; lawyer?: string; year?: number } = {}, limit?: number): Promise<ShownMatter[]> {
  const found = await services.records.matters.list({ lang, admin: false, ...where, year: where.year === undefined ? undefined : String(where.year) });
  return asShown(services, lang, limit === undefined ? found : found.slice(0, limit));
}

type MatterRecord = Awaited<ReturnType<DomainServices['records']['matters']['list']>>[number];

/** Matters already read (public ones) as a list shows them. */
export async function asShown(services: DomainServices, lang: string, matters: MatterRecord[]): Promise<ShownMatter[]> {
  const names = matters.some((matter) => matter.lawyers.length) ? await lawyerNames(services) : new Map<string, LawyerName>();
  return Promise.all(
    matters.map(async (matter) => ({
      _id: matter._id,
      title: matter.title,
      // The API's visitor view has dropped a client named without consent.
      client: matter.clientConsent ? matter.client : matter.anonymousClient,
      year: matter.year,
      value: matter.value,
      html: await services.records.matters.html(matter, 'summary', lang),
      lawyers: matter.lawyers.flatMap((id) => names.get(id) ?? []),
    })),
  );
}

interface LawyerName {
  slug: string;
  name: Localized;
  position: Localized;
  /** Their photo (an uploaded image's address), or '' while there is none. */
  image: string;
}

/** The public lawyers by id, in one read (a firm has tens of them): names, addresses and positions for the lists that name them. */
export async function lawyerNames(services: DomainServices): Promise<Map<string, LawyerName>> {
  const team = await services.records.team.list({ lang: 'uz', admin: false });
  return new Map(team.map((member) => [member._id, { slug: member.slug, name: member.name, position: member.position, image: member.image || '' }]));
}

/** Public rankings (of the firm and its lawyers, or of one lawyer), newest edition first. */
export async function shownRankings(services: DomainServices, lang: string, lawyer?: string): Promise<ShownRanking[]> {
  const rankings = await services.records.rankings.list({ lang, admin: false, ...(lawyer ? { lawyer } : {}) });
  const names = rankings.some((ranking) => ranking.team) ? await lawyerNames(services) : new Map<string, LawyerName>();
  return rankings.map((ranking) => ({
    _id: ranking._id,
    guide: ranking.guide,
    edition: ranking.edition,
    practice: ranking.practice,
    tier: ranking.tier,
    sourceUrl: ranking.sourceUrl,
    // A guide's logo is shown only under the firm's licence.
    logo: ranking.logoLicensed ? ranking.logo : '',
    lawyer: ranking.team ? names.get(ranking.team) : undefined,
  }));
}

export const besideLimit = SHOWN_BESIDE;
