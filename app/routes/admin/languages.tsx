import { Pencil, Plus, Star, Trash } from 'lucide-react';
import { useState } from 'react';
import { LanguageSchema } from '../../../domain/languages/language-schema.ts';
import { useAdmin, type SiteLanguage } from '../../admin/admin-context.tsx';
import { api, ApiError } from '../../admin/api.ts';
import { fieldLabel, localizeIssue } from '../../admin/field-labels.ts';
import { issuesToDetails } from '../../../domain/shared/validation.ts';
import { useUnsavedChanges } from '../../admin/record-form.tsx';
import { Badge, buttonClass, ErrorNotice, inputClass, PageTitle, SuccessNotice, useConfirm } from '../../admin/ui.tsx';
import { cyrillicInterfaceTexts, InterfaceTexts } from '../../admin/interface-texts.tsx';
import { uzbekScript } from '../../../domain/languages/uzbek-script.ts';
import { EmptyList } from '../../admin/list-table.tsx';

type Draft = { code: string; name: string; nativeName: string; flag: string; order: number; isActive: boolean; isDefault: boolean; rtl: boolean; translations: Record<string, string> };
// A new language is hidden from visitors until someone makes it public.
const EMPTY: Draft = { code: '', name: '', nativeName: '', flag: '🌐', order: 0, isActive: false, isDefault: false, rtl: false, translations: {} };

/** The screen's state and actions: the language being edited (new or saved), saved, deleted. */
function useLanguageEditor() {
  const { t, lang, languages, reloadLanguages, problem } = useAdmin();
  const [editing, setEditing] = useState<{ language?: SiteLanguage; draft: Draft } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState('');
  const [notice, setNotice] = useState('');
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const leaving = useUnsavedChanges(dirty && !saving);
  const { ask, dialog: confirmDialog } = useConfirm();

  const open = (language?: SiteLanguage) => {
    setErrors({});
    setFormError('');
    setDirty(false);
    setEditing({ language, draft: language ? { code: language.code, name: language.name, nativeName: language.nativeName, flag: language.flag, order: language.order, isActive: language.isActive, isDefault: language.isDefault, rtl: language.rtl, translations: language.translations ?? {} } : { ...EMPTY } });
  };
  const addCyrillic = () => {
    const translations = cyrillicInterfaceTexts(languages.find((language) => uzbekScript(language.code) === 'latin')?.translations);
    setErrors({});
    setFormError('');
    setEditing({ draft: { ...EMPTY, code: 'uz-Cyrl', name: 'Uzbek (Cyrillic)', nativeName: 'Ўзбекча', flag: '🇺🇿', order: languages.length, translations } });
    setDirty(true);
    setNotice(t('languages.preset.filled', { count: Object.keys(translations).length }));
  };
  const change = (patch: Partial<Draft>) => {
    setEditing((current) => (current ? { ...current, draft: { ...current.draft, ...patch } } : current));
    setDirty(true);
  };

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!editing) return;
    const translations = Object.fromEntries(Object.entries(editing.draft.translations).filter(([, text]) => text.trim() !== ''));
    const body = { ...editing.draft, translations };
    const checked = LanguageSchema.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(issuesToDetails(checked.error.issues, body).map((detail) => [detail.path.split('.')[0], localizeIssue(detail, fieldLabel(detail.path.split('.')[0], lang), lang, t)])));
      return;
    }
    setSaving(true);
    setFormError('');
    try {
      if (editing.language) {
        const { code: _fixed, ...rest } = body;
        await api(`/languages/${editing.language._id}`, { method: 'PUT', body: { ...rest, version: editing.language.version } });
      } else {
        await api('/languages', { body });
      }
      setDirty(false);
      setEditing(null);
      setNotice(t('common.saved'));
      await reloadLanguages();
    } catch (caught) {
      if (caught instanceof ApiError && caught.details.length) setErrors(Object.fromEntries(caught.details.map((detail) => [detail.path.split('.')[0], localizeIssue(detail, fieldLabel(detail.path.split('.')[0], lang), lang, t)])));
      else setFormError(problem(caught, 'common.saveError'));
    } finally {
      setSaving(false);
    }
  }

  async function remove(language: SiteLanguage) {
    if (!(await ask({ message: t('confirm.deleteLanguage'), confirm: t('common.delete'), danger: true }))) return;
    try {
      await api(`/languages/${language._id}`, { method: 'DELETE' });
      await reloadLanguages();
    } catch (caught) {
      setFormError(problem(caught, 'error.deleteLanguage'));
    }
  }


  return { editing, setEditing, errors, formError, notice, saving, leaving, confirmDialog, open, addCyrillic, change, save, remove };
}

type LanguageEditor = ReturnType<typeof useLanguageEditor>;

