import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import type { StoredRecord } from '../../domain/shared/entity.ts';
import { UploadTracking, useAbandonedUploads } from './abandoned-uploads.tsx';
import { useAdmin } from './admin-context.tsx';
import { staleOf } from './form/conflict.ts';
import { ConflictView } from './form/conflict-view.tsx';
import { CopyNotices } from './form/copy-notices.tsx';
import { AutosaveLine, PresenceBar, RestoreOffer, TakenOverNotice } from './form/edit-notices.tsx';
import { FormEnd } from './form/form-end.tsx';
import { FormFields } from './form/form-fields.tsx';
import { useFormContext, type FormContext } from './form/form-context.ts';
import { RecordPanels } from './form/record-panels.tsx';
import { MachineDraftBar } from './form/machine-draft.tsx';
import { TranslationBar } from './form/translation-bar.tsx';
import { unsaved } from './form/unsaved.ts';
import { useFormState } from './form/use-form-state.ts';
import { useAutosave } from './form/use-autosave.ts';
import { useLanguages } from './form/use-languages.ts';
import { usePresence, type Focus } from './form/use-presence.ts';
import { useSave } from './form/use-save.ts';
import { useWorkingCopy } from './form/use-working-copy.ts';
import { StateBadge } from './publishing.tsx';
import type { Comment as ReviewComment } from './review-panel.tsx';
import type { Resource } from './resources.ts';
import { buttonClass, ErrorNotice, useConfirm } from './ui.tsx';

/*
 * A record's form: its state and actions are hooks (app/admin/form/), its fields widgets of their
 * kind (app/admin/fields/), and what it reads besides the record comes from the screen's loader.
 */

/**
 * Warns before leaving a form with unsaved changes: in the app (the admin's own dialog, which the
 * caller renders) and when closing the tab (the browser's, the only one allowed there).
 */
export function useUnsavedChanges(dirty: boolean): ReactNode {
  const { t } = useAdmin();
  const { ask, dialog } = useConfirm();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !unsaved.agreed && currentLocation.pathname !== nextLocation.pathname);
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
    unsaved.open = dirty;
    unsaved.agreed = false;
    return () => {
      unsaved.open = false;
      unsaved.agreed = false;
    };
  }, [dirty]);
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

interface RecordFormProps {
  resource: Resource;
  record?: StoredRecord;
  /** What the screen's loader read for the form (loadFormContext); a dialog's form reads it as it opens. */
  context?: FormContext;
  onSaved: (record: StoredRecord) => void;
  onCancel: () => void;
}

export function RecordForm({ resource, record, context: loaded, onSaved, onCancel }: RecordFormProps) {
  const { defaultLanguage, t } = useAdmin();
  const context = useFormContext(resource, record, loaded);
  const form = useFormState(resource, record, context.draft);
  const copy = useWorkingCopy(resource, record, form, context.draft);
  const languages = useLanguages(resource, form);
  const uploads = useAbandonedUploads();
  // A save asked for by what changed the values first (a conflict sorted out, the connection back): made after they are in.
  const [saveAsked, askSave] = useState(0);
  const autosave = useAutosave({ resource, record, form, onBack: () => askSave((count) => count + 1) });
  const done = (saved: StoredRecord) => {
    autosave.saved();
    onSaved(saved);
  };
  const saving = useSave({ resource, record, form, languages, copy, uploads, needsApproval: context.needsApproval, onSaved: done, onUnreachable: autosave.saveWhenBack });
  useEffect(() => {
    if (saveAsked) void saving.save({ preventDefault() {} });
  }, [saveAsked]);
  // Where this form's focus is (its field, and language for a text in each), for the others' presence.
  const [focus, setFocus] = useState<Focus>({});
  const presence = usePresence(resource, record, focus);
  const readOnly = Boolean(presence.takenOver);
  useEffect(() => {
    if (readOnly) void autosave.keepAndStop();
  }, [readOnly]);
  const stale = staleOf(form.conflict);
  const leaving = useUnsavedChanges(form.dirty && !form.saving);
  // The review's comments, shown beside the field each is about.
  const [comments, setComments] = useState<ReviewComment[]>([]);
  const { values, state, active } = { ...form, ...languages };
  const localized = resource.fields.some((field) => ['ml', 'document', 'ml-list', 'features', 'author'].includes(field.kind));
  const publishing = saving.publishing;
  return (
    <UploadTracking value={uploads.track}>
      <form
        onSubmit={(event) => (readOnly ? event.preventDefault() : void saving.save(event))}
        onFocus={(event) => {
          const field = event.target instanceof Element ? event.target.closest('[data-field]')?.getAttribute('data-field') : null;
          if (!field) return;
          const inLanguages = resource.type.localizedFields.includes(field);
          setFocus((current) => (current.field === field && current.lang === (inLanguages ? languages.active : undefined) ? current : { field, lang: inLanguages ? languages.active : undefined }));
        }}
        noValidate
        className="space-y-5"
      >
        {leaving}
        {copy.dialog}
        {form.formError && <ErrorNotice message={form.formError} />}
        <TakenOverNotice presence={presence} />
        <PresenceBar resource={resource} presence={presence} />
        <RestoreOffer autosave={autosave} />
        {stale && (
          <ConflictView
            resource={resource}
            stale={stale}
            values={values}
            base={form.initial}
            onSave={(merged, version) => {
              form.setValues(merged);
              form.setVersion(version);
              form.setConflict(false);
              askSave((count) => count + 1);
            }}
          />
        )}
        {form.conflict && !stale && (
          <div role="alert" className="rounded-md border border-amber-400 bg-amber-50 p-4 text-amber-900">
            <p>{t('common.conflict')}</p>
            <button type="button" onClick={saving.reload} className={`${buttonClass.secondary} mt-3`}>
              {t('common.reload')}
            </button>
          </div>
        )}
        {record && state && (
          <div className="flex flex-wrap items-center gap-3">
            <StateBadge state={state} record={{ ...record, ...values }} type={resource.type} />
          </div>
        )}
        {form.notice && (
          <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-green-900">
            {form.notice}
          </p>
        )}
        <CopyNotices resource={resource} values={values} copy={copy} saving={saving} />
        {localized && <LanguageTabs active={active} onChange={languages.setActive} problems={languages.problemLanguages} />}
        <TranslationBar languages={languages} values={values} localized={localized} />
        {localized && <MachineDraftBar resource={resource} record={record} active={active} dirty={form.dirty} />}
        <div inert={readOnly} className="space-y-5">
        <FormFields
          resource={resource}
          form={form}
          languages={languages}
          context={context}
          apart={publishing ? [publishing.flag, publishing.at, publishing.until] : []}
          comparing={languages.sideBySide && localized && active !== defaultLanguage}
          comments={comments}
          restored={autosave.restored}
        />
        <AutosaveLine autosave={autosave} />
        <FormEnd resource={resource} record={record} form={form} copy={copy} saving={saving} languages={languages} context={context} onCancel={onCancel} />
        </div>
        {record && <RecordPanels resource={resource} record={record} form={form} copy={copy} active={active} onComments={setComments} />}
      </form>
    </UploadTracking>
  );
}
