import type { ReactNode } from 'react';
import type { Check } from '../../../domain/checks/document-checks.ts';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import type { FieldSpec } from '../resources.ts';

/** A kind of field the form shows (resources.ts reads it from the type's declaration). */
export type FieldKind = FieldSpec['kind'];

/** What every widget is given: its field (of its own kind), the value and where a change goes, and how to describe itself. */
export interface WidgetProps<K extends FieldKind = FieldKind> {
  field: FieldSpec & { kind: K };
  value: unknown;
  onChange: (value: unknown) => void;
  /** The control's id (`field-{name}`); the label and the error point at it. */
  id: string;
  /** The field's name in the admin's language. */
  label: string;
  /** The label as shown: the language of a text, a "missing" mark, the required star. */
  labelText: ReactNode;
  /** The language of the texts shown. */
  active: string;
  /** The field's own problem, said (and its element, with `errorId`). */
  error?: string;
  errorId: string;
  /** The attributes that tie a control to its problem (aria-invalid, aria-describedby). */
  describe: { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** The records a reference or an author is chosen among, by type. */
  choices: Readonly<Record<string, StoredRecord[]>>;
  /** Lists keep their items (a translator changes their texts only). */
  fixedLength: boolean;
  /** What the field becomes when saved empty (a reading time computed from the text). */
  computed?: string;
  /** A document field tells which of its blocks the cursor is in (side-by-side translation). */
  onBlock?: (index: number) => void;
  /** A check's "Fix" in this field: a document selects what it is about. */
  pointAt?: Check;
}

/** The field's problem under it, if any. */
export function FieldError({ error, errorId }: { error?: string; errorId: string }) {
  if (!error) return null;
  return (
    <p id={errorId} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  );
}

/** The usual frame of a widget: its label above, the control, its problem below; `wide` takes both columns. */
export function Framed({ props, wide = false, labelled = true, children }: { props: WidgetProps; wide?: boolean; labelled?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'md:col-span-2' : ''}>
      {/* A group of checkboxes is named by its legend-like label (a fieldset is not a labelable element). */}
      <label htmlFor={labelled ? props.id : undefined} id={`${props.id}-label`} className="block text-sm font-medium text-slate-800">
        {props.labelText}
      </label>
      {children}
      <FieldError error={props.error} errorId={props.errorId} />
    </div>
  );
}

/** The public records of a type among the form's choices (a grouped field offers only those: the server takes no other). */
export const PUBLIC_CHOICES = ':public';
export const publicChoices = (type: string) => type + PUBLIC_CHOICES;
