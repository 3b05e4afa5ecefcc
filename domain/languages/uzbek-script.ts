/*
 * Uzbek in both of its scripts: Latin (the official alphabet since 1995) ⇄ Cyrillic. The rules are
 * data — letter tables, a few context rules, and a list of exceptions (mostly Russian loanwords
 * whose Cyrillic keeps ц, ь or ъ) — so a correction is a change of a table, not of the code.
 * Measured on a word list in tests/fixtures/uzbek-words.tsv (see tests/uzbek-script.test.ts).
 */

/** Every way people type the sign of oʻ and gʻ (and the tutuq belgisi ʼ): one letter for search and slugs. */
export const APOSTROPHES = /[ʻʼ‘’'`´]/g;
const LATIN_TURNED_COMMA = 'ʻ'; // U+02BB, in oʻ and gʻ
const LATIN_APOSTROPHE = 'ʼ'; // U+02BC, the tutuq belgisi (maʼno)

/** Latin letters (lowercase) to Cyrillic, longest first; context rules come before these. */
const LATIN_TO_CYRILLIC: Array<[string, string]> = [
  ['oʻ', 'ў'],
  ['gʻ', 'ғ'],
  ['sh', 'ш'],
  ['ch', 'ч'],
  ['yoʻ', 'йў'],
  ['yo', 'ё'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['ye', 'е'],
  ['a', 'а'],
  ['b', 'б'],
  ['d', 'д'],
  ['e', 'е'],
  ['f', 'ф'],
  ['g', 'г'],
  ['h', 'ҳ'],
  ['i', 'и'],
  ['j', 'ж'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['q', 'қ'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['v', 'в'],
  ['x', 'х'],
  ['y', 'й'],
  ['z', 'з'],
  ['ʼ', 'ъ'],
];

/** Cyrillic letters (lowercase) to Latin; е, ц, ъ and ь depend on their neighbours (below). */
const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', ё: 'yo', ж: 'j', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u',
  ф: 'f', х: 'x', ч: 'ch', ш: 'sh', щ: 'sh', ы: 'i', э: 'e', ю: 'yu', я: 'ya', ў: `o${LATIN_TURNED_COMMA}`, қ: 'q', ғ: `g${LATIN_TURNED_COMMA}`, ҳ: 'h',
};

const CYRILLIC_VOWELS = new Set([...'аеёиоуэюяўы']);
const LATIN_VOWELS = new Set([...'aeiou']);

/**
 * Words whose Cyrillic the rules cannot know (soft and hard signs, ц, э inside a word): the Latin
 * stem and its Cyrillic. A stem also matches the start of a longer word ("sentyabrda"), its
 * Cyrillic replacing that start; with a trailing "|" only the whole word matches.
 */
const EXCEPTIONS: Array<[latin: string, cyrillic: string]> = [
  ['yanvar', 'январь'], ['fevral', 'февраль'], ['aprel', 'апрель'], ['iyun', 'июнь'], ['iyul', 'июль'], ['sentyabr', 'сентябрь'], ['oktyabr', 'октябрь'], ['noyabr', 'ноябрь'], ['dekabr', 'декабрь'],
  ['kompyuter', 'компьютер'], ['obyekt', 'объект'], ['subyekt', 'субъект'], ['obyektiv', 'объектив'], ['syezd', 'съезд'], ['podyezd', 'подъезд'], ['rubl', 'рубль'], ['medal', 'медаль'], ['model', 'модель'],
  ['portfel', 'портфель'], ['shampun', 'шампунь'], ['pochtalyon', 'почтальон'], ['bulyon', 'бульон'], ['batalyon', 'батальон'], ['pavilyon', 'павильон'], ['million', 'миллион'], ['milliard', 'миллиард'],
  ['sirk', 'цирк'], ['sement', 'цемент'], ['senz', 'ценз'], ['sentr', 'центр'], ['sentner', 'центнер'], ['sitat', 'цитат'], ['sivilizatsiya', 'цивилизация'], ['sikl', 'цикл'], ['silindr', 'цилиндр'], ['sifer', 'цифер'], ['sex', 'цех'],
  ['konsert', 'концерт'], ['konsern', 'концерн'], ['konsepsiya', 'концепция'], ['aksiya', 'акция'], ['aksiyador', 'акциядор'], ['aksiz', 'акциз'], ['aksent', 'акцент'], ['inspeksiya', 'инспекция'],
  ['kolleksiya', 'коллекция'], ['leksiya', 'лекция'], ['seksiya', 'секция'], ['fraksiya', 'фракция'], ['funksiya', 'функция'], ['reaksiya', 'реакция'], ['redaksiya', 'редакция'], ['produksiya', 'продукция'], ['instruksiya', 'инструкция'],
  ['konstruksiya', 'конструкция'], ['prokuratura', 'прокуратура'], ['stansiya', 'станция'], ['pensiya', 'пенсия'], ['litsenziya', 'лицензия'], ['sertifikat', 'сертификат'], ['spetsialist', 'специалист'], ['sessiya', 'сессия'],
  ['kvitansiya', 'квитанция'], ['kompensatsiya', 'компенсация'], ['konstitutsiya', 'конституция'], ['tsex', 'цех'], ['dotsent', 'доцент'], ['protsent', 'процент'], ['protsess', 'процесс'], ['prinsip', 'принцип'], ['kvars', 'кварц'],
  ['poezd', 'поезд'], ['poeziya', 'поэзия'], ['poema', 'поэма'], ['poet', 'поэт'], ['aeroport', 'аэропорт'], ['duet', 'дуэт'], ['siluet', 'силуэт'], ['rejissyor', 'режиссёр'], ['aktyor', 'актёр'], ['shofyor', 'шофёр'],
  ['iyerarxiya', 'иерархия'], ['proyekt', 'проект'], ['proyeksiya', 'проекция'], ['reyestr', 'реестр'], ['yevro', 'евро'], ['Yevropa', 'Европа'], ['fakultet', 'факультет'], ['oblast', 'область'], ['kinostudiya', 'киностудия'],
  ['film', 'фильм'], ['potensial', 'потенциал'], ['fransuz', 'француз'], ['bolshevik', 'большевик'], ['felyeton', 'фельетон'], ['avtomobil', 'автомобиль'], ['mebel', 'мебель'], ['pedagogika', 'педагогика'], ['shtat', 'штат'], ['shtraf', 'штраф'], ['noutbuk', 'ноутбук'], ['kafedra', 'кафедра'], ['sud|', 'суд'], ['Rossiya', 'Россия'], ['Osiyo', 'Осиё'],
];

/** Cyrillic stems the rules would write otherwise in Latin: Russian loanwords whose ъ only makes е a ye. */
const CYRILLIC_EXCEPTIONS: Array<[cyrillic: string, latin: string]> = [
  ['объект', 'obyekt'], ['субъект', 'subyekt'], ['съезд', 'syezd'], ['подъезд', 'podyezd'], ['адъютант', 'adyutant'],
];

const isUpper = (char: string) => char !== char.toLowerCase() && char === char.toUpperCase();

/** Gives `replacement` the case of `original`: all capitals, a capital first letter, or lowercase. */
function withCase(original: string, replacement: string): string {
  const letters = [...original].filter((char) => char.toLowerCase() !== char.toUpperCase());
  if (letters.length > 1 && letters.every(isUpper)) return replacement.toUpperCase();
  if (letters.length && isUpper(letters[0])) return replacement.charAt(0).toUpperCase() + replacement.slice(1);
  return replacement;
}

/**
 * What counts as one word: at most 100 letters (the longest Uzbek words are about 30). A longer run
 * of letters is no word; it is converted a hundred letters at a time, so that the work grows with
 * the text's length alone, whatever a visitor sends.
 */
const LATIN_WORD = /[A-Za-zʻʼ‘’'`´]{1,100}/g;
const CYRILLIC_WORD = /[\u0400-\u04FF]{1,100}/g;

/** The exceptions by their first letter, in the order of the list (the first that matches wins). */
function byFirstLetter<T extends { stem: string }>(entries: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const entry of entries) map.set(entry.stem[0], [...(map.get(entry.stem[0]) ?? []), entry]);
  return map;
}
const LATIN_EXCEPTIONS = byFirstLetter(
  EXCEPTIONS.map(([latin, cyrillic]) => ({ stem: latin.replace(/\|$/, '').toLowerCase(), whole: latin.endsWith('|'), cyrillic })),
);
const CYRILLIC_STEMS = byFirstLetter(CYRILLIC_EXCEPTIONS.map(([stem, latin]) => ({ stem, latin })));
const LATIN_BY_FIRST = byFirstLetter(LATIN_TO_CYRILLIC.map(([stem, cyrillic]) => ({ stem, cyrillic })));

/** One Latin word to Cyrillic: exceptions at its start (one after another), then the rules. */
function latinWordToCyrillic(word: string): string {
  // All apostrophe forms are one: after o and g the turned comma, elsewhere the tutuq belgisi.
  const normal = word.replace(/([oOgG])[ʻʼ‘’'`´]/g, `$1${LATIN_TURNED_COMMA}`).replace(/(?<![oOgG])[ʻʼ‘’'`´]/g, LATIN_APOSTROPHE);
  const lower = normal.toLowerCase();
  let at = 0;
  let head = '';
  for (;;) {
    const hit = LATIN_EXCEPTIONS.get(lower[at])?.find(({ stem, whole }) => lower.startsWith(stem, at) && (!whole || lower.length === at + stem.length));
    if (!hit) break;
    at += hit.stem.length;
    // A soft sign at the stem's end goes before a suffix (сентябрь → сентябрда).
    head += at < lower.length && hit.cyrillic.endsWith('ь') ? hit.cyrillic.slice(0, -1) : hit.cyrillic;
  }
  if (at === 0) return latinRules(normal, lower);
  const restLower = lower.slice(at);
  const rest = latinRules(restLower, restLower);
  // A suffix starting with e is е after a consonant stem, not a word-initial э.
  return withCase(normal, head + (restLower.startsWith('e') ? `е${rest.slice(1)}` : rest));
}

/**
 * Letter by letter, keeping the case of each letter (a word may be MixedCase: "OʻzR"). Every test
 * reads the lowercase word at `index` (never a copy of the rest): linear in the word.
 */
function latinRules(normal: string, lower: string): string {
  let out = '';
  let index = 0;
  while (index < normal.length) {
    const before = index > 0 ? lower[index - 1] : '';
    let from: string;
    let to: string;
    // e at the start of a word or after a vowel is э; "ye" is е; s'h is с + ҳ.
    if (lower[index] === 'e' && (index === 0 || LATIN_VOWELS.has(before))) [from, to] = ['e', 'э'];
    // "ye" after a consonant is a loanword's ье: karyera → карьера, kuryer → курьер (native words have no such ye).
    else if (lower.startsWith('ye', index) && index > 0 && /[bdfghjklmnpqrstvxz]/.test(before)) [from, to] = ['ye', 'ье'];
    else if (before === 's' && lower.startsWith(`${LATIN_APOSTROPHE}h`, index)) [from, to] = [LATIN_APOSTROPHE, ''];
    // Russian loanwords keep ц: -tsiya after a vowel (militsiya), -ksiya (aksiya), -tsk (Donetsk).
    else if ((lower.startsWith('tsiya', index) && LATIN_VOWELS.has(before)) || lower.startsWith('tsk', index)) [from, to] = ['ts', 'ц'];
    else if (before === 'k' && lower.startsWith('siya', index)) [from, to] = ['s', 'ц'];
    else {
      const letter = LATIN_BY_FIRST.get(lower[index])?.find(({ stem }) => lower.startsWith(stem, index));
      if (!letter) {
        out += normal[index];
        index += 1;
        continue;
      }
      [from, to] = [letter.stem, letter.cyrillic];
    }
    // Each Cyrillic letter takes the case of the first Latin letter it comes from (Sh, SH → Ш).
    out += normal[index] !== lower[index] ? to.toUpperCase() : to;
    index += from.length;
  }
  return out;
}

/** One Cyrillic word to Latin: exceptions at its start (one after another), then the rules. */
function cyrillicWordToLatin(word: string): string {
  const lower = word.toLowerCase();
  let at = 0;
  let head = '';
  for (;;) {
    const hit = CYRILLIC_STEMS.get(lower[at])?.find(({ stem }) => lower.startsWith(stem, at));
    if (!hit) break;
    at += hit.stem.length;
    head += hit.latin;
  }
  if (at === 0) return cyrillicRules(word, lower);
  const rest = lower.slice(at);
  return withCase(word, head + cyrillicRules(rest, rest));
}

function cyrillicRules(word: string, lower: string): string {
  let allUpper = word.length > 1;
  for (let index = 0; allUpper && index < word.length; index += 1) if (/[\u0400-\u04FF]/.test(word[index]) && word[index] === lower[index]) allUpper = false;
  let out = '';
  for (let index = 0; index < word.length; index += 1) {
    const char = word[index];
    const lowerChar = lower[index];
    const before = index > 0 ? lower[index - 1] : '';
    let latin: string;
    if (lowerChar === 'е') latin = index === 0 || CYRILLIC_VOWELS.has(before) || before === 'ъ' || before === 'ь' ? 'ye' : 'e';
    else if (lowerChar === 'ц') latin = index > 0 && CYRILLIC_VOWELS.has(before) ? 'ts' : 's';
    else if (lowerChar === 'ь') latin = '';
    // с and ҳ side by side are s ʼ h, not the letter sh (Исҳоқ → Isʼhoq).
    else if (lowerChar === 'ҳ' && before === 'с') latin = `${LATIN_APOSTROPHE}h`;
    else if (lowerChar === 'ъ') latin = LATIN_APOSTROPHE;
    else latin = CYRILLIC_TO_LATIN[lowerChar] ?? char;
    if (char !== lowerChar) latin = allUpper ? latin.toUpperCase() : latin.charAt(0).toUpperCase() + latin.slice(1);
    out += latin;
  }
  return out;
}

/**
 * What is written in Latin whatever the script of the text around it: a web address, an e-mail
 * or @handle, a domain name (lex.uz), and a word Uzbek does not write — one with w, or c other than
 * in ch, or a capital inside (WhatsApp, LinkedIn, iPhone). Each test reads its token once.
 */
const ADDRESS_END = /\.(uz|com|ru|org|net|io|gov|edu|info|me|app)([/?#:]|[.,;:!?)»”"']*$)/i;
const keepsLatinToken = (token: string) => token.includes('://') || /^www\./i.test(token) || token.includes('@') || ADDRESS_END.test(token) || /^[A-Z]{1,5}&[A-Z]{1,5}\b/.test(token);

/**
 * English words of the firm's trade and of its clients' names that Uzbek writers leave in Latin and
 * that the letter test below cannot tell from Uzbek ones ("due" of due diligence, “Mehr Textile”).
 * Lowercase, whole words; a name in quotes with one of them stays Latin whole.
 */
const ENGLISH_TERMS = new Set(['due', 'diligence', 'escrow', 'equity', 'venture', 'joint', 'offshore', 'arbitration', 'tier', 'textile', 'group', 'holding', 'trade', 'invest', 'the', 'of', 'and']);

/**
 * Abbreviations and short words that Uzbek writes in capitals and Cyrillic (МЧЖ, АЖ, БМТ, ВА): any
 * other all-capital word of up to four letters, or one without a vowel, is an acronym (PDF, JPEG,
 * IT, M&A) and stays in Latin. Uppercase, apostrophes as U+02BB.
 */
const UZBEK_CAPITALS = new Set(
  ['MCHJ', 'AJ', 'OAJ', 'XK', 'QK', 'QQS', 'SK', 'MK', 'YUSH', 'JSH', 'YATT', 'XT', 'DUK', 'UK', 'BMT', 'MDH', 'AQSH', 'OʻZR', 'OʻZA', 'FVV', 'IIV', 'DXX', 'SSV', 'VM', 'JK', 'FK', 'MJTK', 'SOQ', 'VA', 'BU', 'U', 'BIZ', 'SIZ', 'HAM', 'YOKI', 'BOR', 'YOʻQ', 'ENG', 'SUD', 'YIL', 'TEL', 'UY', 'OY', 'KUN', 'SOAT', 'ISH', 'SHU', 'KIM', 'NIMA', 'QAY', 'YANGI', 'DAN', 'GA', 'DA', 'NI'],
);
const capitalsKey = (word: string) => word.replace(APOSTROPHES, 'ʻ').toUpperCase();
/** English acronyms with a Q (any other capitals with Q, Oʻ or Gʻ are Uzbek: QQS, OʻzR). */
const ENGLISH_Q = new Set(['QR', 'FAQ', 'SQL', 'HQ', 'QA', 'IQ']);
function acronym(word: string): boolean {
  const letters = word.replace(APOSTROPHES, '');
  if (letters.length < 2 || letters !== letters.toUpperCase()) return false;
  if (UZBEK_CAPITALS.has(capitalsKey(word))) return false;
  if ((letters.includes('Q') && !ENGLISH_Q.has(letters)) || /[OG][ʻʼ‘’'`´]/.test(word)) return false;
  return letters.length <= 4 || !/[AEIOU]/.test(letters);
}

/**
 * A word Uzbek does not write: one with w, or c other than in ch, or a capital inside (WhatsApp,
 * LinkedIn, iPhone) unless it is an Uzbek abbreviation (MChJ, OʻzR); an acronym; an English term.
 */
const foreignSpelling = (word: string) => /w|c(?!h)/i.test(word) || /[a-z][A-Z]/.test(word) || ENGLISH_TERMS.has(word.toLowerCase());
const foreignWord = (word: string) => !UZBEK_CAPITALS.has(capitalsKey(word)) && (foreignSpelling(word) || acronym(word));

/** Latin text outside of names in brackets or quotes: each word on its own. */
function wordsToCyrillic(text: string): string {
  return text.replace(/\S+/g, (token) =>
    keepsLatinToken(token) ? token : token.replace(LATIN_WORD, (word) => (/[A-Za-z]/.test(word) && !foreignWord(word) ? latinWordToCyrillic(word) : word)),
  );
}

/**
 * A phrase in brackets or quotes is written whole in one language: one with a foreign word in it is
 * a foreign name or term — “Silk Road Logistics”, (due diligence) — and stays Latin whole, rather
 * than half of it turned into Cyrillic. At most 200 characters between the marks.
 */
const ENCLOSED = /\([^()\n]{1,200}\)|“[^“”\n]{1,200}”|«[^«»\n]{1,200}»|„[^„“\n]{1,200}“|"[^"\n]{1,200}"/g;
// An acronym alone makes no phrase foreign: (10 MB gacha) is Uzbek with one acronym in it.
const foreignPhrase = (phrase: string) => (phrase.match(LATIN_WORD) ?? []).some((word) => /[A-Za-z]/.test(word) && !UZBEK_CAPITALS.has(capitalsKey(word)) && foreignSpelling(word));

/** Uzbek text from Latin to Cyrillic script; addresses, e-mails, handles, acronyms and foreign names stay as written. */
export function uzbekToCyrillic(text: string): string {
  let out = '';
  let at = 0;
  for (const match of text.matchAll(ENCLOSED)) {
    out += wordsToCyrillic(text.slice(at, match.index)) + (foreignPhrase(match[0]) ? match[0] : wordsToCyrillic(match[0]));
    at = match.index + match[0].length;
  }
  return out + wordsToCyrillic(text.slice(at));
}

/** A text with {placeholders} (interface texts, mails) to Cyrillic: only the words around them change script. */
export function uzbekTextToCyrillic(text: string): string {
  return text
    .split(/(\{\w+\})/)
    .map((part, index) => (index % 2 ? part : uzbekToCyrillic(part)))
    .join('');
}

/** Uzbek text from Cyrillic to Latin script (oʻ and gʻ with U+02BB, the tutuq belgisi with U+02BC). */
export function uzbekToLatin(text: string): string {
  return text.replace(CYRILLIC_WORD, cyrillicWordToLatin);
}

/**
 * A long text converted a slice at a time (about 4,000 characters, cut at a space), giving the
 * event loop back between slices: other requests are answered while a 100,000-character text is
 * converted, however busy the machine.
 */
export async function convertInSlices(text: string, convert: (text: string) => string, slice = 4000): Promise<string> {
  if (text.length <= slice) return convert(text);
  const parts: string[] = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(text.length, at + slice);
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end);
      if (space > at) end = space;
    }
    parts.push(convert(text.slice(at, end)));
    at = end;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return parts.join('');
}

/** Which script a language code writes Uzbek in: uz (and uz-Latn) Latin, uz-Cyrl Cyrillic; any other none. */
export function uzbekScript(code: string): 'latin' | 'cyrillic' | undefined {
  return /^uz(-latn)?$/i.test(code) ? 'latin' : /^uz-cyrl$/i.test(code) ? 'cyrillic' : undefined;
}

/** The conversion from one language's Uzbek to another's, or undefined when they are not Uzbek in two scripts. */
export function transliterationBetween(from: string, to: string): ((text: string) => string) | undefined {
  const [source, target] = [uzbekScript(from), uzbekScript(to)];
  if (!source || !target || source === target) return undefined;
  return target === 'cyrillic' ? uzbekToCyrillic : uzbekToLatin;
}