/** A language's names, code, flag, order, switches and interface texts. */
function LanguageForm({ editor }: { editor: LanguageEditor }) {
  const { t } = useAdmin();
  const { editing, setEditing, errors, saving, change, save } = editor;
  if (!editing) return null;
  const text = (name: keyof Draft, label: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div>
      <label htmlFor={`language-${name}`} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={`language-${name}`}
        value={String(editing.draft[name] ?? '')}
        onChange={(event) => change(Object.fromEntries([[name, name === 'order' ? Number.parseInt(event.target.value, 10) || 0 : event.target.value]]))}
        className={inputClass}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `language-${name}-error` : undefined}
        {...extra}
      />
      {errors[name] && (
        <p id={`language-${name}-error`} className="mt-1 text-sm text-red-700">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const check = (name: 'isActive' | 'isDefault' | 'rtl', label: string) => (
    <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
      <input type="checkbox" checked={editing.draft[name]} onChange={(event) => change({ [name]: event.target.checked })} className="h-5 w-5" />
      {label}
    </label>
  );

  return (
    <form onSubmit={save} noValidate className="mb-6 space-y-5 rounded-xl bg-white p-6 shadow-sm">
      <div className="grid gap-4 md:grid-cols-3">
        {text('code', `${t('languages.code')} *`, { disabled: Boolean(editing.language), 'aria-describedby': editing.language ? 'code-fixed' : undefined })}
        {text('name', `${t('languages.name')} *`)}
        {text('nativeName', `${t('languages.nativeName')} *`)}
        {text('flag', t('languages.flag'))}
        {text('order', t('common.order'), { type: 'number' })}
      </div>
      {editing.language && (
        <p id="code-fixed" className="text-sm text-slate-600">
          {t('languages.codeFixed')}
        </p>
      )}
      <div className="flex flex-wrap gap-6">
        {check('isActive', t('common.active'))}
        {check('isDefault', t('languages.default'))}
        {check('rtl', t('languages.rtl'))}
      </div>
      {!editing.language && <p className="text-sm text-slate-600">{t('languages.hiddenUntilActive')}</p>}
      <details className="rounded-md border border-slate-200 p-4">
        <summary className="cursor-pointer font-semibold text-brand-900">{t('languages.translations')}</summary>
        <p className="mt-2 text-sm text-slate-600">{t('languages.translationsHelp')}</p>
        <InterfaceTexts code={editing.draft.code} texts={editing.draft.translations} saved={Boolean(editing.language)} onChange={(translations) => change({ translations })} />
      </details>
      <div className="flex gap-3">
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          {saving ? t('common.saving') : t('common.save')}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={() => setEditing(null)}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The site's languages, each with its state and actions. */
function LanguageList({ onEdit, onRemove }: { onEdit: (language: SiteLanguage) => void; onRemove: (language: SiteLanguage) => void }) {
  const { t, languages, languageName } = useAdmin();
  return (
    <>
      {languages.length === 0 ? (
        <EmptyList>{t('languages.empty')}</EmptyList>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-sm">
          {languages.map((language) => (
            <li key={language._id} className="flex flex-wrap items-center gap-4 px-5 py-4">
              <span className="text-2xl" aria-hidden="true">
                {language.flag}
              </span>
              <div className="min-w-40 flex-1">
                <p className="font-semibold text-slate-900">
                  {languageName(language.code) === language.nativeName ? language.nativeName : `${languageName(language.code)} · ${language.nativeName}`}
                  {language.isDefault && (
                    <Star className="ml-2 inline h-4 w-4 fill-amber-400 text-amber-600" aria-label={t('languages.default')} role="img" />
                  )}
                </p>
                <p className="font-mono text-sm text-slate-600">{language.code}</p>
              </div>
              <div className="flex gap-2">
                {language.rtl && <Badge tone="amber">RTL</Badge>}
                <Badge tone={language.isActive ? 'green' : 'gray'}>{language.isActive ? t('common.active') : t('common.inactive')}</Badge>
              </div>
              <div className="flex gap-2">
                <button type="button" className={buttonClass.icon} aria-label={`${t('common.edit')}: ${languageName(language.code)}`} onClick={() => onEdit(language)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </button>
                <span title={language.isDefault ? t('languages.cannotDelete') : undefined}>
                  <button type="button" className={buttonClass.icon} aria-label={`${t('common.delete')}: ${languageName(language.code)}`} disabled={language.isDefault} aria-describedby={language.isDefault ? `default-${language._id}` : undefined} onClick={() => onRemove(language)}>
                    <Trash className="h-4 w-4 text-red-700" aria-hidden="true" />
                  </button>
                </span>
                {language.isDefault && (
                  <span id={`default-${language._id}`} className="sr-only">
                    {t('languages.cannotDelete')}
                  </span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default function Languages() {
  const { t, languages } = useAdmin();
  const editor = useLanguageEditor();
  const { editing, notice, formError, leaving, confirmDialog, open, addCyrillic, remove } = editor;
  // "Oʻzbekcha (kirill)" in one click: its names, and every interface text transliterated for review.
  const hasCyrillic = languages.some((language) => language.code.toLowerCase() === 'uz-cyrl');
  return (
    <div>
      {leaving}
      {confirmDialog}
      <PageTitle
        actions={
          <div className="flex flex-wrap gap-2">
            {!hasCyrillic && (
              <button type="button" className={buttonClass.secondary} onClick={addCyrillic}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                {t('languages.preset.uzCyrl')}
              </button>
            )}
            <button type="button" className={buttonClass.primary} onClick={() => open()}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t('common.create')}
            </button>
          </div>
        }
      >
        {t('languages.title')}
      </PageTitle>
      {notice && <SuccessNotice message={notice} />}
      {formError && <ErrorNotice message={formError} />}
      {editing && <LanguageForm editor={editor} />}
      <LanguageList onEdit={open} onRemove={remove} />
    </div>
  );
}
