import { ITEM_PROBLEMS, type Release, type ReleaseReadiness, type ReleaseState } from '../../domain/releases/release-schema.ts';
import { useAdmin, type AdminT } from './admin-context.tsx';
import { isAdminTextKey } from './admin-texts.ts';
import { ApiError } from './api.ts';
import { Badge } from './ui.tsx';

/*
 * What the release screens share (API-4.md "Releases, the calendar and bulk actions"): the shapes
 * the API answers, a state in words and colour, and why an item would not go out, in the admin's
 * language (the API's sentences are English; its codes are said here).
 */

export type { Release };
export type ShownRelease = Release & { readiness: ReleaseReadiness[] };
export type ItemProblem = ReleaseReadiness['problems'][number];

const TONES: Record<ReleaseState, 'blue' | 'amber' | 'green' | 'red'> = { open: 'blue', scheduled: 'amber', published: 'green', failed: 'red' };

/** Open, scheduled, published or failed: in words, and in colour. */
export function StateBadge({ state, t }: { state: ReleaseState; t: AdminT }) {
  return (
    <span data-state={state}>
      <Badge tone={TONES[state]}>{t(`release.state.${state}`)}</Badge>
    </span>
  );
}

/** One problem of an item in words (checks_failed introduces the list of checks shown after it). */
export function problemWords(problem: { code: string; lang?: string }, t: AdminT): string {
  const lang = problem.lang?.toUpperCase() ?? '';
  if (problem.code === 'checks_failed') return t('release.problem.checks_failed', { lang: lang ? ` (${lang})` : '' });
  const key = `release.problem.${problem.code}`;
  return isAdminTextKey(key) ? t(key, { lang }) : problem.code;
}

/** A refused publish (422, 403, 409): each detail's problem by the item it names (`items.N`). */
export function refusedItems(caught: unknown): Map<number, ItemProblem[]> {
  const refused = new Map<number, ItemProblem[]>();
  if (!(caught instanceof ApiError)) return refused;
  for (const detail of caught.details) {
    const match = /^items\.(\d+)$/.exec(detail.path);
    if (!match) continue;
    const params = detail.params ?? {};
    const code = ITEM_PROBLEMS.find((known) => known === detail.code);
    if (!code) continue;
    const index = Number(match[1]);
    const codes = typeof params.codes === 'string' ? params.codes.split(',') : undefined;
    refused.set(index, [...(refused.get(index) ?? []), { code, message: detail.message, ...(typeof params.lang === 'string' ? { lang: params.lang } : {}), ...(codes ? { codes } : {}) }]);
  }
  return refused;
}

/** The languages a release puts out: each item's own, else every public language. */
export function languagesOf(release: Release, publicLanguages: readonly string[]): string[] {
  const chosen = new Set<string>();
  for (const item of release.items) {
    if (item.action !== 'publish') continue;
    for (const lang of item.languages ?? publicLanguages) chosen.add(lang);
  }
  return [...chosen];
}

/** Why a scheduled release failed, as the server wrote it (English): folded, for whoever reads it. */
export function ServerWords({ reason }: { reason: string | null }) {
  const { t } = useAdmin();
  if (!reason) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-medium">{t('release.serverWords')}</summary>
      <p lang="en" className="mt-1 [overflow-wrap:anywhere]">
        {reason}
      </p>
    </details>
  );
}
