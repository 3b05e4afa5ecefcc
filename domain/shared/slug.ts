import { APOSTROPHES } from '../languages/uzbek-script.ts';

const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k',
  л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts',
  ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  // Uzbek Cyrillic letters
  ў: 'o', қ: 'q', ғ: 'g', ҳ: 'h',
  // Kazakh, Kyrgyz, Ukrainian letters that a runtime language may bring
  ә: 'a', ө: 'o', ү: 'u', ұ: 'u', ң: 'n', һ: 'h', і: 'i', ї: 'yi', є: 'ye', ґ: 'g',
};

/** A URL slug from a title in Latin or Cyrillic script: lowercase ASCII words joined by hyphens. */
export function slugify(title: string): string {
  const transliterated = Array.from(title.toLowerCase())
    .map((char) => CYRILLIC[char] ?? char)
    .join('')
    // Uzbek Latin apostrophes (o‘, g‘) and other marks vanish rather than split words.
    .replace(APOSTROPHES, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  const slug = transliterated
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return slug || 'item';
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
