import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { uzbekToCyrillic, uzbekToLatin } from '../domain/languages/uzbek-script.ts';

/* Uzbek Latin ⇄ Cyrillic on a word list from public sources (tests/fixtures/uzbek-words.tsv says which), and the rules one by one. */

const words = fs
  .readFileSync(path.join(import.meta.dirname, 'fixtures/uzbek-words.tsv'), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => line.split('\t') as [string, string]);

describe('Uzbek transliteration', () => {
  it('writes at least 99 % of the word list right in each direction', () => {
    expect(words.length).toBeGreaterThanOrEqual(500);
    const toLatin = words.filter(([cyrillic, latin]) => uzbekToLatin(cyrillic) === latin).length;
    const toCyrillic = words.filter(([cyrillic, latin]) => uzbekToCyrillic(latin) === cyrillic).length;
    expect(toLatin / words.length).toBeGreaterThanOrEqual(0.99);
    expect(toCyrillic / words.length).toBeGreaterThanOrEqual(0.99);
  });

  it('reads every apostrophe form of oʻ and gʻ as one letter, and writes U+02BB back', () => {
    for (const sign of ['ʻ', '‘', '’', "'", '`', 'ʼ']) {
      expect(uzbekToCyrillic(`O${sign}zbekiston`)).toBe('Ўзбекистон');
      expect(uzbekToCyrillic(`g${sign}alaba`)).toBe('ғалаба');
    }
    expect(uzbekToLatin('Ўзбекистон ғалаба')).toBe('Oʻzbekiston gʻalaba');
  });

  it('follows the rules: sh, ch, ng, yo/yu/ya/ye, word-initial e, h, q, x, the tutuq belgisi and sʼh', () => {
    expect(uzbekToCyrillic('shahar choy yangi yoz yulduz yaxshi yer ekin hayot qonun xalq')).toBe('шаҳар чой янги ёз юлдуз яхши ер экин ҳаёт қонун халқ');
    expect(uzbekToLatin('шаҳар чой янги ёз юлдуз яхши ер экин ҳаёт қонун халқ поезд')).toBe('shahar choy yangi yoz yulduz yaxshi yer ekin hayot qonun xalq poyezd');
    expect(uzbekToCyrillic("ma'no sanʼat Isʼhoq")).toBe('маъно санъат Исҳоқ');
    expect(uzbekToLatin('маъно санъат Исҳоқ')).toBe('maʼno sanʼat Isʼhoq');
  });

  it('keeps the exceptions: Russian loanwords with ь, ъ and ц', () => {
    expect(uzbekToCyrillic('sentyabr sentyabrda oktyabr sirk militsiya obyekt kompyuter')).toBe('сентябрь сентябрда октябрь цирк милиция объект компьютер');
    expect(uzbekToLatin('сентябрь цирк милиция объект компьютер концерт')).toBe('sentyabr sirk militsiya obyekt kompyuter konsert');
  });

  it('keeps capitals, digits, punctuation and other scripts as they are', () => {
    expect(uzbekToCyrillic('TOSHKENT, 2026-yil 1-sentyabr! Shartnoma № 5 (MCHJ)')).toBe('ТОШКЕНТ, 2026-йил 1-сентябрь! Шартнома № 5 (МЧЖ)');
    expect(uzbekToLatin('ТОШКЕНТ, Шартнома № 5 — Test')).toBe('TOSHKENT, Shartnoma № 5 — Test');
  });

  it.each([
    ['one 100,000-letter Latin word', 'a'.repeat(100_000)],
    ['one 100,000-letter word of exceptions', 'yanvar'.repeat(16_667)],
    ['one 100,000-letter word of sh and oʻ', "shoʻ".repeat(25_000)],
    ['100,000 letters of e after vowels', 'ae'.repeat(50_000)],
    ['one 100,000-letter word of Cyrillic exceptions', uzbekToLatin('объект'.repeat(16_667))],
  ])('converts %s both ways in under 100 ms (linear, no recursion per exception)', (_name, latin) => {
    // The best of three (a busy machine may pause one); quadratic work took minutes here.
    let fastest = Infinity;
    for (let round = 0; round < 3; round += 1) {
      const started = performance.now();
      const cyrillic = uzbekToCyrillic(latin);
      const back = uzbekToLatin(cyrillic);
      fastest = Math.min(fastest, performance.now() - started);
      expect(cyrillic.length).toBeGreaterThan(10_000);
      expect(back.length).toBeGreaterThan(10_000);
    }
    expect(fastest).toBeLessThan(100);
  });

  it('converts a word of up to 100 letters as one word, and a longer run a hundred letters at a time', () => {
    const word = 'Sentyabrda'.padEnd(100, 'a');
    expect(uzbekToCyrillic(word)).toBe('Сентябрда'.padEnd(99, 'а'));
    expect(uzbekToCyrillic('ye'.repeat(60))).toBe('е'.repeat(60));
  });
});

