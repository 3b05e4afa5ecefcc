import { describe, expect, it } from 'vitest';
import { formatDay, formatMoment } from '../app/admin/time-zone.ts';
import { formatHumanDate, formatHumanRange } from '../app/i18n/dates.ts';

/* Dates as people read them: Uzbek's full month in either script, and a date-only value as that day on any clock. */

describe('dates for people', () => {
  it('writes the Uzbek month in full, in Latin and in Cyrillic (never "29-noy" nor "29 ноябр")', () => {
    expect(formatHumanDate('2026-11-29T10:00:00Z', 'uz', 'Asia/Tashkent')).toBe('29-noyabr, 2026');
    expect(formatHumanDate('2026-11-29T10:00:00Z', 'uz-Cyrl', 'Asia/Tashkent')).toBe('29-ноябрь, 2026');
    expect(formatHumanDate('2026-11-29T10:00:00Z', 'uz-Cyrl', 'Asia/Tashkent', true)).toBe('29-ноябрь, 2026, 15:00');
    expect(formatHumanRange('2026-11-29T10:00:00Z', '2026-11-29T12:00:00Z', 'uz-Cyrl', 'Asia/Tashkent')).toBe('29-ноябрь, 2026, 15:00–17:00');
    expect(formatHumanDate('2026-11-29T10:00:00Z', 'ru', 'Asia/Tashkent')).toBe('29 ноября 2026 г.');
    // The admin: Uzbek in full too (its medium Intl form was "29-noy, 2026" in Uzbek).
    expect(formatMoment('2026-11-29T10:00:00Z', 'uz', 'Asia/Tashkent')).toBe('29-noyabr, 2026, 15:00');
    expect(formatDay('2026-09-01T10:00:00Z', 'uz-Cyrl', 'Asia/Tashkent')).toBe('1-сентябрь, 2026');
  });

  it('shows a date-only value as that day, without a time, whatever the zone', () => {
    for (const zone of ['Asia/Tashkent', 'America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
      expect(formatHumanDate('2028-01-01', 'uz', zone, true)).toBe('1-yanvar, 2028');
      expect(formatHumanDate('2028-01-01', 'en', zone, true)).toBe('January 1, 2028');
      expect(formatMoment('2028-01-01', 'uz', zone)).toBe('1-yanvar, 2028');
      expect(formatMoment('2028-01-01', 'en', zone)).toBe('Jan 1, 2028');
    }
  });
});
