import { z } from 'zod';
import { absoluteUrl, email, flag, icon, imageUrl, link, list, localized, MEDIUM_TEXT, oneOf, order, text, wholeNumber, type SchemaContext } from '../shared/schema-helpers.ts';

const FOOTER_LINK_CATEGORIES = ['main', 'services', 'legal'] as const;
const BENEFIT_ICONS = ['Globe', 'Users', 'Handshake', 'Award'] as const;
/** A public channel's @name, or a channel's numeric id. */
const TELEGRAM_CHANNEL = /^(@[A-Za-z][A-Za-z0-9_]{4,31}|-100\d{5,15})$/;
/** The bases on which personal data may leave Uzbekistan (Law No. 1125 of 26 March 2026; docs/privacy-uz.md). */
export const TRANSFER_BASES = ['adequacy', 'contract', 'standards'] as const;
export type TransferBasis = (typeof TRANSFER_BASES)[number];

/** The operator of personal data: the firm as its consents name it (docs/privacy-uz.md). */
function operatorSchema(ml: (label: string, max?: number) => ReturnType<typeof localized>) {
  return z.object({
    name: ml('Operator name', 300),
    // The STIR (INN) of a legal entity in Uzbekistan: nine digits; empty until the firm fills it in.
    tin: z.string({ error: 'Operator TIN must be text' }).trim().regex(/^(\d{9})?$/, 'Operator TIN must be the nine digits of the STIR (INN), such as 301234567'),
    address: ml('Operator address', 500),
    registerNumber: text('Register number', { max: 50 }),
  });
}

/** Whether the data leaves Uzbekistan, on which basis and to which countries (ISO 3166-1 alpha-2); a comma-separated text is read as the list. */
const crossBorderSchema = z
  .object({
    transfer: flag('Data leaves Uzbekistan'),
    basis: z.preprocess((value) => (value === '' || value === undefined ? null : value), z.enum(TRANSFER_BASES, { error: 'Basis of the transfer must be adequacy, contract or standards' }).nullable()),
    countries: z.preprocess(
      (value) => (typeof value === 'string' ? value.split(/[\s,;]+/).filter(Boolean).map((code) => code.toUpperCase()) : value),
      z.array(z.string().regex(/^[A-Z]{2}$/, 'Countries must be two-letter codes (ISO 3166-1), such as DE, KZ or US'), { error: 'Countries must be a list of two-letter codes' }).max(60, 'At most 60 countries'),
    ),
  })
  .superRefine((value, context) => {
    if (!value.transfer) return;
    if (!value.basis) context.addIssue({ code: 'custom', path: ['basis'], message: 'Say on which basis the data leaves Uzbekistan: adequacy, contract or standards', params: { code: 'required' } });
    if (!value.countries.length) context.addIssue({ code: 'custom', path: ['countries'], message: 'Name the countries the data goes to (two-letter codes such as DE or US)', params: { code: 'required' } });
  });