describe('what stays in Latin in Cyrillic Uzbek', () => {
  it('keeps web addresses, e-mails, @handles, domain names and foreign names as written', () => {
    expect(uzbekToCyrillic('Qonun matni: https://lex.uz/docs/-5841063 saytida.')).toBe('Қонун матни: https://lex.uz/docs/-5841063 сайтида.');
    expect(uzbekToCyrillic('Yozing: info@adliya-partners.uz yoki @adliya_bot orqali')).toBe('Ёзинг: info@adliya-partners.uz ёки @adliya_bot орқали');
    expect(uzbekToCyrillic('Batafsil www.adliya.uz va lex.uz, soliq.uz.')).toBe('Батафсил www.adliya.uz ва lex.uz, soliq.uz.');
    expect(uzbekToCyrillic('WhatsApp, LinkedIn va Telegram orqali')).toBe('WhatsApp, LinkedIn ва Телеграм орқали');
    // Uzbek words with ch stay Uzbek; a word with w or a lone c is a foreign name.
    expect(uzbekToCyrillic('Chilonzor Microsoft Wildberries')).toBe('Чилонзор Microsoft Wildberries');
  });

  it('keeps foreign phrases in brackets or quotes whole, acronyms, and English terms in Latin; Uzbek abbreviations go Cyrillic', () => {
    expect(uzbekToCyrillic('Bitimlarni huquqiy tekshirish (due diligence)')).toBe('Битимларни ҳуқуқий текшириш (due diligence)');
    expect(uzbekToCyrillic('Fayllar: PDF, JPEG, PNG (10 MB gacha)')).toBe('Файллар: PDF, JPEG, PNG (10 MB гача)');
    expect(uzbekToCyrillic('“Silk Road Logistics” MChJ va “Mehr Textile” MCHJ')).toBe('“Silk Road Logistics” МЧЖ ва “Mehr Textile” МЧЖ');
    expect(uzbekToCyrillic('M&A bitimlari, IT sohasi, OʻzR Konstitutsiyasi, «Toshkent shahri» (markaz)')).toBe('M&A битимлари, IT соҳаси, ЎзР Конституцияси, «Тошкент шаҳри» (марказ)');
    expect(uzbekToCyrillic('BIZ VA SIZ')).toBe('БИЗ ВА СИЗ');
    expect(uzbekToCyrillic('QQS va QR-kod, FAQ')).toBe('ҚҚС ва QR-код, FAQ');
  });

  it('writes ye after a consonant as ье (Russian loanwords): Karyera → Карьера', () => {
    expect(uzbekToCyrillic('Karyera, kuryer, premyera, KARYERA')).toBe('Карьера, курьер, премьера, КАРЬЕРА');
    expect(uzbekToCyrillic('yer yetti proyekt')).toBe('ер етти проект');
  });

  it('stays linear on a 100,000-character token that looks like an address (no backtracking)', () => {
    const tokens = ['a'.repeat(100_000) + '@', 'x.'.repeat(50_000), `https://${'a'.repeat(100_000)}`, `${'a.'.repeat(50_000)}uz`, '('.repeat(100_000), '( a '.repeat(25_000), '“'.repeat(100_000)];
    let fastest = Infinity;
    for (let round = 0; round < 3; round += 1) {
      const started = performance.now();
      for (const token of tokens) uzbekToCyrillic(token);
      fastest = Math.min(fastest, performance.now() - started);
    }
    expect(fastest).toBeLessThan(200);
  });
});
