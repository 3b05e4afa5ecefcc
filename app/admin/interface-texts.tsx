import { useState } from 'react';
import { UI_TEXTS, type UiTextKey } from '../i18n/ui-texts.ts';
import { useAdmin } from './admin-context.tsx';
import { inputClass } from './ui.tsx';

/*
 * The words of the public site in one language, for a translator rather than a developer: grouped
 * by the screen they appear on, each with the built-in English and Uzbek beside it, with what is
 * left to write counted, and a way to open the site in that language.
 */

type Group = { en: string; ru: string; uz: string };
const GROUPS: Record<string, Group> = {
  header: { en: 'Header', ru: 'Шапка сайта', uz: 'Sayt sarlavhasi' },
  a11y: { en: 'For screen readers', ru: 'Для экранных дикторов', uz: 'Ekran o‘quvchilari uchun' },
  common: { en: 'Words used everywhere', ru: 'Общие слова', uz: 'Umumiy so‘zlar' },
  home: { en: 'Home page', ru: 'Главная страница', uz: 'Bosh sahifa' },
  services: { en: 'Services', ru: 'Услуги', uz: 'Xizmatlar' },
  team: { en: 'Team and lawyers’ pages', ru: 'Команда и страницы юристов', uz: 'Jamoa va advokatlar sahifalari' },
  partners: { en: 'Partners', ru: 'Партнёры', uz: 'Hamkorlar' },
  news: { en: 'News', ru: 'Новости', uz: 'Yangiliklar' },
  blog: { en: 'Blog', ru: 'Блог', uz: 'Blog' },
  article: { en: 'An article’s page', ru: 'Страница статьи', uz: 'Maqola sahifasi' },
  pages: { en: 'Page numbers of lists', ru: 'Нумерация страниц списков', uz: 'Ro‘yxat sahifalari raqamlari' },
  search: { en: 'Search', ru: 'Поиск', uz: 'Qidiruv' },
  contact: { en: 'Contact page and form', ru: 'Контакты и форма', uz: 'Aloqa sahifasi va shakli' },
  faq: { en: 'Questions and answers', ru: 'Вопросы и ответы', uz: 'Savol-javoblar' },
  phoneBar: { en: 'Phone bar', ru: 'Панель на телефоне', uz: 'Telefondagi panel' },
  footer: { en: 'Footer', ru: 'Подвал сайта', uz: 'Sahifa pastki qismi' },
  notFound: { en: 'Page not found', ru: 'Страница не найдена', uz: 'Sahifa topilmadi' },
  error: { en: 'Errors', ru: 'Ошибки', uz: 'Xatolar' },
};
const OTHER: Group = { en: 'Other', ru: 'Другое', uz: 'Boshqa' };
const KEYS = Object.keys(UI_TEXTS.en) as UiTextKey[];

const groupOf = (key: string) => key.split('.')[0];
const nameOf = (group: Group, lang: string) => (lang === 'ru' ? group.ru : lang === 'uz' ? group.uz : group.en);

export function InterfaceTexts({ code, texts, onChange }: { code: string; texts: Record<string, string>; onChange: (texts: Record<string, string>) => void }) {
  const { t, lang } = useAdmin();
  const [onlyLeft, setOnlyLeft] = useState(false);
  const [query, setQuery] = useState('');
  const builtIn = UI_TEXTS[code];
  // A language the site knows by itself has every text; another one has what was written here.
  const written = (key: UiTextKey) => Boolean(texts[key]?.trim() || builtIn?.[key]);
  const left = KEYS.filter((key) => !written(key)).length;
  const needle = query.trim().toLowerCase();
  const matches = (key: UiTextKey) => !needle || [key, UI_TEXTS.en[key], UI_TEXTS.uz[key], texts[key] ?? ''].some((text) => text.toLowerCase().includes(needle));
  const groups = [...new Set(KEYS.map(groupOf))];
  return (
    <div className="mt-4 space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        <p className="text-sm font-semibold text-slate-800" role="status">
          {left ? t('texts.left', { left, total: KEYS.length }) : t('texts.allWritten', { total: KEYS.length })}
        </p>
        <label className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" className="h-5 w-5" checked={onlyLeft} onChange={(event) => setOnlyLeft(event.target.checked)} />
          {t('texts.onlyLeft')}
        </label>
        <label className="text-sm font-medium text-slate-800">
          {t('texts.find')}
          <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} className={inputClass} />
        </label>
        {code && (
          <a href={`/${code.toLowerCase()}`} target="_blank" rel="noopener" className="text-sm font-semibold text-brand-700 underline">
            {t('texts.preview')}
          </a>
        )}
      </div>
      {groups.map((group) => {
        const keys = KEYS.filter((key) => groupOf(key) === group && matches(key) && (!onlyLeft || !written(key)));
        if (!keys.length) return null;
        const groupLeft = KEYS.filter((key) => groupOf(key) === group && !written(key)).length;
        return (
          <details key={group} open={Boolean(needle) || onlyLeft} className="rounded-md border border-slate-200">
            <summary className="cursor-pointer px-4 py-3 font-semibold text-brand-900">
              {nameOf(GROUPS[group] ?? OTHER, lang)}
              <span className="ml-2 text-sm font-normal text-slate-600">{groupLeft ? t('texts.groupLeft', { left: groupLeft }) : t('texts.groupDone')}</span>
            </summary>
            <ul className="divide-y divide-slate-100">
              {keys.map((key) => (
                <li key={key} className="grid gap-2 px-4 py-3 md:grid-cols-2">
                  <div className="text-sm">
                    <p className="text-slate-900">
                      <span className="mr-1 text-xs font-semibold text-slate-500">EN</span>
                      {UI_TEXTS.en[key]}
                    </p>
                    <p className="text-slate-700" lang="uz">
                      <span className="mr-1 text-xs font-semibold text-slate-500">UZ</span>
                      {UI_TEXTS.uz[key]}
                    </p>
                    <p className="mt-1 font-mono text-xs text-slate-500">{key}</p>
                  </div>
                  <div>
                    <label htmlFor={`tr-${key}`} className="sr-only">
                      {`${UI_TEXTS.en[key]} (${code.toUpperCase() || '…'})`}
                    </label>
                    <input
                      id={`tr-${key}`}
                      lang={code || undefined}
                      value={texts[key] ?? ''}
                      placeholder={builtIn?.[key] ?? ''}
                      onChange={(event) => onChange({ ...texts, [key]: event.target.value })}
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
