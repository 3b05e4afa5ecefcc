import { textsValue } from '../display.ts';
import { inputClass } from '../ui.tsx';
import { Framed, type WidgetProps } from './widget.tsx';

/** A text in each language: the one shown is the language chosen above the form. */
export function LocalizedTextWidget(props: WidgetProps<'ml'>) {
  const { field, id, value, onChange, active, describe } = props;
  const text = textsValue(value)[active] ?? '';
  const change = (next: string) => onChange({ ...textsValue(value), [active]: next });
  return (
    <Framed props={props} wide={field.multiline}>
      {field.multiline ? (
        <textarea id={id} rows={5} value={text} onChange={(event) => change(event.target.value)} lang={active} className={inputClass} {...describe} />
      ) : (
        <input id={id} value={text} onChange={(event) => change(event.target.value)} lang={active} className={inputClass} {...describe} />
      )}
    </Framed>
  );
}
