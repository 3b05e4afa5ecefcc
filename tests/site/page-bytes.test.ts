/*
 * A rendered page's bytes (app/entry.server.tsx `utf8`): encoded through a scratch space shared by
 * every render, then copied out. They must be exactly Buffer.from's, whatever the page holds and
 * however long it is, and a later page must not change an earlier one's bytes.
 */
import { describe, expect, it } from 'vitest';
import { utf8 } from '../../app/entry.server.tsx';

describe('a page as UTF-8', () => {
  it('gives Buffer.from’s bytes for ASCII, Uzbek, Cyrillic, astral letters and lone surrogates', () => {
    for (const text of ['', '<p>plain</p>', 'Oʻzbekiston — soliq', 'Налоговый кодекс', 'emoji 🏛️ and 𝄞', 'lone \ud800 high and \udc00 low', 'x'.repeat(100_000) + 'ʻ']) {
      expect(utf8(text).equals(Buffer.from(text)), text.slice(0, 20)).toBe(true);
    }
  });

  it('keeps each page’s bytes its own while the scratch space is used again', () => {
    const first = utf8('<p>Birinchi sahifa ʻ</p>');
    const second = utf8('<p>Второй</p>');
    expect(first.toString()).toBe('<p>Birinchi sahifa ʻ</p>');
    expect(second.toString()).toBe('<p>Второй</p>');
  });

  it('encodes a page longer than the scratch space, and one whose last letter does not fit in it', () => {
    const long = 'Ж'.repeat(1_500_000); // 3 MB of UTF-8
    expect(utf8(long).equals(Buffer.from(long))).toBe(true);
    // 2 MiB less one byte of ASCII, then a two-byte letter: its bytes would cross the end.
    const edge = 'a'.repeat(2 * 1024 * 1024 - 1) + 'ж';
    expect(utf8(edge).equals(Buffer.from(edge))).toBe(true);
  });
});
