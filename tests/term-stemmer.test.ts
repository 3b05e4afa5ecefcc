/*
 * The light stemmers of the termbase's check (domain/terms/stemmer.ts): Russian case endings and
 * Uzbek suffixes in both scripts come off, short words keep their letters, and a term's forms are
 * found in inflected text by term-match.ts.
 */
import { describe, expect, it } from 'vitest';
import { keysOf, stemEnglish, stemRussian, stemUzbek } from '../domain/terms/stemmer.ts';
import { formsIn, prepareTerms } from '../domain/terms/term-match.ts';
import type { Term } from '../domain/terms/term-schema.ts';

const term = (entries: Record<string, string[]>, doNotTranslate = false): Term => ({ _id: '1'.repeat(24), entries, note: '', doNotTranslate, createdAt: '', updatedAt: '', version: 1 });

describe('Russian stems', () => {
  it('makes a noun and its cases one key', () => {
    for (const word of ['налог', 'налога', 'налогу', 'налогом', 'налоге', 'налоги', 'налогов', 'налогами', 'налогах', 'Налогом']) expect(stemRussian(word), word).toBe('налог');
  });
  it('makes -ие / -ия nouns and their cases one key', () => {
    const keys = ['налогообложение', 'налогообложения', 'налогообложению', 'налогообложением', 'налогообложении'].map(stemRussian);
    expect(new Set(keys).size).toBe(1);
    const licence = ['лицензия', 'лицензии', 'лицензию', 'лицензией', 'лицензиях'].map(stemRussian);
    expect(new Set(licence).size).toBe(1);
  });
  it('makes an adjective’s forms one key, and reads ё as е', () => {
    expect(new Set(['налоговый', 'налоговая', 'налоговое', 'налоговые', 'налогового', 'налоговому', 'налоговым', 'налоговых', 'налоговой'].map(stemRussian)).size).toBe(1);
    expect(stemRussian('счёт')).toBe(stemRussian('счет'));
  });
  it('keeps at least three letters', () => {
    expect(stemRussian('суд')).toBe('суд');
    expect(stemRussian('суда')).toBe('суд');
    expect(stemRussian('она')).toBe('она');
    expect(stemRussian('их')).toBe('их');
  });
});

describe('Uzbek stems, in both scripts', () => {
  it('takes plural, possessive and case suffixes off', () => {
    for (const word of ['soliq', 'soliqlar', 'soliqni', 'soliqqa', 'soliqdan', 'soliqda', 'soliqlarning', 'soliqlarni', 'soliqlarimiz', 'solig‘i', 'soligʻi', 'Soliqlar']) expect(stemUzbek(word), word).toBe('soliq');
  });
  it('reads Cyrillic as Latin', () => {
    for (const word of ['солиқ', 'солиқлар', 'солиқларнинг', 'солиғи']) expect(stemUzbek(word), word).toBe('soliq');
  });
  it('keeps at least three letters', () => {
    expect(stemUzbek('sud')).toBe('sud');
    expect(stemUzbek('sudga')).toBe('sud');
    expect(stemUzbek('ish')).toBe('ish');
  });
  it('keys text word by word, apostrophes inside a word kept', () => {
    expect(keysOf('Soliq to‘lovchilarning huquqlari', 'uz')).toEqual(['soliq', "to'lovch", 'huquq']);
    expect(keysOf('Soliq to‘lovchi', 'uz', true)).toEqual(['soliq', "to'lovchi"]);
  });
});

describe('English plurals', () => {
  it('takes -s and -es off, and -ies back to -y', () => {
    expect(['tax', 'taxes', 'Taxes'].map(stemEnglish)).toEqual(['tax', 'tax', 'tax']);
    expect(['company', 'companies', 'course', 'courses', 'class', 'classes', 'business', 'status'].map(stemEnglish)).toEqual(['company', 'company', 'course', 'course', 'class', 'class', 'business', 'status']);
  });
});

describe('terms found in text', () => {
  const tax = term({ uz: ['soliq'], ru: ['налог', 'сбор'], en: ['tax'] });
  const object = term({ uz: ['soliq solish obyekti'], ru: ['объект налогообложения'], en: ['object of taxation'] });
  const firm = term({ uz: ['Lex Partners'] }, true);
  const check = (texts: Record<string, string>, terms = [tax, object, firm]) => prepareTerms(terms).mismatches(texts, 'uz', ['uz', 'ru', 'en']);

  it('counts an inflected form as the term, and a variant as well', () => {
    expect(check({ uz: 'Soliqlar oshdi', ru: 'Мы говорим о налогах', en: 'Taxes grew' })).toEqual([]);
    expect(check({ uz: 'Soliq oshdi', ru: 'Сборы выросли', en: 'tax' })).toEqual([]);
  });
  it('tells a translation that uses none of the forms, and only where the source has the term', () => {
    expect(check({ uz: 'Soliqlar oshdi', ru: 'Платежи выросли', en: 'Taxes grew' })).toEqual([{ lang: 'ru', term: 'soliq', expected: ['налог', 'сбор'], doNotTranslate: false }]);
    expect(check({ uz: 'Yangiliklar', ru: 'Платежи выросли' })).toEqual([]);
  });
  it('finds a phrase of several words, inflected', () => {
    const texts = { uz: 'Soliq solish obyektini aniqlash', ru: 'Определение объекта налогообложения', en: 'Finding the object of taxation' };
    expect(check(texts, [object])).toEqual([]);
    expect(check({ ...texts, ru: 'Определение предмета налога' }, [object]).map((found) => found.lang)).toEqual(['ru']);
  });
  it('asks a name never translated to appear as written', () => {
    expect(check({ uz: 'Lex Partners maslahat beradi', ru: 'Lex Partners консультирует', en: 'Lex Partners advises' }, [firm])).toEqual([]);
    expect(check({ uz: 'Lex Partners maslahat beradi', ru: 'Лекс Партнерс консультирует', en: 'Lex Partners advises' }, [firm])).toEqual([{ lang: 'ru', term: 'Lex Partners', expected: ['Lex Partners'], doNotTranslate: true }]);
  });
  it('takes Uzbek in one script for the other', () => {
    expect(formsIn(tax, 'uz-Cyrl')).toEqual(['soliq']);
    expect(prepareTerms([tax]).mismatches({ uz: 'Soliqlar', 'uz-Cyrl': 'Солиқлар ошди' }, 'uz', ['uz', 'uz-Cyrl'])).toEqual([]);
    expect(prepareTerms([tax]).mismatches({ uz: 'Soliqlar', 'uz-Cyrl': 'Тўловлар ошди' }, 'uz', ['uz', 'uz-Cyrl'])).toHaveLength(1);
  });
});
