import { useEffect, useState } from 'react';
import { documentToText, isDocument, type DocNode } from '../../../domain/documents/document.ts';
import { useAdmin } from '../admin-context.tsx';
import { api } from '../api.ts';
import { buttonClass } from '../ui.tsx';

interface Match {
  source: string;
  target: string;
  score: number;
  record: { type: string; id: string };
  updatedAt: string;
  block?: DocNode;
}

/**
 * The translation memory's matches for the source block under the cursor (side-by-side
 * translation, API-4.md "The translation desk"), each with its score; "Insert" puts the stored block
 * (its links by reference kept) in place of the block being translated.
 */
export function MemoryMatches({ source, index, from, to, onInsert }: { source: unknown; index: number; from: string; to: string; onInsert: (block: DocNode) => void }) {
  const { t } = useAdmin();
  const block = isDocument(source) ? source.content[index] : undefined;
  const text = block ? documentToText({ type: 'doc', content: [block] }).trim() : '';
  const [state, setState] = useState<{ text: string; matches: Match[] | null; failed: boolean }>({ text: '', matches: null, failed: false });
  useEffect(() => {
    if (!text) return;
    const controller = new AbortController();
    // A moment's wait: moving the cursor through a document asks once, where it stops.
    const timer = setTimeout(() => {
      api<Match[]>(`/translation-memory?${new URLSearchParams({ from, to, text: text.slice(0, 5000) })}`, { signal: controller.signal })
        .then((answer) => setState({ text, matches: answer.data, failed: false }))
        .catch(() => {
          if (!controller.signal.aborted) setState({ text, matches: null, failed: true });
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, from, to]);
  if (!text) return null;
  const current = state.text === text;
  return (
    <section className="mt-3 rounded-md border border-slate-200 p-2" aria-label={t('memory.title')} data-testid="memory-matches">
      <p className="text-sm font-medium text-slate-800">{t('memory.title')}</p>
      <div aria-live="polite">
        {!current && <p className="text-sm text-slate-600">{t('memory.loading')}</p>}
        {current && state.failed && <p className="text-sm text-red-700">{t('memory.failed')}</p>}
        {current && state.matches?.length === 0 && <p className="text-sm text-slate-600">{t('memory.none')}</p>}
      </div>
      {current && !!state.matches?.length && (
        <ul className="mt-1 space-y-2">
          {state.matches.map((match) => (
            <li key={`${match.record.type}/${match.record.id}/${match.source}/${match.target}`} className="rounded border border-slate-100 bg-slate-50 p-2" data-testid="memory-match">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${match.score === 100 ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}>{t('memory.score', { score: match.score })}</span>
                <button
                  type="button"
                  className={buttonClass.secondary}
                  aria-label={t('memory.insertLabel', { score: match.score, n: index + 1 })}
                  onClick={() => onInsert(match.block ?? { type: 'paragraph', content: [{ type: 'text', text: match.target }] })}
                >
                  {t('memory.insert')}
                </button>
              </div>
              <p className="mt-1 break-words text-sm text-slate-600" lang={from}>
                {match.source}
              </p>
              <p className="mt-1 break-words text-sm text-slate-900" lang={to}>
                {match.target}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
