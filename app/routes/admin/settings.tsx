import { LogOut, Trash } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { languagesFor, ROLES, type Role } from '../../../domain/access/permissions.ts';
import type { PublicUser } from '../../../domain/users/user-schema.ts';
import { useAdmin } from '../../admin/admin-context.tsx';
import { api, ApiError, clearToken, loadScreen } from '../../admin/api.ts';
import { buttonClass, ErrorNotice, inputClass, Loading, PageTitle, SuccessNotice, useConfirm } from '../../admin/ui.tsx';
import type { Route } from './+types/settings';
import { formatDay, formatMoment } from '../../admin/time-zone.ts';
import { TwoFactorSection } from '../../admin/two-factor.tsx';
import { PasskeysSection } from '../../admin/passkeys.tsx';
import { TelegramNotices } from '../../admin/telegram-notices.tsx';
import { AccountAccess } from '../../admin/account-access.tsx';

/** An account in the list (the roles it may have are the permission table's, ROLES). */
type Admin = Pick<PublicUser, '_id' | 'email' | 'name' | 'createdAt' | 'role' | 'languages'> & Partial<Pick<PublicUser, 'breakGlass' | 'scope'>>;
/** What the settings change of an account at once. */
type AccountChange = { role?: Role; languages?: string[] } & Pick<Partial<PublicUser>, 'breakGlass' | 'scope'>;

/** A role that changes texts only in its own languages (the table's translator): its account is given them. */
const languageBound = (role: Role) => languagesFor({ role }, 'record.edit') !== 'all';

interface Session {
  _id: string;
  createdAt: string;
  lastUsedAt: string;
  userAgent: string;
  ip: string;
  current: boolean;
}

/** "Chrome · Windows" from a user agent: enough to recognise one's own devices. */
function describeDevice(userAgent: string): string {
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /OPR\//.test(userAgent) ? 'Opera' : /YaBrowser/.test(userAgent) ? 'Yandex' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : '';
  const system = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Windows/.test(userAgent) ? 'Windows' : /Mac OS X/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  return [browser, system].filter(Boolean).join(' · ') || userAgent.slice(0, 60) || '?';
}

