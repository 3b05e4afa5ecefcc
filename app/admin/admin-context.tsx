import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ADMIN_LANGUAGES, ADMIN_TEXT_PREFIX, ADMIN_TEXTS, type AdminTextKey } from './admin-texts.ts';
import { makeProblemText, type ProblemText } from './problems.ts';
import { rememberWords } from './words.ts';
import { api } from './api.ts';
import { can } from '../../domain/access/permissions.ts';
import type { PublicUser } from '../../domain/users/user-schema.ts';

export interface SiteLanguage {
  _id: string;
  code: string;
  name: string;
  nativeName: string;
  flag: string;
  isDefault: boolean;
  isActive: boolean;
  rtl: boolean;
  order: number;
  version: number;
  translations: Record<string, string>;
}


/** The signed-in user as the admin knows them (GET /api/auth/me). */
export type AdminUser = Pick<PublicUser, '_id' | 'email' | 'name' | 'role' | 'languages' | 'twoFactor'> & Partial<Pick<PublicUser, 'scope'>>;

/**
 * What the signed-in user may do, in the words of the admin's screens: each is a row of the one
 * permission table (domain/access/permissions.ts), which the server checks on every call.
 */
export function abilities(user: AdminUser) {
  return {
    /** Create, delete, publish, upload, contact requests, redirects, trash, analytics. */
    editContent: can(user, 'record.create'),
    /** Accounts, languages, the site configuration, Telegram. */
    administer: can(user, 'user.manage'),
    /** A multilingual text in this language may be changed. */
    editLanguage: (code: string) => can(user, 'record.edit', { language: code }),
    /** A record naming these services (domain/publishing/scope.ts) may be changed: always, unless the user is limited to some practice areas. */
    editRecordOf: (services: readonly string[]) => can(user, 'record.edit', { services }),
    /** Make and change releases (records that go out together). */
    manageReleases: can(user, 'release.manage'),
    /** Publish a release now. */
    publishReleases: can(user, 'release.publish'),
    /** Look up a person's consents with their words and facts (GET /api/privacy/consents). */
    lookUpConsents: can(user, 'privacy.consents'),
  };
}

export type AdminT = (key: AdminTextKey, values?: Record<string, string | number>) => string;

interface AdminContextValue {
  lang: string;
  setLang: (code: string) => void;
  t: AdminT;
  user: AdminUser;
  languages: SiteLanguage[];
  /** Why something failed, in the admin's language (app/admin/problems.ts). */
  problem: ProblemText;
  /** What the admin can be read in (adminLanguagesOf). */
  adminLanguages: { code: string; name: string }[];
  defaultLanguage: string;
  reloadLanguages: () => Promise<void>;
  unread: number;
  refreshUnread: () => void;
  /** The firm's time zone: scheduled moments are edited and shown in it. */
  timeZone: string;
  /** A site language's name in the admin's language ("Ruscha", "Узбекский (кириллица)"); its own name when the browser knows none. */
  languageName: (code: string) => string;
}

const AdminContext = createContext<AdminContextValue | null>(null);

export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error('useAdmin outside the admin layout');
  return value;
}

const LANGUAGE_KEY = 'i18nextLng';
/** The language the server was last told of in this tab (PUT /api/auth/me/language), per account. */
const TOLD_LANGUAGE_KEY = 'toldLanguage';

/**
 * Language names in Uzbek: browsers' own lists name few languages in Uzbek (Chromium names Russian
 * "Русский" to an Uzbek reader), so the common ones are written here.
 */
const IN_UZBEK: Record<string, string> = {
  uz: 'O‘zbekcha',
  'uz-latn': 'O‘zbekcha (lotin)',
  'uz-cyrl': 'O‘zbekcha (kirill)',
  kaa: 'Qoraqalpoqcha',
  ru: 'Ruscha',
  en: 'Inglizcha',
  kk: 'Qozoqcha',
  ky: 'Qirg‘izcha',
  tg: 'Tojikcha',
  tk: 'Turkmancha',
  tr: 'Turkcha',
  az: 'Ozarbayjoncha',
  uk: 'Ukraincha',
  de: 'Nemischa',
  fr: 'Fransuzcha',
  es: 'Ispancha',
  it: 'Italyancha',
  zh: 'Xitoycha',
  ja: 'Yaponcha',
  ko: 'Koreyscha',
  ar: 'Arabcha',
  fa: 'Forscha',
  hi: 'Hindcha',
};

/** Names of languages in `lang` (the browser's own list), first letter capital; else the language's own name, else its code. */
export function languageNamer(lang: string, languages: readonly SiteLanguage[]): (code: string) => string {
  const uzbek = /^uz(-latn)?$/i.test(lang);
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([lang, 'en'], { type: 'language', fallback: 'none' });
  } catch {
    names = undefined;
  }
  return (code) => {
    if (uzbek && IN_UZBEK[code.toLowerCase()]) return IN_UZBEK[code.toLowerCase()];
    let named: string | undefined;
    try {
      named = names?.of(code);
    } catch {
      named = undefined;
    }
    if (named && named.toLowerCase() !== code.toLowerCase()) return named.charAt(0).toLocaleUpperCase(lang) + named.slice(1);
    return languages.find((language) => language.code === code)?.nativeName || code.toUpperCase();
  };
}

