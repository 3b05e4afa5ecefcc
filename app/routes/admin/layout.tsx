import { Award, BookMarked, PackageCheck, BarChart3, BookOpen, Briefcase, CalendarDays, CircleHelp, Factory, FileText, Handshake, Hash, Home, Image, Inbox, Languages, LayoutDashboard, ListChecks, LogOut, MailCheck, Megaphone, Menu, MessageSquareQuote, Newspaper, Scale, ScrollText, Settings, Signpost, SpellCheck, SlidersHorizontal, Sparkles, Trash2, Users, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, redirect, useLoaderData, useLocation, useNavigate, type ShouldRevalidateFunctionArgs } from 'react-router';
import { RECORD_TYPES } from '../../../domain/registry.ts';
import type { ADMIN_ICONS } from '../../../domain/shared/record-type.ts';
import { say } from '../../admin/words.ts';
import { abilities, AdminProvider, makeAdminT, storedAdminLanguage, useAdmin, type AdminT, type AdminUser, type SiteLanguage } from '../../admin/admin-context.tsx';
import type { AdminTextKey } from '../../admin/admin-texts.ts';
import { api, ApiError, clearToken, getToken, rememberPage } from '../../admin/api.ts';
import { leaveAgreed, unsavedChanges } from '../../admin/form/unsaved.ts';
import { AdminLoading, useConfirm } from '../../admin/ui.tsx';
import { LogoMark } from '../../site/icons.tsx';
import { WAITING_STATUSES } from '../../../domain/contacts/contact-entity.ts';

export const handle = { hydrate: true };

const loadLanguages = async () => (await api<SiteLanguage[]>('/languages?admin=true')).data;
// What waits for the office: new messages and applications, and new matters awaiting their conflict check.
const loadUnread = async () => {
  const counts = (await api<Record<string, number>>('/contact/counts')).data;
  return WAITING_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
};

/** The admin area is shown only with a stored token; the server refuses every call without a valid one. */
export async function clientLoader({ request }: { request: Request }) {
  // Signed in, the clerk comes back to the page asked for (the e-mail's link to a request).
  if (!getToken()) {
    rememberPage(new URL(request.url));
    throw redirect('/admin/login');
  }
  try {
    const [me, languages, schedule, site] = await Promise.all([
      api<AdminUser>('/auth/me'),
      loadLanguages(),
      api<{ timeZone: string }>('/admin/schedule'),
      api<{ security: { requireTwoFactor: boolean } }>('/site-config'),
    ]);
    // The firm requires two-factor sign-in and this account has none yet: Settings only, until it does.
    const mustSetUp = site.data.security.requireTwoFactor && !me.data.twoFactor;
    return { user: me.data, languages, timeZone: schedule.data.timeZone, mustSetUp };
  } catch (caught) {
    // Only a refused token signs out; a network error or a server hiccup keeps the session and
    // shows the error with a retry (ErrorBoundary below).
    if (caught instanceof ApiError && caught.status === 401) {
      clearToken();
      rememberPage(new URL(request.url));
      throw redirect('/admin/login');
    }
    throw caught;
  }
}

/**
 * Who is signed in, the languages and the firm's time zone do not change with a screen's filters in
 * the address (?search=, ?status=): typing in a list's search box reads none of them again.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

/** The admin area could not load (network, server): say so in the admin's language, with a retry. */
export function ErrorBoundary() {
  const t = makeAdminT(storedAdminLanguage());
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4">
      <div role="alert" className="max-w-md rounded-xl bg-white p-8 text-center shadow-lg">
        <p className="text-lg font-semibold text-brand-900">{t('common.error')}</p>
        <p className="mt-2 text-slate-700">{t('app.loadFailed')}</p>
        <button type="button" onClick={() => location.reload()} className="mt-4 min-h-11 rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          {t('common.retry')}
        </button>
      </div>
    </main>
  );
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <AdminLoading />;
}

export function meta() {
  return [{ title: 'Admin' }, { name: 'robots', content: 'noindex' }];
}

/** Lucide icons for the names record types choose from (ADMIN_ICONS). */
const TYPE_ICONS: Record<(typeof ADMIN_ICONS)[number], typeof Home> = {
  users: Users, newspaper: Newspaper, book: BookOpen, briefcase: Briefcase, hash: Hash, sparkles: Sparkles, quote: MessageSquareQuote,
  megaphone: Megaphone, handshake: Handshake, layout: FileText, help: CircleHelp, scroll: ScrollText,
  factory: Factory, scale: Scale, award: Award, calendar: CalendarDays,
};

