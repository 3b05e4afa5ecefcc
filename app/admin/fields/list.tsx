import { useAdmin } from '../admin-context.tsx';
import { listValue, objectValue, textsValue } from '../display.ts';
import { buttonClass, inputClass } from '../ui.tsx';
import { FieldError, type WidgetProps } from './widget.tsx';

/** A list of texts in each language (or of features: a text each, and an order), one line an item. */
export function ListWidget({ field, id, label, value, onChange, active, fixedLength, error, errorId }: WidgetProps<'ml-list' | 'features'>) {
  const { t } = useAdmin();
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
    return typeof item === 'string' ? text : { ...(item ?? {}), [active]: text };
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
        <button type="button" className={`${buttonClass.secondary} mt-2`} onClick={() => onChange([...items, field.kind === 'features' ? { text: {}, ...(field.withOrder ? { order: items.length } : {}) } : {}])}>
          {t('common.add')}
        </button>
      )}
      <FieldError error={error} errorId={errorId} />
    </fieldset>
  );
}
