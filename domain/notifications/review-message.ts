/*
 * What the person asked to review a record is told, by e-mail and by the firm's Telegram bot, in
 * the site's default language (the office works in it): who asks, what, by when, and the link.
 */

interface Words {
  subject: string;
  asks: string;
  due: string;
  open: string;
  colleague: string;
  test: string;
}

const WORDS: Record<string, Words> = {
  uz: {
    subject: 'Ko‘rib chiqing: {title}',
    asks: '{by} sizdan «{title}» ({kind}) ni ko‘rib chiqishni so‘radi.',
    due: 'Muddat: {due}',
    open: 'Oching, so‘ng tasdiqlang yoki tuzatish so‘rang: {url}',
    colleague: 'Hamkasbingiz',
    test: '✅ {site}: {email} uchun ko‘rib chiqish so‘rovlari shu chatga keladi.',
  },
  ru: {
    subject: 'Прошу согласовать: {title}',
    asks: '{by} просит вас согласовать «{title}» ({kind}).',
    due: 'Срок: {due}',
    open: 'Откройте, затем утвердите или попросите правки: {url}',
    colleague: 'Коллега',
    test: '✅ {site}: запросы на согласование для {email} будут приходить в этот чат.',
  },
  en: {
    subject: 'Please review: {title}',
    asks: '{by} asks you to review “{title}” ({kind}).',
    due: 'Due: {due}',
    open: 'Open it, then approve it or ask for changes: {url}',
    colleague: 'A colleague',
    test: '✅ {site}: review requests for {email} will come here.',
  },
};

export interface ReviewRequest {
  /** The record's title in `language`, and what kind of record it is ("yangilik"). */
  title: string;
  kind: string;
  by: string;
  dueAt: string | null;
  comment?: string;
  /** The record's form in the admin area (absolute). */
  url: string;
}

const wordsOf = (language: string) => WORDS[language.split('-')[0]] ?? WORDS.en;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** The test message a person sends to their own chat from Settings, in `language`. */
export function telegramTestMessage(language: string, site: string, email: string): string {
  return fill(wordsOf(language).test, { site, email });
}

/** The subject and text of the notice in `language` (Uzbek Cyrillic reads the Latin words; others English). */
export function reviewMessage(request: ReviewRequest, language: string, timeZone: string): { subject: string; text: string } {
  const base = language.split('-')[0];
  const words = wordsOf(language);
  const due = request.dueAt ? new Intl.DateTimeFormat(WORDS[base] ? base : 'en', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(request.dueAt)) : '';
  const text = [
    fill(words.asks, { by: request.by || words.colleague, title: request.title, kind: request.kind }),
    ...(due ? [fill(words.due, { due })] : []),
    ...(request.comment ? ['', request.comment] : []),
    '',
    fill(words.open, { url: request.url }),
  ].join('\n');
  return { subject: fill(words.subject, { title: request.title }), text };
}
