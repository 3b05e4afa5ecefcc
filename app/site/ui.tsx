import { Star, TriangleAlert } from './lucide.ts';
import type { ReactNode } from 'react';
import { useSite } from './site-context.tsx';

export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <div data-page-header className="bg-gradient-to-br from-brand-800 to-brand-900 text-white print:bg-none print:text-black">
      <div className="mx-auto max-w-7xl px-5 sm:px-8 lg:px-12 py-14 md:py-20 print:px-0 print:py-2">
        <h1 className="text-3xl font-bold tracking-tight md:text-5xl print:text-3xl">{title}</h1>
        {subtitle && <p className="mt-4 max-w-3xl text-lg text-slate-200 print:mt-1 print:text-slate-700">{subtitle}</p>}
        {children}
      </div>
    </div>
  );
}

export function Section({ title, subtitle, children, className = '', id }: { title?: string; subtitle?: string; children: ReactNode; className?: string; id?: string }) {
  return (
    <section className={`py-16 md:py-24 print:py-4 ${className}`} aria-labelledby={title && id ? `${id}-title` : undefined}>
      <div className="mx-auto max-w-7xl px-5 sm:px-8 lg:px-12 print:px-0">
        {title && (
          <div className="mx-auto mb-12 max-w-3xl text-center">
            <p className="mx-auto mb-5 h-px w-16 bg-accent-500" aria-hidden="true" />
            <h2 id={id ? `${id}-title` : undefined} className="text-3xl font-bold text-brand-900 md:text-4xl">
              {title}
            </h2>
            {subtitle && <p className="mt-3 text-lg text-slate-600">{subtitle}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}

/** The error state of a list or detail: what failed, the server's words, and a retry. */
export function ErrorBox({ title, detail, retry }: { title: string; detail?: string; retry?: string }) {
  const { t } = useSite();
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-lg border border-red-200 bg-red-50 p-6 text-center">
      <TriangleAlert className="mx-auto h-8 w-8 text-red-700" aria-hidden="true" />
      <p className="mt-3 font-semibold text-red-800">{title}</p>
      {detail && <p className="mt-1 text-sm text-red-800">{detail}</p>}
      <a href="" data-retry className="mt-4 inline-block rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800">
        {retry || t('common.tryAgain')}
      </a>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-slate-300 p-10 text-center text-slate-600">{children}</p>;
}

export function Stars({ rating }: { rating: number }) {
  const { t } = useSite();
  return (
    <p className="flex gap-0.5" aria-label={t('a11y.rating', { rating })} role="img">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={`h-5 w-5 ${n <= rating ? 'fill-amber-400 text-amber-500' : 'text-slate-300'}`} aria-hidden="true" />
      ))}
    </p>
  );
}

/** The band above a preview: what the reader sees is not what visitors see (yet). */
export function PreviewNote({ children }: { children: ReactNode }) {
  return (
    <p role="note" className="bg-amber-100 px-4 py-3 text-center text-sm font-semibold text-amber-950">
      {children}
    </p>
  );
}
