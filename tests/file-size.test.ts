import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../app/i18n/file-size.ts';

/* A client's file or an image of 420 KB is "420 kB", never "0 MB"; in the reader's language. */

describe('file sizes', () => {
  it('gives kilobytes under a megabyte and megabytes with one decimal above, in the language', () => {
    expect(formatFileSize(430_000, 'uz')).toBe('420 kB');
    expect(formatFileSize(430_000, 'ru')).toBe('420 кБ');
    expect(formatFileSize(1_572_864, 'ru')).toBe('1,5 МБ');
    expect(formatFileSize(1_572_864, 'uz')).toBe('1,5 MB');
    expect(formatFileSize(1_572_864, 'en')).toBe('1.5 MB');
    expect(formatFileSize(300, 'en')).toBe('1 kB');
    expect(formatFileSize(1100, 'uz')).toBe('1 kB');
  });
});
