import { HONEYPOT_FIELD } from '../../domain/contacts/contact-service.ts';
import { useSite } from './site-context.tsx';

/**
 * What a public form carries against robots, unseen by people: the honeypot field (hidden from
 * screen readers and the keyboard) and the time the form was shown (domain/contacts/shown-at.ts).
 */
export function SpamTraps({ idPrefix, renderedAt }: { idPrefix: string; renderedAt: string }) {
  const { t } = useSite();
  return (
    <>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${idPrefix}-website`}>{t('contact.honeypot')}</label>
        <input id={`${idPrefix}-website`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <input type="hidden" name="renderedAt" value={renderedAt} />
    </>
  );
}