export async function clientLoader() {
  return loadScreen(async () => {
    // Only administrators manage accounts: for the others the list is not theirs to read (403).
    const accounts = api<Admin[]>('/auth/users').then(
      (answer) => answer.data,
      (caught: unknown) => (caught instanceof ApiError && caught.status === 403 ? null : Promise.reject(caught)),
    );
    const [admins, sessions, me, site] = await Promise.all([
      accounts,
      api<Session[]>('/auth/sessions'),
      api<{ twoFactor: boolean; telegramChatId: string | null }>('/auth/me'),
      api<{ security: { requireTwoFactor: boolean } }>('/site-config'),
    ]);
    return { admins, sessions: sessions.data, twoFactor: me.data.twoFactor, telegramChatId: me.data.telegramChatId, required: site.data.security.requireTwoFactor };
  });
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { t, problem } = useAdmin();
  const { ask, dialog: confirmDialog } = useConfirm();
  const [newRole, setNewRole] = useState<Role>('editor');
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const admins = loaderData.data?.admins;
  const sessions = loaderData.data?.sessions;
  const [actionError, setError] = useState('');
  const error = actionError || (loaderData.failed ? problem(loaderData.problem, 'common.error') : '');
  const [notice, setNotice] = useState('');
  const [addError, setAddError] = useState('');
  const [passwordError, setPasswordError] = useState('');

  const load = async () => {
    setError('');
    await revalidator.revalidate();
  };

  async function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setAddError('');
    try {
      await api('/auth/users', { body: { email: data.get('email'), name: data.get('name') || undefined, password: data.get('password'), role: newRole, languages: data.getAll('languages') } });
      form.reset();
      setNewRole('editor');
      setNotice(t('common.saved'));
      await load();
    } catch (caught) {
      setAddError(problem(caught, 'common.saveError'));
    }
  }

  async function remove(admin: Admin) {
    if (!(await ask({ message: t('settings.removeConfirm'), confirm: t('common.delete'), danger: true }))) return;
    try {
      await api(`/auth/users/${admin._id}`, { method: 'DELETE' });
      await load();
    } catch (caught) {
      setError(problem(caught));
    }
  }

  async function endSession(session: Session) {
    if (session.current && !(await ask({ message: t('sessions.endCurrent'), confirm: t('app.logout') }))) return;
    setError('');
    try {
      await api(`/auth/sessions/${session._id}`, { method: 'DELETE' });
      if (session.current) {
        clearToken();
        navigate('/admin/login', { replace: true });
        return;
      }
      setNotice(t('sessions.ended'));
      await load();
    } catch (caught) {
      setError(problem(caught, 'common.error'));
    }
  }

  async function endOthers() {
    if (!(await ask({ message: t('sessions.endOthersConfirm') }))) return;
    setError('');
    try {
      const result = await api<{ ended: number }>('/auth/sessions/end-others', { method: 'POST' });
      setNotice(t('sessions.endedOthers', { count: result.data.ended }));
      await load();
    } catch (caught) {
      setError(problem(caught, 'common.error'));
    }
  }

  async function changeRole(admin: Admin, change: AccountChange) {
    setError('');
    setNotice('');
    try {
      await api(`/auth/users/${admin._id}`, { method: 'PUT', body: change });
      setNotice(t('roles.saved'));
      await load();
    } catch (caught) {
      setError(problem(caught, 'common.error'));
    }
  }

  async function changePassword(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setPasswordError('');
    try {
      await api('/auth/password', { method: 'PUT', body: { currentPassword: data.get('currentPassword'), newPassword: data.get('newPassword') } });
      window.alert(t('settings.passwordChanged'));
      clearToken();
      navigate('/admin/login', { replace: true });
    } catch (caught) {
      setPasswordError(problem(caught, 'common.saveError'));
    }
  }

  return (
    <div className="max-w-4xl space-y-6">
      {confirmDialog}
      <PageTitle>{t('settings.title')}</PageTitle>
      {notice && <SuccessNotice message={notice} />}
      {error && <ErrorNotice message={error} onRetry={load} />}
      {admins !== null && (
        <>
          <section className="rounded-xl bg-white p-6 shadow-sm" aria-labelledby="admins-title">
            <h2 id="admins-title" className="text-lg font-semibold text-brand-900">
              {t('settings.admins')}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{t('roles.intro')}</p>
            {!admins ? (
              <Loading />
            ) : (
              <ul className="mt-3 divide-y divide-slate-100" data-testid="accounts">
                {admins.map((admin) => (
                  <AccountRow key={admin._id} admin={admin} onChange={(change) => void changeRole(admin, change)} onRemove={() => remove(admin)} />
                ))}
              </ul>
            )}
          </section>
          <section className="rounded-xl bg-white p-6 shadow-sm" aria-labelledby="add-title">
            <h2 id="add-title" className="text-lg font-semibold text-brand-900">
              {t('settings.addAdmin')}
            </h2>
            {addError && <ErrorNotice message={addError} />}
            <form onSubmit={add} className="mt-3 grid gap-4 md:grid-cols-2">
              {formField('new-email', 'email', t('settings.email'), 'email', 'off')}
              {formField('new-name', 'name', t('settings.name'))}
              {formField('new-password', 'password', t('settings.password'), 'password', 'new-password')}
              <div>
                <label htmlFor="new-role" className="block text-sm font-medium text-slate-800">
                  {t('roles.role')}
                </label>
                <select id="new-role" value={newRole} onChange={(event) => setNewRole(ROLES.find((known) => known === event.target.value) ?? 'editor')} className={inputClass}>
                  <RoleOptions />
                </select>
                <p className="mt-1 text-xs text-slate-600">{t(`roles.about.${newRole}`)}</p>
              </div>
              {languageBound(newRole) && <div className="md:col-span-2"><LanguageChoices idPrefix="new-languages" chosen={[]} /></div>}
              <div>
                <button type="submit" className={buttonClass.primary}>
                  {t('common.add')}
                </button>
              </div>
            </form>
          </section>
        </>
      )}
      {loaderData.data?.required && !loaderData.data.twoFactor && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-950">
          {t('twoFactor.required')}
        </p>
      )}
      {loaderData.data && <TwoFactorSection enabled={loaderData.data.twoFactor} onChange={() => void load()} />}
      {loaderData.data && <PasskeysSection />}
      {loaderData.data && <TelegramNotices chatId={loaderData.data.telegramChatId} onChange={() => void load()} />}
      <section className="rounded-xl bg-white p-6 shadow-sm" aria-labelledby="sessions-title">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="sessions-title" className="text-lg font-semibold text-brand-900">
            {t('sessions.title')}
          </h2>
          {sessions && sessions.length > 1 && (
            <button type="button" className={buttonClass.secondary} onClick={endOthers}>
              <LogOut className="h-4 w-4" aria-hidden="true" />
              {t('sessions.endOthers')}
            </button>
          )}
        </div>
        <p className="mt-1 text-sm text-slate-600">{t('sessions.intro')}</p>
        {!sessions ? (
          <Loading />
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" data-testid="sessions">
            {sessions.map((session) => (
              <SessionRow key={session._id} session={session} onEnd={() => endSession(session)} />
            ))}
          </ul>
        )}
      </section>
      <section className="rounded-xl bg-white p-6 shadow-sm" aria-labelledby="password-title">
        <h2 id="password-title" className="text-lg font-semibold text-brand-900">
          {t('settings.changePassword')}
        </h2>
        {passwordError && <ErrorNotice message={passwordError} />}
        <form onSubmit={changePassword} className="mt-3 grid gap-4 md:grid-cols-2">
          {formField('current-password', 'currentPassword', t('settings.currentPassword'), 'password', 'current-password')}
          {formField('next-password', 'newPassword', t('settings.newPassword'), 'password', 'new-password')}
          <div>
            <button type="submit" className={buttonClass.primary}>
              {t('common.save')}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}

