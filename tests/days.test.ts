/*
 * The day a moment falls on in the firm's zone: remembered per minute (every visit asks for today's),
 * so a moment on either side of midnight, asked in any order, must still get its own day.
 */
import { describe, expect, it } from 'vitest';
import { dayIn, dayOf } from '../domain/shared/days.ts';

describe('dayIn', () => {
  it('gives each moment its day in the zone, on both sides of midnight, in any order', () => {
    // Tashkent is UTC+5: 18:59:59Z is still the 14th there, 19:00:00Z the 15th.
    const before = '2026-11-14T18:59:59.999Z';
    const after = '2026-11-14T19:00:00.000Z';
    for (let round = 0; round < 3; round += 1) {
      expect(dayIn(before, 'Asia/Tashkent')).toBe('2026-11-14');
      expect(dayIn(after, 'Asia/Tashkent')).toBe('2026-11-15');
      expect(dayIn(Date.parse(after), 'Asia/Tashkent')).toBe('2026-11-15');
      expect(dayIn(new Date(before), 'Asia/Tashkent')).toBe('2026-11-14');
      // The same minute in another zone is another day.
      expect(dayIn(after, 'UTC')).toBe('2026-11-14');
    }
    // A zone 45 minutes off the hour (Nepal, UTC+5:45): its day begins on a whole minute too.
    expect(dayIn('2026-11-14T18:14:59Z', 'Asia/Kathmandu')).toBe('2026-11-14');
    expect(dayIn('2026-11-14T18:15:00Z', 'Asia/Kathmandu')).toBe('2026-11-15');
    expect(dayOf('2026-11-14T19:30:00Z', 'Asia/Tashkent')).toBe('2026-11-15');
    expect(dayOf('2026-11-14', 'Asia/Tashkent')).toBe('2026-11-14');
  });

  it('refuses a moment that is no date, as before', () => {
    expect(() => dayIn('not a date', 'Asia/Tashkent')).toThrow(RangeError);
  });
});
