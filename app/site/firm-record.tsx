import { ExternalLink } from './lucide.ts';
import type { Localized } from '../../domain/shared/localized.ts';
import { DocumentBody } from './document-body.tsx';
import { Picture } from './picture.tsx';
import { useSite } from './site-context.tsx';

/** A matter as a public list shows it: the client only as consented (else the anonymous words). */
export interface ShownMatter {
  _id: string;
  title: Localized;
  client: Localized;
  year: number;
  value: string;
  html: string;
  lawyers: Array<{ slug: string; name: Localized }>;
}

export interface ShownRanking {
  _id: string;
  guide: string;
  edition: number;
  practice: Localized;
  tier: string;
  sourceUrl: string;
  logo: string;
  lawyer?: { slug: string; name: Localized };
}

/** The firm's disclaimer, under every list of matters (and the home page's past results). */
export function MattersDisclaimer() {
  const { text, config } = useSite();
  return (
    <p role="note" className="mt-6 border-l-4 border-accent-500 bg-slate-50 px-4 py-3 text-sm text-slate-700">
      {text(config.legal.mattersDisclaimer)}
    </p>
  );
}

/** Matters as cards, with the disclaimer under them; `heading` is the level of each matter's title. */
export function MatterList({ matters, heading = 'h3' }: { matters: ShownMatter[]; heading?: 'h2' | 'h3' }) {
  const { text, t, href } = useSite();
  const Title = heading;
  return (
    <>
      <ul className="grid gap-6 md:grid-cols-2">
        {matters.map((matter) => {
          const client = text(matter.client);
          return (
            <li key={matter._id} id={`matter-${matter._id}`} className="flex scroll-mt-24 flex-col rounded-xl border border-slate-200 p-6">
              <p className="text-sm text-slate-600">
                {matter.year}
                {matter.value && ` · ${matter.value}`}
              </p>
              <Title className="mt-1 text-lg font-semibold text-brand-900">{text(matter.title)}</Title>
              {client && (
                <p className="mt-2 text-sm text-slate-700">
                  <span className="font-semibold">{t('matters.client')}:</span> {client}
                </p>
              )}
              <DocumentBody html={matter.html} className="mt-3 text-slate-700" />
              {matter.lawyers.length > 0 && (
                <p className="mt-4 text-sm text-slate-700">
                  <span className="font-semibold">{t('matters.lawyers')}:</span>{' '}
                  {matter.lawyers.map((lawyer, index) => (
                    <span key={lawyer.slug}>
                      {index > 0 && ', '}
                      <a href={href(`/team/${lawyer.slug}`)} className="text-brand-700 underline-offset-4 hover:underline">
                        {text(lawyer.name)}
                      </a>
                    </span>
                  ))}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <MattersDisclaimer />
    </>
  );
}

/** A page's section of matters (a service's, an industry's, a lawyer's), with a link to all of them. */
export function MattersSection({ matters, filter }: { matters: ShownMatter[]; filter?: string }) {
  const { t, href } = useSite();
  if (!matters.length) return null;
  return (
    <section aria-labelledby="matters" className="mt-12">
      <h2 id="matters" className="mb-4 text-2xl font-bold text-brand-900">
        {t('matters.selected')}
      </h2>
      <MatterList matters={matters} />
      <a href={`${href('/matters')}${filter ?? ''}`} className="mt-4 inline-block font-semibold text-brand-700 underline-offset-4 hover:underline">
        {t('matters.all')}
      </a>
    </section>
  );
}

/** What a `Person`'s or the firm's JSON-LD says of a ranking (`award`). */
export const awardText = (ranking: ShownRanking, text: (value: Localized) => string) => `${ranking.guide} ${ranking.edition}: ${text(ranking.practice)} — ${ranking.tier}`;

/** Rankings as a list of cards, each citing its guide and edition with a link to the source. */
export function RankingList({ rankings, showLawyer = true }: { rankings: ShownRanking[]; showLawyer?: boolean }) {
  const { text, t, href } = useSite();
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {rankings.map((ranking) => (
        <li key={ranking._id} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5">
          {ranking.logo && <Picture src={ranking.logo} alt={ranking.guide} width={64} height={64} sizes="64px" className="h-16 w-16 shrink-0 object-contain" />}
          <div className="min-w-0">
            <p className="text-sm font-semibold uppercase tracking-wide text-accent-700">
              {ranking.guide} {ranking.edition}
            </p>
            <p className="mt-1 font-semibold text-brand-900">{text(ranking.practice)}</p>
            <p className="text-slate-700">{ranking.tier}</p>
            {showLawyer && (
              <p className="mt-1 text-sm text-slate-600">
                {ranking.lawyer ? (
                  <a href={href(`/team/${ranking.lawyer.slug}`)} className="text-brand-700 underline-offset-4 hover:underline">
                    {text(ranking.lawyer.name)}
                  </a>
                ) : (
                  t('rankings.firm')
                )}
              </p>
            )}
            <a href={ranking.sourceUrl} target="_blank" rel="noopener noreferrer" className="mt-2 inline-flex items-center gap-1 text-sm text-brand-700 underline-offset-4 hover:underline">
              {t('rankings.source', { guide: ranking.guide, edition: ranking.edition })}
              <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}