/** The languages the admin can be read in: its own three, and each language of the site with admin texts written for it. */
function adminLanguagesOf(languages: readonly SiteLanguage[]): { code: string; name: string }[] {
  const written = languages.filter((language) => !ADMIN_TEXTS[language.code] && Object.keys(language.translations ?? {}).some((key) => key.startsWith(ADMIN_TEXT_PREFIX)));
  return [...ADMIN_LANGUAGES, ...written.map((language) => ({ code: language.code, name: language.nativeName }))];
}

/** The admin's language as chosen before on this device, else the browser's, else Uzbek; among `available`. */
export function storedAdminLanguage(available: readonly string[] = Object.keys(ADMIN_TEXTS)): string {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  if (stored && available.includes(stored)) return stored;
  const browser = typeof navigator === 'undefined' ? '' : navigator.language;
  return [browser, browser.slice(0, 2)].find((code) => available.includes(code)) ?? 'uz';
}

/**
 * A number as people write it in the admin's language: 12 345 in Uzbek and Russian (a narrow
 * no-break space), 12,345 in English. Written by hand: browsers often lack Uzbek number data.
 */
export function formatNumber(value: number, lang: string): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole, fraction] = String(Math.abs(value)).split('.');
  const english = lang === 'en';
  const grouped = whole.length > 4 || english ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, english ? ',' : '\u202f') : whole;
  return `${value < 0 ? '−' : ''}${grouped}${fraction ? `${english ? '.' : ','}${fraction}` : ''}`;
}

/**
 * The admin's words in `lang`: what the firm wrote for that language (`written`, a language's
 * translations, under ADMIN_TEXT_PREFIX), else the built-in text, else English.
 */
export function makeAdminT(lang: string, written: Readonly<Record<string, string>> = {}): AdminT {
  const texts = ADMIN_TEXTS[lang] ?? ADMIN_TEXTS.en;
  const shown = (value: string | number) => (typeof value === 'number' ? formatNumber(value, lang) : value);
  return (key, values) => {
    const text = written[ADMIN_TEXT_PREFIX + key]?.trim() || texts[key] || ADMIN_TEXTS.en[key] || key;
    return values ? text.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? shown(values[name]) : match)) : text;
  };
}

const withProblems = (t: AdminT, lang: string) => ({ t, problem: makeProblemText(t, lang) });

export function AdminProvider({
  user,
  initialLanguages,
  loadLanguages,
  loadUnread,
  timeZone,
  children,
}: {
  timeZone: string;
  user: AdminUser;
  initialLanguages: SiteLanguage[];
  loadLanguages: () => Promise<SiteLanguage[]>;
  loadUnread: () => Promise<number>;
  children: ReactNode;
}) {
  const [languages, setLanguages] = useState(initialLanguages);
  const adminLanguages = useMemo(() => adminLanguagesOf(languages), [languages]);
  const [chosen, setLangState] = useState(() => storedAdminLanguage(adminLanguagesOf(initialLanguages).map((language) => language.code)));
  // A language whose admin texts were all removed since is no longer offered.
  const lang = adminLanguages.some((language) => language.code === chosen) ? chosen : storedAdminLanguage();
  const [unread, setUnread] = useState(0);
  const setLang = useCallback((code: string) => {
    localStorage.setItem(LANGUAGE_KEY, code);
    setLangState(code);
  }, []);
  const refreshUnread = useCallback(() => {
    loadUnread().then(setUnread, () => {});
  }, [loadUnread]);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  // The server keeps the language read here: what this person is told of a review is written in it.
  useEffect(() => {
    if (!user._id || !['uz', 'ru', 'en'].includes(lang)) return;
    const told = `${user._id}:${lang}`;
    if (sessionStorage.getItem(TOLD_LANGUAGE_KEY) === told) return;
    api('/auth/me/language', { method: 'PUT', body: { language: lang } }).then(() => sessionStorage.setItem(TOLD_LANGUAGE_KEY, told), () => {});
  }, [lang, user._id]);
  useEffect(refreshUnread, [refreshUnread]);
  const value = useMemo<AdminContextValue>(
    () => {
      // Section names, labels and choices written for each language (app/admin/words.ts).
      rememberWords(languages);
      return {
        lang,
        setLang,
        adminLanguages,
        ...withProblems(makeAdminT(lang, languages.find((language) => language.code === lang)?.translations), lang),
        user,
        languages,
        defaultLanguage: languages.find((language) => language.isDefault)?.code ?? 'uz',
        reloadLanguages: async () => setLanguages(await loadLanguages()),
        unread,
        refreshUnread,
        timeZone,
        languageName: languageNamer(lang, languages),
      };
    },
    [lang, setLang, adminLanguages, user, languages, loadLanguages, unread, refreshUnread, timeZone],
  );
  return <AdminContext.Provider value={value}>{children}</AdminContext.Provider>;
}
