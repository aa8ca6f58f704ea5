import { describe, expect, it } from 'vitest';
import { saoPauloDate, selfExclusionEnd, selfExclusionEndDate } from './self-exclusion';

describe('self-exclusion periods (São Paulo calendar)', () => {
  it.each([
    // chosen at (UTC)            value  end (UTC)                      end date shown
    ['2026-11-26T15:00:00.000Z', '1', '2026-12-27T02:59:59.000Z', '2026-12-26'],
    ['2026-11-26T15:00:00.000Z', '12', '2027-11-27T02:59:59.000Z', '2027-11-26'],
    // 01:00 UTC on the 27th is still the 26th in São Paulo.
    ['2026-11-27T01:00:00.000Z', '3', '2027-02-27T02:59:59.000Z', '2027-02-26'],
    // 31 January + 1 month: the last day of February (not 3 March).
    ['2027-01-31T12:00:00.000Z', '1', '2027-03-01T02:59:59.000Z', '2027-02-28'],
    ['2028-01-31T12:00:00.000Z', '1', '2028-03-01T02:59:59.000Z', '2028-02-29'],
    // Across the year.
    ['2026-08-31T12:00:00.000Z', '6', '2027-03-01T02:59:59.000Z', '2027-02-28'],
    ['2026-03-31T12:00:00.000Z', '9', '2027-01-01T02:59:59.000Z', '2026-12-31'],
  ] as const)('chosen at %s for %s month(s) ends at %s (%s)', (at, value, end, date) => {
    expect(selfExclusionEnd(value, new Date(at))?.toISOString()).toBe(end);
    expect(selfExclusionEndDate(value, new Date(at))).toBe(date);
  });

  it('has no end when indefinite', () => {
    expect(selfExclusionEnd('indefinite', new Date())).toBeNull();
    expect(selfExclusionEndDate('indefinite', new Date())).toBeNull();
  });

  it('reads the calendar date in São Paulo', () => {
    expect(saoPauloDate(new Date('2026-11-27T02:59:59.000Z'))).toBe('2026-11-26');
    expect(saoPauloDate(new Date('2026-11-27T03:00:00.000Z'))).toBe('2026-11-27');
  });
});
