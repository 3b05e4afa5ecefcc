import { describe, expect, it } from 'vitest';
import { ADMIN_TEXTS } from '../app/admin/admin-texts.ts';

/*
 * In the Uzbek admin "Izoh" named both the editor's footnote and a reviewer's comment, and
 * "Bekor qilish" both the editor's Undo and a panel's Cancel: one word for two things, side by side
 * on the same form. Each thing has its own word, in Uzbek and in Russian.
 */

const word = (text: string) => text.replace(/\s*\(.*\)$/, '').trim().toLowerCase();

describe('the editor’s words in the Uzbek and Russian admin', () => {
  it.each(['uz', 'ru'])('%s: a footnote is not a comment, Undo is not Cancel, Undo is not Redo', (lang) => {
    const texts = ADMIN_TEXTS[lang] as Record<string, string>;
    const footnote = word(texts['editor.footnote']);
    expect(footnote).not.toBe(word(texts['comments.text']));
    expect(footnote).not.toBe(word(texts['review.comment']));
    expect(word(texts['editor.footnoteText'])).not.toMatch(new RegExp(`^${word(texts['comments.text'])}\\b`, 'u'));
    const undo = word(texts['editor.undo']);
    for (const cancel of [texts['editor.cancel'], texts['common.cancel']]) expect(undo).not.toBe(word(cancel));
    expect(word(texts['translation.undo'])).not.toBe(word(texts['common.cancel']));
    expect(undo).not.toBe(word(texts['editor.redo']));
  });

  it('says them as an Uzbek and a Russian lawyer would', () => {
    expect(ADMIN_TEXTS.uz['editor.footnote']).toBe('Snoska');
    expect(ADMIN_TEXTS.uz['comments.text']).toBe('Izoh');
    expect(ADMIN_TEXTS.uz['editor.undo']).toBe('Ortga qaytarish (Ctrl+Z)');
    expect(ADMIN_TEXTS.uz['editor.cancel']).toBe('Bekor qilish');
    expect(ADMIN_TEXTS.ru['editor.footnote']).toBe('Сноска');
    expect(ADMIN_TEXTS.ru['comments.text']).toBe('Комментарий');
    expect(ADMIN_TEXTS.ru['editor.undo']).toBe('Отменить действие (Ctrl+Z)');
    expect(ADMIN_TEXTS.ru['editor.cancel']).toBe('Отмена');
  });
});
