import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker, useLocation, useSearchParams } from 'react-router';
import { isDocument } from '../../domain/documents/document.ts';
import { renderDocument } from '../../domain/documents/render-html.ts';
import type { StoredRecord } from '../../domain/shared/entity.ts';
import type { ErrorDetail } from '../../domain/shared/errors.ts';
import type { AdminTexts } from '../../domain/shared/fields.ts';
import { fillLanguage } from '../../domain/shared/copy-language.ts';
import { pickText } from '../../domain/shared/localized.ts';
import { textsByLanguage } from '../../domain/shared/translation-state.ts';
import { transliterationBetween } from '../../domain/languages/uzbek-script.ts';
import { recordTypeNamed } from '../../domain/registry.ts';
import { issuesToDetails } from '../../domain/shared/validation.ts';
import { abilities, useAdmin } from './admin-context.tsx';
import { api, ApiError } from './api.ts';
import { listValue, objectValue, textsValue, textValue } from './display.ts';
import { fieldLabel, localizeIssue, optionLabel } from './field-labels.ts';
import { say } from './words.ts';
import { NamedIcon } from '../site/icons.tsx';
import { History } from './history.tsx';
import { ImageUploader } from './image-uploader.tsx';
import { UploadTracking, useAbandonedUploads } from './abandoned-uploads.tsx';
import type { FieldSpec, Resource } from './resources.ts';
import { PreviewLink, publishingFields, PublishingChoice, publishModeOf, StateBadge, valuesFor, type PublishMode } from './publishing.tsx';
import { ReviewPanel, type Comment as ReviewComment } from './review-panel.tsx';
import { CopyComparison } from './copy-comparison.tsx';
import { AlertLog } from './alert-log.tsx';
import { ChannelPosts } from './channel-posts.tsx';
import { EventRegistrations } from './event-registrations.tsx';
import { ChecksPanel, OverrideWithReason, RefusedByChecks } from './checks-panel.tsx';
import { changedFields } from './changes.ts';
import type { Check as CheckFound } from '../../domain/checks/document-checks.ts';
import { Check } from 'lucide-react';
import { formatMoment, fromZoneInput, toZoneInput, zoneOffsetLabel } from './time-zone.ts';
import { buttonClass, ErrorNotice, inputClass, useConfirm } from './ui.tsx';

/** The rich-text editor, loaded when a form with a document field opens (never on the public site). */
const DocumentEditor = lazy(() => import('./document-editor.tsx'));

type Values = Record<string, unknown>;
/** A working copy as the API answers it (API-3.md "Working copies"). */
type DraftRead = StoredRecord & { draftSavedAt: string; baseVersion: number; draftVersion: number; draftSavedBy: { email: string; name: string } | null; applyAt: string | null };

/** The key of a type's public records among the form's choices (a grouped field offers only those: the server takes no other). */
const PUBLIC_CHOICES = ':public';
const publicChoices = (type: string) => type + PUBLIC_CHOICES;

const META = ['_id', 'createdAt', 'updatedAt', 'version', 'views', 'publicState'];
const editable = (record: StoredRecord | undefined, defaults: Values): Values => {
  if (!record) return { ...defaults };
  return Object.fromEntries(Object.entries(record).filter(([key]) => !META.includes(key)));
};

/** The fields in their declared order, but the page address right after the title (it is made from it). */
function slugAfterTitle(fields: FieldSpec[], titleField: string): FieldSpec[] {
  const slug = fields.find((field) => field.name === 'slug');
  if (!slug || !fields.some((field) => field.name === titleField)) return fields;
  return fields.filter((field) => field !== slug).flatMap((field) => (field.name === titleField ? [field, slug] : [field]));
}

/** The page's full address on this site (the admin is served from the site's own address). */
const fullLink = (publicPath: string, slug: string) => `${typeof location === 'undefined' ? '' : location.origin}${publicPath}/${slug}`;

/**
 * Warns before leaving a form with unsaved changes: in the app (the admin's own dialog, which the
 * caller renders) and when closing the tab (the browser's, the only one allowed there).
 */
export function useUnsavedChanges(dirty: boolean): ReactNode {
  const { t } = useAdmin();
  const { ask, dialog } = useConfirm();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const current = useRef(blocker);
  current.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void ask({ message: t('common.unsaved'), confirm: t('confirm.leave'), cancel: t('confirm.stay'), danger: true }).then((leave) => {
      if (current.current.state !== 'blocked') return;
      if (leave) current.current.proceed();
      else current.current.reset();
    });
  }, [blocker.state, ask, t]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return dialog;
}

/** The language tabs for multilingual fields; the default language is marked. */
export function LanguageTabs({ active, onChange, problems }: { active: string; onChange: (code: string) => void; problems: Set<string> }) {
  const { languages, t, defaultLanguage, languageName } = useAdmin();
  return (
    <div role="tablist" aria-label={t('app.language')} className="mb-6 flex flex-wrap gap-2 border-b border-slate-200 pb-3">
      {languages.map((language) => (
        <button
          key={language.code}
          type="button"
          role="tab"
          aria-selected={active === language.code}
          title={t('common.languageTab', { language: languageName(language.code) })}
          onClick={() => onChange(language.code)}
          className={`min-h-10 rounded-md px-3 text-sm font-semibold ${active === language.code ? 'bg-brand-700 text-white' : 'border border-slate-300 text-slate-800 hover:bg-slate-50'} ${problems.has(language.code) ? 'ring-2 ring-red-600' : ''}`}
        >
          {language.code.toUpperCase()} · {languageName(language.code)}
          {language.code === defaultLanguage && ` (${t('common.defaultLanguage')})`}
        </button>
      ))}
    </div>
  );
}

