import { ChevronDown } from 'lucide-react';
import type { Faq } from '../../domain/faqs/faqs.ts';
import { pickText } from '../../domain/shared/localized.ts';
import { paragraphsOf } from './text-page.tsx';
import { useSite } from './site-context.tsx';
import type { SiteData } from './site-data.server.ts';

/** Questions in native disclosure widgets: they open without JavaScript and with the keyboard. */
export function FaqList({ faqs }: { faqs: Faq[] }) {
  const { text } = useSite();
  return (
    <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {faqs.map((faq) => (
        <details key={faq._id} className="group px-5 py-4 open:bg-slate-50">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-brand-900 [&::-webkit-details-marker]:hidden">
            <span>{text(faq.question)}</span>
            <ChevronDown className="h-5 w-5 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
            {paragraphsOf(text(faq.answer)).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}

/** schema.org FAQPage: search engines may show the questions with the page. */
export function faqPageJsonLd(site: SiteData, faqs: Faq[]) {
  const text = (value: Record<string, string>) => pickText(value, site.lang, site.defaultLanguage);
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({ '@type': 'Question', name: text(faq.question), acceptedAnswer: { '@type': 'Answer', text: text(faq.answer) } })),
  };
}
