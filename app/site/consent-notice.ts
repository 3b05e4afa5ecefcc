import type { ConsentKind, ConsentNotice } from '../../domain/privacy/consent.ts';
import { pickText } from '../../domain/shared/localized.ts';
import type { SiteConfig } from '../../domain/site-config/site-config-schema.ts';
import type { Translate } from '../i18n/translator.ts';
import type { UiTextKey } from '../i18n/ui-texts.ts';

/*
 * The words of a form's consent, from the site configuration, in the page's language (site texts
 * `consent.*`, which translators may change). The page shows them and the server makes them again
 * the same way when the form is sent (server/app-services.ts), so a stored consent keeps exactly
 * what was shown. Pure: the same configuration, texts and language give the same words.
 */

/** The box's sentence of each form. */
const AGREEMENT: Record<ConsentKind, UiTextKey> = {
  contact: 'contact.consent',
  matter: 'contact.consent',
  subscription: 'consent.agree.subscription',
  registration: 'consent.agree.registration',
  application: 'careers.apply.consent',
};
const PURPOSES: Record<ConsentKind, UiTextKey> = {
  contact: 'consent.purposes.contact',
  matter: 'consent.purposes.matter',
  subscription: 'consent.purposes.subscription',
  registration: 'consent.purposes.registration',
  application: 'consent.purposes.application',
};
const DATA: Record<ConsentKind, UiTextKey> = {
  contact: 'consent.data.contact',
  matter: 'consent.data.matter',
  subscription: 'consent.data.subscription',
  registration: 'consent.data.registration',
  application: 'consent.data.application',
};
const RECIPIENTS: Record<ConsentKind, UiTextKey> = {
  contact: 'consent.recipients.contact',
  matter: 'consent.recipients.matter',
  subscription: 'consent.recipients.subscription',
  registration: 'consent.recipients.registration',
  application: 'consent.recipients.application',
};
const BASES = { adequacy: 'consent.basis.adequacy', contract: 'consent.basis.contract', standards: 'consent.basis.standards' } as const satisfies Record<string, UiTextKey>;

/** A short digest of the words (FNV-1a, 32 bits): the same words on the page and on the server give the same version. */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** The consent of a form of `kind`, in `lang`, as the configuration `config` has it now. */
export function consentNotice(kind: ConsentKind, config: SiteConfig, lang: string, defaultLanguage: string, t: Translate): ConsentNotice {
  const { operator, crossBorder, retentionDays, policyVersion } = config.privacy;
  const facts = {
    kind,
    operator: {
      name: pickText(operator.name, lang, defaultLanguage) || pickText(config.companyName, lang, defaultLanguage),
      tin: operator.tin,
      address: pickText(operator.address, lang, defaultLanguage) || pickText(config.contactInfo.address, lang, defaultLanguage),
      registerNumber: operator.registerNumber,
    },
    purposes: t(PURPOSES[kind]),
    data: t(DATA[kind]),
    recipients: t(RECIPIENTS[kind]),
    retentionDays,
    crossBorder: { transfer: crossBorder.transfer, basis: crossBorder.transfer ? crossBorder.basis : null, countries: crossBorder.transfer ? [...crossBorder.countries] : [] },
    policyVersion,
  };
  const details = [
    t('consent.operator', { name: facts.operator.name, tin: facts.operator.tin || '—', address: facts.operator.address }),
    ...(facts.operator.registerNumber ? [t('consent.operatorRegister', { number: facts.operator.registerNumber })] : []),
    facts.purposes,
    facts.data,
    // A subscription lasts until it is cancelled; every other request at most the retention period (docs/privacy-uz.md).
    kind === 'subscription' ? t('consent.retentionSubscription') : t('consent.retention', { days: retentionDays }),
    facts.recipients,
    facts.crossBorder.transfer && facts.crossBorder.basis
      ? t('consent.abroad', { countries: facts.crossBorder.countries.join(', '), basis: t(BASES[facts.crossBorder.basis]) })
      : t('consent.local'),
  ];
  const agreement = t(AGREEMENT[kind]);
  const text = [agreement, ...details].join(' ');
  return { version: `${policyVersion}-${digest(text)}`, text, agreement, details, facts };
}