export function RecordForm({ resource, record, onSaved, onCancel }: { resource: Resource; record?: StoredRecord; onSaved: (record: StoredRecord) => void; onCancel: () => void }) {
  const admin = useAdmin();
  const { t, lang, defaultLanguage, problem } = admin;
  // A new record starts as a draft: publishing is chosen, never the default a lawyer saves into.
  const initial = useMemo(() => {
    const defaults = resource.type.defaults();
    return editable(record, { ...defaults, ...valuesFor(resource.type, 'draft', defaults) });
  }, [record, resource]);
  const [values, setValues] = useState<Values>(initial);
  const [version, setVersion] = useState(record?.version);
  // Opened on a language from the translation status (?lang=ru), else on the default one.
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('lang');
  const [active, setActive] = useState(asked && admin.languages.some((language) => language.code === asked) ? asked : defaultLanguage);
  // Which texts of each language are missing or older than the default language's (translation status).
  const [marks, setMarks] = useState<{ states: Record<string, string>; fields: Record<string, string[]> }>({ states: {}, fields: {} });
  const [beforeFill, setBeforeFill] = useState<{ values: Values; message: string } | null>(null);
  // Source and translation next to each other: on by default where the screen is wide enough.
  const [sideBySide, setSideBySide] = useState(false);
  const [block, setBlock] = useState<{ field: string; index: number } | null>(null);
  useEffect(() => setSideBySide(window.matchMedia('(min-width: 1280px)').matches), []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [state, setState] = useState<string | undefined>(record?.publicState);
  // A working copy (API-3.md): changes to a public record kept apart until they are published.
  const canHoldCopy = Boolean(record && resource.type.visibilityField);
  const [copy, setCopy] = useState<{ savedAt: string; baseVersion: number; applyAt?: string | null; differs?: string[]; version?: number; savedBy?: string } | null>(null);
  // The record as visitors see it, beside its copy ("Compare with the live text").
  const [live, setLive] = useState<Values>(initial);
  const [comparingLive, setComparingLive] = useState(admin.user.role === 'approver');
  // A copy save refused because a colleague saved the copy since it was read: theirs, beside what was typed.
  const [copyClash, setCopyClash] = useState<{ theirs: Values; version: number; name: string; at: string } | null>(null);
  // "Publishing needs approval" (site configuration): a live record's changes go through a working copy.
  const [needsApproval, setNeedsApproval] = useState(false);
  // A publish refused for want of approval: how to go on (an administrator may publish anyway, with a reason).
  const [unapproved, setUnapproved] = useState<{ retry: (reason: string) => void } | null>(null);
  // The review's comments, shown beside the field each is about.
  const [comments, setComments] = useState<ReviewComment[]>([]);
  /** The fields (and languages) where a working copy differs from the published record, for its banner. */
  const differsFrom = (data: Record<string, unknown>) =>
    record
      ? changedFields(
          record,
          data,
          admin.languages.map((language) => language.code),
          resource.fields.map((field) => field.name),
        )
      : [];
  const [editingCopy, setEditingCopy] = useState(false);
  // A record just created opens here with its "Saved" (the create page moved to its edit page).
  const location = useLocation();
  const [justSaved, setJustSaved] = useState(() => Boolean(record && location.state?.saved));
  const [notice, setNotice] = useState('');
  // A publish the checks refused (422 checks_failed): what they found, and how to try again.
  const [blocked, setBlocked] = useState<{ checks: CheckFound[]; retry: (reason: string) => void } | null>(null);
  useEffect(() => {
    if (!record || !canHoldCopy || !('hasDraft' in record) || !record.hasDraft) return;
    // A record with a working copy opens the copy: what colleagues are working on, never the live text to save over it.
    api<DraftRead>(`${resource.path}/${record._id}/draft`).then(
      (found) => {
        keepCopy(found.data);
        setValues(editable(found.data, {}));
        setEditingCopy(true);
      },
      () => {},
    );
  }, [record, canHoldCopy, resource]);
  // A new record's publishing choice says it too: it cannot be published before it is approved.
  const offersPublishing = Boolean(resource.type.visibilityField);
  useEffect(() => {
    if (!offersPublishing) return;
    api<{ publishing?: { requireApproval?: boolean } }>('/site-config').then(
      (found) => setNeedsApproval(Boolean(found.data.publishing?.requireApproval)),
      () => {},
    );
  }, [offersPublishing]);
  /** What the form knows of the working copy it read or saved: when, by whom, its version, what it changes. */
  function keepCopy(data: DraftRead) {
    setCopy({ savedAt: data.draftSavedAt, baseVersion: data.baseVersion, applyAt: data.applyAt, differs: differsFrom(data), version: data.draftVersion, savedBy: data.draftSavedBy ? data.draftSavedBy.name || data.draftSavedBy.email : undefined });
  }
  const [choices, setChoices] = useState<Record<string, StoredRecord[]>>({});
  const leaving = useUnsavedChanges(dirty && !saving);
  const { ask, dialog: confirmDialog } = useConfirm();
  const uploads = useAbandonedUploads();
  // Draft, publish now or schedule (types with a schedule): "schedule" is held while its time is being chosen.
  const publishing = publishingFields(resource.type);
  const [scheduling, setScheduling] = useState(false);
  const mode: PublishMode = scheduling ? 'schedule' : publishModeOf(resource.type, values);
  function choose(next: PublishMode) {
    setScheduling(next === 'schedule');
    setValues((current) => ({ ...current, ...valuesFor(resource.type, next, current) }));
    setDirty(true);
    setJustSaved(false);
    if (publishing) setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => path !== publishing.at)));
  }

  // Authors are team members; references list the records of their type; grouped references the public records of theirs (what the server takes).
  useEffect(() => {
    const wanted = new Set(resource.fields.flatMap((field) => (field.kind === 'author' ? ['team'] : field.kind === 'references' && field.groups ? field.groups.map((group) => publicChoices(group.type)) : field.kind === 'reference' || field.kind === 'references' ? [field.references] : [])));
    for (const key of wanted) {
      const read = key.endsWith(PUBLIC_CHOICES) ? `/${key.slice(0, -PUBLIC_CHOICES.length)}` : `/${key}?admin=true`;
      api<StoredRecord[]>(read).then((result) => setChoices((current) => ({ ...current, [key]: result.data })), () => {});
    }
  }, [resource]);

  useEffect(() => {
    if (!record || !resource.type.localizedFields.length) return;
    api<{ records: Array<{ states: Record<string, string>; fields: Record<string, string[]> }> }>(`/translations/status?type=${resource.key}&id=${record._id}`).then(
      (result) => setMarks(result.data.records[0] ?? { states: {}, fields: {} }),
      () => {},
    );
  }, [record, resource]);

  /** Fills the empty texts of the language shown from another one (converted), as a draft to check and save. */
  function fillFrom(from: string, convert?: (text: string) => string) {
    const filled: Values = Object.fromEntries(resource.type.localizedFields.map((field) => [field, fillLanguage(values[field], from, active, convert)]));
    // An author's name is written in each language too (Uzbek Cyrillic from the Latin).
    for (const field of resource.fields.filter((candidate) => candidate.kind === 'author')) {
      const author = objectValue(values[field.name]);
      filled[field.name] = { ...author, name: fillLanguage(author.name ?? {}, from, active, convert) };
    }
    const changed = Object.keys(filled).filter((field) => JSON.stringify(filled[field]) !== JSON.stringify(values[field]));
    const language = from.toUpperCase();
    if (!changed.length) {
      setBeforeFill({ values, message: t('translation.nothingToFill', { language: active.toUpperCase() }) });
      return;
    }
    setBeforeFill({ values, message: t('translation.filled', { language }) });
    setValues((current) => ({ ...current, ...filled }));
    setDirty(true);
  }
  // Uzbek in the other script: its draft is made by transliteration rather than copied.
  const uzbekSource = admin.languages.find((language) => transliterationBetween(language.code, active))?.code;
  const transliterate = uzbekSource ? transliterationBetween(uzbekSource, active) : undefined;

  const set = (name: string, value: unknown) => {
    setValues((current) => ({ ...current, [name]: value }));
    setDirty(true);
    setJustSaved(false);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => path !== name && !path.startsWith(`${name}.`))));
  };

  /** Shows a field (in a language) to fix: its tab, then the field scrolled to and focused. */
  function openField(name: string, language?: string, then?: () => void) {
    if (language && admin.languages.some((candidate) => candidate.code === language)) setActive(language);
    let tries = 0;
    const find = () => {
      const holder = document.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`);
      const target = holder?.querySelector<HTMLElement>('[contenteditable="true"], input:not([type="hidden"]), textarea, select');
      // A document's editor is loaded on demand: it is waited for a moment.
      if (!target && tries++ < 40) return void setTimeout(find, 50);
      holder?.scrollIntoView({ block: 'center' });
      (target ?? holder)?.focus();
      then?.();
    };
    requestAnimationFrame(find);
  }
  // "Fix" of a check in a document: the field opened, and the editor told what to select in it.
  const [pointAt, setPointAt] = useState<CheckFound | null>(null);
  function fixCheck(check: CheckFound) {
    // Once the field is open and in view; a new object each time, so that a second "Fix" selects again.
    openField(check.field, check.lang, () => setPointAt({ ...check }));
  }
  const askedField = searchParams.get('field');
  // Once, for the field a link named (the site report's "Fix").
  useEffect(() => {
    if (askedField) openField(askedField);
  }, [askedField]);

  /** A refused publish: the checks are shown with a way to fix each, and an administrator's way past them. */
  function refusedByChecks(caught: unknown, retry: (reason: string) => void): boolean {
    if (!(caught instanceof ApiError) || caught.reason !== 'checks_failed') return false;
    setBlocked({ checks: caught.checks, retry });
    return true;
  }

  const problemLanguages = new Set(Object.keys(errors).map((path) => path.split('.')[1]).filter((code) => admin.languages.some((language) => language.code === code)));

  function showProblems(details: ErrorDetail[]) {
    const found = Object.fromEntries(details.map((detail) => [detail.path, localizeIssue(detail, fieldLabel(detail.path.split('.')[0], lang, resource.labels), lang, t)]));
    setErrors(found);
    const firstLanguage = details.map((detail) => detail.path.split('.')[1]).find((code) => admin.languages.some((language) => language.code === code));
    if (firstLanguage) setActive(firstLanguage);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  // With approval needed, a live record's changes are a working copy to send for review (an administrator may still publish directly).
  const throughCopy = needsApproval && canHoldCopy && state === 'published' && admin.user.role !== 'admin';

  async function save(event: { preventDefault(): void }, copyAsked = false, override?: string, overCopy?: number) {
    event.preventDefault();
    setFormError('');
    setConflict(false);
    setBlocked(null);
    // The default language's texts are always required; some forms also want the selected one's.
    const required = resource.type.admin.requireSelectedLanguage && active !== defaultLanguage ? [active, defaultLanguage] : [defaultLanguage];
    for (const language of required) {
      const checked = resource.type.schema({ defaultLanguage: language }).safeParse(values);
      if (!checked.success) {
        showProblems(issuesToDetails(checked.error.issues, values));
        return;
      }
    }
    if (publishing && mode === 'schedule' && !editingCopy) {
      const at = values[publishing.at];
      if (typeof at !== 'string' || at <= new Date().toISOString()) {
        setErrors({ [publishing.at]: t('publishing.whenNeeded') });
        requestAnimationFrame(() => document.querySelector<HTMLElement>('#field-publish-at')?.focus());
        return;
      }
    }
    setSaving(true);
    setNotice('');
    // A live record on a site that needs approval: its changes go to the working copy (an administrator may still publish).
    const asCopy = editingCopy || copyAsked || throughCopy;
    let replaced = false;
    setUnapproved(null);
    try {
      if (record && asCopy) {
        const kept = await api<DraftRead>(`${resource.path}/${record._id}/draft`, { method: 'PUT', body: { ...values, version: copy?.baseVersion ?? version, draftVersion: overCopy ?? copy?.version ?? 0 } });
        uploads.settle(kept.data);
        keepCopy(kept.data);
        setCopyClash(null);
        setEditingCopy(true);
        setDirty(false);
        setNotice(t('copy.saved'));
        return;
      }
      const body = { ...values, ...(record ? { version } : {}), ...(override ? { override: { reason: override } } : {}) };
      const saved = record ? await api<StoredRecord>(`${resource.path}/${record._id}`, { method: 'PUT', body }) : await api<StoredRecord>(resource.path, { body });
      setDirty(false);
      uploads.settle(saved.data);
      setValues(editable(saved.data, {}));
      setScheduling(false);
      setVersion(saved.data.version);
      setState(saved.data.publicState);
      setJustSaved(true);
      // A new record's form is replaced by its edit page (or its dialog closes): it stays "Saving…" until
      // then, so nothing is typed into a form about to go and "Saved" shows on the page that stays.
      replaced = !record;
      onSaved(saved.data);
    } catch (caught) {
      if (refusedByChecks(caught, (reason) => void save({ preventDefault() {} }, copyAsked, reason))) return;
      if (caught instanceof ApiError && caught.reason === 'copy_changed' && record) {
        await showCopyClash(caught);
        return;
      }
      if (caught instanceof ApiError && caught.reason === 'approval_required') {
        setUnapproved({ retry: (reason) => void save({ preventDefault() {} }, copyAsked, reason) });
        return;
      }
      if (caught instanceof ApiError) {
        if (caught.reason === 'stale_version') setConflict(true);
        else if (caught.details.length) showProblems(caught.details);
        else setFormError(problem(caught));
      } else {
        setFormError(t('common.saveError'));
      }
    } finally {
      if (!replaced) setSaving(false);
    }
  }

  /** A colleague's copy saved after this form read it: theirs is read and shown beside what was typed, which stays. */
  async function showCopyClash(caught: ApiError) {
    const params = caught.details[0]?.params ?? {};
    try {
      const theirs = (await api<DraftRead>(`${resource.path}/${record!._id}/draft`)).data;
      setCopyClash({ theirs: editable(theirs, {}), version: theirs.draftVersion, name: String(params.savedByName || params.savedBy || '—'), at: theirs.draftSavedAt });
    } catch (again) {
      setFormError(problem(again));
    }
  }

  /** Takes the colleague's copy instead of what was typed here. */
  function takeTheirCopy() {
    if (!copyClash) return;
    setValues(copyClash.theirs);
    setCopy((current) => current && { ...current, version: copyClash.version, savedAt: copyClash.at, savedBy: copyClash.name, differs: differsFrom(copyClash.theirs) });
    setCopyClash(null);
    setEditingCopy(true);
    setDirty(false);
  }

  async function reload() {
    if (!record) return;
    const fresh = await api<StoredRecord>(`${resource.path}/${record._id}?admin=true`);
    setValues(editable(fresh.data, {}));
    setVersion(fresh.data.version);
    setConflict(false);
    setDirty(false);
  }

  async function openCopy() {
    if (!record) return;
    setFormError('');
    try {
      const found = await api<StoredRecord>(`${resource.path}/${record._id}/draft`);
      setValues(editable(found.data, {}));
      setEditingCopy(true);
      setDirty(false);
    } catch (caught) {
      setFormError(problem(caught));
    }
  }

  async function publishCopy(override?: string) {
    if (!record) return;
    setFormError('');
    setNotice('');
    setBlocked(null);
    setUnapproved(null);
    if (dirty) {
      setFormError(t('copy.saveFirst'));
      return;
    }
    try {
      const published = await api<StoredRecord & { applyAt?: string | null }>(`${resource.path}/${record._id}/draft/publish`, { method: 'POST', body: override ? { override: { reason: override } } : {} });
      if (published.data.applyAt) {
        // Its "Publish at" is still to come: the copy waits for it.
        setNotice(t('copy.scheduled', { time: formatMoment(published.data.applyAt, lang, admin.timeZone) }));
        setCopy((current) => current && { ...current, applyAt: published.data.applyAt });
        return;
      }
      setValues(editable(published.data, {}));
      setLive(editable(published.data, {}));
      setVersion(published.data.version);
      setState(published.data.publicState);
      setCopy(null);
      setEditingCopy(false);
      setNotice(t('copy.published'));
    } catch (caught) {
      if (refusedByChecks(caught, (reason) => void publishCopy(reason))) return;
      if (caught instanceof ApiError && caught.reason === 'approval_required') {
        setUnapproved({ retry: (reason) => void publishCopy(reason) });
        return;
      }
      if (caught instanceof ApiError && caught.reason === 'stale_version') setFormError(t('copy.stale'));
      else setFormError(problem(caught));
    }
  }

  async function discardCopy() {
    if (!record || !(await ask({ message: t('copy.confirmDiscard'), confirm: t('copy.discard'), danger: true }))) return;
    setFormError('');
    try {
      await api(`${resource.path}/${record._id}/draft`, { method: 'DELETE' });
      const fresh = await api<StoredRecord>(`${resource.path}/${record._id}?admin=true`);
      setValues(editable(fresh.data, {}));
      setLive(editable(fresh.data, {}));
      setVersion(fresh.data.version);
      setCopy(null);
      setEditingCopy(false);
      setDirty(false);
      setNotice(t('copy.discarded'));
    } catch (caught) {
      setFormError(problem(caught));
    }
  }

  const labelOf = (field: string) => fieldLabel(field, lang, resource.labels);
  /** A changed leaf's name: `title.ru` → "Title (RU)", `features.0.text.uz` → "Features (UZ)". */
  function pathLabel(path: string) {
    const [field, ...rest] = path.split('.');
    const detail = rest.filter((part) => !/^\d+$/.test(part) && part !== 'text').join(' ');
    return `${fieldLabel(field, lang, resource.labels)}${detail ? ` (${detail.toUpperCase()})` : ''}`;
  }
  const hasLocalized = resource.fields.some((field) => ['ml', 'document', 'ml-list', 'features', 'author'].includes(field.kind));
  // A translator changes only the texts of their languages: everything else is shown, not editable.
  const can = abilities(admin.user);
  const translating = !can.editContent;
  const comparing = sideBySide && hasLocalized && active !== defaultLanguage;
  // The save button says what the save does to a record with a schedule.
  const saveLabel = !publishing || (mode === 'now' && state === 'published') ? t('common.save') : mode === 'draft' ? t('publishing.saveDraft') : mode === 'now' ? t('publishing.publishNow') : t('publishing.scheduleSave');
  const locked = (field: FieldSpec) => translating && (!['ml', 'document', 'ml-list', 'features'].includes(field.kind) || !can.editLanguage(active));
  return (
    <UploadTracking value={uploads.track}>
    <form onSubmit={save} noValidate className="space-y-5">
      {leaving}
      {confirmDialog}
      {formError && <ErrorNotice message={formError} />}
      {conflict && (
        <div role="alert" className="rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-900">
          <p>{t('common.conflict')}</p>
          <button type="button" onClick={reload} className={`${buttonClass.secondary} mt-3`}>
            {t('common.reload')}
          </button>
        </div>
      )}
      {record && state && (
        <div className="flex flex-wrap items-center gap-3">
          <StateBadge state={state} record={{ ...record, ...values }} type={resource.type} />
        </div>
      )}
      {notice && (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
          {notice}
        </p>
      )}
      {copy && (
        <div data-testid="working-copy" className="flex flex-wrap items-center gap-3 rounded-md border border-sky-300 bg-sky-50 p-4 text-sky-950">
          <p className="min-w-60 flex-1">
            {copy.savedBy && `${t('copy.savedBy', { name: copy.savedBy, time: formatMoment(copy.savedAt, lang, admin.timeZone) })} `}
            {editingCopy ? t('copy.editing') : t('copy.exists', { time: formatMoment(copy.savedAt, lang, admin.timeZone) })}
            {copy.applyAt && ` ${t('copy.scheduled', { time: formatMoment(copy.applyAt, lang, admin.timeZone) })}`}
            {copy.differs && (
              <span data-testid="copy-differs" className="mt-1 block text-sm">
                {copy.differs.length ? t('copy.differs', { fields: copy.differs.map(pathLabel).join(', ') }) : t('copy.same')}
              </span>
            )}
          </p>
          {!editingCopy && (
            <button type="button" className={buttonClass.secondary} onClick={openCopy}>
              {t('copy.open')}
            </button>
          )}
          {editingCopy && (
            <button type="button" className={buttonClass.secondary} aria-expanded={comparingLive} onClick={() => setComparingLive(!comparingLive)}>
              {comparingLive ? t('copy.hideCompare') : t('copy.compare')}
            </button>
          )}
          {can.editContent && (
            <>
              <button type="button" className={buttonClass.primary} onClick={() => publishCopy()}>
                {t('copy.publish')}
              </button>
              <button type="button" className={buttonClass.secondary} onClick={discardCopy}>
                {t('copy.discard')}
              </button>
            </>
          )}
        </div>
      )}
      {copy && editingCopy && comparingLive && (
        <section aria-label={t('copy.compare')} className="rounded-md border border-sky-200 bg-white p-4">
          <CopyComparison before={live} after={values} fields={resource.fields.map((field) => field.name)} labelOf={pathLabel} headings={[t('copy.live'), t('copy.inCopy')]} testId="copy-comparison" />
        </section>
      )}
      {copyClash && (
        <div role="alert" data-testid="copy-clash" className="space-y-3 rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950">
          <p>{t('copy.conflict', { name: copyClash.name, time: formatMoment(copyClash.at, lang, admin.timeZone) })}</p>
          <CopyComparison before={copyClash.theirs} after={values} fields={resource.fields.map((field) => field.name)} labelOf={pathLabel} headings={[t('copy.theirs'), t('copy.yours')]} />
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonClass.primary} onClick={(event) => save(event, true, undefined, copyClash.version)}>
              {t('copy.keepMine')}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={takeTheirCopy}>
              {t('copy.takeTheirs')}
            </button>
          </div>
        </div>
      )}
      {hasLocalized && <LanguageTabs active={active} onChange={setActive} problems={problemLanguages} />}
      {hasLocalized && active !== defaultLanguage && !(translating && !can.editLanguage(active)) && (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
          <button type="button" className={buttonClass.secondary} onClick={() => fillFrom(defaultLanguage)}>
            {t('translation.copyFrom', { language: defaultLanguage.toUpperCase() })}
          </button>
          <label className="flex min-h-10 items-center gap-2 font-medium text-slate-800">
            <input type="checkbox" className="h-5 w-5" checked={sideBySide} onChange={(event) => setSideBySide(event.target.checked)} />
            {t('translation.sideBySide', { language: defaultLanguage.toUpperCase() })}
          </label>
          {transliterate && uzbekSource && (
            <button type="button" className={buttonClass.secondary} onClick={() => fillFrom(uzbekSource, transliterate)}>
              {t('translation.transliterate', { language: uzbekSource.toUpperCase() })}
            </button>
          )}
          {beforeFill && (
            <p role="status" className="flex flex-wrap items-center gap-2 text-slate-700">
              {beforeFill.message}
              {beforeFill.values !== values && (
                <button
                  type="button"
                  className="font-semibold text-brand-700 underline"
                  onClick={() => {
                    setValues(beforeFill.values);
                    setBeforeFill(null);
                  }}
                >
                  {t('translation.undo')}
                </button>
              )}
            </p>
          )}
        </div>
      )}
      {translating && (
        <p className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          {t('roles.translatorHint', { languages: admin.user.languages.map((code) => code.toUpperCase()).join(', ') })}
        </p>
      )}
      {/* Columns of minmax(0, 1fr): a wide table in a document scrolls in its box, never widens the form. */}
      <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
        {slugAfterTitle(resource.fields, resource.type.admin.titleField)
          .filter((field) => !publishing || ![publishing.flag, publishing.at, publishing.until].includes(field.name))
          .map((field) => (
          <fieldset key={field.name} data-field={field.name} disabled={locked(field)} className={comparing && resource.type.localizedFields.includes(field.name) ? 'grid min-w-0 grid-cols-1 gap-3 md:col-span-2 md:grid-cols-2 md:*:col-span-1!' : 'contents'}>
            {comparing && resource.type.localizedFields.includes(field.name) &&
              (field.kind === 'document' ? (
                <SourceBlocks field={field.name} label={`${fieldLabel(field.name, lang, resource.labels)} · ${t('translation.source', { language: defaultLanguage.toUpperCase() })}`} value={objectValue(values[field.name])[defaultLanguage]} language={defaultLanguage} current={block?.field === field.name ? block.index : -1} />
              ) : (
                <SourceText label={`${fieldLabel(field.name, lang, resource.labels)} · ${t('translation.source', { language: defaultLanguage.toUpperCase() })}`} value={values[field.name]} language={defaultLanguage} />
              ))}
            <Field
              field={field}
              labels={resource.labels}
              value={values[field.name]}
              active={active}
              errors={errors}
              choices={choices}
              fixedLength={translating}
              note={active !== defaultLanguage && marks.fields[active]?.includes(field.name) ? (marks.states[active] === 'outdated' ? t('translation.outdated') : t('translation.missing')) : undefined}
              onChange={(value) => set(field.name, value)}
              onBlock={comparing ? (index) => setBlock({ field: field.name, index }) : undefined}
              pointAt={pointAt?.field === field.name && pointAt.lang === active ? pointAt : undefined}
              computed={resource.type.fields[field.name]?.whenEmpty?.(values, defaultLanguage)}
            />
            <FieldComments comments={comments.filter((comment) => comment.field === field.name && !comment.resolved && (!comment.lang || comment.lang === active))} />
            {field.name === 'slug' && resource.type.publicPath !== undefined && textValue(values.slug) && (
              // The whole address visitors will use, in the default language.
              <p className="-mt-3 break-all text-sm text-slate-600 md:col-span-2" data-testid="full-link">
                {t('form.fullLink')}: <span className="font-mono text-slate-800">{fullLink(resource.type.publicPath, textValue(values.slug))}</span>
              </p>
            )}
          </fieldset>
        ))}
      </div>
      {unapproved && (
        <div role="alert" data-testid="approval-needed" className="space-y-3 rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-950">
          <p className="font-semibold">{t('approval.refused')}</p>
          <p>{t('approval.next')}</p>
          {record && canHoldCopy && !editingCopy && (
            <button type="button" className={buttonClass.primary} onClick={(event) => save(event, true)}>
              {t('copy.saveAs')}
            </button>
          )}
          {admin.user.role === 'admin' && <OverrideWithReason onOverride={unapproved.retry} texts={{ label: 'approval.overrideReason', button: 'approval.override', needed: 'approval.overrideNeedsReason' }} />}
        </div>
      )}
      {blocked && <RefusedByChecks checks={blocked.checks} labelOf={labelOf} onFix={fixCheck} onOverride={admin.user.role === 'admin' ? blocked.retry : undefined} />}
      {record && canHoldCopy && <ChecksPanel path={`${resource.path}/${record._id}`} draft={editingCopy} version={`${version}-${copy?.savedAt ?? ''}-${editingCopy}`} labelOf={labelOf} onFix={fixCheck} />}
      {publishing && !editingCopy && (
        <PublishingChoice
          type={resource.type}
          mode={mode}
          values={values}
          live={state === 'published'}
          approvalFirst={needsApproval && admin.user.role !== 'admin'}
          disabled={!can.editContent}
          error={errors[publishing.at]}
          onChoose={choose}
          onTime={(at) => set(publishing.at, at)}
        >
          {/* When it stops being shown (optional), with the three actions it belongs to. */}
          {resource.fields
            .filter((field) => field.name === publishing.until)
            .map((field) => (
              <div key={field.name} data-field={field.name} className="mt-3 max-w-sm">
                <Field field={field} labels={resource.labels} value={values[field.name]} active={active} errors={errors} choices={choices} onChange={(value) => set(field.name, value)} />
              </div>
            ))}
        </PublishingChoice>
      )}
      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-5">
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          {saving ? t('common.saving') : editingCopy || throughCopy ? t('copy.saveAs') : saveLabel}
        </button>
        {canHoldCopy && !editingCopy && !throughCopy && state === 'published' && (
          <button type="button" className={buttonClass.secondary} disabled={saving} onClick={(event) => save(event, true)}>
            {t('copy.saveAs')}
          </button>
        )}
        <button type="button" className={buttonClass.secondary} onClick={onCancel}>
          {resource.placement === 'page' && record && !dirty ? t('common.back') : t('common.cancel')}
        </button>
        {throughCopy && !editingCopy && <p className="basis-full text-sm text-slate-700">{t('approval.hint')}</p>}
        {justSaved && !saving && (
          <p role="status" className="inline-flex min-h-10 items-center gap-2 font-semibold text-green-800">
            <Check className="h-5 w-5" aria-hidden="true" />
            {t('common.saved')}
          </p>
        )}
      </div>
      {record && resource.key === 'events' && <EventRegistrations id={record._id} />}
      {record && 'notify' in resource.type.fields && <ChannelPosts path={`${resource.path}/${record._id}`} version={version ?? 0} />}
      {record && 'notify' in resource.type.fields && Boolean(values.notify) && <AlertLog path={`${resource.path}/${record._id}`} version={version ?? 0} />}
      {record && canHoldCopy && <ReviewPanel path={`${resource.path}/${record._id}`} onComments={setComments} fields={resource.fields.map((field) => ({ name: field.name, label: fieldLabel(field.name, lang, resource.labels) }))} />}
      {record && resource.type.site?.detail && (resource.type.scheduleFields || resource.type.site.preview) && <PreviewLink key={editingCopy ? 'copy' : 'record'} type={resource.key} id={record._id} lang={active} unsaved={dirty} draft={editingCopy} />}
      {record && (
        <History<StoredRecord>
          base={`${resource.path}/${record._id}/versions`}
          canRestore={can.editContent}
          intoCopy={canHoldCopy && state === 'published'}
          keepsTexts
          kept={[resource.type.visibilityField, resource.type.scheduleFields?.publish, resource.type.scheduleFields?.unpublish].filter((field) => field !== undefined)}
          labelOf={pathLabel}
          onRestored={(restored) => {
            setValues(editable(restored, {}));
            setDirty(false);
            setConflict(false);
            if ('hasDraft' in restored && 'baseVersion' in restored && 'draftSavedAt' in restored) {
              // Brought back as the working copy: shown here to review, then publish.
              setCopy({ savedAt: String(restored.draftSavedAt), baseVersion: Number(restored.baseVersion), differs: differsFrom(restored) });
              setEditingCopy(true);
            } else setVersion(restored.version);
          }}
        />
      )}
    </form>
    </UploadTracking>
  );
}

/**
 * A document of the source language as the public page shows it, made by the same renderer
 * (domain/documents/render-html.ts): headings, lists nested and numbered, tables that scroll
 * sideways in their box, bold, italic, links and the footnotes at the end. Block by block: the
 * block the translator's cursor is in is marked and kept in view, so the source of each block
 * stands beside its translation. Its links open in a new tab (the form stays); a footnote's number
 * scrolls to its note.
 */
function SourceBlocks({ field, label, value, language, current }: { field: string; label: string; value: unknown; language: string; current: number }) {
  const { t } = useAdmin();
  const rendered = useMemo(
    () =>
      isDocument(value)
        ? renderDocument(value, {
            // A page of the site is linked to its record in the admin.
            resolve: (ref) => `/admin/${ref.type}/${ref.id}/edit`,
            words: { contents: '', notes: t('translation.sourceNotes'), backToText: t('translation.sourceBack'), table: t('translation.sourceTable') },
            idPrefix: `source-${field}-`,
          })
        : undefined,
    [value, field, t],
  );
  const blocks = rendered?.blocks ?? [];
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const marked = box.current?.querySelector(`[data-block="${current}"]`);
    if (marked instanceof HTMLElement && box.current) box.current.scrollTop = marked.offsetTop - 16;
  }, [current]);
  function follow(event: React.MouseEvent) {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href) return;
    event.preventDefault();
    if (href.startsWith('#')) {
      const target = box.current?.querySelector<HTMLElement>(`[id="${CSS.escape(href.slice(1))}"]`);
      if (target && box.current) box.current.scrollTop = target.offsetTop - 16;
    } else window.open(href, '_blank', 'noopener');
  }
  return (
    <div className="min-w-0 md:sticky md:top-4 md:self-start">
      <p className="text-sm font-medium text-slate-800">{label}</p>
      {current >= 0 && current < blocks.length && (
        <p className="text-xs text-slate-600" aria-live="polite">
          {t('translation.sourceBlock', { n: current + 1, total: blocks.length })}
        </p>
      )}
      {/* Our renderer's HTML: every text and attribute escaped, only the document's closed set of elements. */}
      <div ref={box} lang={language} role="region" aria-label={label} tabIndex={0} data-testid="source-blocks" onClick={follow} className="doc doc-source relative mt-1 max-h-[28rem] overflow-auto rounded-md border border-slate-200 bg-slate-50 p-2">
        {blocks.length === 0 && <p className="px-2 text-slate-500">{t('translation.noSource')}</p>}
        {blocks.map((html, index) => (
          <div
            key={index}
            data-block={index}
            aria-current={index === current ? 'true' : undefined}
            className={`min-h-4 rounded border-l-4 px-2 py-1 ${index === current ? 'border-brand-600 bg-amber-50' : 'border-transparent'}`}
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ))}
        {rendered?.footnotes && <div className="px-2" dangerouslySetInnerHTML={{ __html: rendered.footnotes }} />}
      </div>
    </div>
  );
}

/** What an approver (or anyone) commented on a field, open, beside it: the author reads it where they fix it. */
function FieldComments({ comments }: { comments: ReviewComment[] }) {
  const { t, lang, timeZone } = useAdmin();
  if (!comments.length) return null;
  return (
    <aside aria-label={t('comments.onThisField')} data-testid="field-comments" className="-mt-3 space-y-1 rounded-md border-l-4 border-amber-400 bg-amber-50 p-2 text-sm text-amber-950 md:col-span-2">
      {comments.map((comment) => (
        <p key={comment._id}>
          <span className="font-semibold">{comment.author.name || comment.author.email}</span>
          <span className="text-xs text-amber-900"> · {formatMoment(comment.createdAt, lang, timeZone)}</span>: <span className="whitespace-pre-wrap">{comment.text}</span>
        </p>
      ))}
    </aside>
  );
}

/** The source language's text of a field, read-only, beside the field being translated. */
function SourceText({ label, value, language }: { label: string; value: unknown; language: string }) {
  const { t } = useAdmin();
  const texts = textsByLanguage(value).get(language) ?? [];
  return (
    <div>
      <p className="text-sm font-medium text-slate-800">{label}</p>
      <div lang={language} className="mt-1 min-h-10 whitespace-pre-wrap rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-slate-800">
        {texts.length ? texts.join('\n') : <span className="text-slate-500">{t('translation.noSource')}</span>}
      </div>
    </div>
  );
}

interface FieldProps {
  field: FieldSpec;
  labels: Record<string, AdminTexts>;
  value: unknown;
  active: string;
  errors: Record<string, string>;
  choices: Record<string, StoredRecord[]>;
  /** Lists keep their items (a translator changes their texts only). */
  fixedLength?: boolean;
  /** A mark beside the label: this text is missing or outdated in the language shown. */
  note?: string;
  onChange: (value: unknown) => void;
  /** A document field tells which of its blocks the cursor is in (side-by-side translation). */
  onBlock?: (index: number) => void;
  /** What the field becomes when saved empty (a reading time computed from the text). */
  computed?: string;
  /** A check's "Fix" in this field: a document selects what it is about. */
  pointAt?: CheckFound;
}

function Field({ field, labels, value, active, errors, choices, fixedLength = false, note, onChange, onBlock, computed, pointAt }: FieldProps) {
  const { lang, t, defaultLanguage, timeZone } = useAdmin();
  const label = fieldLabel(field.name, lang, labels);
  const team = choices.team ?? [];
  const id = `field-${field.name}`;
  const ownError = errors[field.name] ?? Object.entries(errors).find(([path]) => path.startsWith(`${field.name}.`))?.[1];
  const errorId = `${id}-error`;
  const describe = ownError ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  const error = ownError ? (
    <p id={errorId} className="mt-1 text-sm text-red-700">
      {ownError}
    </p>
  ) : null;
  const required = 'required' in field && field.required;
  const labelText = (
    <>
      {label}
      {(field.kind === 'ml' || field.kind === 'document') && ` (${active.toUpperCase()})`}
      {note && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">{note}</span>}
      {required && (
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
  const wide = field.kind === 'document' || field.kind === 'image' || field.kind === 'ml-list' || field.kind === 'features' || field.kind === 'references' || ((field.kind === 'ml' || field.kind === 'textarea') && 'multiline' in field && field.multiline) || field.kind === 'textarea' || field.kind === 'names';

  if (field.kind === 'checkbox') {
    return (
      <div className="flex items-center gap-2">
        <input id={id} type="checkbox" checked={Boolean(value)} onChange={(event) => onChange(event.target.checked)} className="h-5 w-5" />
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      </div>
    );
  }
  if (field.kind === 'image') {
    return (
      <div className="md:col-span-2">
        <ImageUploader label={label} value={textValue(value)} onChange={onChange} />
        {error}
      </div>
    );
  }
  if (field.kind === 'ml-list' || field.kind === 'features') {
    const items = listValue(value);
    const textOf = (item: unknown): string => {
      const holder = field.kind === 'features' ? objectValue(item).text : item;
      return typeof holder === 'string' ? holder : (textsValue(holder)[active] ?? '');
    };
    const withText = (item: unknown, text: string): unknown => {
      if (field.kind === 'features') {
        const current = objectValue(item);
        return { ...current, text: { ...textsValue(current.text), [active]: text } };
      }
      return typeof item === 'string' ? text : { ...((item) ?? {}), [active]: text };
    };
    return (
      <fieldset className="md:col-span-2">
        <legend className="text-sm font-medium text-slate-800">
          {label} ({active.toUpperCase()})
        </legend>
        <ul className="mt-2 space-y-2">
          {items.map((item, index) => (
            <li key={index} className="flex gap-2">
              <label htmlFor={`${id}-${index}`} className="sr-only">
                {label} {index + 1}
              </label>
              <input id={`${id}-${index}`} value={textOf(item)} onChange={(event) => onChange(items.map((other, i) => (i === index ? withText(other, event.target.value) : other)))} className={`${inputClass} mt-0`} />
              {!fixedLength && (
                <button type="button" className={buttonClass.danger} onClick={() => onChange(items.filter((_, i) => i !== index))}>
                  {t('common.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
        {!fixedLength && (
          <button
            type="button"
            className={`${buttonClass.secondary} mt-2`}
            onClick={() => onChange([...items, field.kind === 'features' ? { text: {}, ...(field.withOrder ? { order: items.length } : {}) } : {}])}
          >
            {t('common.add')}
          </button>
        )}
        {error}
      </fieldset>
    );
  }
  if (field.kind === 'author') {
    // One author field: a lawyer of the firm (their name in every language comes with them), or someone else by name.
    const stored = objectValue(value);
    const author = { id: textValue(stored.id), name: textsValue(stored.name) };
    const member = team.find((candidate) => candidate._id === author.id);
    const other = !member;
    return (
      <div className="md:col-span-2 grid gap-3 md:grid-cols-2">
        {team.length > 0 && (
          <div>
            <label htmlFor={`${id}-member`} className="block text-sm font-medium text-slate-800">
              {label}
            </label>
            <select
              id={`${id}-member`}
              value={member ? member._id : ''}
              onChange={(event) => {
                const chosen = team.find((candidate) => candidate._id === event.target.value);
                onChange(chosen ? { id: chosen._id, name: chosen.name } : { name: {} });
              }}
              className={inputClass}
            >
              <option value="">{t('author.someoneElse')}</option>
              {team.map((candidate) => (
                <option key={candidate._id} value={candidate._id}>
                  {pickText(candidate.name, lang, defaultLanguage)}
                </option>
              ))}
            </select>
          </div>
        )}
        {other && (
          <div>
            <label htmlFor={id} className="block text-sm font-medium text-slate-800">
              {team.length > 0 ? t('author.name') : label} ({active.toUpperCase()})
            </label>
            <input id={id} value={author.name?.[active] ?? ''} onChange={(event) => onChange({ name: { ...(author.name ?? {}), [active]: event.target.value } })} className={inputClass} />
          </div>
        )}
      </div>
    );
  }

  let control: React.ReactNode;
  if (field.kind === 'document') {
    const documents = objectValue(value);
    // One editor per language: switching the language opens that language's document.
    control = (
      <Suspense fallback={<p className="mt-1 text-sm text-slate-600">{t('editor.loading')}</p>}>
        <DocumentEditor
          key={active}
          id={id}
          lang={active}
          value={documents[active]}
          invalid={Boolean(ownError)}
          describedBy={ownError ? errorId : undefined}
          onChange={(doc) => onChange({ ...documents, [active]: doc })}
          onBlock={onBlock}
          pointAt={pointAt}
        />
      </Suspense>
    );
  } else if (field.kind === 'ml') {
    const text = textsValue(value)[active] ?? '';
    const change = (next: string) => onChange({ ...textsValue(value), [active]: next });
    control = field.multiline ? (
      <textarea id={id} rows={5} value={text} onChange={(event) => change(event.target.value)} lang={active} className={inputClass} {...describe} />
    ) : (
      <input id={id} value={text} onChange={(event) => change(event.target.value)} lang={active} className={inputClass} {...describe} />
    );
  } else if (field.kind === 'select') {
    control = (
      <select id={id} value={String(value ?? '')} onChange={(event) => onChange(field.numeric ? Number(event.target.value) : event.target.value)} className={inputClass} {...describe}>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option, lang, field.labels)}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'icon') {
    // The icons themselves, each with a plain name: a choice by sight, never a typed name.
    return (
      <fieldset className="md:col-span-2">
        <legend className="text-sm font-medium text-slate-800">{labelText}</legend>
        <div className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-8">
          {field.options.map((option) => (
            <label
              key={option}
              className="flex cursor-pointer flex-col items-center gap-1 rounded-md border border-slate-300 p-2 text-center text-xs text-slate-800 hover:bg-slate-50 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input type="radio" name={id} value={option} checked={value === option} onChange={() => onChange(option)} className="sr-only" />
              <NamedIcon name={option} className="h-6 w-6 text-brand-700" />
              {optionLabel(option, lang)}
            </label>
          ))}
        </div>
        {error}
      </fieldset>
    );
  } else if (field.kind === 'reference') {
    const type = recordTypeNamed(field.references);
    const options = choices[field.references] ?? [];
    control = (
      <select id={id} value={String(value ?? '')} onChange={(event) => onChange(event.target.value)} className={inputClass} {...describe}>
        <option value="">—</option>
        {options.map((option) => (
          <option key={option._id} value={option._id}>
            {type ? pickText(option[type.admin.titleField], lang, defaultLanguage) : option._id}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'references') {
    // Several records (an event's speakers, an article's topics), as checkboxes, each type's under its heading when there are several;
    // what is ticked is kept in the lists' order.
    const groups = field.groups?.map((group) => ({ type: group.type, heading: say(group.heading, lang), options: choices[publicChoices(group.type)] ?? [] })) ?? [{ type: field.references, heading: '', options: choices[field.references] ?? [] }];
    const chosen = Array.isArray(value) ? value.map(String) : [];
    const all = groups.flatMap((group) => group.options.map((option) => option._id));
    const boxes = (group: (typeof groups)[number]) => {
      const type = recordTypeNamed(group.type);
      return group.options.map((option) => (
        <label key={option._id} className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={chosen.includes(option._id)}
            onChange={(event) => onChange(event.target.checked ? all.filter((item) => item === option._id || chosen.includes(item)) : chosen.filter((item) => item !== option._id))}
            className="mt-0.5 h-4 w-4 accent-brand-700"
          />
          {type ? pickText(option[type.admin.titleField], lang, defaultLanguage) : option._id}
        </label>
      ));
    };
    control = field.groups ? (
      <fieldset id={id} aria-labelledby={`${id}-label`} className="mt-1 space-y-3" {...describe}>
        {groups.map((group) => (
          <div key={group.type} role="group" aria-labelledby={`${id}-${group.type}`} data-group={group.type}>
            <p id={`${id}-${group.type}`} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
              {group.heading}
            </p>
            <div className="mt-1 grid gap-2 sm:grid-cols-2">{boxes(group)}</div>
          </div>
        ))}
      </fieldset>
    ) : (
      <fieldset id={id} aria-labelledby={`${id}-label`} className="mt-1 grid gap-2 sm:grid-cols-2" {...describe}>
        {boxes(groups[0]!)}
      </fieldset>
    );
  } else if (field.kind === 'number') {
    control = (
      <input
        id={id}
        type="number"
        inputMode="numeric"
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(event) => {
          const parsed = Number.parseInt(event.target.value, 10);
          onChange(Number.isNaN(parsed) ? (field.name === 'order' ? 0 : event.target.value) : parsed);
        }}
        className={inputClass}
        {...describe}
      />
    );
  } else if (field.kind === 'textarea') {
    control = <textarea id={id} rows={4} value={textValue(value)} onChange={(event) => onChange(event.target.value)} className={inputClass} {...describe} />;
  } else if (field.kind === 'names') {
    // One name a line (a matter's other side): the lines as typed, the server drops the empty ones.
    // As tall as its names (up to 12 lines): a matter against seven parties shows them all.
    const lines = listValue(value).map(String);
    control = <textarea id={id} rows={Math.min(12, Math.max(4, lines.length + 1))} value={lines.join('\n')} onChange={(event) => onChange(event.target.value.split('\n'))} className={inputClass} {...describe} />;
  } else if (field.kind === 'datetime') {
    const hintId = `${id}-zone`;
    control = (
      <>
        <div className="flex gap-2">
          <input
            id={id}
            type="datetime-local"
            value={toZoneInput(value, timeZone)}
            onChange={(event) => onChange(fromZoneInput(event.target.value, timeZone))}
            className={inputClass}
            aria-describedby={ownError ? `${hintId} ${errorId}` : hintId}
            {...(ownError ? { 'aria-invalid': true } : {})}
          />
          {Boolean(value) && (
            <button type="button" onClick={() => onChange(null)} className={`${buttonClass.secondary} mt-1 shrink-0`}>
              {t('schedule.clear')}
            </button>
          )}
        </div>
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {t('schedule.zone', { zone: timeZone, offset: zoneOffsetLabel(timeZone) })}
        </p>
      </>
    );
  } else if (field.kind === 'date') {
    // A moment (a blog post's) is shown as its day in the firm's time zone, not in UTC.
    const day = typeof value === 'string' && value.length > 10 ? toZoneInput(value, timeZone).slice(0, 10) : String(value ?? '').slice(0, 10);
    control = <input id={id} type="date" value={day} onChange={(event) => onChange(event.target.value)} className={inputClass} {...describe} />;
  } else if (computed !== undefined) {
    // Empty means "computed from the text when saved"; what is typed is kept.
    const hintId = `${id}-computed`;
    control = (
      <>
        <input id={id} value={textValue(value)} placeholder={computed} onChange={(event) => onChange(event.target.value)} className={inputClass} aria-describedby={ownError ? `${hintId} ${errorId}` : hintId} {...(ownError ? { 'aria-invalid': true } : {})} />
        <p id={hintId} className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
          {t('form.computed', { value: computed })}
          {textValue(value) !== computed && (
            <button type="button" className="font-semibold text-brand-700 underline" onClick={() => onChange(computed)}>
              {t('form.useComputed')}
            </button>
          )}
        </p>
      </>
    );
  } else {
    control = <input id={id} type={field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text'} value={textValue(value)} onChange={(event) => onChange(event.target.value)} className={inputClass} {...describe} />;
  }
  return (
    <div className={wide ? 'md:col-span-2' : ''}>
      {/* A group of checkboxes is named by its legend-like label (a fieldset is not a labelable element). */}
      <label htmlFor={field.kind === 'references' ? undefined : id} id={`${id}-label`} className="block text-sm font-medium text-slate-800">
        {labelText}
      </label>
      {control}
      {error}
    </div>
  );
}