/** `who`: the roles that see the screen (all when absent); the server refuses the others anyway. */
type NavigationItem = { to: string; label: (t: AdminT, lang: string) => string; icon: typeof Home; who?: 'editors' | 'admins' | 'releases' };
const screen = (to: string, key: AdminTextKey, icon: typeof Home, who?: NavigationItem['who']): NavigationItem => ({ to, label: (t) => t(key), icon, who });
const typeItem = (type: (typeof RECORD_TYPES)[number]): NavigationItem => ({ to: `/admin/${type.name}`, label: (_t: AdminT, lang: string) => say(type.admin.title, lang), icon: TYPE_ICONS[type.admin.icon] });

/** The menu in groups a clerk can scan: what they write, the home page's blocks, requests, languages, the site, settings. */
const NAVIGATION: Array<{ heading?: AdminTextKey; items: NavigationItem[] }> = [
  { items: [screen('/admin', 'nav.dashboard', LayoutDashboard), screen('/admin/calendar', 'nav.calendar', CalendarDays)] },
  { heading: 'nav.group.content', items: RECORD_TYPES.filter((type) => !type.admin.homeBlock).map(typeItem) },
  { heading: 'nav.group.home', items: RECORD_TYPES.filter((type) => type.admin.homeBlock).map(typeItem) },
  { heading: 'nav.group.requests', items: [screen('/admin/contacts', 'nav.contacts', Inbox, 'editors'), screen('/admin/subscribers', 'nav.subscribers', MailCheck, 'admins')] },
  { heading: 'nav.group.languages', items: [screen('/admin/translations', 'nav.translations', SpellCheck), screen('/admin/termbase', 'nav.termbase', BookMarked), screen('/admin/languages', 'nav.languages', Languages, 'admins')] },
  {
    heading: 'nav.group.site',
    items: [
      screen('/admin/releases', 'nav.releases', PackageCheck, 'releases'),
      screen('/admin/checks', 'nav.checks', ListChecks),
      screen('/admin/media', 'nav.media', Image, 'editors'),
      screen('/admin/analytics', 'nav.analytics', BarChart3, 'editors'),
      screen('/admin/redirects', 'nav.redirects', Signpost, 'editors'),
      screen('/admin/trash', 'nav.trash', Trash2, 'editors'),
    ],
  },
  { heading: 'nav.group.settings', items: [screen('/admin/site-config', 'nav.siteConfig', SlidersHorizontal, 'admins'), screen('/admin/settings', 'nav.settings', Settings)] },
];

