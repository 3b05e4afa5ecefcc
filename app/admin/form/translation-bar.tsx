import { can, languagesFor } from '../../../domain/access/permissions.ts';
import { useAdmin } from '../admin-context.tsx';
import { buttonClass } from '../ui.tsx';
import type { Values } from './use-form-state.ts';
import type { Languages } from './use-languages.ts';

/** A translator changes only the texts of their languages: everything else is shown, not editable. */
export function useTranslating(): boolean {
  const { user } = useAdmin();
  return languagesFor(user, 'record.edit') !== 'all';
}

/** Beside a language other than the default: its empty texts filled from the default (or transliterated), the source beside each field, an undo. */
export function TranslationBar({ languages, values, localized }: { languages: Languages; values: Values; localized: boolean }) {
  const { t, defaultLanguage, user } = useAdmin();
  const translating = useTranslating();
  const { active, beforeFill, uzbekSource, transliterate } = languages;
  return (
    <>
      {localized && active !== defaultLanguage && can(user, 'record.edit', { language: active }) && (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
          <button type="button" className={buttonClass.secondary} onClick={() => languages.fillFrom(defaultLanguage)}>
            {t('translation.copyFrom', { language: defaultLanguage.toUpperCase() })}
          </button>
          <label className="flex min-h-10 items-center gap-2 font-medium text-slate-800">
            <input type="checkbox" className="h-5 w-5" checked={languages.sideBySide} onChange={(event) => languages.setSideBySide(event.target.checked)} />
            {t('translation.sideBySide', { language: defaultLanguage.toUpperCase() })}
          </label>
          {transliterate && uzbekSource && (
            <button type="button" className={buttonClass.secondary} onClick={() => languages.fillFrom(uzbekSource, transliterate)}>
              {t('translation.transliterate', { language: uzbekSource.toUpperCase() })}
            </button>
          )}
          {beforeFill && (
            <p role="status" className="flex flex-wrap items-center gap-2 text-slate-700">
              {beforeFill.message}
              {beforeFill.values !== values && (
                <button type="button" className="font-semibold text-brand-700 underline" onClick={languages.undoFill}>
                  {t('translation.undo')}
                </button>
              )}
            </p>
          )}
        </div>
      )}
      {translating && (
        <p className="rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900">
          {t('roles.translatorHint', { languages: user.languages.map((code) => code.toUpperCase()).join(', ') })}
        </p>
      )}
    </>
  );
}
