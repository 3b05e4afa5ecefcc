import { ChevronDown } from './lucide.ts';
import type { Faq } from '../../domain/faqs/faqs.ts';
import { pickText } from '../../domain/shared/localized.ts';
import { DocumentBody } from './document-body.tsx';
import { useSite } from './site-context.tsx';
import type { SiteData } from './site-data.server.ts';

/** Questions in native disclosure widgets: they open without JavaScript and with the keyboard. */
/** A question with its answer's HTML as the page shows it (withHtml in loading.server.ts). */
export type ShownFaq = Faq & { answerHtml: string };

/** `open`: a question to show opened (the one a search led to, at #q-{id}). */
export function FaqList({ faqs, open }: { faqs: ShownFaq[]; open?: string }) {
  const { text } = useSite();
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {faqs.map((faq) => (
        <details key={faq._id} id={`q-${faq._id}`} open={faq._id === open} className="group scroll-mt-24 px-5 py-4 open:bg-slate-50">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-brand-900 [&::-webkit-details-marker]:hidden">
            <span>{text(faq.question)}</span>
            <ChevronDown className="h-5 w-5 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <DocumentBody html={faq.answerHtml} className="doc-compact mt-3" />
        </details>
      ))}
    </div>
  );
}

/** schema.org FAQPage: search engines may show the questions with the page. */
export function faqPageJsonLd(site: SiteData, faqs: Faq[]) {
  const text = (value: Parameters<typeof pickText>[0]) => pickText(value, site.lang, site.defaultLanguage);
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({ '@type': 'Question', name: text(faq.question), acceptedAnswer: { '@type': 'Answer', text: text(faq.answer) } })),
  };
}
