import { RECORD_TYPES } from '../../domain/registry.ts';
import type { AdminTexts } from '../../domain/shared/fields.ts';
import { SITE_PAGES } from '../../domain/site/site-pages.ts';

/*
 * The groups of the site's interface texts on the translators' screen, from where each is used:
 * the frame of every page and the parts pages share (named here), each page of the site plan by
 * its section (`contact.*` on /contact, `careers.*` on /careers), the texts a page shows beside its
 * own (`SitePage.texts`: `confirm.*` on a subscription's confirmation), and each record type's
 * texts by its name (`rankings.*`). A record type's group is named by its admin title unless named
 * here; a fixed page's group is named here (tests/e2e/admin.test.ts finds a text left in none).
 */

/** The frame of every page, the parts pages share, and the fixed pages: their groups' names. */
const NAMED: Record<string, AdminTexts> = {
  header: { en: 'Header', ru: 'Шапка сайта', uz: 'Sayt sarlavhasi' },
  a11y: { en: 'For screen readers', ru: 'Для экранных дикторов', uz: 'Ekran o‘quvchilari uchun' },
  common: { en: 'Words used everywhere', ru: 'Общие слова', uz: 'Umumiy so‘zlar' },
  home: { en: 'Home page', ru: 'Главная страница', uz: 'Bosh sahifa' },
  team: { en: 'Team and lawyers’ pages', ru: 'Команда и страницы юристов', uz: 'Jamoa va advokatlar sahifalari' },
  partners: { en: 'Partners', ru: 'Партнёры', uz: 'Hamkorlar' },
  article: { en: 'An article’s page', ru: 'Страница статьи', uz: 'Maqola sahifasi' },
  pages: { en: 'Page numbers of lists', ru: 'Нумерация страниц списков', uz: 'Ro‘yxat sahifalari raqamlari' },
  search: { en: 'Search', ru: 'Поиск', uz: 'Qidiruv' },
  contact: { en: 'Contact page and form', ru: 'Контакты и форма', uz: 'Aloqa sahifasi va shakli' },
  faq: { en: 'Questions and answers', ru: 'Вопросы и ответы', uz: 'Savol-javoblar' },
  subscribe: { en: 'Alerts by e-mail: subscribing and its links', ru: 'Рассылка: подписка и её ссылки', uz: 'Xabarnomalar: obuna va uning havolalari' },
  unsubscribe: { en: 'Unsubscribing', ru: 'Отписка', uz: 'Obunani bekor qilish' },
  preview: { en: 'Previews and reviews', ru: 'Предпросмотр и согласование', uz: 'Oldindan ko‘rish va ko‘rib chiqish' },
  upload: { en: 'A client’s documents (upload link)', ru: 'Документы клиента (ссылка для загрузки)', uz: 'Mijoz hujjatlari (yuklash havolasi)' },
  phoneBar: { en: 'Phone bar', ru: 'Панель на телефоне', uz: 'Telefondagi panel' },
  footer: { en: 'Footer', ru: 'Подвал сайта', uz: 'Sahifa pastki qismi' },
  notFound: { en: 'Page not found', ru: 'Страница не найдена', uz: 'Sahifa topilmadi' },
  error: { en: 'Errors', ru: 'Ошибки', uz: 'Xatolar' },
  consent: { en: 'Consent to personal data (every form)', ru: 'Согласие на обработку персональных данных (все формы)', uz: 'Shaxsiy ma’lumotlarga rozilik (barcha shakllar)' },
  legal: { en: 'Legal notices (unofficial translations)', ru: 'Правовые оговорки (неофициальный перевод)', uz: 'Huquqiy izohlar (norasmiy tarjima)' },
};
/** Texts of the same place under one group: the header's menu, the shared words, an article's parts. */
const SAME_PLACE: Record<string, string> = { nav: 'header', date: 'common', page: 'common', document: 'article' };

const sectionOf = (path: string) => path.split('/')[0];
/** A text's prefix → its group: a page's own section, else the page that shows it beside its own. */
const PAGE_OF: ReadonlyMap<string, string> = new Map([
  ...SITE_PAGES.flatMap((page) => (page.texts ?? []).map((prefix): [string, string] => [prefix, sectionOf(page.path)])),
  ...SITE_PAGES.map((page): [string, string] => [sectionOf(page.path), sectionOf(page.path)]),
  ...RECORD_TYPES.map((type): [string, string] => [type.name, type.publicPath ? type.publicPath.slice(1) : type.name]),
]);

/** The group a site text belongs to ('' for one used nowhere known: a test finds none). */
export function siteTextGroup(key: string): string {
  const prefix = key.split('.')[0];
  if (SAME_PLACE[prefix]) return SAME_PLACE[prefix];
  if (Object.hasOwn(NAMED, prefix)) return prefix;
  return PAGE_OF.get(prefix) ?? '';
}

/** A group's name: named here, else its record type's admin title (by its section or name). */
export function siteGroupName(group: string): AdminTexts | undefined {
  if (Object.hasOwn(NAMED, group)) return NAMED[group];
  return RECORD_TYPES.find((type) => type.publicPath === `/${group}` || type.name === group)?.admin.title;
}
