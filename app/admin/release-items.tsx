import { ExternalLink, Trash2 } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { Check } from '../../domain/checks/document-checks.ts';
import { RECORD_TYPES, recordTypeNamed } from '../../domain/registry.ts';
import type { StoredRecord } from '../../domain/shared/entity.ts';
import { pickText } from '../../domain/shared/localized.ts';
import { useAdmin } from './admin-context.tsx';
import { api } from './api.ts';
import { checkMessage } from './checks-panel.tsx';
import { problemWords, type ItemProblem, type ShownRelease } from './releases.tsx';
import { Badge, buttonClass, inputClass } from './ui.tsx';
import { say } from './words.ts';

/*
 * A release's records: each with what would stop it (checks in the admin's language, approval, a
 * stale copy, another release), what refused it when it was last published, a link to its form;
 * and the picker that adds one (a type, then a search by title).
 */

/** The types a release can publish: those visitors see one by one. */
const RELEASABLE = RECORD_TYPES.filter((type) => type.visibilityField);

const typeLabel = (name: string, lang: string) => {
  const type = recordTypeNamed(name);
  return type ? say(type.admin.title, lang) : name;
};

/** The errors of a record's checks (of its working copy when it has one), said in the admin's language. */
function FailingChecks({ type, id, draft, lang }: { type: string; id: string; draft: boolean; lang?: string }) {
  const { t, defaultLanguage, languageName } = useAdmin();
  const [checks, setChecks] = useState<Check[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    api<Check[]>(`/${type}/${id}/checks${draft ? '?draft=true' : ''}`, { signal: controller.signal }).then(
      (result) => setChecks(result.data.filter((check) => check.severity === 'error')),
      () => !controller.signal.aborted && setChecks([]),
    );
    return () => controller.abort();
  }, [type, id, draft]);
  if (!checks) return <p className="text-slate-600">{t('checks.loading')}</p>;
  const shown = lang ? [...checks.filter((check) => check.lang === lang), ...checks.filter((check) => check.lang !== lang)] : checks;
  return (
    <ul className="ml-4 list-disc space-y-0.5">
      {shown.map((check, index) => (
        <li key={`${check.code}-${check.lang}-${index}`} data-check={check.code}>
          <span className="font-medium">{languageName(check.lang)}:</span> {checkMessage(check, t, defaultLanguage)}
        </li>
      ))}
    </ul>
  );
}

function Problems({ problems, type, id, hasCopy, tone }: { problems: ItemProblem[]; type: string; id: string; hasCopy: boolean; tone: 'amber' | 'red' }) {
  const { t } = useAdmin();
  return (
    <ul className={`mt-2 space-y-1 text-sm ${tone === 'red' ? 'text-red-900' : 'text-amber-950'}`}>
      {problems.map((problem, index) => (
        <li key={`${problem.code}-${index}`} data-problem={problem.code}>
          {problemWords(problem, t)}
          {problem.code === 'checks_failed' && <FailingChecks type={type} id={id} draft={hasCopy} lang={problem.lang} />}
        </li>
      ))}
    </ul>
  );
}

