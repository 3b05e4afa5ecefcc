import type { ReactNode } from 'react';
import type { Check } from '../../../domain/checks/document-checks.ts';
import type { StoredRecord } from '../../../domain/shared/entity.ts';
import type { AdminTexts } from '../../../domain/shared/fields.ts';
import { useAdmin } from '../admin-context.tsx';
import { fieldLabel } from '../field-labels.ts';
import type { FieldSpec } from '../resources.ts';
import { AuthorWidget } from './author.tsx';
import { ChoiceWidget, IconWidget } from './choice.tsx';
import { DateTimeWidget, DateWidget } from './date.tsx';
import { DocumentWidget } from './document.tsx';
import { ImageWidget } from './image.tsx';
import { ListWidget } from './list.tsx';
import { LocalizedTextWidget } from './localized-text.tsx';
import { ReferencesWidget, ReferenceWidget } from './reference.tsx';
import { NamesWidget, NumberWidget, TextareaWidget, TextWidget } from './text.tsx';
import type { FieldKind, WidgetProps } from './widget.tsx';
import { YesNoWidget } from './yes-no.tsx';

type Widgets = { [K in FieldKind]: (props: WidgetProps<K>) => ReactNode };

/** The widget of each kind of field: a new kind is a component here. */
const WIDGETS: Widgets = {
  text: TextWidget,
  email: TextWidget,
  url: TextWidget,
  textarea: TextareaWidget,
  names: NamesWidget,
  number: NumberWidget,
  ml: LocalizedTextWidget,
  document: DocumentWidget,
  image: ImageWidget,
  checkbox: YesNoWidget,
  date: DateWidget,
  datetime: DateTimeWidget,
  select: ChoiceWidget,
  icon: IconWidget,
  reference: ReferenceWidget,
  references: ReferencesWidget,
  'ml-list': ListWidget,
  features: ListWidget,
  author: AuthorWidget,
};

/** The widget of a kind, typed by that kind (the map's entries are looked up without a cast). */
function widgetOf<K extends FieldKind>(kind: K): (props: WidgetProps<K>) => ReactNode {
  return WIDGETS[kind];
}

export interface FieldProps {
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
  onBlock?: (index: number) => void;
  computed?: string;
  pointAt?: Check;
}

/** One field of the form: its label, its problem and the widget of its kind. */
export function Field({ field, labels, errors, note, fixedLength = false, ...rest }: FieldProps) {
  const { lang } = useAdmin();
  const label = fieldLabel(field.name, lang, labels);
  const id = `field-${field.name}`;
  const error = errors[field.name] ?? Object.entries(errors).find(([path]) => path.startsWith(`${field.name}.`))?.[1];
  const errorId = `${id}-error`;
  const required = 'required' in field && field.required;
  const labelText = (
    <>
      {label}
      {(field.kind === 'ml' || field.kind === 'document') && ` (${rest.active.toUpperCase()})`}
      {note && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">{note}</span>}
      {required && (
        <span className="text-red-700" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
  const Widget = widgetOf(field.kind);
  const describe = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  return <Widget {...rest} field={field} id={id} label={label} labelText={labelText} error={error} errorId={errorId} describe={describe} fixedLength={fixedLength} />;
}
