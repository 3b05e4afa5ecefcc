import { describe, expect, it } from 'vitest';
import { formatNumber, makeAdminT } from '../app/admin/admin-context.tsx';

/* The admin writes numbers as its languages do, without the browser's locale data (Chromium has none for Uzbek). */

describe('numbers in the admin area', () => {
  it('groups thousands with a narrow space in Uzbek and Russian, a comma in English', () => {
    expect(formatNumber(1234, 'uz')).toBe('1234');
    expect(formatNumber(12345, 'uz')).toBe('12\u202f345');
    expect(formatNumber(1234567.5, 'ru')).toBe('1\u202f234\u202f567,5');
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(-25000, 'uz')).toBe('−25\u202f000');
  });

  it('writes the numbers of every admin text that way', () => {
    expect(makeAdminT('uz')('analytics.total', { count: 15230 })).toContain('15\u202f230');
    expect(makeAdminT('en')('analytics.total', { count: 15230 })).toContain('15,230');
  });
});
