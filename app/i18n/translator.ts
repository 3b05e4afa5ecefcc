import { UI_TEXTS, type UiTextKey } from './ui-texts.ts';

export type Translate = (key: UiTextKey, values?: Record<string, string | number>) => string;

/**
 * The interface texts for one page: the language's built-in texts with its runtime overrides
 * (a language's `translations`) on top, then the default language's, then Uzbek.
 */
export function createTranslator(lang: string, defaultLanguage: string, overrides: Record<string, string> = {}): Translate {
  const chain: Array<Partial<Record<string, string>>> = [overrides, UI_TEXTS[lang], UI_TEXTS[defaultLanguage], UI_TEXTS.uz].flatMap((texts) => (texts ? [texts] : []));
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
