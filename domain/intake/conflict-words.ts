import type { Conflict, ConflictHit, ConflictReason } from './conflicts.ts';

/*
 * What a possible conflict is called, in the office's languages: the count ("2 possible
 * conflicts", with Russian's plural forms) and what each hit means. The inbox, the request's view
 * and the firm's e-mail say it in the same words.
 */

interface Words {
  /** By the plural category of the count (Intl.PluralRules). */
  count: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
  none: string;
  hits: Record<ConflictHit, string>;
  reasons: Record<ConflictReason, string>;
  matter: string;
  request: string;
}

const WORDS: Record<string, Words> = {
  uz: {
    count: { other: '{count} ta ehtimoliy manfaatlar to‘qnashuvi' },
    none: 'Manfaatlar to‘qnashuvi topilmadi',
    hits: {
      against_our_client: 'Qarama-qarshi tomon — bizning mijozimiz',
      our_clients_opponent: 'Yangi mijoz bizning ishimizda qarama-qarshi tomon bo‘lgan',
      same_opponent: 'Bizning ishimizdagi qarama-qarshi tomonning o‘zi',
      earlier_enquirer: 'Bo‘lajak mijoz: avvalgi murojaat qarama-qarshi tomonda',
      same_party: 'Xuddi shu tomonda xuddi shu nom',
    },
    reasons: { same_name: 'nomi bir xil', similar_name: 'bir nom ikkinchisini o‘z ichiga oladi', same_tin: 'STIR bir xil' },
    matter: '«{title}» ishi',
    request: 'murojaat ({date})',
  },
  ru: {
    count: { one: '{count} возможный конфликт интересов', few: '{count} возможных конфликта интересов', other: '{count} возможных конфликтов интересов' },
    none: 'Конфликтов интересов не найдено',
    hits: {
      against_our_client: 'Другая сторона — наш клиент',
      our_clients_opponent: 'Новый клиент был другой стороной в нашем деле',
      same_opponent: 'Та же другая сторона, что и в нашем деле',
      earlier_enquirer: 'Потенциальный клиент: прежнее обращение — на противоположной стороне',
      same_party: 'То же имя на той же стороне',
    },
    reasons: { same_name: 'то же название', similar_name: 'одно название содержит другое', same_tin: 'тот же ИНН' },
    matter: 'дело «{title}»',
    request: 'обращение от {date}',
  },
  en: {
    count: { one: '{count} possible conflict', other: '{count} possible conflicts' },
    none: 'No possible conflict found',
    hits: {
      against_our_client: 'The other side is our client',
      our_clients_opponent: 'The new client was the other side in our matter',
      same_opponent: 'The same other side as in our matter',
      earlier_enquirer: 'Prospective client: an earlier request is on the opposite side',
      same_party: 'The same name on the same side',
    },
    reasons: { same_name: 'the same name', similar_name: 'one name contains the other', same_tin: 'the same tax number' },
    matter: 'the matter “{title}”',
    request: 'the request of {date}',
  },
};

/** The words of a language: Uzbek Cyrillic reads the Latin ones (the staff read both), others English. */
const wordsOf = (language: string): Words => WORDS[language] ?? WORDS[language.split('-')[0]] ?? WORDS.en;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** "2 possible conflicts" in `language`; "No possible conflict found" for none. */
export function conflictCount(count: number, language: string): string {
  const words = wordsOf(language);
  if (count === 0) return words.none;
  const base = WORDS[language] ? language : WORDS[language.split('-')[0]] ? language.split('-')[0] : 'en';
  const category = new Intl.PluralRules(base).select(count);
  return fill(words.count[category] ?? words.count.other, { count: String(count) });
}

/** What a hit means ("The other side is our client") in `language`. */
export function conflictHit(hit: ConflictHit, language: string): string {
  return wordsOf(language).hits[hit];
}

/** One hit as a line of text: what it means, the two names, where the other was found and how sure. */
export function conflictLine(conflict: Conflict, language: string): string {
  const words = wordsOf(language);
  const where = conflict.kind === 'matter' ? fill(words.matter, { title: conflict.context }) : fill(words.request, { date: conflict.context });
  return `${words.hits[conflict.hit]}: «${conflict.matched}» — «${conflict.name}», ${where} (${words.reasons[conflict.reason]})`;
}
