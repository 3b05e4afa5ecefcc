import type { WidgetProps } from './widget.tsx';

/** Yes or no: a checkbox with its label beside it. */
export function YesNoWidget({ id, label, value, onChange }: WidgetProps<'checkbox'>) {
  return (
    <div className="flex items-center gap-2">
      <input id={id} type="checkbox" checked={Boolean(value)} onChange={(event) => onChange(event.target.checked)} className="h-5 w-5" />
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
    </div>
  );
}
