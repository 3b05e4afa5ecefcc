import { useAdmin } from '../admin-context.tsx';
import { fromZoneInput, toZoneInput, zoneOffsetLabel } from '../time-zone.ts';
import { buttonClass, inputClass } from '../ui.tsx';
import { Framed, type WidgetProps } from './widget.tsx';

/** A day. A moment (a blog post's) is shown as its day in the firm's time zone, not in UTC. */
export function DateWidget(props: WidgetProps<'date'>) {
  const { timeZone, lang } = useAdmin();
  const { id, value, onChange, describe, field } = props;
  const day = typeof value === 'string' && value.length > 10 ? toZoneInput(value, timeZone).slice(0, 10) : String(value ?? '').slice(0, 10);
  // A field that says what it is for (the day a law takes effect) says it under the input; an optional day is cleared by emptying it.
  const hint = field.hint ? (Object.entries(field.hint).find(([code]) => code === lang)?.[1] ?? field.hint.en) : '';
  const hintId = `${id}-hint`;
  const described = hint ? { ...describe, 'aria-describedby': [hintId, describe['aria-describedby']].filter(Boolean).join(' ') } : describe;
  return (
    <Framed props={props}>
      <input id={id} type="date" value={day} onChange={(event) => onChange(field.hint && event.target.value === '' ? null : event.target.value)} className={inputClass} {...described} />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </Framed>
  );
}

/** A moment, typed in the firm's time zone (said under it), and a way to clear it. */
export function DateTimeWidget(props: WidgetProps<'datetime'>) {
  const { t, timeZone } = useAdmin();
  const { id, value, onChange, error, errorId } = props;
  const hintId = `${id}-zone`;
  return (
    <Framed props={props}>
      <div className="flex gap-2">
        <input
          id={id}
          type="datetime-local"
          value={toZoneInput(value, timeZone)}
          onChange={(event) => onChange(fromZoneInput(event.target.value, timeZone))}
          className={inputClass}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          {...(error ? { 'aria-invalid': true } : {})}
        />
        {Boolean(value) && (
          <button type="button" onClick={() => onChange(null)} className={`${buttonClass.secondary} mt-1 shrink-0`}>
            {t('schedule.clear')}
          </button>
        )}
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {t('schedule.zone', { zone: timeZone, offset: zoneOffsetLabel(timeZone) })}
      </p>
    </Framed>
  );
}
