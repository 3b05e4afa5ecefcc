import { useState } from 'react';
import { UI_TEXTS } from '../i18n/ui-texts.ts';
import { useAdmin, type AdminT } from './admin-context.tsx';
import { getToken } from './api.ts';
import { RECORD_TYPES } from '../../domain/registry.ts';
import type { AdminTexts } from '../../domain/shared/fields.ts';
import { inLanguage } from '../../domain/shared/texts.ts';
import { ADMIN_TEXT_KEYS, ADMIN_TEXT_PREFIX, ADMIN_TEXTS, type AdminTextKey } from './admin-texts.ts';
import { SHARED_LABELS } from './field-labels.ts';
import { say, wordKey, wordsIn } from './words.ts';
import { inputClass } from './ui.tsx';
import { siteGroupName, siteTextGroup } from './text-groups.ts';
import { uzbekTextToCyrillic } from '../../domain/languages/uzbek-script.ts';

/*
 * The words of the public site, or of the admin area itself, in one language, for a translator
 * rather than a developer: grouped by the screen they appear on, each with the built-in English
 * and Uzbek beside it, with what is left to write counted, and a way to open the site in that
 * language.
 */

/**
 * The site's Uzbek interface texts in Cyrillic, for review: the built-in Latin ones with the firm's
 * own Latin texts (the Latin language's `translations`) on top, each transliterated; {placeholders},
 * addresses and foreign names kept. The admin area's own texts are not among them.
 */
export function cyrillicInterfaceTexts(latin: Record<string, string> = {}): Record<string, string> {
  const written = Object.entries(latin).filter(([key, text]) => !key.startsWith(ADMIN_TEXT_PREFIX) && text.trim() !== '');
  return Object.fromEntries(Object.entries({ ...UI_TEXTS.uz, ...Object.fromEntries(written) }).map(([key, text]) => [key, uzbekTextToCyrillic(text)]));
}

/** The admin's screens: by the menu's own name where it has one, else named here. */
const ADMIN_GROUPS: Record<string, AdminTexts | AdminTextKey> = {
  app: { en: 'Frame of every screen', ru: 'Рамка всех экранов', uz: 'Barcha ekranlar ramkasi' },
  nav: { en: 'Menu', ru: 'Меню', uz: 'Menyu' },
  login: { en: 'Sign-in', ru: 'Вход', uz: 'Kirish' },
  common: { en: 'Words used everywhere', ru: 'Общие слова', uz: 'Umumiy so‘zlar' },
  issue: { en: 'What to fix in a form', ru: 'Что исправить в форме', uz: 'Shaklda nimani tuzatish kerak' },
  history: { en: 'History of changes', ru: 'История изменений', uz: 'O‘zgarishlar tarixi' },
  schedule: { en: 'Publishing on a schedule', ru: 'Публикация по расписанию', uz: 'Jadval bo‘yicha chop etish' },
  state: { en: 'Publication states', ru: 'Состояния публикации', uz: 'Chop etish holatlari' },
  preview: { en: 'Preview', ru: 'Предпросмотр', uz: 'Oldindan ko‘rish' },
  dashboard: 'nav.dashboard',
  upcoming: { en: 'Scheduled next', ru: 'Ближайшие публикации', uz: 'Navbatdagi nashrlar' },
  activity: { en: 'Recent changes', ru: 'Последние изменения', uz: 'So‘nggi o‘zgarishlar' },
  redirects: 'nav.redirects',
  media: 'nav.media',
  sessions: { en: 'Signed-in devices', ru: 'Устройства со входом', uz: 'Kirilgan qurilmalar' },
  telegram: { en: 'Telegram', ru: 'Telegram', uz: 'Telegram' },
  privacy: { en: 'Privacy', ru: 'Конфиденциальность', uz: 'Maxfiylik' },
  roles: { en: 'Accounts and roles', ru: 'Учётные записи и роли', uz: 'Hisoblar va rollar' },
  twoFactor: { en: 'Two-step sign-in', ru: 'Двухэтапный вход', uz: 'Ikki bosqichli kirish' },
  flows: { en: 'Where a visitor’s data goes', ru: 'Куда попадают данные посетителей', uz: 'Tashrifchi ma’lumotlari qayerga boradi' },
  trash: 'nav.trash',
  list: { en: 'Lists', ru: 'Списки', uz: 'Ro‘yxatlar' },
  contacts: 'nav.contacts',
  languages: 'nav.languages',
  image: { en: 'Images in forms', ru: 'Изображения в формах', uz: 'Shakllardagi rasmlar' },
  siteConfig: 'nav.siteConfig',
  settings: 'nav.settings',
  analytics: 'nav.analytics',
  confirm: { en: 'Questions before deleting', ru: 'Вопросы перед удалением', uz: 'O‘chirishdan oldingi savollar' },
  error: { en: 'Errors', ru: 'Ошибки', uz: 'Xatolar' },
  translation: { en: 'Translating in a form', ru: 'Перевод в форме', uz: 'Shaklda tarjima qilish' },
  texts: 'languages.translations',
  translations: 'nav.translations',
  bulk: { en: 'Actions on many records', ru: 'Действия с несколькими записями', uz: 'Bir nechta yozuv bilan amallar' },
  calendar: 'nav.calendar',
  words: { en: 'Names of sections, fields and choices', ru: 'Названия разделов, полей и вариантов', uz: 'Bo‘limlar, maydonlar va tanlovlar nomlari' },
};
const OTHER: AdminTexts = { en: 'Other', ru: 'Другое', uz: 'Boshqa' };

