import { uzbekScript, uzbekTextToCyrillic } from '../../domain/languages/uzbek-script.ts';
import { UI_TEXTS, type UiTextKey } from './ui-texts.ts';

export type Translate = (key: UiTextKey, values?: Record<string, string | number>) => string;

/** Uzbek's built-in texts in Cyrillic, made from the Latin ones a key at a time as they are asked. */
const LATIN_UZBEK: Partial<Record<string, string>> = UI_TEXTS.uz;
const CYRILLIC_UZBEK: Partial<Record<string, string>> = new Proxy<Record<string, string>>({}, {
  get(made, key) {
    if (typeof key !== 'string') return undefined;
    if (!(key in made)) {
      const latin = LATIN_UZBEK[key];
      if (typeof latin !== 'string') return undefined;
      made[key] = uzbekTextToCyrillic(latin);
    }
    return made[key];
  },
});

/**
 * The interface texts for one page: the language's built-in texts with its runtime overrides
 * (a language's `translations`) on top, then the default language's, then Uzbek. Cyrillic Uzbek
 * has no built-in texts: its `translations` were transliterated when it was added, and a key
 * added since is transliterated from the Latin text, never shown in Latin on a Cyrillic page.
 */
export function createTranslator(lang: string, defaultLanguage: string, overrides: Record<string, string> = {}): Translate {
  const own = UI_TEXTS[lang] ?? (uzbekScript(lang) === 'cyrillic' ? CYRILLIC_UZBEK : undefined);
  const chain: Array<Partial<Record<string, string>>> = [overrides, own, UI_TEXTS[defaultLanguage], UI_TEXTS.uz].flatMap((texts) => (texts ? [texts] : []));
  return (key, values) => {
    let text: string = key;
    for (const texts of chain) {
      const found = texts[key];
      if (typeof found === 'string' && found !== '') {
        text = found;
        break;
      }
    }
    if (!values) return text;
    return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
  };
}
