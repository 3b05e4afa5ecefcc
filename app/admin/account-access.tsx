import { useEffect, useState } from 'react';
import type { Scope } from '../../domain/users/user-schema.ts';
import { useAdmin } from './admin-context.tsx';
import { api } from './api.ts';
import { shown } from './display.ts';
import { Loading } from './ui.tsx';

/** A practice area as the account form offers it. */
export interface Practice {
  _id: string;
  title: unknown;
}

let practicesRead: Promise<Practice[]> | undefined;
/** The firm's practice areas (services), read once per page. */
export function usePractices(): Practice[] | null {
  const [practices, setPractices] = useState<Practice[] | null>(null);
  useEffect(() => {
    practicesRead ??= api<Practice[]>('/services?admin=true&limit=100&fields=_id,title').then(
      (answer) => answer.data,
      () => {
        practicesRead = undefined;
        return [];
      },
    );
    let live = true;
    void practicesRead.then((found) => live && setPractices(found));
    return () => {
      live = false;
    };
  }, []);
  return practices;
}

/** The names of the practice areas of a scope, in the admin's language. */
export function practiceNames(scope: Scope, practices: readonly Practice[], lang: string, defaultLanguage: string): string {
  return (scope?.services ?? []).map((id) => {
    const found = practices.find((practice) => practice._id === id);
    return found ? shown(found.title, lang, defaultLanguage) : id;
  }).join(', ');
}

/**
 * An account's access beyond its role (API-4.md): emergency password sign-in when passwords are
 * off (break-glass), and the practice areas it may edit (none ticked: no limit). Each change is
 * saved at once, as the role is.
 */
export function AccountAccess({ account, onChange }: { account: { _id: string; email: string; breakGlass?: boolean; scope?: Scope }; onChange: (change: { breakGlass?: boolean; scope?: Scope }) => void }) {
  const { t, lang, defaultLanguage } = useAdmin();
  const practices = usePractices();
  const chosen = account.scope?.services ?? [];
  const toggle = (id: string, on: boolean) => {
    const services = on ? [...chosen, id] : chosen.filter((other) => other !== id);
    onChange({ scope: services.length ? { services } : null });
  };
  return (
    <div className="mt-2 space-y-2 text-sm">
      <label className="flex min-h-10 items-center gap-2">
        <input type="checkbox" className="h-5 w-5" checked={Boolean(account.breakGlass)} onChange={(event) => onChange({ breakGlass: event.target.checked })} />
        <span>{t('users.breakGlass')}</span>
      </label>
      <details className="rounded-md border border-slate-200 px-3 py-2" data-testid={`scope-${account.email}`}>
        <summary className="min-h-10 cursor-pointer py-2">
          <span className="font-medium text-slate-800">{t('users.scope')}:</span>{' '}
          <span className="text-slate-700">{chosen.length && practices ? t('users.scopeOnly', { names: practiceNames(account.scope ?? null, practices, lang, defaultLanguage) }) : t('users.scopeAll')}</span>
        </summary>
        <p className="text-slate-600">{t('users.scopeHelp')}</p>
        {!practices ? (
          <Loading />
        ) : (
          <fieldset className="mt-2 grid gap-1 sm:grid-cols-2">
            <legend className="sr-only">{t('users.scope')}: {account.email}</legend>
            {practices.map((practice) => (
              <label key={practice._id} className="flex min-h-10 items-center gap-2">
                <input type="checkbox" className="h-5 w-5" checked={chosen.includes(practice._id)} onChange={(event) => toggle(practice._id, event.target.checked)} />
                <span>{shown(practice.title, lang, defaultLanguage)}</span>
              </label>
            ))}
          </fieldset>
        )}
      </details>
    </div>
  );
}