/** One record of the release and its readiness. */
function ItemRow({ release, index, refused, onRemove, editable }: { release: ShownRelease; index: number; refused?: ItemProblem[]; onRemove: () => void; editable: boolean }) {
  const { t, lang } = useAdmin();
  const item = release.items[index];
  const ready = release.readiness[index];
  const title = ready?.title || item.id;
  // A failed release shows what stops each record now; a published one only what it held.
  const live = release.state !== 'published';
  return (
    <li data-item={`${item.type}:${item.id}`} className={`rounded-lg border p-3 ${refused?.length ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-white'}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <Link to={`/admin/${item.type}/${item.id}/edit`} className="inline-flex items-center gap-1 font-semibold text-brand-700 underline [overflow-wrap:anywhere]">
            {title}
            <span className="sr-only"> — {t('release.openRecord')}</span>
          </Link>
          <p className="text-sm text-slate-700">
            {typeLabel(item.type, lang)} · {t(`release.action.${item.action}`)} · {item.languages ? item.languages.map((code) => code.toUpperCase()).join(', ') : t('release.allLanguages')}
            {ready?.hasCopy && ` · ${t('release.withCopy')}`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {live && ready && (ready.ready ? <Badge tone="green">{t('release.ready')}</Badge> : <Badge tone="amber">{t('release.notReady')}</Badge>)}
          {live && ready?.approval !== 'not_needed' && ready && <Badge tone={ready.approval === 'approved' ? 'green' : 'amber'}>{t(`release.approval.${ready.approval === 'approved' ? 'approved' : 'needed'}`)}</Badge>}
          {editable && (
            <button type="button" className={buttonClass.small} onClick={onRemove} aria-label={`${t('release.remove')}: ${title}`}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {t('release.remove')}
            </button>
          )}
        </div>
      </div>
      {refused?.length ? (
        <div role="group" aria-label={t('release.refusedItem')} data-testid="refused">
          <p className="mt-2 text-sm font-bold text-red-900">{t('release.refusedItem')}:</p>
          <Problems problems={refused} type={item.type} id={item.id} hasCopy={Boolean(ready?.hasCopy)} tone="red" />
        </div>
      ) : (
        live && ready && ready.problems.length > 0 && <Problems problems={ready.problems} type={item.type} id={item.id} hasCopy={ready.hasCopy} tone="amber" />
      )}
    </li>
  );
}

export function ReleaseItems({ release, refused, editable, onRemove }: { release: ShownRelease; refused: Map<number, ItemProblem[]>; editable: boolean; onRemove: (index: number) => void }) {
  const { t } = useAdmin();
  return (
    <section aria-labelledby="release-items" className="rounded-xl bg-white p-4 shadow-sm md:p-6">
      <h2 id="release-items" className="text-lg font-semibold text-brand-900">
        {t('release.items')} ({release.items.length})
      </h2>
      {release.items.length === 0 ? (
        <p className="mt-2 text-slate-600">{t('release.noItems')}</p>
      ) : (
        <ul className="mt-3 space-y-2" data-testid="release-items">
          {release.items.map((item, index) => (
            <ItemRow key={`${item.type}-${item.id}`} release={release} index={index} refused={refused.get(index)} editable={editable} onRemove={() => onRemove(index)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Records of a type whose title has `search`, as the type's admin list finds them. */
function useMatches(type: string, search: string) {
  const [found, setFound] = useState<StoredRecord[] | null>([]);
  useEffect(() => {
    const controller = new AbortController();
    const words = search.trim();
    if (!words) {
      setFound([]);
      return;
    }
    setFound(null);
    const paged = Boolean(recordTypeNamed(type)?.pageSize);
    const timer = setTimeout(() => {
      api<StoredRecord[]>(`/${type}?admin=true&search=${encodeURIComponent(words)}${paged ? '&page=1&limit=8' : ''}`, { signal: controller.signal }).then(
        (result) => setFound(result.data.slice(0, 8)),
        () => !controller.signal.aborted && setFound([]),
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [type, search]);
  return found;
}

export interface NewItem {
  type: string;
  id: string;
  title: string;
  action: 'publish' | 'unpublish';
  languages: string[];
}

/** Add a record: its type, a search by title, the action, the languages. */
export function AddItem({ onAdd, busy }: { onAdd: (item: NewItem) => Promise<boolean>; busy: boolean }) {
  const { t, lang, defaultLanguage, languages, languageName } = useAdmin();
  const id = useId();
  const [type, setType] = useState<string>(RELEASABLE[0]?.name ?? 'news');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<{ id: string; title: string } | null>(null);
  const [action, setAction] = useState<'publish' | 'unpublish'>('publish');
  const [langs, setLangs] = useState<string[]>([]);
  const [error, setError] = useState('');
  const found = useMatches(type, search);
  const titleOf = (record: StoredRecord) => pickText(record[recordTypeNamed(type)?.admin.titleField ?? 'title'], lang, defaultLanguage) || record._id;
  const active = languages.filter((language) => language.isActive);
  async function add(event: React.FormEvent) {
    event.preventDefault();
    if (!chosen) return setError(t('release.pickFirst'));
    setError('');
    if (await onAdd({ type, id: chosen.id, title: chosen.title, action, languages: langs })) {
      setChosen(null);
      setSearch('');
    }
  }
  return (
    <form onSubmit={add} className="space-y-3 rounded-xl bg-white p-4 shadow-sm md:p-6" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-brand-900">
        {t('release.add')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-type`} className="block text-sm font-medium text-slate-900">
            {t('release.type')}
          </label>
          <select id={`${id}-type`} value={type} onChange={(event) => (setType(event.target.value), setChosen(null))} className={inputClass}>
            {RELEASABLE.map((option) => (
              <option key={option.name} value={option.name}>
                {say(option.admin.title, lang)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-900">
            {t('release.search')}
          </label>
          <input id={`${id}-search`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} className={inputClass} aria-describedby={`${id}-found`} />
        </div>
      </div>
      <div id={`${id}-found`} aria-live="polite" className="text-sm">
        {chosen && <p className="font-semibold text-green-800">{t('release.chosen', { title: chosen.title })}</p>}
        {found === null && <p className="text-slate-600">{t('release.searching')}</p>}
        {found && search.trim() && found.length === 0 && <p className="text-slate-600">{t('release.noMatches')}</p>}
        {found && found.length > 0 && (
          <ul className="mt-1 flex flex-wrap gap-2" data-testid="release-matches">
            {found.map((record) => (
              <li key={record._id}>
                <button type="button" aria-pressed={chosen?.id === record._id} className={`${buttonClass.small} aria-pressed:border-brand-700 aria-pressed:bg-brand-50`} aria-label={t('release.choose', { title: titleOf(record) })} onClick={() => setChosen({ id: record._id, title: titleOf(record) })}>
                  {titleOf(record)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">{t('release.action')}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(['publish', 'unpublish'] as const).map((option) => (
            <label key={option} className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
              <input type="radio" name={`${id}-action`} value={option} checked={action === option} onChange={() => setAction(option)} className="h-4 w-4 accent-brand-700" />
              {t(`release.action.${option}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {action === 'publish' && (
        <fieldset>
          <legend className="text-sm font-medium text-slate-900">{t('release.languages')}</legend>
          <p className="text-xs text-slate-600">{t('release.languagesHint')}</p>
          <div className="mt-1 flex flex-wrap gap-4">
            {active.map((language) => (
              <label key={language.code} className="flex min-h-10 items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" checked={langs.includes(language.code)} onChange={(event) => setLangs(event.target.checked ? [...langs, language.code] : langs.filter((code) => code !== language.code))} className="h-4 w-4 accent-brand-700" />
                {language.code.toUpperCase()} · {languageName(language.code)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" className={buttonClass.primary} disabled={busy}>
        {t('release.addItem')}
      </button>
    </form>
  );
}

/** Where each record's form is: a link out, for the preview list. */
export function PreviewLinks({ links, titleOf }: { links: Array<{ type: string; id: string; lang: string; url: string }>; titleOf: (type: string, id: string) => string }) {
  const { t } = useAdmin();
  return (
    <ul className="mt-3 grid gap-2 sm:grid-cols-2" data-testid="preview-links">
      {links.map((link) => (
        <li key={`${link.id}-${link.lang}`}>
          <a href={link.url} target="_blank" rel="noopener" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline [overflow-wrap:anywhere]">
            <ExternalLink className="h-4 w-4 shrink-0" aria-hidden="true" />
            {t('release.previewLink', { title: titleOf(link.type, link.id), lang: link.lang.toUpperCase() })}
          </a>
        </li>
      ))}
    </ul>
  );
}
