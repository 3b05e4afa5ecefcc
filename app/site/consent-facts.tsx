import type { ConsentKind, ConsentNotice } from '../../domain/privacy/consent.ts';
import { consentNotice } from './consent-notice.ts';
import { useSite } from './site-context.tsx';

/** A form's consent in the page's language, as the server will keep it when the form is sent. */
export function useConsentNotice(kind: ConsentKind): ConsentNotice {
  const { config, lang, defaultLanguage, t } = useSite();
  return consentNotice(kind, config, lang, defaultLanguage, t);
}

/** The facts under a consent's box (operator and TIN, purposes, data, how long, who receives it, whether it leaves Uzbekistan). */
export function ConsentFacts({ id, notice, className = 'ml-8 mt-2' }: { id: string; notice: ConsentNotice; className?: string }) {
  return (
    <ul id={id} data-consent-version={notice.version} className={`${className} list-none space-y-1 text-xs leading-relaxed text-slate-700`}>
      {notice.details.map((detail) => (
        <li key={detail}>{detail}</li>
      ))}
    </ul>
  );
}
