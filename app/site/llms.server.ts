import type { DomainServices } from '../../domain/app-services.ts';
import { localePath, pickText, textOf, type Localized } from '../../domain/shared/localized.ts';
import { createTranslator } from '../i18n/translator.ts';
import { listedIn } from './page-data.ts';
import { feedPath } from './seo.tsx';

/*
 * `/llms.txt` and `/{lang}/llms.txt` (llmstxt.org): the firm in Markdown for the assistants and
 * search engines that read it — its name and what it does, how to reach it, its practice areas,
 * its lawyers and its latest alerts, each a link to the page, in the file's language.
 */

const LATEST = 10;
const MOST = 100;

/** Text inside one Markdown line: no line breaks, no characters that would end a link's words. */
const line = (text: string) => text.replace(/\s+/g, ' ').replace(/([[\]\\*_`<>])/g, '\\$1').trim();
/** The first sentence of a longer text (a service's description), for a link's note. */
const firstSentence = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[.!?…](\s|$)/);
  const sentence = end > 0 ? flat.slice(0, end + 1) : flat;
  return sentence.length > 200 ? `${sentence.slice(0, 199)}…` : sentence;
};

export async function renderLlmsText(services: DomainServices, lang: string, defaultLanguage: string): Promise<string> {
  const { records } = services;
  const [config, practices, lawyers, alerts, languages] = await Promise.all([
    services.siteConfig.get(),
    records.services.listPage({ ...listedIn(lang), page: 1, limit: MOST }),
    records.team.listPage({ ...listedIn(lang), page: 1, limit: MOST }),
    records.news.listPage({ ...listedIn(lang), page: 1, limit: LATEST }),
    services.languages.list({ admin: false }),
  ]);
  const text = (value: Localized | string | undefined | null) => pickText(value ?? undefined, lang, defaultLanguage);
  const url = (path: string) => services.publicUrl + localePath(path, lang, defaultLanguage);
  const t = createTranslator(lang, defaultLanguage, languages.find((language) => String(language.code) === lang)?.translations as Record<string, string> | undefined);
  const out: string[] = [`# ${line(text(config.companyName))}`, ''];
  const description = text(config.companyDescription);
  if (description) out.push(`> ${line(description)}`, '');
  const contact = config.contactInfo;
  out.push(
    ...[
      `${t('header.phone')}: ${contact.phone}`,
      `${t('header.email')}: ${contact.email}`,
      text(contact.address) && line(text(contact.address)),
      text(contact.workingHours) && `${t('header.hours')}: ${line(text(contact.workingHours))}`,
    ]
      .filter(Boolean)
      .map((item) => `- ${item}`),
    '',
  );
  const section = (title: string, items: string[]) => (items.length ? [`## ${line(title)}`, '', ...items, ''] : []);
  out.push(
    ...section(
      text(config.sections.services.title),
      practices.data.map((service) => {
        const about = firstSentence(textOf((service.description as Localized | undefined)?.[lang] ?? pickText(service.description as Localized, lang, defaultLanguage)));
        return `- [${line(text(service.title as Localized))}](${url(`/services/${service.slug}`)})${about ? `: ${line(about)}` : ''}`;
      }),
    ),
    ...section(
      text(config.sections.team.title),
      lawyers.data.map((member) => {
        const about = [text(member.position as Localized), text(member.specialization as Localized)].filter(Boolean).join(' — ');
        return `- [${line(text(member.name as Localized))}](${url(`/team/${member.slug}`)})${about ? `: ${line(about)}` : ''}`;
      }),
    ),
    ...section(
      text(config.sections.news.title),
      alerts.data.map((article) => `- [${line(text(article.title as Localized))}](${url(`/news/${article.slug}`)}) (${String(article.date).slice(0, 10)}): ${line(text(article.excerpt as Localized))}`),
    ),
    ...section(t('nav.more'), [
      `- [${line(t('faq.title'))}](${url('/faq')})`,
      `- [RSS](${services.publicUrl + feedPath('news', 'rss', lang, defaultLanguage)})`,
      ...languages
        .filter((language) => String(language.code) !== lang)
        .map((language) => `- [${line(String(language.nativeName))}](${services.publicUrl}${localePath('/llms.txt', String(language.code), defaultLanguage)})`),
    ]),
  );
  return `${out.join('\n').trimEnd()}\n`;
}
