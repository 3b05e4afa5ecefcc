import { NamedIcon } from '../../site/icons.tsx';
import { useAdmin } from '../admin-context.tsx';
import { optionLabel } from '../field-labels.ts';
import { inputClass } from '../ui.tsx';
import { FieldError, Framed, type WidgetProps } from './widget.tsx';

/** One of a declared list of options, each in the admin's language. */
export function ChoiceWidget(props: WidgetProps<'select'>) {
  const { lang } = useAdmin();
  const { field, id, value, onChange, describe } = props;
  return (
    <Framed props={props}>
      <select id={id} value={String(value ?? '')} onChange={(event) => onChange(field.numeric ? Number(event.target.value) : event.target.value)} className={inputClass} {...describe}>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option, lang, field.labels)}
          </option>
        ))}
      </select>
    </Framed>
  );
}

/** The icons themselves, each with a plain name: a choice by sight, never a typed name. */
export function IconWidget({ field, id, value, onChange, labelText, error, errorId }: WidgetProps<'icon'>) {
  const { lang } = useAdmin();
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
      <FieldError error={error} errorId={errorId} />
    </fieldset>
  );
}
