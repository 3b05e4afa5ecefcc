import { RefreshCw } from 'lucide-react';
import { TRANSFER_BASES } from '../../../domain/site-config/site-config-schema.ts';
import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { can } from '../../../domain/access/permissions.ts';
import { useAdmin, type AdminUser } from '../../admin/admin-context.tsx';
import { api, ApiError, loadScreen } from '../../admin/api.ts';
import { objectValue, textsValue } from '../../admin/display.ts';
import { localizeIssue } from '../../admin/field-labels.ts';
import { History } from '../../admin/history.tsx';
import { LanguageTabs, useUnsavedChanges } from '../../admin/record-form.tsx';
import { TelegramPanel } from '../../admin/telegram-panel.tsx';
import { buttonClass, ErrorNotice, inputClass, Loading, PageTitle, SuccessNotice } from '../../admin/ui.tsx';
import type { Route } from './+types/site-config';
import { LANGUAGE_CODE_PATTERN } from '../../../domain/shared/localized.ts';

type Json = Record<string, unknown>;
const isLocalized = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length > 0 && Object.entries(value).every(([key, text]) => LANGUAGE_CODE_PATTERN.test(key) && typeof text === 'string');

/** Section names of the configuration in the admin's languages; other keys are spelled out. */
const LABELS: Record<string, [string, string, string]> = {
  company: ['Company', 'Компания', 'Kompaniya'],
  companyName: ['Company name', 'Название компании', 'Kompaniya nomi'],
  companyDescription: ['Company description', 'Описание компании', 'Kompaniya tavsifi'],
  seo: ['Search engines and previews', 'Поисковики и превью', 'Qidiruv tizimlari va ko‘rinish'],
  contactInfo: ['Contact', 'Контакты', 'Aloqa'],
  socialMedia: ['Social media', 'Соцсети', 'Ijtimoiy tarmoqlar'],
  primaryButton: ['Header button', 'Кнопка в шапке', 'Sarlavhadagi tugma'],
  footerLinks: ['Footer links', 'Ссылки в подвале', 'Pastki qism havolalari'],
  legalPages: ['Legal pages', 'Правовые страницы', 'Huquqiy sahifalar'],
  legal: ['Disclaimers', 'Оговорки', 'Ogohlantirishlar'],
  mattersDisclaimer: ['Under every list of matters (required before a matter is public)', 'Под каждым списком дел (обязательно, чтобы дела были видны)', 'Har bir ishlar ro‘yxati ostida (ishlar ko‘rinishi uchun majburiy)'],
  security: ['Sign-in security', 'Безопасность входа', 'Kirish xavfsizligi'],
  publishing: ['Publishing', 'Публикация', 'E’lon qilish'],
  access: ['Publishing, sign-in and privacy', 'Публикация, вход и конфиденциальность', 'E’lon qilish, kirish va maxfiylik'],
  requireApproval: ['Publishing needs approval: an approver or an administrator signs off each change before it goes live', 'Публикация только после согласования: каждое изменение утверждает согласующий или администратор', 'E’lon qilish faqat tasdiqdan so‘ng: har bir o‘zgarishni tasdiqlovchi yoki administrator tasdiqlaydi'],
  defaultLanguageFirst: [
    'Default language first: a text is public in another language only once its text in the default language is written',
    'Сначала основной язык: текст публикуется на другом языке, только когда написан текст на основном языке',
    'Avval asosiy til: matn boshqa tilda faqat asosiy tildagi matni yozilgandan so‘ng e’lon qilinadi',
  ],
  requireTwoFactor: ['Require two-factor sign-in for every account', 'Требовать двухфакторный вход для всех учётных записей', 'Barcha hisoblar uchun ikki bosqichli kirishni talab qilish'],
  channels: ['The firm’s channel in each language: @name, or its id (-1001234567890); the bot must be an administrator of it', 'Канал фирмы на каждом языке: @имя или id вида -1001234567890 (бот должен быть администратором канала)', 'Har bir tildagi firma kanali: @nom yoki -1001234567890 kabi id (bot kanal administratori bo‘lishi kerak)'],
  privacy: ['Privacy and contact requests', 'Конфиденциальность и обращения', 'Maxfiylik va murojaatlar'],
  requireConsent: ['Ask for consent in the contact form', 'Запрашивать согласие в форме обращения', 'Murojaat shaklida rozilik so‘rash'],
  policyVersion: ['Privacy policy version', 'Версия политики конфиденциальности', 'Maxfiylik siyosati versiyasi'],
  emailRequests: ['Send new requests by e-mail', 'Отправлять новые обращения по эл. почте', 'Yangi murojaatlarni e-pochtaga yuborish'],
  telegramRequests: ['Send new requests to Telegram', 'Отправлять новые обращения в Telegram', 'Yangi murojaatlarni Telegramga yuborish'],
  telegramPersonalData: ['Include name, contacts and message in Telegram', 'Передавать в Telegram имя, контакты и текст', 'Telegramga ism, aloqa va matnni yuborish'],
  operator: ['Operator of personal data (named in every consent)', 'Оператор персональных данных (называется в каждом согласии)', 'Shaxsiy ma’lumotlar operatori (har bir rozilikda ko‘rsatiladi)'],
  tin: ['TIN (STIR/INN, 9 digits)', 'ИНН (9 цифр)', 'STIR (9 raqam)'],
  registerNumber: ['Number in the register of operators', 'Номер в реестре операторов', 'Operatorlar reyestridagi raqami'],
  crossBorder: ['Transfer of data outside Uzbekistan', 'Передача данных за пределы Узбекистана', 'Ma’lumotlarni O‘zbekistondan tashqariga uzatish'],
  transfer: ['Data leaves Uzbekistan', 'Данные передаются за пределы Узбекистана', 'Ma’lumotlar O‘zbekistondan tashqariga uzatiladi'],
  basis: ['Basis of the transfer', 'Основание передачи', 'Uzatish asosi'],
  countries: ['Countries (two-letter codes, comma-separated: DE, KZ)', 'Страны (двухбуквенные коды через запятую: DE, KZ)', 'Davlatlar (ikki harfli kodlar, vergul bilan: DE, KZ)'],
  adequacy: ['A country that adequately protects personal data', 'Страна с надлежащей защитой персональных данных', 'Shaxsiy ma’lumotlarni yetarli himoya qiladigan davlat'],
  contract: ['A contract with the person or in their interest', 'Договор с человеком или в его интересах', 'Shaxs bilan yoki uning manfaatida tuzilgan shartnoma'],
  standards: ['Standard data protection clauses', 'Типовые условия защиты данных', 'Ma’lumotlarni himoya qilishning namunaviy shartlari'],
  retentionDays: ['Keep requests for (days), then anonymise', 'Хранить обращения (дней), затем обезличить', 'Murojaatlarni saqlash (kun), so‘ng anonimlashtirish'],
  offices: ['Offices', 'Офисы', 'Ofislar'],
  sections: ['Page sections', 'Разделы страниц', 'Sahifa bo‘limlari'],
  home: ['Home page', 'Главная страница', 'Bosh sahifa'],
  title: ['Title', 'Заголовок', 'Sarlavha'],
  subtitle: ['Subtitle', 'Подзаголовок', 'Kichik sarlavha'],
  description: ['Description', 'Описание', 'Tavsif'],
  keywords: ['Keywords', 'Ключевые слова', 'Kalit so‘zlar'],
  phone: ['Phone', 'Телефон', 'Telefon'],
  email: ['Email', 'Эл. почта', 'E-pochta'],
  address: ['Address', 'Адрес', 'Manzil'],
  workingHours: ['Working hours', 'Часы работы', 'Ish vaqti'],
  emergencyPhone: ['Emergency phone', 'Экстренный телефон', 'Shoshilinch telefon'],
  name: ['Name', 'Название', 'Nomi'],
  image: ['Image', 'Изображение', 'Rasm'],
  url: ['Link', 'Ссылка', 'Havola'],
  link: ['Link', 'Ссылка', 'Havola'],
  text: ['Text', 'Текст', 'Matn'],
  order: ['Order', 'Порядок', 'Tartib raqami'],
  isActive: ['Active', 'Активен', 'Faol'],
  category: ['Category', 'Категория', 'Turkum'],
  steps: ['Steps', 'Шаги', 'Qadamlar'],
  items: ['Cases', 'Дела', 'Ishlar'],
  icon: ['Icon', 'Значок', 'Belgi'],
  result: ['Result', 'Результат', 'Natija'],
  step: ['Step number', 'Номер шага', 'Qadam raqami'],
  mapUrl: ['Map link', 'Ссылка на карту', 'Xarita havolasi'],
  privacyPolicy: ['Privacy policy title', 'Название политики конфиденциальности', 'Maxfiylik siyosati nomi'],
  termsOfService: ['Terms of service title', 'Название условий использования', 'Foydalanish shartlari nomi'],
  disclaimer: ['Disclaimer title', 'Название отказа от ответственности', 'Javobgarlikni cheklash nomi'],
  privacyPolicyUrl: ['Privacy policy link', 'Ссылка на политику конфиденциальности', 'Maxfiylik siyosati havolasi'],
  termsOfServiceUrl: ['Terms of service link', 'Ссылка на условия использования', 'Foydalanish shartlari havolasi'],
  disclaimerUrl: ['Disclaimer link', 'Ссылка на отказ от ответственности', 'Javobgarlikni cheklash havolasi'],
  navigation: ['Main menu', 'Главное меню', 'Asosiy menyu'],
  footer: ['Footer', 'Подвал сайта', 'Sayt pastki qismi'],
  homeText: ['“Home” link', 'Ссылка «Главная»', '“Bosh sahifa” havolasi'],
  servicesText: ['“Services” link', 'Ссылка «Услуги»', '“Xizmatlar” havolasi'],
  teamText: ['“Team” link', 'Ссылка «Команда»', '“Jamoa” havolasi'],
  partnersText: ['“Partners” link', 'Ссылка «Партнёры»', '“Hamkorlar” havolasi'],
  newsText: ['“News” link', 'Ссылка «Новости»', '“Yangiliklar” havolasi'],
  blogText: ['“Blog” link', 'Ссылка «Блог»', '“Blog” havolasi'],
  contactText: ['“Contact” link', 'Ссылка «Контакты»', '“Aloqa” havolasi'],
  quickLinksTitle: ['Quick links heading', 'Заголовок быстрых ссылок', 'Tezkor havolalar sarlavhasi'],
  servicesTitle: ['Services heading', 'Заголовок услуг', 'Xizmatlar sarlavhasi'],
  noServicesText: ['Text when there are no services', 'Текст, если услуг нет', 'Xizmatlar bo‘lmaganda matn'],
  contactTitle: ['Contact heading', 'Заголовок контактов', 'Aloqa sarlavhasi'],
  team: ['Team page', 'Страница «Команда»', '“Jamoa” sahifasi'],
  partners: ['Partners page', 'Страница «Партнёры»', '“Hamkorlar” sahifasi'],
  benefits: ['Partnership benefits', 'Преимущества партнёрства', 'Hamkorlik afzalliklari'],
  news: ['News page', 'Страница «Новости»', '“Yangiliklar” sahifasi'],
  blog: ['Blog page', 'Страница «Блог»', '“Blog” sahifasi'],
  contact: ['Contact page', 'Страница «Контакты»', '“Aloqa” sahifasi'],
  services: ['Services', 'Услуги', 'Xizmatlar'],
  whyChoose: ['Why choose us', 'Почему выбирают нас', 'Nega aynan biz'],
  testimonialsSection: ['Testimonials', 'Отзывы', 'Mijozlar fikri'],
  process: ['How we work', 'Как мы работаем', 'Qanday ishlaymiz'],
  recentCases: ['Recent cases', 'Недавние дела', 'So‘nggi ishlar'],
  learnMoreText: ['“Learn more” text', 'Текст «Подробнее»', '“Batafsil” matni'],
  loadingText: ['Loading text', 'Текст загрузки', 'Yuklanish matni'],
  errorText: ['Error text', 'Текст ошибки', 'Xatolik matni'],
  retryText: ['Retry text', 'Текст повтора', 'Qayta urinish matni'],
  noResultsText: ['Text when nothing is found', 'Текст, если ничего не найдено', 'Hech narsa topilmaganda matn'],
};
/** A copy of `tree` with the value at `path` replaced; lists and objects on the way are copied. */
function setAt(tree: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(tree)) return tree.map((item, index) => (index === head ? setAt(item, rest, value) : item));
  const object = objectValue(tree);
  return { ...object, [head]: setAt(object[head], rest, value) };
}

