import type { Localized } from '../shared/localized.ts';
import { isWritten, textOf } from '../shared/localized.ts';

/*
 * A lawyer's card as vCard 4.0 (RFC 6350), for a visitor's phone: the name in every language it
 * is written in (FN and N with ALTID/LANGUAGE), position, firm, e-mail, phone, profile address,
 * photo and the languages the lawyer speaks. Lines end in CRLF and are folded at 75 octets.
 */

/** Names of languages as the firm writes them in Uzbek (both scripts), Russian and English, to their codes. */
const SPOKEN: Array<[RegExp, string]> = [
  [/o[‘'ʻ`’]?zbek|ўзбек|узбек|uzbek/i, 'uz'],
  [/\brus|рус|russian/i, 'ru'],
  [/ingliz|инглиз|англ|english/i, 'en'],
  [/nemis|немис|немец|german|deutsch/i, 'de'],
  [/fransuz|француз|french/i, 'fr'],
  [/turk|турк|турец|turkish/i, 'tr'],
  [/xitoy|хитой|китай|chinese/i, 'zh'],
  [/arab|араб/i, 'ar'],
  [/koreys|корейс|korean/i, 'ko'],
  [/yapon|япон|japanese/i, 'ja'],
  [/qozoq|қозоқ|казах|kazakh/i, 'kk'],
  [/tojik|тожик|таджик|tajik/i, 'tg'],
];

/** The codes of the languages named in a "languages spoken" text (a string, or its texts by language), in the order found. */
export function spokenLanguages(value: unknown): string[] {
  const texts = typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? Object.values(value).filter(isWritten).map(textOf) : [];
  const found: string[] = [];
  for (const text of texts) {
    for (const part of text.split(/[,;/]|\s+(?:va|и|and)\s+/)) {
      const code = SPOKEN.find(([pattern]) => pattern.test(part))?.[1];
      if (code && !found.includes(code)) found.push(code);
    }
  }
  return found;
}

/** A property value with RFC 6350's escapes (backslash, comma, semicolon, new line). */
const escaped = (text: string) => text.replace(/\\/g, '\\\\').replace(/,/g, '\\,').replace(/;/g, '\\;').replace(/\r?\n/g, '\\n');

/** A content line folded at 75 octets (a continuation starts with a space), never inside a character. */
function folded(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export interface VCardInput {
  name: Localized;
  position?: Localized;
  email?: string;
  phone?: string;
  /** The firm's name in the default language. */
  organization: string;
  profileUrl: string;
  photoUrl?: string;
  spoken: string[];
  defaultLanguage: string;
  /** The languages to give the name in (the site's, default first). */
  languages: string[];
  updatedAt?: string;
}

export function vCard(input: VCardInput): string {
  const languages = [input.defaultLanguage, ...input.languages.filter((lang) => lang !== input.defaultLanguage)].filter((lang) => isWritten(input.name[lang]));
  const several = languages.length > 1;
  const lines = ['BEGIN:VCARD', 'VERSION:4.0'];
  const inLanguage = (lang: string) => (several ? `;ALTID=1;LANGUAGE=${lang}` : '');
  for (const lang of languages) lines.push(`FN${inLanguage(lang)}:${escaped(textOf(input.name[lang]))}`);
  for (const lang of languages) {
    // "Given Family" as the firm writes its lawyers' names: the last word is the family name.
    const words = textOf(input.name[lang]).trim().split(/\s+/);
    const family = words.length > 1 ? words[words.length - 1] : '';
    const given = words.length > 1 ? words.slice(0, -1).join(' ') : words[0];
    lines.push(`N${inLanguage(lang)}:${escaped(family)};${escaped(given)};;;`);
  }
  const position = input.position?.[input.defaultLanguage];
  if (position && isWritten(position)) lines.push(`TITLE:${escaped(textOf(position))}`);
  lines.push(`ORG:${escaped(input.organization)}`);
  if (input.email) lines.push(`EMAIL;TYPE=work:${escaped(input.email)}`);
  if (input.phone) lines.push(`TEL;VALUE=uri;TYPE=work,voice:tel:${input.phone.replace(/[^\d+]/g, '')}`);
  lines.push(`URL:${input.profileUrl}`);
  if (input.photoUrl) lines.push(`PHOTO;MEDIATYPE=image/jpeg:${input.photoUrl}`);
  input.spoken.forEach((code, index) => lines.push(`LANG;PREF=${index + 1}:${code}`));
  if (input.updatedAt) lines.push(`REV:${input.updatedAt.replace(/[-:]/g, '').replace(/\.\d+/, '')}`);
  lines.push('END:VCARD');
  return `${lines.map(folded).join('\r\n')}\r\n`;
}
