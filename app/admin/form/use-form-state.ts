import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import type { Check } from '../../../domain/checks/document-checks.ts';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import type { ApiError } from '../api.ts';
import { valuesFor } from '../publishing.tsx';
import type { Resource } from '../resources.ts';
import type { DraftRead } from './form-context.ts';

export type Values = Record<string, unknown>;

const META = ['_id', 'createdAt', 'updatedAt', 'version', 'views', 'publicState'];
/** What the form edits of a record (not what the server keeps about it), or the defaults of a new one. */
export const editable = (record: StoredRecord | undefined, defaults: Values): Values => {
  if (!record) return { ...defaults };
  return Object.fromEntries(Object.entries(record).filter(([key]) => !META.includes(key)));
};

/** The values typed, the record's version and state, and what the form says about its last try (problems, notices). */
export function useFormState(resource: Resource, record: StoredRecord | undefined, draft: DraftRead | null) {
  // A new record starts as a draft: publishing is chosen, never the default a lawyer saves into.
  const initial = useMemo(() => {
    const defaults = resource.type.defaults();
    return editable(record, { ...defaults, ...valuesFor(resource.type, 'draft', defaults) });
  }, [record, resource]);
  // A record with a working copy opens the copy: what colleagues are working on, never the live text to save over it.
  const [values, setValues] = useState<Values>(() => (draft ? editable(draft, {}) : initial));
  const [version, setVersion] = useState(record?.version);
  const [state, setState] = useState<string | undefined>(record?.publicState);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  // A record just created opens here with its "Saved" (the create page moved to its edit page).
  const location = useLocation();
  const [justSaved, setJustSaved] = useState(() => Boolean(record && location.state?.saved));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [notice, setNotice] = useState('');
  // A save over a newer version (409 stale_version): the refusal, with the record as it is now.
  const [conflict, setConflict] = useState<ApiError | false>(false);
  // A publish the checks refused (422 checks_failed): what they found, and how to try again.
  const [blocked, setBlocked] = useState<{ checks: Check[]; retry: (reason: string) => void } | null>(null);
  // A publish refused for want of approval: how to go on (an administrator may publish anyway, with a reason).
  const [unapproved, setUnapproved] = useState<{ retry: (reason: string) => void } | null>(null);
  /** A field changed: the form is dirty, no longer "Saved", and the field's problems are gone. */
  const set = (name: string, value: unknown) => {
    setValues((current) => ({ ...current, [name]: value }));
    setDirty(true);
    setJustSaved(false);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => path !== name && !path.startsWith(`${name}.`))));
  };
  return {
    ...{ initial, values, setValues, version, setVersion, state, setState, dirty, setDirty, saving, setSaving, justSaved, setJustSaved },
    ...{ errors, setErrors, formError, setFormError, notice, setNotice, conflict, setConflict, blocked, setBlocked, unapproved, setUnapproved, set },
  };
}

export type FormState = ReturnType<typeof useFormState>;