/** The roles of the permission table, each in the admin's words. */
function RoleOptions() {
  const { t } = useAdmin();
  return ROLES.map((role) => (
    <option key={role} value={role}>
      {t(`roles.${role}`)}
    </option>
  ));
}

/** The languages a translator may change: ticked on their account (changed at once), or for a new one (sent with the form). */
function LanguageChoices({ idPrefix, chosen, onToggle }: { idPrefix: string; chosen: string[]; onToggle?: (code: string, on: boolean) => void }) {
  const { t, languages, languageName } = useAdmin();
  return (
  <fieldset className="mt-2">
    <legend className="text-sm font-medium text-slate-800">{t('roles.languages')}</legend>
    <div className="mt-1 flex flex-wrap gap-3">
      {languages.map((language) => (
        <label key={language.code} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="languages"
            value={language.code}
            id={`${idPrefix}-${language.code}`}
            defaultChecked={onToggle ? undefined : chosen.includes(language.code)}
            checked={onToggle ? chosen.includes(language.code) : undefined}
            onChange={onToggle ? (event) => onToggle(language.code, event.target.checked) : undefined}
            className="h-4 w-4"
          />
          {language.code.toUpperCase()} · {languageName(language.code)}
        </label>
      ))}
    </div>
  </fieldset>
  );
}

/** An account: who, since when, its languages (a translator's), its role, and its removal (never one's own). */
function AccountRow({ admin, onChange, onRemove }: { admin: Admin; onChange: (change: AccountChange) => void; onRemove: () => void }) {
  const { t, lang, user, timeZone, languages } = useAdmin();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <span className="min-w-48 flex-1">
        <span className="font-semibold">{admin.email}</span> {admin._id === user._id && <span className="text-slate-600">({t('settings.you')})</span>}
        <span className="block text-sm text-slate-600">
          {admin.name} · {t('settings.added')} {formatDay(admin.createdAt, lang, timeZone)}
        </span>
        {languageBound(admin.role) && <LanguageChoices idPrefix={`languages-${admin._id}`} chosen={admin.languages} onToggle={(code, on) => onChange({ languages: on ? [...admin.languages, code] : admin.languages.filter((other) => other !== code) })} />}
        <AccountAccess account={admin} onChange={onChange} />
      </span>
      <span className="flex flex-wrap items-center gap-2">
        <label htmlFor={`role-${admin._id}`} className="sr-only">
          {t('roles.role')}: {admin.email}
        </label>
        <select
          id={`role-${admin._id}`}
          value={admin.role}
          onChange={(event) => {
            const role = ROLES.find((known) => known === event.target.value) ?? admin.role;
            onChange({ role, ...(languageBound(role) && !admin.languages.length ? { languages: languages.filter((language) => !language.isDefault).map((language) => language.code).slice(0, 1) } : {}) });
          }}
          className={`${inputClass} mt-0 w-auto`}
        >
          <RoleOptions />
        </select>
        {admin._id !== user._id && (
          <button type="button" className={buttonClass.danger} onClick={onRemove} aria-label={`${t('common.delete')}: ${admin.email}`}>
            <Trash className="h-4 w-4" aria-hidden="true" />
            {t('common.delete')}
          </button>
        )}
      </span>
    </li>
  );
}

/** A signed-in device: which, from where, when last used and signed in; and ending it. */
function SessionRow({ session, onEnd }: { session: Session; onEnd: () => void }) {
  const { t, lang, timeZone } = useAdmin();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <span>
        <span className="font-semibold">{describeDevice(session.userAgent)}</span> {session.current && <span className="rounded-full bg-green-100 px-2 text-xs font-semibold text-green-900">{t('sessions.thisDevice')}</span>}
        <span className="block text-sm text-slate-600">
          {session.ip} · {t('sessions.lastUsed')} {formatMoment(session.lastUsedAt, lang, timeZone)} · {t('sessions.signedIn')} {formatMoment(session.createdAt, lang, timeZone)}
        </span>
      </span>
      <button type="button" className={buttonClass.secondary} onClick={onEnd} aria-label={`${t('sessions.end')}: ${describeDevice(session.userAgent)}, ${session.ip}`}>
        {t('sessions.end')}
      </button>
    </li>
  );
}

/** A line of the account and password forms (every one required but the name). */
function formField(id: string, name: string, label: string, type = 'text', autoComplete?: string) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} name={name} type={type} autoComplete={autoComplete} required={name !== 'name'} className={inputClass} />
    </div>
  );
}
