import type { StoredRecord } from '../../../domain/shared/entity.ts';
import { pickText } from '../../../domain/shared/localized.ts';
import { recordTypeNamed } from '../../../domain/registry.ts';
import { useAdmin } from '../admin-context.tsx';
import { inputClass } from '../ui.tsx';
import { say } from '../words.ts';
import { Framed, publicChoices, type WidgetProps } from './widget.tsx';

/** A record's name in the admin's language, by its type's title field. */
function useRecordTitle() {
  const { lang, defaultLanguage } = useAdmin();
  return (typeName: string, record: StoredRecord) => {
    const type = recordTypeNamed(typeName);
    return type ? pickText(record[type.admin.titleField], lang, defaultLanguage) : record._id;
  };
}

/** One record of another type (a case's service), or none. */
export function ReferenceWidget(props: WidgetProps<'reference'>) {
  const titleOf = useRecordTitle();
  const { field, id, value, onChange, choices, describe } = props;
  const options = choices[field.references] ?? [];
  return (
    <Framed props={props}>
      <select id={id} value={String(value ?? '')} onChange={(event) => onChange(event.target.value)} className={inputClass} {...describe}>
        <option value="">—</option>
        {options.map((option) => (
          <option key={option._id} value={option._id}>
            {titleOf(field.references, option)}
          </option>
        ))}
      </select>
    </Framed>
  );
}

/**
 * Several records (an event's speakers, an article's topics), as checkboxes, each type's under its
 * heading when there are several; what is ticked is kept in the lists' order.
 */
export function ReferencesWidget(props: WidgetProps<'references'>) {
  const { lang } = useAdmin();
  const titleOf = useRecordTitle();
  const { field, id, value, onChange, choices, describe } = props;
  const groups = field.groups?.map((group) => ({ type: group.type, heading: say(group.heading, lang), options: choices[publicChoices(group.type)] ?? [] })) ?? [{ type: field.references, heading: '', options: choices[field.references] ?? [] }];
  const chosen = Array.isArray(value) ? value.map(String) : [];
  const all = groups.flatMap((group) => group.options.map((option) => option._id));
  const boxes = (group: (typeof groups)[number]) =>
    group.options.map((option) => (
      <label key={option._id} className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={chosen.includes(option._id)}
          onChange={(event) => onChange(event.target.checked ? all.filter((item) => item === option._id || chosen.includes(item)) : chosen.filter((item) => item !== option._id))}
          className="mt-0.5 h-4 w-4 accent-brand-700"
        />
        {titleOf(group.type, option)}
      </label>
    ));
  return (
    <Framed props={props} wide labelled={false}>
      {field.groups ? (
        <fieldset id={id} aria-labelledby={`${id}-label`} className="mt-1 space-y-3" {...describe}>
          {groups.map((group) => (
            <div key={group.type} role="group" aria-labelledby={`${id}-${group.type}`} data-group={group.type}>
              <p id={`${id}-${group.type}`} className="text-xs font-semibold uppercase tracking-wide text-slate-600">
                {group.heading}
              </p>
              <div className="mt-1 grid gap-2 sm:grid-cols-2">{boxes(group)}</div>
            </div>
          ))}
        </fieldset>
      ) : (
        <fieldset id={id} aria-labelledby={`${id}-label`} className="mt-1 grid gap-2 sm:grid-cols-2" {...describe}>
          {boxes(groups[0]!)}
        </fieldset>
      )}
    </Framed>
  );
}