const humanize = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (char) => char.toUpperCase());
const labelOf = (key: string, lang: string) => {
  const labels = LABELS[key];
  if (!labels) return humanize(key);
  return lang === 'ru' ? labels[1] : lang === 'uz' ? labels[2] : labels[0];
};

/** A blank copy of a list item, so "Add" creates one of the same shape. */
function blank(value: unknown): unknown {
  if (Array.isArray(value)) return [];
  if (isLocalized(value)) return {};
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, blank(inner)]));
  if (typeof value === 'boolean') return true;
  if (typeof value === 'number') return 0;
  return '';
}

export async function clientLoader() {
  return loadScreen(async () => (await api<Json>('/site-config')).data);
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

/** The field a problem is about: its path without list positions and a trailing language code. */
function fieldOfPath(path: string, languages: readonly { code: string }[]): string {
  const parts = path.split('.').filter((part) => !/^\d+$/.test(part));
  if (parts.length > 1 && languages.some((language) => language.code === parts.at(-1))) parts.pop();
  return parts.at(-1) ?? path;
}

/** The form's sections and the settings each holds; the access settings only for one who may change them. */
function sectionsFor(user: AdminUser): Array<[string, string[]]> {
  return [
    ['company', ['companyName', 'companyDescription', 'seo', 'primaryButton']],
    ['contactInfo', ['contactInfo', 'offices']],
    ['socialMedia', ['socialMedia', 'telegram']],
    ['sections', ['sections']],
    ['legalPages', ['legalPages', 'legal']],
    ['footerLinks', ['footerLinks']],
    // Who may publish what, how people sign in, what the contact form asks and keeps: the administrator's alone.
    ...(can(user, 'siteConfig.manage') ? [['access', ['publishing', 'security', 'privacy']] satisfies [string, string[]]] : []),
  ];
}

export default function SiteConfig({ loaderData }: Route.ComponentProps) {
  const { t, lang, defaultLanguage, languages, problem, user } = useAdmin();
  const revalidator = useRevalidator();
  // The form edits a copy of what the loader read; "Refresh" reads it again and drops the edits.
  const [config, setConfig] = useState<Json | null>(loaderData.data);
  const [active, setActive] = useState(defaultLanguage);
  const [actionError, setError] = useState('');
  const error = actionError || (loaderData.failed ? problem(loaderData.problem, 'siteConfig.loadError') : '');
  const [problems, setProblems] = useState<Array<{ path: string; message: string }>>([]);
  const [notice, setNotice] = useState('');
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const leaving = useUnsavedChanges(dirty && !saving);

  useEffect(() => {
    setConfig(loaderData.data);
    setDirty(false);
  }, [loaderData]);
  const load = () => {
    setError('');
    void revalidator.revalidate();
  };

  const update = (path: Array<string | number>, value: unknown) => {
    setConfig((current) => {
      if (!current) return current;
      return objectValue(setAt(current, path, value));
    });
    setDirty(true);
  };

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!config) return;
    setSaving(true);
    setNotice('');
    setError('');
    setProblems([]);
    try {
      const saved = await api<Json>('/site-config', { method: 'PUT', body: config });
      setConfig(saved.data);
      setDirty(false);
      setNotice(t('siteConfig.saved'));
    } catch (caught) {
      if (caught instanceof ApiError && caught.details.length) setProblems(caught.details.map((detail) => ({ ...detail, message: localizeIssue(detail, labelOf(fieldOfPath(detail.path, languages), lang), lang, t) })));
      else if (caught instanceof ApiError && caught.status === 409) setError(t('common.conflict'));
      else setError(problem(caught, 'siteConfig.saveError'));
    } finally {
      setSaving(false);
    }
  }

  /** A setting's path in words (`privacy.retentionDays` → "Privacy and contact requests › Keep requests for (days)…"). */
  const pathLabel = (path: string) =>
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .map((part) => (languages.some((language) => language.code === part) ? part.toUpperCase() : labelOf(part, lang)))
      .join(' › ');
  const idOf = (path: Array<string | number>) => `config-${path.join('-')}`;
  const problemAt = (path: Array<string | number>) => problems.find((problem) => problem.path === path.join('.') || problem.path.startsWith(`${path.join('.')}.`))?.message;

  function render(key: string, value: unknown, path: Array<string | number>): React.ReactNode {
    const id = idOf(path);
    const problem = problemAt(path);
    const invalid = problem ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
    const note = problem ? (
      <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
        {problem}
      </p>
    ) : null;
    if (isLocalized(value) || (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0)) {
      const texts = textsValue(value);
      return (
        <div key={id}>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {labelOf(key, lang)} ({active.toUpperCase()})
          </label>
          <input id={id} value={texts[active] ?? ''} lang={active} onChange={(event) => update(path, { ...texts, [active]: event.target.value })} className={inputClass} {...invalid} />
          {note}
        </div>
      );
    }
    // The transfer's basis and countries (privacy.crossBorder): a choice, and the codes as one line (the schema reads the text as the list).
    if (key === 'basis' || key === 'countries') return <CrossBorderField key={id} id={id} name={key} value={value} label={labelOf(key, lang)} optionLabel={(basis) => labelOf(basis, lang)} onChange={(next) => update(path, next)} invalid={invalid} note={note} />;
    if (Array.isArray(value)) {
      return (
        <fieldset key={id} className="md:col-span-2 rounded-md border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-brand-900">{labelOf(key, lang)}</legend>
          {value.map((item, index) => (
            <div key={index} className="mb-4 rounded-md bg-slate-50 p-3">
              <div className="grid gap-3 md:grid-cols-2">{Object.entries(objectValue(item)).map(([innerKey, inner]) => render(innerKey, inner, [...path, index, innerKey]))}</div>
              <button type="button" className={`${buttonClass.danger} mt-3`} onClick={() => update(path, value.filter((_, i) => i !== index))}>
                {t('common.remove')}
              </button>
            </div>
          ))}
          <button type="button" className={buttonClass.secondary} onClick={() => update(path, [...value, value.length ? blank(value[0]) : {}])}>
            {t('common.add')}
          </button>
        </fieldset>
      );
    }
    if (typeof value === 'object' && value !== null) {
      return (
        <fieldset key={id} className="md:col-span-2 rounded-md border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-brand-900">{labelOf(key, lang)}</legend>
          <div className="grid gap-3 md:grid-cols-2">{Object.entries(objectValue(value)).map(([innerKey, inner]) => render(innerKey, inner, [...path, innerKey]))}</div>
        </fieldset>
      );
    }
    if (typeof value === 'boolean') {
      return (
        <label key={id} className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input id={id} type="checkbox" checked={value} onChange={(event) => update(path, event.target.checked)} className="h-5 w-5" />
          {labelOf(key, lang)}
        </label>
      );
    }
    return (
      <div key={id}>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {labelOf(key, lang)}
        </label>
        <input id={id} type={typeof value === 'number' ? 'number' : 'text'} value={String(value ?? '')} onChange={(event) => update(path, typeof value === 'number' ? Number(event.target.value) || 0 : event.target.value)} className={inputClass} {...invalid} />
        {note}
      </div>
    );
  }

  const groups = sectionsFor(user);

  return (
    <div className="max-w-5xl">
      {leaving}
      <PageTitle
        actions={
          <button type="button" className={buttonClass.secondary} onClick={load}>
            <RefreshCw className="h-4 w-4" aria-hidden="true" />
            {t('common.refresh')}
          </button>
        }
      >
        {t('siteConfig.title')}
      </PageTitle>
      {notice && <SuccessNotice message={notice} />}
      {error && <ErrorNotice message={error} onRetry={load} />}
      {problems.length > 0 && (
        <div role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-4 text-red-800">
          <ul className="list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem.path}>
                <a href={`#${idOf(problem.path.split('.'))}`} className="underline">
                  {pathLabel(problem.path)}
                </a>
                : {problem.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      {!config && !error && <Loading />}
      {config && (
        <form onSubmit={save} noValidate className="space-y-4">
          <LanguageTabs active={active} onChange={setActive} problems={new Set()} />
          {groups.map(([group, keys], index) => (
            <details key={group} open={index === 0} className="rounded-xl bg-white p-5 shadow-sm">
              <summary className="cursor-pointer text-lg font-semibold text-brand-900">{labelOf(group, lang)}</summary>
              <div className="mt-4 grid gap-4 md:grid-cols-2">{keys.map((key) => render(key, config[key], [key]))}</div>
            </details>
          ))}
          <div className="sticky bottom-0 flex gap-3 rounded-xl bg-white p-4 shadow-lg">
            <button type="submit" className={buttonClass.primary} disabled={saving}>
              {saving ? t('common.saving') : t('common.save')}
            </button>
          </div>
        </form>
      )}
      {config && (
        <div className="mt-6 rounded-xl bg-white p-5 shadow-sm">
          <History<Json>
            base="/site-config/versions"
            labelOf={pathLabel}
            onRestored={(restored) => {
              setConfig(restored);
              setDirty(false);
              setNotice(t('siteConfig.saved'));
            }}
          />
        </div>
      )}
      <TelegramPanel />
    </div>
  );
}

/** The transfer's basis (a choice) or its countries (two-letter codes as one line, which the schema reads as the list). */
function CrossBorderField({ id, name, value, label, optionLabel, onChange, invalid, note }: { id: string; name: 'basis' | 'countries'; value: unknown; label: string; optionLabel: (basis: string) => string; onChange: (value: string | null) => void; invalid: object; note: React.ReactNode }) {
  const shown = Array.isArray(value) ? value.join(', ') : String(value ?? '');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {name === 'basis' ? (
        <select id={id} value={shown} onChange={(event) => onChange(event.target.value || null)} className={inputClass} {...invalid}>
          {['', ...TRANSFER_BASES].map((basis) => (
            <option key={basis} value={basis}>
              {basis ? optionLabel(basis) : '—'}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} value={shown} onChange={(event) => onChange(event.target.value)} className={inputClass} {...invalid} />
      )}
      {note}
    </div>
  );
}
