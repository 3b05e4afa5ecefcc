import { useEffect, useRef, useState } from 'react';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { useAdmin } from '../admin-context.tsx';
import { api, ApiError } from '../api.ts';
import { changedFields } from '../changes.ts';
import type { Resource } from '../resources.ts';
import { formatMoment } from '../time-zone.ts';
import { useConfirm } from '../ui.tsx';
import type { DraftRead } from './form-context.ts';
import { editable, type FormState, type Values } from './use-form-state.ts';

/** What the form knows of a working copy: when and by whom it was saved, its version, what it changes, when it applies. */
export interface CopyShown {
  savedAt: string;
  baseVersion: number;
  applyAt?: string | null;
  differs?: string[];
  version?: number;
  savedBy?: string;
}

/**
 * A working copy (API-3.md): changes to a public record kept apart until they are published. Opened,
 * compared with the live text, published, discarded; a colleague's newer copy shown beside what was typed.
 */
export function useWorkingCopy(resource: Resource, record: StoredRecord | undefined, form: FormState, draft: DraftRead | null) {
  const admin = useAdmin();
  const { t, lang, problem } = admin;
  const { ask, dialog } = useConfirm();
  const canHoldCopy = Boolean(record && resource.type.visibilityField);
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
  const shown = (data: DraftRead): CopyShown => ({ savedAt: data.draftSavedAt, baseVersion: data.baseVersion, applyAt: data.applyAt, differs: differsFrom(data), version: data.draftVersion, savedBy: data.draftSavedBy ? data.draftSavedBy.name || data.draftSavedBy.email : undefined });
  const [copy, setCopy] = useState<CopyShown | null>(() => (draft ? shown(draft) : null));
  const [editingCopy, setEditingCopy] = useState(Boolean(draft));
  // The record as visitors see it, beside its copy ("Compare with the live text").
  const [live, setLive] = useState<Values>(form.initial);
  // Approvers read the changes first: the comparison is open for them (a view, not a permission).
  const [comparingLive, setComparingLive] = useState(admin.user.role === 'approver');
  // A copy save refused because a colleague saved the copy since it was read: theirs, beside what was typed.
  const [clash, setClash] = useState<{ theirs: Values; version: number; name: string; at: string } | null>(null);
  // A copy read again (the screen read the record again after a save, or a dialog's form read it as it opened) is opened.
  const opened = useRef(draft);
  useEffect(() => {
    if (!draft || opened.current === draft) return;
    opened.current = draft;
    setCopy(shown(draft));
    form.setValues(editable(draft, {}));
    setEditingCopy(true);
  }, [draft]);
  const path = record ? `${resource.path}/${record._id}` : '';

  /** A copy just saved (or its save refused): what the form shows of it. */
  function kept(data: DraftRead) {
    setCopy(shown(data));
    setClash(null);
    setEditingCopy(true);
    form.setDirty(false);
    form.setNotice(t('copy.saved'));
  }

  /** A colleague's copy saved after this form read it: theirs is read and shown beside what was typed, which stays. */
  async function showClash(caught: ApiError) {
    const params = caught.details[0]?.params ?? {};
    try {
      const theirs = (await api<DraftRead>(`${path}/draft`)).data;
      setClash({ theirs: editable(theirs, {}), version: theirs.draftVersion, name: String(params.savedByName || params.savedBy || '—'), at: theirs.draftSavedAt });
    } catch (again) {
      form.setFormError(problem(again));
    }
  }

  /** Takes the colleague's copy instead of what was typed here. */
  function takeTheirs() {
    if (!clash) return;
    form.setValues(clash.theirs);
    setCopy((current) => current && { ...current, version: clash.version, savedAt: clash.at, savedBy: clash.name, differs: differsFrom(clash.theirs) });
    setClash(null);
    setEditingCopy(true);
    form.setDirty(false);
  }

  async function open() {
    if (!record) return;
    form.setFormError('');
    try {
      const found = await api<StoredRecord>(`${path}/draft`);
      form.setValues(editable(found.data, {}));
      setEditingCopy(true);
      form.setDirty(false);
    } catch (caught) {
      form.setFormError(problem(caught));
    }
  }

  /** Publishes the copy (with an administrator's reason when it is published anyway); a copy with a "Publish at" to come waits for it. */
  async function publish(override: string | undefined, refused: (caught: unknown, retry: (reason: string) => void) => boolean) {
    if (!record) return;
    form.setFormError('');
    form.setNotice('');
    form.setBlocked(null);
    form.setUnapproved(null);
    if (form.dirty) {
      form.setFormError(t('copy.saveFirst'));
      return;
    }
    try {
      const published = await api<StoredRecord & { applyAt?: string | null }>(`${path}/draft/publish`, { method: 'POST', body: override ? { override: { reason: override } } : {} });
      if (published.data.applyAt) {
        form.setNotice(t('copy.scheduled', { time: formatMoment(published.data.applyAt, lang, admin.timeZone) }));
        setCopy((current) => current && { ...current, applyAt: published.data.applyAt });
        return;
      }
      form.setValues(editable(published.data, {}));
      setLive(editable(published.data, {}));
      form.setVersion(published.data.version);
      form.setState(published.data.publicState);
      setCopy(null);
      setEditingCopy(false);
      form.setNotice(t('copy.published'));
    } catch (caught) {
      if (refused(caught, (reason) => void publish(reason, refused))) return;
      if (caught instanceof ApiError && caught.reason === 'stale_version') form.setFormError(t('copy.stale'));
      else form.setFormError(problem(caught));
    }
  }

  async function discard() {
    if (!record || !(await ask({ message: t('copy.confirmDiscard'), confirm: t('copy.discard'), danger: true }))) return;
    form.setFormError('');
    try {
      await api(`${path}/draft`, { method: 'DELETE' });
      const fresh = await api<StoredRecord>(`${path}?admin=true`);
      form.setValues(editable(fresh.data, {}));
      setLive(editable(fresh.data, {}));
      form.setVersion(fresh.data.version);
      setCopy(null);
      setEditingCopy(false);
      form.setDirty(false);
      form.setNotice(t('copy.discarded'));
    } catch (caught) {
      form.setFormError(problem(caught));
    }
  }

  /** A version brought back as the working copy: shown here to review, then publish. */
  function restored(data: StoredRecord) {
    setCopy({ savedAt: String(data.draftSavedAt), baseVersion: Number(data.baseVersion), differs: differsFrom(data) });
    setEditingCopy(true);
  }

  return { canHoldCopy, copy, editingCopy, live, comparingLive, setComparingLive, clash, dialog, kept, showClash, takeTheirs, open, publish, discard, restored };
}

export type WorkingCopy = ReturnType<typeof useWorkingCopy>;
