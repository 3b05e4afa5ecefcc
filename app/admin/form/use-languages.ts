import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Check } from '../../../domain/checks/document-checks.ts';
import type { ErrorDetail } from '../../../domain/shared/errors.ts';
import { fillLanguage } from '../../../domain/shared/copy-language.ts';
import { transliterationBetween } from '../../../domain/languages/uzbek-script.ts';
import { useAdmin } from '../admin-context.tsx';
import { objectValue } from '../display.ts';
import { fieldLabel, localizeIssue } from '../field-labels.ts';
import type { Resource } from '../resources.ts';
import type { FormState, Values } from './use-form-state.ts';

/**
 * The language the form shows and the translator's tools: a language's empty texts filled from
 * another (transliterated between Uzbek's scripts), the source beside the translation, and the way
 * to a field to fix (its tab opened, the field focused).
 */
export function useLanguages(resource: Resource, form: FormState) {
  const admin = useAdmin();
  const { t, lang, defaultLanguage } = admin;
  const known = (code: string | undefined) => admin.languages.some((language) => language.code === code);
  // Opened on a language from the translation status (?lang=ru), else on the default one.
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('lang');
  const [active, setActive] = useState(asked && known(asked) ? asked : defaultLanguage);
  const [beforeFill, setBeforeFill] = useState<{ values: Values; message: string } | null>(null);
  // Source and translation next to each other: on by default where the screen is wide enough.
  const [sideBySide, setSideBySide] = useState(false);
  useEffect(() => setSideBySide(window.matchMedia('(min-width: 1280px)').matches), []);
  const [block, setBlock] = useState<{ field: string; index: number } | null>(null);
  // "Fix" of a check in a document: the field opened, and the editor told what to select in it.
  const [pointAt, setPointAt] = useState<Check | null>(null);
  const { values } = form;

  /** Fills the empty texts of the language shown from another one (converted), as a draft to check and save. */
  function fillFrom(from: string, convert?: (text: string) => string) {
    const filled: Values = Object.fromEntries(resource.type.localizedFields.map((field) => [field, fillLanguage(values[field], from, active, convert)]));
    // An author's name is written in each language too (Uzbek Cyrillic from the Latin).
    for (const field of resource.fields.filter((candidate) => candidate.kind === 'author')) {
      const author = objectValue(values[field.name]);
      filled[field.name] = { ...author, name: fillLanguage(author.name ?? {}, from, active, convert) };
    }
    const changed = Object.keys(filled).filter((field) => JSON.stringify(filled[field]) !== JSON.stringify(values[field]));
    if (!changed.length) {
      setBeforeFill({ values, message: t('translation.nothingToFill', { language: active.toUpperCase() }) });
      return;
    }
    setBeforeFill({ values, message: t('translation.filled', { language: from.toUpperCase() }) });
    form.setValues((current) => ({ ...current, ...filled }));
    form.setDirty(true);
  }
  function undoFill() {
    if (!beforeFill) return;
    form.setValues(beforeFill.values);
    setBeforeFill(null);
  }
  // Uzbek in the other script: its draft is made by transliteration rather than copied.
  const uzbekSource = admin.languages.find((language) => transliterationBetween(language.code, active))?.code;
  const transliterate = uzbekSource ? transliterationBetween(uzbekSource, active) : undefined;

  /** Shows a field (in a language) to fix: its tab, then the field scrolled to and focused. */
  function openField(name: string, language?: string, then?: () => void) {
    if (language && known(language)) setActive(language);
    let tries = 0;
    const find = () => {
      const holder = document.querySelector<HTMLElement>(`[data-field="${CSS.escape(name)}"]`);
      const target = holder?.querySelector<HTMLElement>('[contenteditable="true"], input:not([type="hidden"]), textarea, select');
      // A document's editor is loaded on demand: it is waited for a moment.
      if (!target && tries++ < 40) return void setTimeout(find, 50);
      holder?.scrollIntoView({ block: 'center' });
      (target ?? holder)?.focus();
      then?.();
    };
    requestAnimationFrame(find);
  }
  function fixCheck(check: Check) {
    // Once the field is open and in view; a new object each time, so that a second "Fix" selects again.
    openField(check.field, check.lang, () => setPointAt({ ...check }));
  }
  const askedField = searchParams.get('field');
  // Once, for the field a link named (the site report's "Fix").
  useEffect(() => {
    if (askedField) openField(askedField);
  }, [askedField]);

  /** The problems of a try, each said at its field; the first language with one is opened and its field focused. */
  function showProblems(details: ErrorDetail[]) {
    form.setErrors(Object.fromEntries(details.map((detail) => [detail.path, localizeIssue(detail, fieldLabel(detail.path.split('.')[0], lang, resource.labels), lang, t)])));
    const firstLanguage = details.map((detail) => detail.path.split('.')[1]).find(known);
    if (firstLanguage) setActive(firstLanguage);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }
  const problemLanguages = new Set(Object.keys(form.errors).map((path) => path.split('.')[1]).filter(known));

  return { active, setActive, sideBySide, setSideBySide, block, setBlock, pointAt, beforeFill, fillFrom, undoFill, uzbekSource, transliterate, fixCheck, showProblems, problemLanguages };
}

export type Languages = ReturnType<typeof useLanguages>;
