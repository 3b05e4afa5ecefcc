import { useEffect, useState } from 'react';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { api } from '../api.ts';
import { PUBLIC_CHOICES, publicChoices } from '../fields/widget.tsx';
import type { Resource } from '../resources.ts';

/** A working copy as the API answers it (API-3.md "Working copies"). */
export type DraftRead = StoredRecord & { draftSavedAt: string; baseVersion: number; draftVersion: number; draftSavedBy: { email: string; name: string } | null; applyAt: string | null };

/** Which texts of each language are missing or older than the default language's (translation status). */
interface TranslationMarks {
  states: Record<string, string>;
  fields: Record<string, string[]>;
}

/** What a record's form reads besides the record: known when the screen loads, so its loader reads it. */
export interface FormContext {
  /** The records its references and authors are chosen among, by type (a grouped field's: `type:public`). */
  choices: Record<string, StoredRecord[]>;
  marks: TranslationMarks;
  /** The record's working copy, which the form opens instead of the live text. */
  draft: DraftRead | null;
  /** "Publishing needs approval" (site configuration): a live record's changes go through a working copy. */
  needsApproval: boolean;
}

const NO_MARKS: TranslationMarks = { states: {}, fields: {} };
const NOTHING_READ: FormContext = { choices: {}, marks: NO_MARKS, draft: null, needsApproval: false };

/** A read the form can do without (it shows less): a failure is the fallback. */
const orElse = <T>(read: Promise<T>, fallback: T): Promise<T> => read.catch(() => fallback);

/** Authors are team members; references list the records of their type; grouped references the public records of theirs (what the server takes). */
async function readChoices(resource: Resource): Promise<Record<string, StoredRecord[]>> {
  const wanted = new Set(resource.fields.flatMap((field) => (field.kind === 'author' ? ['team'] : field.kind === 'references' && field.groups ? field.groups.map((group) => publicChoices(group.type)) : field.kind === 'reference' || field.kind === 'references' ? [field.references] : [])));
  const read = await Promise.all(
    [...wanted].map((key) => {
      const path = key.endsWith(PUBLIC_CHOICES) ? `/${key.slice(0, -PUBLIC_CHOICES.length)}` : `/${key}?admin=true`;
      return orElse(api<StoredRecord[]>(path).then((result): Array<[string, StoredRecord[]]> => [[key, result.data]]), []);
    }),
  );
  return Object.fromEntries(read.flat());
}

/** Reads what the form of `record` (or of a new record) needs: choices, translation marks, its working copy, the approval rule. */
export async function loadFormContext(resource: Resource, record?: StoredRecord): Promise<FormContext> {
  const holdsCopy = Boolean(record && resource.type.visibilityField);
  const [choices, marks, draft, needsApproval] = await Promise.all([
    readChoices(resource),
    record && resource.type.localizedFields.length
      ? orElse(api<{ records: TranslationMarks[] }>(`/translations/status?type=${resource.key}&id=${record._id}`).then((result) => result.data.records[0] ?? NO_MARKS), NO_MARKS)
      : NO_MARKS,
    record && holdsCopy && 'hasDraft' in record && record.hasDraft ? orElse(api<DraftRead>(`${resource.path}/${record._id}/draft`).then((result): DraftRead | null => result.data), null) : null,
    resource.type.visibilityField ? orElse(api<{ publishing?: { requireApproval?: boolean } }>('/site-config').then((result) => Boolean(result.data.publishing?.requireApproval)), false) : false,
  ]);
  return { choices, marks, draft, needsApproval };
}

/**
 * What the screen's loader read for the form. A form in a dialog on its list is opened on a record
 * chosen there, after the list loaded: it reads the same once, as it opens.
 */
export function useFormContext(resource: Resource, record: StoredRecord | undefined, loaded: FormContext | undefined): FormContext {
  const [read, setRead] = useState<FormContext>();
  useEffect(() => {
    if (loaded) return;
    let open = true;
    void loadFormContext(resource, record).then((found) => open && setRead(found));
    return () => {
      open = false;
    };
  }, [loaded, resource, record]);
  return loaded ?? read ?? NOTHING_READ;
}
