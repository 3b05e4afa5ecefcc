import { telHref } from '../../domain/shared/phone.ts';
import { Clock, Mail, MapPin, Phone } from './lucide.ts';
import { useSite } from './site-context.tsx';

/**
 * The firm's contact lines as the configuration has them (the footer's, the contact page's): its
 * address (`address`), phone and e-mail as links, and working hours (under `hoursLabel` when
 * given), in the classes of the place that shows them.
 */
export function FirmContacts({ className, item, icon, link, emailLink = link, address = false, hoursLabel }: { className: string; item: string; icon: string; link: string; emailLink?: string; address?: boolean; hoursLabel?: string }) {
  const { text, config } = useSite();
  const { contactInfo } = config;
  return (
    <ul className={className}>
      {address && (
        <li className={item}>
          <MapPin className={icon} aria-hidden="true" />
          <span>{text(contactInfo.address)}</span>
        </li>
      )}
      <li className={item}>
        <Phone className={icon} aria-hidden="true" />
        <a href={telHref(contactInfo.phone)} className={link}>
          {contactInfo.phone}
        </a>
      </li>
      <li className={item}>
        <Mail className={icon} aria-hidden="true" />
        <a href={`mailto:${contactInfo.email}`} className={emailLink}>
          {contactInfo.email}
        </a>
      </li>
      <li className={item}>
        <Clock className={icon} aria-hidden="true" />
        {hoursLabel ? (
          <span>
            <span className="block text-sm text-slate-600">{hoursLabel}</span>
            {text(contactInfo.workingHours)}
          </span>
        ) : (
          <span>{text(contactInfo.workingHours)}</span>
        )}
      </li>
    </ul>
  );
}
