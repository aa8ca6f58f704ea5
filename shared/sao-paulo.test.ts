import { describe, expect, it } from 'vitest';
import {
  addMonthsClamped,
  endOfLocalDay,
  isoDate,
  startOfDay,
  startOfMonth,
  startOfNextDay,
  startOfWeek,
} from './sao-paulo';

const at = (iso: string) => new Date(iso);

describe('São Paulo calendar', () => {
  it('days turn at 03:00 UTC', () => {
    expect(startOfDay(at('2026-11-27T02:59:59Z')).toISOString()).toBe('2026-11-26T03:00:00.000Z');
    expect(startOfDay(at('2026-11-27T03:00:00Z')).toISOString()).toBe('2026-11-27T03:00:00.000Z');
    expect(startOfNextDay(at('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-01-01T03:00:00.000Z');
  });

  it('weeks start on Monday, months on the 1st (local)', () => {
    // Sunday 29 Nov 23:59 local is Monday in UTC: still the week of Monday 23 Nov.
    expect(startOfWeek(at('2026-11-30T02:59:00Z')).toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(startOfWeek(at('2026-11-30T03:00:00Z')).toISOString()).toBe('2026-11-30T03:00:00.000Z');
    expect(startOfWeek(at('2026-11-23T03:00:00Z')).toISOString()).toBe('2026-11-23T03:00:00.000Z');
    expect(startOfMonth(at('2026-12-01T02:00:00Z')).toISOString()).toBe('2026-11-01T03:00:00.000Z');
    expect(startOfMonth(at('2026-12-01T03:00:00Z')).toISOString()).toBe('2026-12-01T03:00:00.000Z');
  });

  it('N months later, clamped to the last day of the month', () => {
    expect(isoDate(addMonthsClamped(at('2026-01-31T15:00:00Z'), 1))).toBe('2026-02-28');
    expect(isoDate(addMonthsClamped(at('2026-02-01T02:00:00Z'), 1))).toBe('2026-02-28'); // 31 Jan local
    expect(isoDate(addMonthsClamped(at('2027-10-31T15:00:00Z'), 6))).toBe('2028-04-30');
    expect(isoDate(addMonthsClamped(at('2027-08-31T15:00:00Z'), 6))).toBe('2028-02-29');
    expect(isoDate(addMonthsClamped(at('2026-12-15T15:00:00Z'), 12))).toBe('2027-12-15');
    expect(endOfLocalDay({ year: 2026, month: 2, day: 28 }).toISOString()).toBe('2026-03-01T02:59:59.000Z');
  });
});
