import { useState } from 'react';
import { can } from '../../../domain/access/permissions.ts';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { issuesToDetails } from '../../../domain/shared/validation.ts';
import type { useAbandonedUploads } from '../abandoned-uploads.tsx';
import { useAdmin } from '../admin-context.tsx';
import { api, ApiError } from '../api.ts';
import { publishingFields, publishModeOf, valuesFor, type PublishMode } from '../publishing.tsx';
import type { Resource } from '../resources.ts';
import type { DraftRead } from './form-context.ts';
import { unreachable } from './use-autosave.ts';
import { editable, type FormState } from './use-form-state.ts';
import type { Languages } from './use-languages.ts';
import type { WorkingCopy } from './use-working-copy.ts';

interface SaveParts {
  resource: Resource;
  record: StoredRecord | undefined;
  form: FormState;
  languages: Languages;
  copy: WorkingCopy;
  uploads: ReturnType<typeof useAbandonedUploads>;
  needsApproval: boolean;
  onSaved: (record: StoredRecord) => void;
  /** The server could not be reached: the form keeps the save for when it can be. */
  onUnreachable?: () => void;
}

/**
 * Saving: checked here by the type's own schema first, then sent as the record, or as its working
 * copy (asked for, or because a live record's changes need approval); a refusal is said where it
 * can be fixed (the checks, a missing approval, a colleague's newer copy or version).
 */
export function useSave({ resource, record, form, languages, copy, uploads, needsApproval, onSaved, onUnreachable }: SaveParts) {
  const { t, defaultLanguage, problem, user } = useAdmin();
  const { values, setValues } = form;
  // Draft, publish now or schedule (types with a schedule): "schedule" is held while its time is being chosen.
  const publishing = publishingFields(resource.type);
  const [scheduling, setScheduling] = useState(false);
  const mode: PublishMode = scheduling ? 'schedule' : publishModeOf(resource.type, values);
  function choose(next: PublishMode) {
    setScheduling(next === 'schedule');
    setValues((current) => ({ ...current, ...valuesFor(resource.type, next, current) }));
    form.setDirty(true);
    form.setJustSaved(false);
    if (publishing) form.setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => path !== publishing.at)));
  }
  // With approval needed, a live record's changes are a working copy to send for review (one who may publish over it still publishes directly).
  const approvalFirst = needsApproval && !can(user, 'record.override');
  const throughCopy = approvalFirst && copy.canHoldCopy && form.state === 'published';

  /** A publish refused by the checks or for want of approval: shown with how to go on (and a retry with a reason). */
  function refused(caught: unknown, retry: (reason: string) => void): boolean {
    if (!(caught instanceof ApiError)) return false;
    if (caught.reason === 'checks_failed') form.setBlocked({ checks: caught.checks, retry });
    else if (caught.reason === 'approval_required') form.setUnapproved({ retry });
    else return false;
    return true;
  }

  /** The form's values pass the type's schema in the languages required (and a schedule has its time), else the problems are shown. */
  function valid(): boolean {
    // The default language's texts are always required; some forms also want the selected one's.
    const { active } = languages;
    const required = resource.type.admin.requireSelectedLanguage && active !== defaultLanguage ? [active, defaultLanguage] : [defaultLanguage];
    for (const language of required) {
      const checked = resource.type.schema({ defaultLanguage: language }).safeParse(values);
      if (!checked.success) {
        languages.showProblems(issuesToDetails(checked.error.issues, values));
        return false;
      }
    }
    if (publishing && mode === 'schedule' && !copy.editingCopy) {
      const at = values[publishing.at];
      if (typeof at !== 'string' || at <= new Date().toISOString()) {
        form.setErrors({ [publishing.at]: t('publishing.whenNeeded') });
        requestAnimationFrame(() => document.querySelector<HTMLElement>('#field-publish-at')?.focus());
        return false;
      }
    }
    return true;
  }

  async function save(event: { preventDefault(): void }, copyAsked = false, override?: string, overCopy?: number) {
    event.preventDefault();
    form.setFormError('');
    form.setConflict(false);
    form.setBlocked(null);
    if (!valid()) return;
    form.setSaving(true);
    form.setNotice('');
    const asCopy = copy.editingCopy || copyAsked || throughCopy;
    let replaced = false;
    form.setUnapproved(null);
    try {
      if (record && asCopy) {
        const kept = await api<DraftRead>(`${resource.path}/${record._id}/draft`, { method: 'PUT', body: { ...values, version: copy.copy?.baseVersion ?? form.version, draftVersion: overCopy ?? copy.copy?.version ?? 0 } });
        uploads.settle(kept.data);
        copy.kept(kept.data);
        return;
      }
      const body = { ...values, ...(record ? { version: form.version } : {}), ...(override ? { override: { reason: override } } : {}) };
      const saved = record ? await api<StoredRecord>(`${resource.path}/${record._id}`, { method: 'PUT', body }) : await api<StoredRecord>(resource.path, { body });
      form.setDirty(false);
      uploads.settle(saved.data);
      setValues(editable(saved.data, {}));
      setScheduling(false);
      form.setVersion(saved.data.version);
      form.setState(saved.data.publicState);
      form.setJustSaved(true);
      // A new record's form is replaced by its edit page (or its dialog closes): it stays "Saving…" until
      // then, so nothing is typed into a form about to go and "Saved" shows on the page that stays.
      replaced = !record;
      onSaved(saved.data);
    } catch (caught) {
      if (refused(caught, (reason) => void save({ preventDefault() {} }, copyAsked, reason))) return;
      if (caught instanceof ApiError && caught.reason === 'copy_changed' && record) return void (await copy.showClash(caught));
      if (unreachable(caught) && onUnreachable) {
        onUnreachable();
        return void form.setFormError(t('edit.offlineSave'));
      }
      if (!(caught instanceof ApiError)) form.setFormError(t('common.saveError'));
      else if (caught.reason === 'stale_version') form.setConflict(caught);
      else if (caught.details.length) languages.showProblems(caught.details);
      else form.setFormError(problem(caught));
    } finally {
      if (!replaced) form.setSaving(false);
    }
  }

  /** Someone saved first: the record read again, what was typed here given up. */
  async function reload() {
    if (!record) return;
    const fresh = await api<StoredRecord>(`${resource.path}/${record._id}?admin=true`);
    setValues(editable(fresh.data, {}));
    form.setVersion(fresh.data.version);
    form.setConflict(false);
    form.setDirty(false);
  }

  // The save button says what the save does to a record with a schedule.
  const saveLabel =
    copy.editingCopy || throughCopy ? t('copy.saveAs') : !publishing || (mode === 'now' && form.state === 'published') ? t('common.save') : mode === 'draft' ? t('publishing.saveDraft') : mode === 'now' ? t('publishing.publishNow') : t('publishing.scheduleSave');

  return { publishing, mode, choose, approvalFirst, throughCopy, refused, save, reload, saveLabel, publishCopy: (override?: string) => copy.publish(override, refused) };
}

export type Saving = ReturnType<typeof useSave>;