/** One set of texts a language can have written: the website's or the admin's own. */
interface Catalogue {
  keys: readonly string[];
  builtIn: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Where its texts are kept in the language's `translations`. */
  prefix: string;
  /** The group of a text, and the group's name. */
  groupOf: (key: string) => string;
  nameOf: (group: string) => AdminTexts | AdminTextKey | undefined;
  left: AdminTextKey;
}
/** The admin's texts are grouped by their first word (`nav.`, `login.`). */
const prefixOf = (key: string) => key.split('.')[0];
/** The admin's own texts: its dictionary, and the words declared with the record types and shared labels. */
function adminCatalogue(): Catalogue {
  const words = wordsIn(RECORD_TYPES, SHARED_LABELS);
  const builtIn = Object.fromEntries(
    Object.entries(ADMIN_TEXTS).map(([code, texts]) => [code, { ...texts, ...Object.fromEntries(words.map((word) => [wordKey(word), inLanguage(word, code)])) }]),
  );
  return { keys: [...ADMIN_TEXT_KEYS, ...words.map(wordKey)], builtIn, prefix: ADMIN_TEXT_PREFIX, groupOf: prefixOf, nameOf: (group) => ADMIN_GROUPS[group], left: 'texts.adminLeft' };
}
const SCOPES: ReadonlyArray<'site' | 'admin'> = ['site', 'admin'];
const CATALOGUES: Record<'site' | 'admin', Catalogue> = {
  site: { keys: Object.keys(UI_TEXTS.en), builtIn: UI_TEXTS, prefix: '', groupOf: siteTextGroup, nameOf: siteGroupName, left: 'texts.left' },
  admin: adminCatalogue(),
};

const nameOf = (group: AdminTexts | AdminTextKey, t: AdminT, lang: string) => (typeof group === 'string' ? t(group) : say(group, lang));

/** The pages a preview of texts can open, by the names of their groups of texts. */
const PREVIEW_PAGES: ReadonlyArray<[path: string, group: string]> = [['/', 'home'], ['/services', 'services'], ['/team', 'team'], ['/news', 'news'], ['/blog', 'blog'], ['/faq', 'faq'], ['/contact', 'contact']];

/**
 * Opens a page of the site in a new tab with the texts as they stand in the form, saved or not:
 * a form posted to POST /api/languages/preview (a browser cannot send the token as a header into
 * a new tab, so it goes as a field, over the same connection as every API call).
 */
function PreviewTexts({ code, texts, saved }: { code: string; texts: Record<string, string>; saved: boolean }) {
  const { t, lang } = useAdmin();
  const [path, setPath] = useState('/');
  const open = () => {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = '/api/languages/preview';
    form.target = '_blank';
    for (const [name, value] of Object.entries({ token: getToken() ?? '', code, path, translations: JSON.stringify(texts) })) {
      const field = document.createElement('input');
      field.type = 'hidden';
      field.name = name;
      field.value = value;
      form.append(field);
    }
    document.body.append(form);
    form.submit();
    form.remove();
  };
  if (!saved) return <p className="text-sm text-slate-700">{t('texts.previewSaveFirst')}</p>;
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="text-sm font-medium text-slate-800">
        <label htmlFor="preview-page">{t('texts.previewPage')}</label>
        <select id="preview-page" value={path} onChange={(event) => setPath(event.target.value)} className={`${inputClass} min-h-10`}>
          {PREVIEW_PAGES.map(([address, group]) => (
            <option key={address} value={address}>
              {nameOf(siteGroupName(group) ?? OTHER, t, lang)}
            </option>
          ))}
        </select>
      </div>
      <button type="button" onClick={open} className="min-h-10 rounded-md border border-brand-700 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50">
        {t('texts.previewUnsaved')}
      </button>
    </div>
  );
}