/** The whole site configuration (SPEC.md section 3). Every part has a default (see site-config-defaults). */
export function makeSiteConfigSchema({ defaultLanguage: lang }: SchemaContext) {
  const ml = (label: string, max?: number) => localized(label, { max });
  const titled = (label: string) => z.object({ title: ml(`${label} title`), subtitle: ml(`${label} subtitle`, MEDIUM_TEXT) });
  return z.object({
    companyName: localized('Company name', { requiredIn: lang }),
    companyDescription: ml('Company description', MEDIUM_TEXT),
    seo: z.object({ title: ml('SEO title'), description: ml('SEO description', 1000), keywords: ml('SEO keywords', 1000) }),
    contactInfo: z.object({
      phone: text('Phone', { required: true, max: 50 }),
      email: email({ required: true }),
      address: ml('Address', 500),
      workingHours: ml('Working hours', 200),
      emergencyPhone: text('Emergency phone', { max: 50 }),
    }),
    socialMedia: z.object({
      facebook: absoluteUrl('Facebook'),
      twitter: absoluteUrl('Twitter'),
      linkedin: absoluteUrl('LinkedIn'),
      instagram: absoluteUrl('Instagram'),
      telegram: absoluteUrl('Telegram'),
    }),
    primaryButton: z.object({ text: ml('Button text', 100), link: link('Button link', { required: true }) }),
    footerLinks: list(
      'Footer links',
      z.object({
        title: localized('Footer link title', { requiredIn: lang, max: 100 }),
        url: link('Footer link URL', { required: true }),
        category: oneOf('Footer link category', FOOTER_LINK_CATEGORIES),
        order,
      }),
    ),
    privacy: z.object({
      requireConsent: flag('Require consent'),
      policyVersion: text('Policy version', { required: true, max: 20 }),
      retentionDays: wholeNumber({ invalid: 'Keep requests for must be a whole number of days from 30 to 3650' }, { min: 30, max: 3650 }),
      /** Where a new request goes besides the database (each only when the server is set up for it). */
      emailRequests: flag('Send new requests by e-mail'),
      telegramRequests: flag('Send new requests to Telegram'),
      telegramPersonalData: flag('Include personal data in Telegram messages'),
      operator: operatorSchema(ml),
      crossBorder: crossBorderSchema,
    }),
    security: z.object({ requireTwoFactor: flag('Require two-factor sign-in') }),
    publishing: z.object({
      requireApproval: flag('Publishing needs approval'),
      /** A record is not public in another language while its default-language text is missing (check `default_language_missing`). */
      defaultLanguageFirst: flag('Default language first'),
    }),
    // The firm's Telegram channel for each language (API-3.md "Alerts"); the bot (TELEGRAM_BOT_TOKEN) posts there.
    telegram: z.object({
      channels: localized('Telegram channel', { max: 50 }).superRefine((value, context) => {
        for (const [code, channel] of Object.entries(value)) {
          if (channel && !TELEGRAM_CHANNEL.test(channel)) {
            context.addIssue({ code: 'custom', path: [code], message: `Telegram channel (${code.toUpperCase()}): @name, or an id such as -1001234567890`, params: { code: 'invalid' } });
          }
        }
      }),
    }),
    // The firm's disclaimer every public list of matters shows (API-3.md "The firm's record").
    legal: z.object({ mattersDisclaimer: ml('Disclaimer under the matters', 1000) }),
    legalPages: z.object({
      privacyPolicy: ml('Privacy policy title'),
      termsOfService: ml('Terms of service title'),
      disclaimer: ml('Disclaimer title'),
      privacyPolicyUrl: link('Privacy policy URL'),
      termsOfServiceUrl: link('Terms of service URL'),
      disclaimerUrl: link('Disclaimer URL'),
    }),
    offices: list(
      'Offices',
      z.object({
        name: localized('Office name', { requiredIn: lang }),
        address: ml('Office address', 500),
        workingHours: ml('Office working hours', 200),
        phone: text('Office phone', { max: 50 }),
        email: email(),
        image: imageUrl,
        mapUrl: absoluteUrl('Map link'),
        isActive: flag('Active'),
        order,
      }),
      20,
    ),
    sections: z.object({
      navigation: z.object({
        homeText: ml('Home link'), servicesText: ml('Services link'), teamText: ml('Team link'), partnersText: ml('Partners link'),
        newsText: ml('News link'), blogText: ml('Blog link'), contactText: ml('Contact link'),
      }),
      footer: z.object({
        quickLinksTitle: ml('Quick links title'), homeText: ml('Home link'), teamText: ml('Team link'), partnersText: ml('Partners link'),
        newsText: ml('News link'), blogText: ml('Blog link'), servicesTitle: ml('Services title'), noServicesText: ml('No services text'),
        contactTitle: ml('Contact title'),
      }),
      team: titled('Team'),
      partners: titled('Partners').extend({
        benefits: list(
          'Benefits',
          z.object({ icon: oneOf('Benefit icon', BENEFIT_ICONS), title: ml('Benefit title'), description: ml('Benefit description', 1000) }),
          12,
        ),
      }),
      news: titled('News'),
      blog: titled('Blog'),
      contact: titled('Contact'),
      services: titled('Services').extend({
        loadingText: ml('Loading text'), errorText: ml('Error text'), retryText: ml('Retry text'),
        learnMoreText: ml('Learn more text'), noResultsText: ml('No results text'),
      }),
      home: z.object({
        services: titled('Home services'),
        whyChoose: titled('Why choose us'),
        testimonialsSection: titled('Testimonials'),
        process: titled('Process').extend({
          steps: list(
            'Steps',
            z.object({
              step: z.string().regex(/^\d{2,3}$/, 'Step number must be two digits such as 01'),
              title: localized('Step title', { requiredIn: lang }),
              description: ml('Step description', 1000),
              icon,
              order,
            }),
            12,
          ),
        }),
        recentCases: titled('Recent cases').extend({
          learnMoreText: ml('Learn more text'),
          items: list(
            'Cases',
            z.object({
              title: localized('Case title', { requiredIn: lang }),
              category: ml('Case category', 100),
              description: ml('Case description', 1000),
              result: ml('Case result', 300),
              icon,
              order,
            }),
            12,
          ),
        }),
      }),
    }),
  });
}

export type SiteConfig = z.infer<ReturnType<typeof makeSiteConfigSchema>>;
