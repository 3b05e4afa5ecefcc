import { pickText } from '../../../domain/shared/localized.ts';
import { useAdmin } from '../admin-context.tsx';
import { objectValue, textsValue, textValue } from '../display.ts';
import { inputClass } from '../ui.tsx';
import type { WidgetProps } from './widget.tsx';

/** One author: a lawyer of the firm (their name in every language comes with them), or someone else by name. */
export function AuthorWidget({ id, label, value, onChange, active, choices }: WidgetProps<'author'>) {
  const { t, lang, defaultLanguage } = useAdmin();
  const team = choices.team ?? [];
  const stored = objectValue(value);
  const author = { id: textValue(stored.id), name: textsValue(stored.name) };
  const member = team.find((candidate) => candidate._id === author.id);
  return (
    <div className="md:col-span-2 grid gap-3 md:grid-cols-2">
      {team.length > 0 && (
        <div>
          <label htmlFor={`${id}-member`} className="block text-sm font-medium text-slate-800">
            {label}
          </label>
          <select
            id={`${id}-member`}
            value={member ? member._id : ''}
            onChange={(event) => {
              const chosen = team.find((candidate) => candidate._id === event.target.value);
              onChange(chosen ? { id: chosen._id, name: chosen.name } : { name: {} });
            }}
            className={inputClass}
          >
            <option value="">{t('author.someoneElse')}</option>
            {team.map((candidate) => (
              <option key={candidate._id} value={candidate._id}>
                {pickText(candidate.name, lang, defaultLanguage)}
              </option>
            ))}
          </select>
        </div>
      )}
      {!member && (
        <div>
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">
            {team.length > 0 ? t('author.name') : label} ({active.toUpperCase()})
          </label>
          <input id={id} value={author.name?.[active] ?? ''} onChange={(event) => onChange({ name: { ...(author.name ?? {}), [active]: event.target.value } })} className={inputClass} />
        </div>
      )}
    </div>
  );
}
