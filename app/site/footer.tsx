import { FirmContacts } from './firm-contacts.tsx';
import { SocialIcon } from './icons.tsx';
import { contentsOf, useLink } from './header.tsx';
import { useSite, type Site } from './site-context.tsx';
import { FOOTER_PAGES } from '../../domain/site/site-pages.ts';
import { isUiTextKey } from '../i18n/ui-texts.ts';

const SOCIAL_NAMES: Record<string, string> = { facebook: 'Facebook', twitter: 'X (Twitter)', linkedin: 'LinkedIn', instagram: 'Instagram', telegram: 'Telegram' };

/** A footer link's words: the firm's for that link (the footer's `teamText`, else the menu's), else the page's title (`careers.title`, or the section's configured title). */
function footerLabel({ t, text, config }: Site, section: string): string {
  const named = (texts: object, key: string) => Object.entries(texts).find(([name]) => name === key)?.[1];
  const configured = named(config.sections.footer, `${section}Text`) ?? named(config.sections.navigation, `${section}Text`);
  if (configured) return text(configured);
  const key = `${section}.title`;
  if (isUiTextKey(key)) return t(key);
  const titled = named(config.sections, section);
  return titled && 'title' in titled ? text(titled.title) : section;
}

/** The site's footer; `html`: its contents as made before (see `contentsOf`). */
export function SiteFooter({ html }: { html?: string }) {
  return <footer className="bg-brand-900 text-slate-200 print:hidden" {...contentsOf(html, <FooterContent />)} />;
}

/** What the footer holds: the same on every page of a language until the firm changes what it shows. */
export function FooterContent() {
  const site = useSite();
  const { t, text, config } = site;
  const link = useLink();
  const footer = config.sections.footer;
  // The site plan's footer pages (domain/site/site-pages.ts): each named by the firm's own words
  // for the link where it has them (`homeText`), else by the page's title among the interface texts.
  const quickLinks = FOOTER_PAGES.map((section): [path: string, label: string] => [`/${section}`, footerLabel(site, section || 'home')]);
  const socials = Object.entries(config.socialMedia).filter(([, url]) => url);
  // A link the firm typed into the configuration wins; else the site's own page, when it has one.
  const legalLink = (configured: string, slug: string) => (configured && configured !== '#' ? configured : site.pageSlugs.includes(slug) ? `/${slug}` : '');
  const candidates: Array<[title: string, url: string]> = [
    [text(config.legalPages.privacyPolicy), legalLink(config.legalPages.privacyPolicyUrl, 'privacy')],
    [text(config.legalPages.termsOfService), legalLink(config.legalPages.termsOfServiceUrl, 'terms')],
    [text(config.legalPages.disclaimer), legalLink(config.legalPages.disclaimerUrl, 'disclaimer')],
  ];
  const legal = candidates.filter(([, url]) => url);
  const heading = 'mb-4 text-base font-semibold text-white';

  return (
    <>
      <div className="mx-auto grid max-w-7xl gap-10 px-5 sm:px-8 lg:px-12 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{text(config.companyName)}</p>
          <p className="mt-3 text-sm leading-relaxed text-slate-300">{text(config.companyDescription)}</p>
          {socials.length > 0 && (
            <div className="mt-5">
              <p className="sr-only">{t('footer.followUs')}</p>
              <ul className="flex flex-wrap gap-3">
                {socials.map(([network, url]) => (
                  <li key={network}>
                    <a href={url} target="_blank" rel="noopener noreferrer" aria-label={t('a11y.socialLink', { network: SOCIAL_NAMES[network] ?? network })} className="flex h-10 w-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20">
                      <SocialIcon network={network} />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        <nav aria-label={text(footer.quickLinksTitle)}>
          <h2 className={heading}>{text(footer.quickLinksTitle)}</h2>
          <ul className="space-y-2 text-sm">
            {quickLinks.map(([path, label]) => (
              <li key={path}>
                <a href={site.href(path)} className="hover:text-white hover:underline">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={text(footer.servicesTitle)}>
          <h2 className={heading}>{text(footer.servicesTitle)}</h2>
          {site.footerServices.length === 0 ? (
            <p className="text-sm text-slate-300">{text(footer.noServicesText)}</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {site.footerServices.map((service) => (
                <li key={service._id}>
                  <a href={site.href(`/services/${(service.slug) || service._id}`)} className="hover:text-white hover:underline">
                    {text(service.title)}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <div>
          <h2 className={heading}>{text(footer.contactTitle)}</h2>
          <FirmContacts className="space-y-3 text-sm" item="flex gap-2" icon="mt-0.5 h-4 w-4 shrink-0" link="hover:text-white hover:underline" address />
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-5 sm:px-8 lg:px-12 py-5 text-sm text-slate-300 md:flex-row md:items-center md:justify-between">
          <p>{`© ${site.year} ${text(config.companyName)}. ${t('footer.rights')}`}</p>
          <nav aria-label={t('footer.legal')}>
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {legal.map(([title, url]) => (
                <li key={url + title}>
                  <a href={link(url)} className="hover:text-white hover:underline">
                    {title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </>
  );
}
