import { useEffect, useMemo, useRef } from 'react';
import { isDocument } from '../../../domain/documents/document.ts';
import { renderDocument } from '../../../domain/documents/render-html.ts';
import { textsByLanguage } from '../../../domain/shared/translation-state.ts';
import { useAdmin } from '../admin-context.tsx';
import type { Comment as ReviewComment } from '../review-panel.tsx';
import { formatMoment } from '../time-zone.ts';

/* What stands beside a field: its source language's text while it is translated, and the review's comments on it. */

/**
 * A document of the source language as the public page shows it, made by the same renderer
 * (domain/documents/render-html.ts): headings, lists nested and numbered, tables that scroll
 * sideways in their box, bold, italic, links and the footnotes at the end. Block by block: the
 * block the translator's cursor is in is marked and kept in view, so the source of each block
 * stands beside its translation. Its links open in a new tab (the form stays); a footnote's number
 * scrolls to its note.
 */
export function SourceBlocks({ field, label, value, language, current }: { field: string; label: string; value: unknown; language: string; current: number }) {
  const { t } = useAdmin();
  const rendered = useMemo(
    () =>
      isDocument(value)
        ? renderDocument(value, {
            // A page of the site is linked to its record in the admin.
            resolve: (ref) => `/admin/${ref.type}/${ref.id}/edit`,
            words: { contents: '', notes: t('translation.sourceNotes'), backToText: t('translation.sourceBack'), table: t('translation.sourceTable') },
            idPrefix: `source-${field}-`,
          })
        : undefined,
    [value, field, t],
  );
  const blocks = rendered?.blocks ?? [];
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const marked = box.current?.querySelector(`[data-block="${current}"]`);
    if (marked instanceof HTMLElement && box.current) box.current.scrollTop = marked.offsetTop - 16;
  }, [current]);
  function follow(event: React.MouseEvent) {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href) return;
    event.preventDefault();
    if (href.startsWith('#')) {
      const target = box.current?.querySelector<HTMLElement>(`[id="${CSS.escape(href.slice(1))}"]`);
      if (target && box.current) box.current.scrollTop = target.offsetTop - 16;
    } else window.open(href, '_blank', 'noopener');
  }
  return (
    <div className="min-w-0 md:sticky md:top-4 md:self-start">
      <p className="text-sm font-medium text-slate-800">{label}</p>
      {current >= 0 && current < blocks.length && (
        <p className="text-xs text-slate-600" aria-live="polite">
          {t('translation.sourceBlock', { n: current + 1, total: blocks.length })}
        </p>
      )}
      {/* Our renderer's HTML: every text and attribute escaped, only the document's closed set of elements. */}
      <div ref={box} lang={language} role="region" aria-label={label} tabIndex={0} data-testid="source-blocks" onClick={follow} className="doc doc-source relative mt-1 max-h-[28rem] overflow-auto rounded-md border border-slate-200 bg-slate-50 p-2">
        {blocks.length === 0 && <p className="px-2 text-slate-500">{t('translation.noSource')}</p>}
        {blocks.map((html, index) => (
          <div
            key={index}
            data-block={index}
            aria-current={index === current ? 'true' : undefined}
            className={`min-h-4 rounded border-l-4 px-2 py-1 ${index === current ? 'border-brand-600 bg-amber-50' : 'border-transparent'}`}
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ))}
        {rendered?.footnotes && <div className="px-2" dangerouslySetInnerHTML={{ __html: rendered.footnotes }} />}
      </div>
    </div>
  );
}

/** What an approver (or anyone) commented on a field, open, beside it: the author reads it where they fix it. */
export function FieldComments({ comments }: { comments: ReviewComment[] }) {
  const { t, lang, timeZone } = useAdmin();
  if (!comments.length) return null;
  return (
    <aside aria-label={t('comments.onThisField')} data-testid="field-comments" className="-mt-3 space-y-1 rounded-md border-l-4 border-amber-400 bg-amber-50 p-2 text-sm text-amber-950 md:col-span-2">
      {comments.map((comment) => (
        <p key={comment._id}>
          <span className="font-semibold">{comment.author.name || comment.author.email}</span>
          <span className="text-xs text-amber-900"> · {formatMoment(comment.createdAt, lang, timeZone)}</span>: <span className="whitespace-pre-wrap">{comment.text}</span>
        </p>
      ))}
    </aside>
  );
}

/** The source language's text of a field, read-only, beside the field being translated. */
export function SourceText({ label, value, language }: { label: string; value: unknown; language: string }) {
  const { t } = useAdmin();
  const texts = textsByLanguage(value).get(language) ?? [];
  return (
    <div>
      <p className="text-sm font-medium text-slate-800">{label}</p>
      <div lang={language} className="mt-1 min-h-10 whitespace-pre-wrap rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-slate-800">
        {texts.length ? texts.join('\n') : <span className="text-slate-500">{t('translation.noSource')}</span>}
      </div>
    </div>
  );
}

