import { History as HistoryIcon, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { VersionEntry } from '../../domain/versions/version-service.ts';
import { changedFields as fieldsChangedBetween, changesBetween, writtenFields, type Change } from './changes.ts';
import { useAdmin } from './admin-context.tsx';
import { api } from './api.ts';
import { buttonClass, Dialog, ErrorNotice } from './ui.tsx';
import { formatMoment } from './time-zone.ts';

interface HistoryProps<T> {
  /** The versions' address: `/news/{id}/versions`, `/site-config/versions`. */
  base: string;
  /** A changed leaf's name in the admin's language (`title.ru` → "Title (RU)"). */
  labelOf: (path: string) => string;
  onRestored: (restored: T) => void;
  /** False for a role that may not bring a version back (translators). */
  canRestore?: boolean;
  /** A public record: a version comes back as its working copy, nothing public changes (API-3.md). */
  intoCopy?: boolean;
  /** Fields a restore leaves as they are (what decides visibility, the schedule): named in the dialog. */
  kept?: readonly string[];
  /** A record's restore keeps the texts of languages the version lacks (the site configuration's does not). */
  keepsTexts?: boolean;
}

/** What a restore is about to do, shown before it is done. */
interface RestorePlan {
  entry: VersionEntry;
  /** Field (and language) labels whose text becomes the version's. */
  changes: string[];
  /** Languages whose texts stay, since the version has none in them. */
  keptLanguages: string[];
  /** The address changes: the current one will redirect to the restored one. */
  moves: boolean;
}


/**
 * A record's history in its form: who saved it and when, what each save changed (field by field,
 * a multilingual text language by language), and any version brought back as a new one.
 */
export function History<T>({ base, labelOf, onRestored, canRestore = true, intoCopy = false, kept = [], keepsTexts = false }: HistoryProps<T>) {
  const { t, lang, timeZone, problem, languages, languageName } = useAdmin();
  const [plan, setPlan] = useState<RestorePlan | null>(null);
  const [entries, setEntries] = useState<VersionEntry[] | null>(null);
  const [open, setOpen] = useState<{ version: number; changes: Change[] } | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function load() {
    setError('');
    setBusy(true);
    try {
      setEntries((await api<VersionEntry[]>(base)).data);
    } catch (caught) {
      setError(problem(caught, 'common.error'));
    } finally {
      setBusy(false);
    }
  }

  async function compare(entry: VersionEntry) {
    if (open?.version === entry.version) return setOpen(null);
    setError('');
    try {
      const after = (await api<Record<string, unknown>>(`${base}/${entry.version}`)).data;
      const previous = entries?.find((other) => other.version < entry.version && other.action !== 'delete');
      const before = previous ? (await api<Record<string, unknown>>(`${base}/${previous.version}`)).data : {};
      setOpen({ version: entry.version, changes: changesBetween(before, after) });
    } catch (caught) {
      setError(problem(caught, 'common.error'));
    }
  }

  /** Reads the version and the newest one, and says what the restore changes and what stays. */
  async function askRestore(entry: VersionEntry) {
    setError('');
    setBusy(true);
    try {
      const newest = entries?.find((other) => other.action !== 'delete');
      const [then, now] = await Promise.all([api<Record<string, unknown>>(`${base}/${entry.version}`), newest ? api<Record<string, unknown>>(`${base}/${newest.version}`) : undefined]);
      const codes = languages.map((language) => language.code);
      const changes: string[] = [];
      const keptLanguages = new Set<string>();
      const written = writtenFields(then.data, codes);
      for (const field of fieldsChangedBetween(now?.data ?? {}, then.data, codes)) {
        const [name, language] = field.split('.');
        if (kept.includes(name) || name === 'views') continue;
        // A text the version lacks in a language stays (API-3.md): said as kept, not as changed.
        if (keepsTexts && language && !written.has(field)) keptLanguages.add(language);
        else changes.push(field);
      }
      setPlan({ entry, changes: changes.map(labelOf), keptLanguages: [...keptLanguages], moves: changes.includes('slug') });
    } catch (caught) {
      setError(problem(caught, 'common.error'));
    } finally {
      setBusy(false);
    }
  }

  async function restore(entry: VersionEntry) {
    setPlan(null);
    setBusy(true);
    setError('');
    try {
      const restored = (await api<T>(`${base}/${entry.version}/restore`, { method: 'POST', body: intoCopy ? { into: 'draft' } : {} })).data;
      setOpen(null);
      onRestored(restored);
      await load();
    } catch (caught) {
      setError(problem(caught, 'common.error'));
    } finally {
      setBusy(false);
    }
  }

  // Saved values are shown the way the form shows them: a switch is yes or no, not true or false.
  const valueText = (value: string) => (value === 'true' ? t('common.yes') : value === 'false' ? t('common.no') : value || '—');

  const changedFields = (entry: VersionEntry) =>
    entry.summary
      .split(', ')
      .filter(Boolean)
      .map((field) => labelOf(field))
      .join(', ');

  return (
    <section aria-labelledby="history-title" className="mt-6 border-t border-slate-200 pt-5">
      <h2 id="history-title" className="flex items-center gap-2 text-lg font-semibold text-brand-900">
        <HistoryIcon className="h-5 w-5" aria-hidden="true" />
        {t('history.title')}
      </h2>
      {error && <ErrorNotice message={error} onRetry={load} />}
      {entries === null ? (
        <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={load} disabled={busy} aria-busy={busy}>
          {t('history.show')}
        </button>
      ) : entries.length === 0 ? (
        <p className="mt-3 text-slate-600">{t('history.none')}</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100 rounded-md border border-slate-200" data-testid="history">
          {entries.map((entry, index) => (
            <li key={`${entry.version}-${entry.savedAt}`} className="p-3 text-sm">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <span className="font-semibold text-slate-900">{t('history.version', { version: entry.version })}</span>
                <span className="text-slate-700">{t(`history.action.${entry.action}`)}</span>
                <time dateTime={entry.savedAt} className="text-slate-600">
                  {formatMoment(entry.savedAt, lang, timeZone)}
                </time>
                <span className="text-slate-600">{entry.savedBy?.email ?? t('history.system')}</span>
                <span className="ml-auto flex gap-2">
                  {entry.action !== 'delete' && (
                    <button type="button" className={buttonClass.secondary} aria-expanded={open?.version === entry.version} onClick={() => compare(entry)}>
                      {t('history.changes')}
                    </button>
                  )}
                  {index > 0 && entry.action !== 'delete' && canRestore && (
                    <button type="button" className={buttonClass.secondary} disabled={busy} onClick={() => askRestore(entry)}>
                      <RotateCcw className="h-4 w-4" aria-hidden="true" />
                      {t('history.restore')}
                    </button>
                  )}
                </span>
              </div>
              {entry.summary && <p className="mt-1 text-slate-600">{t('history.changed', { fields: changedFields(entry) })}</p>}
              {open?.version === entry.version && (
                <table className="mt-3 w-full text-left text-sm">
                  <thead className="text-slate-700">
                    <tr>
                      <th scope="col" className="py-1 pr-3">
                        {t('history.field')}
                      </th>
                      <th scope="col" className="py-1 pr-3">
                        {t('history.before')}
                      </th>
                      <th scope="col" className="py-1">
                        {t('history.after')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {open.changes.map((change) => (
                      <tr key={change.path} className="border-t border-slate-100 align-top">
                        <th scope="row" className="py-1 pr-3 font-medium text-slate-800">
                          {labelOf(change.path)}
                        </th>
                        <td className="whitespace-pre-line py-1 pr-3 text-red-800 line-through decoration-red-300">{valueText(change.before)}</td>
                        <td className="whitespace-pre-line py-1 text-green-900">{valueText(change.after)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ol>
      )}
      <Dialog title={plan ? t('history.restoreTitle', { version: plan.entry.version }) : ''} open={Boolean(plan)} onClose={() => setPlan(null)}>
        {plan && (
          <div data-testid="restore-dialog" className="space-y-3 text-sm text-slate-800">
            <p>{t(intoCopy ? 'history.confirmRestoreCopy' : keepsTexts ? 'history.confirmRestore' : 'history.confirmRestorePlain', { version: plan.entry.version })}</p>
            <div>
              <p className="font-semibold">{t('history.willChange')}</p>
              {plan.changes.length ? (
                <ul className="ml-5 list-disc">
                  {plan.changes.map((label) => (
                    <li key={label}>{label}</li>
                  ))}
                </ul>
              ) : (
                <p>{t('history.nothingChanges')}</p>
              )}
              {plan.moves && <p className="mt-1">{t('history.addressRedirects')}</p>}
            </div>
            <div>
              <p className="font-semibold">{t('history.stays')}</p>
              <ul className="ml-5 list-disc">
                {kept.length > 0 && <li>{t('history.staysVisibility')}</li>}
                {plan.keptLanguages.map((code) => (
                  <li key={code}>{t('history.staysLanguage', { language: languageName(code) })}</li>
                ))}
                <li>{t('history.staysHistory')}</li>
              </ul>
            </div>
            <div className="flex flex-wrap gap-3 pt-2">
              <button type="button" className={buttonClass.primary} onClick={() => restore(plan.entry)}>
                <RotateCcw className="h-4 w-4" aria-hidden="true" />
                {t('history.restore')}
              </button>
              <button type="button" className={buttonClass.secondary} onClick={() => setPlan(null)}>
                {t('common.cancel')}
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </section>
  );
}

