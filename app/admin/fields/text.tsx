import { listValue, textValue } from '../display.ts';
import { useAdmin } from '../admin-context.tsx';
import { inputClass } from '../ui.tsx';
import { Framed, type WidgetProps } from './widget.tsx';

/** A line of text, an e-mail address or a web address; with `computed`, empty means "computed from the text when saved". */
export function TextWidget(props: WidgetProps<'text' | 'email' | 'url'>) {
  const { t } = useAdmin();
  const { field, id, value, onChange, computed, error, errorId, describe } = props;
  if (computed === undefined) {
    return (
      <Framed props={props}>
        <input id={id} type={field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text'} value={textValue(value)} onChange={(event) => onChange(event.target.value)} className={inputClass} {...describe} />
      </Framed>
    );
  }
  // What is typed is kept.
  const hintId = `${id}-computed`;
  return (
    <Framed props={props}>
      <input id={id} value={textValue(value)} placeholder={computed} onChange={(event) => onChange(event.target.value)} className={inputClass} aria-describedby={error ? `${hintId} ${errorId}` : hintId} {...(error ? { 'aria-invalid': true } : {})} />
      <p id={hintId} className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
        {t('form.computed', { value: computed })}
        {textValue(value) !== computed && (
          <button type="button" className="font-semibold text-brand-700 underline" onClick={() => onChange(computed)}>
            {t('form.useComputed')}
          </button>
        )}
      </p>
    </Framed>
  );
}

export function TextareaWidget(props: WidgetProps<'textarea'>) {
  const { id, value, onChange, describe } = props;
  return (
    <Framed props={props} wide>
      <textarea id={id} rows={4} value={textValue(value)} onChange={(event) => onChange(event.target.value)} className={inputClass} {...describe} />
    </Framed>
  );
}

/**
 * One name a line (a matter's other side): the lines as typed, the server drops the empty ones. As
 * tall as its names (up to 12 lines): a matter against seven parties shows them all.
 */
export function NamesWidget(props: WidgetProps<'names'>) {
  const { id, value, onChange, describe } = props;
  const lines = listValue(value).map(String);
  return (
    <Framed props={props} wide>
      <textarea id={id} rows={Math.min(12, Math.max(4, lines.length + 1))} value={lines.join('\n')} onChange={(event) => onChange(event.target.value.split('\n'))} className={inputClass} {...describe} />
    </Framed>
  );
}

/** A whole number; an emptied order is 0, anything else not a number is kept for the check to name. */
export function NumberWidget(props: WidgetProps<'number'>) {
  const { field, id, value, onChange, describe } = props;
  return (
    <Framed props={props}>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(event) => {
          const parsed = Number.parseInt(event.target.value, 10);
          onChange(Number.isNaN(parsed) ? (field.name === 'order' ? 0 : event.target.value) : parsed);
        }}
        className={inputClass}
        {...describe}
      />
    </Framed>
  );
}