export function InterfaceTexts({ code, texts, saved, onChange }: { code: string; texts: Record<string, string>; saved: boolean; onChange: (texts: Record<string, string>) => void }) {
  const { t, lang } = useAdmin();
  const [scope, setScope] = useState<keyof typeof CATALOGUES>('site');
  const [onlyLeft, setOnlyLeft] = useState(false);
  const [query, setQuery] = useState('');
  const { keys, builtIn: catalogue, prefix, groupOf, nameOf: groupName, left: leftText } = CATALOGUES[scope];
  const builtIn = catalogue[code];
  const stored = (key: string) => texts[prefix + key] ?? '';
  // A language the product knows by itself has every text; another one has what was written here.
  const written = (key: string) => Boolean(stored(key).trim() || builtIn?.[key]);
  const left = keys.filter((key) => !written(key)).length;
  const needle = query.trim().toLowerCase();
  const matches = (key: string) => !needle || [key, catalogue.en[key], catalogue.uz[key], stored(key)].some((text) => text.toLowerCase().includes(needle));
  const groups = [...new Set(keys.map(groupOf))];
  return (
    <div className="mt-4 space-y-4">
      <div role="group" aria-label={t('languages.translations')} className="inline-flex rounded-md border border-slate-300 p-1">
        {SCOPES.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={scope === name}
            onClick={() => setScope(name)}
            className={`min-h-10 rounded px-3 text-sm font-semibold ${scope === name ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
          >
            {t(name === 'site' ? 'texts.siteScope' : 'texts.adminScope')}
          </button>
        ))}
      </div>
      {scope === 'admin' && <p className="text-sm text-slate-700">{t('texts.adminHelp')}</p>}
      <div className="flex flex-wrap items-end gap-4">
        <p className="text-sm font-semibold text-slate-800" role="status">
          {left ? t(leftText, { left, total: keys.length }) : t('texts.allWritten', { total: keys.length })}
        </p>
        <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-5 w-5" checked={onlyLeft} onChange={(event) => setOnlyLeft(event.target.checked)} />
          {t('texts.onlyLeft')}
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t('texts.find')}
          <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} className={inputClass} />
        </label>
        {scope === 'site' && <PreviewTexts code={code} texts={texts} saved={saved} />}
      </div>
      {groups.map((group) => {
        const shown = keys.filter((key) => groupOf(key) === group && matches(key) && (!onlyLeft || !written(key)));
        if (!shown.length) return null;
        const groupLeft = keys.filter((key) => groupOf(key) === group && !written(key)).length;
        return (
          <details key={`${scope}-${group}`} open={Boolean(needle) || onlyLeft} className="rounded-md border border-slate-200">
            <summary className="cursor-pointer px-4 py-3 font-semibold text-brand-900">
              {nameOf(groupName(group) ?? OTHER, t, lang)}
              <span className="ml-2 text-sm font-normal text-slate-600">{groupLeft ? t('texts.groupLeft', { left: groupLeft }) : t('texts.groupDone')}</span>
            </summary>
            <ul className="divide-y divide-slate-100">
              {shown.map((key) => (
                <li key={key} className="grid gap-2 px-4 py-3 md:grid-cols-2">
                  <div className="text-sm">
                    <p className="text-slate-900">
                      <span className="mr-1 text-xs font-semibold text-slate-500">EN</span>
                      {catalogue.en[key]}
                    </p>
                    <p className="text-slate-700" lang="uz">
                      <span className="mr-1 text-xs font-semibold text-slate-500">UZ</span>
                      {catalogue.uz[key]}
                    </p>
                    <p className="mt-1 font-mono text-xs text-slate-500">{key}</p>
                  </div>
                  <div>
                    <label htmlFor={`tr-${prefix}${key}`} className="sr-only">
                      {`${catalogue.en[key]} (${code.toUpperCase() || '…'})`}
                    </label>
                    <input
                      id={`tr-${prefix}${key}`}
                      lang={code || undefined}
                      value={stored(key)}
                      placeholder={builtIn?.[key] ?? ''}
                      onChange={(event) => onChange({ ...texts, [prefix + key]: event.target.value })}
                      className={`${inputClass} mt-0 placeholder:text-slate-500 ${written(key) ? '' : 'border-amber-500'}`}
                    />
                  </div>
                </li>
              ))}
            </ul>
          </details>
        );
      })}
    </div>
  );
}