function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t, lang, unread, user } = useAdmin();
  const can = abilities(user);
  const allowed = (item: NavigationItem) => !item.who || { admins: can.administer, editors: can.editContent, releases: can.manageReleases }[item.who];
  const groups = NAVIGATION.map((group) => ({ ...group, items: group.items.filter(allowed) })).filter((group) => group.items.length > 0);
  return (
    <nav aria-label={t('app.menu')} className="space-y-4">
      {groups.map((group) => (
        <div key={group.heading ?? 'start'}>
          {group.heading && <p className="mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-slate-400">{t(group.heading)}</p>}
          <ul className="space-y-1">
            {group.items.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === '/admin'}
                  onClick={onNavigate}
                  className={({ isActive }) => `flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm ${isActive ? 'bg-brand-700 font-semibold text-white' : 'text-slate-200 hover:bg-white/10'}`}
                >
                  <Icon className="h-5 w-5 shrink-0" aria-hidden="true" />
                  <span className="flex-1">{label(t, lang)}</span>
                  {to === '/admin/contacts' && unread > 0 && (
                    <span className="rounded-full bg-amber-400 px-2 text-xs font-bold text-brand-900" aria-label={t('app.unread', { count: unread })}>
                      {unread}
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

function Shell({ mustSetUp }: { mustSetUp: boolean }) {
  const { t, lang, setLang, user, adminLanguages } = useAdmin();
  const [drawer, setDrawer] = useState(false);
  const drawerRef = useRef<HTMLDialogElement>(null);
  const { ask, dialog: confirmDialog } = useConfirm();
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => setDrawer(false), [location.pathname]);
  useEffect(() => {
    if (mustSetUp && location.pathname !== '/admin/settings') navigate('/admin/settings', { replace: true });
  }, [mustSetUp, location.pathname, navigate]);
  // A native modal dialog keeps focus inside, closes on Escape and returns focus to the menu button.
  useEffect(() => {
    const dialog = drawerRef.current;
    if (!dialog) return;
    if (drawer && !dialog.open) dialog.showModal();
    if (!drawer && dialog.open) dialog.close();
  }, [drawer]);

  async function logout() {
    // Unsaved changes in an open form: asked first (the autosave keeps them either way).
    if (unsavedChanges()) {
      if (!(await ask({ message: t('common.unsaved'), confirm: t('confirm.leave'), cancel: t('confirm.stay'), danger: true }))) return;
      leaveAgreed();
    }
    try {
      await api('/auth/logout', { method: 'POST' });
    } catch {
      // The token is dropped either way.
    }
    clearToken();
    navigate('/admin/login', { replace: true });
  }

  return (
    <div className="min-h-screen bg-slate-100 lg:flex">
      {confirmDialog}
      <a href="#admin-main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-brand-800 focus:px-4 focus:py-2 focus:text-white">
        {t('app.title')}
      </a>
      <aside className="hidden w-64 shrink-0 bg-brand-900 p-4 lg:block">
        <p className="mb-6 flex items-center gap-2 px-2 text-lg font-bold text-white">
          <LogoMark className="h-8 w-8" />
          {t('app.admin')}
        </p>
        <Sidebar />
      </aside>
      <dialog
        ref={drawerRef}
        aria-label={t('app.menu')}
        onClose={() => setDrawer(false)}
        onClick={(event) => event.target === drawerRef.current && setDrawer(false)}
        className="m-0 h-full max-h-none w-72 overflow-y-auto bg-brand-900 p-4 backdrop:bg-slate-900/50 lg:hidden"
      >
        {drawer && (
          <>
            <div className="mb-4 flex items-center justify-between">
              <p className="text-lg font-bold text-white">{t('app.admin')}</p>
              <button type="button" onClick={() => setDrawer(false)} className="rounded-md p-2 text-white hover:bg-white/10" aria-label={t('app.closeMenu')}>
                <X className="h-6 w-6" aria-hidden="true" />
              </button>
            </div>
            <Sidebar onNavigate={() => setDrawer(false)} />
          </>
        )}
      </dialog>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-3">
          <button type="button" className="rounded-md border border-slate-300 p-2 lg:hidden" onClick={() => setDrawer(true)} aria-label={t('app.menu')}>
            <Menu className="h-5 w-5" aria-hidden="true" />
          </button>
          <span className="font-semibold text-brand-900">{t('app.admin')}</span>
          <span className="hidden text-sm text-slate-600 sm:inline">{user.email}</span>
          <div className="ml-auto flex items-center gap-2">
            <label htmlFor="admin-language" className="sr-only">
              {t('app.language')}
            </label>
            <select id="admin-language" value={lang} onChange={(event) => setLang(event.target.value)} className="min-h-10 rounded-md border border-slate-300 px-2 text-sm">
              {adminLanguages.map((language) => (
                <option key={language.code} value={language.code}>
                  {language.name}
                </option>
              ))}
            </select>
            <a href="/" className="hidden min-h-10 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:inline-flex">
              <Home className="h-4 w-4" aria-hidden="true" />
              {t('app.viewWebsite')}
            </a>
            <button type="button" onClick={logout} className="inline-flex min-h-10 items-center gap-2 rounded-md bg-slate-800 px-3 text-sm font-semibold text-white hover:bg-slate-900">
              <LogOut className="h-4 w-4" aria-hidden="true" />
              {t('app.logout')}
            </button>
          </div>
        </header>
        <main id="admin-main" tabIndex={-1} className="flex-1 p-4 focus:outline-none md:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

export default function AdminLayout() {
  const { user, languages, timeZone, mustSetUp } = useLoaderData<typeof clientLoader>();
  const reload = useCallback(loadLanguages, []);
  const unread = useCallback(loadUnread, []);
  return (
    <AdminProvider user={user} initialLanguages={languages} loadLanguages={reload} loadUnread={unread} timeZone={timeZone}>
      <Shell mustSetUp={mustSetUp} />
    </AdminProvider>
  );
}
