import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableCount,
  cashbackSummary,
  isFuture,
  nextUnlock,
  nextUnlockOf,
  parseAvailableAt,
  slotsSoFar,
  totalSlots,
  type CashbackSlots,
} from './cashback';

/** São Paulo is UTC−3 (no summer time since 2019): 12:01 local is 15:01 UTC. */
const utc = (iso: string) => Date.parse(`${iso}Z`);
const calendar = (available_at: string, claimed = 0): CashbackSlots => ({ available_at, type: 'calendar', claimed });
const immediate = (available_at: string, claimed = 0): CashbackSlots => ({ available_at, type: 'immediate', claimed });

describe('cashback counting: worked cases (São Paulo time)', () => {
  // [what, item, now (UTC), slots so far, available]
  const cases: Array<[string, CashbackSlots, string, number, number]> = [
    ['calendar, its day, 00:00 local', calendar('2026-03-10'), '2026-03-10T03:00:00', 0, 0],
    ['calendar, 12:00:59 local', calendar('2026-03-10'), '2026-03-10T15:00:59', 0, 0],
    ['calendar, 12:01:00 local', calendar('2026-03-10'), '2026-03-10T15:01:00', 1, 1],
    ['calendar, 18:00:59 local', calendar('2026-03-10'), '2026-03-10T21:00:59', 1, 1],
    ['calendar, 18:01:00 local', calendar('2026-03-10'), '2026-03-10T21:01:00', 2, 2],
    ['calendar, 23:59:58 local', calendar('2026-03-10'), '2026-03-11T02:59:58', 2, 2],
    ['calendar, 23:59:59 local', calendar('2026-03-10'), '2026-03-11T02:59:59', 3, 3],
    ['calendar, next day 00:00 local', calendar('2026-03-10'), '2026-03-11T03:00:00', 3, 3],
    ['calendar, one claimed at 18:01', calendar('2026-03-10', 1), '2026-03-10T21:01:00', 2, 1],
    ['calendar, claimed more than unlocked', calendar('2026-03-10', 3), '2026-03-10T15:01:00', 1, 0],
    ['calendar, dated before today', calendar('2026-03-01', 1), '2026-03-10T15:00:00', 3, 2],
    // 02:59 UTC on the 11th is still the 10th, 23:59 in São Paulo: the 11th's item is in the future.
    ['calendar, tomorrow (02:59 UTC)', calendar('2026-03-11'), '2026-03-11T02:59:00', 0, 0],
    ['calendar, today from 03:00 UTC', calendar('2026-03-11'), '2026-03-11T03:00:00', 0, 0],
    ['immediate, the evening before (02:59:59 UTC)', immediate('2026-03-11'), '2026-03-11T02:59:59', 0, 0],
    ['immediate, its midnight (03:00 UTC)', immediate('2026-03-11'), '2026-03-11T03:00:00', 1, 1],
    ['immediate, claimed', immediate('2026-03-11', 1), '2026-03-11T12:00:00', 1, 0],
    ['immediate, dated before today', immediate('2026-01-31'), '2026-03-11T12:00:00', 1, 1],
    ['immediate, future', immediate('2026-04-01'), '2026-03-11T12:00:00', 0, 0],
    ['calendar, year end 23:59:59 local', calendar('2026-12-31'), '2027-01-01T02:59:59', 3, 3],
    ['calendar, leap day 12:01', calendar('2028-02-29'), '2028-02-29T15:01:00', 1, 1],
    ['malformed date unlocks nothing', calendar('2026-02-30'), '2026-06-01T12:00:00', 0, 0],
    ['negative claimed counts as 0', calendar('2026-03-01', -5), '2026-03-10T12:00:00', 3, 3],
    ['NaN claimed counts as 0', immediate('2026-03-01', Number.NaN), '2026-03-10T12:00:00', 1, 1],
  ];
  it.each(cases)('%s', (_what, item, now, slots, available) => {
    expect(slotsSoFar(item, utc(now))).toBe(slots);
    expect(availableCount(item, new Date(utc(now)))).toBe(available);
  });

  it('the total counts a future item as 3 (calendar) or 1 (immediate); upcoming counts each future item once', () => {
    const now = utc('2026-03-10T16:00:00'); // 13:00 in São Paulo
    const items = [calendar('2026-03-10'), calendar('2026-03-12'), immediate('2026-03-12'), immediate('2026-03-09', 1)];
    expect(items.map(totalSlots)).toEqual([3, 3, 1, 1]);
    expect(cashbackSummary(items, now)).toEqual({
      total: 8,
      unlocked: 2,
      available: 1,
      upcoming: 2,
      nextUnlockAt: utc('2026-03-10T21:01:00'),
    });
  });

  it('is future only after today in São Paulo, not in UTC', () => {
    expect(isFuture(calendar('2026-03-11'), utc('2026-03-11T02:59:59'))).toBe(true);
    expect(isFuture(calendar('2026-03-11'), utc('2026-03-11T03:00:00'))).toBe(false);
    expect(isFuture(calendar('nonsense'), utc('2026-03-11T03:00:00'))).toBe(false);
  });

  it('the next unlock is the countdown target', () => {
    const item = calendar('2026-03-10');
    expect(nextUnlockOf(item, utc('2026-03-10T15:00:59'))).toBe(utc('2026-03-10T15:01:00'));
    expect(nextUnlockOf(item, utc('2026-03-10T15:01:00'))).toBe(utc('2026-03-10T21:01:00'));
    expect(nextUnlockOf(item, utc('2026-03-11T02:59:58'))).toBe(utc('2026-03-11T02:59:59'));
    expect(nextUnlockOf(item, utc('2026-03-11T02:59:59'))).toBeNull();
    expect(nextUnlockOf(immediate('2026-03-12'), utc('2026-03-10T00:00:00'))).toBe(utc('2026-03-12T03:00:00'));
    expect(nextUnlock([item, immediate('2026-03-11')], utc('2026-03-10T22:00:00'))).toBe(utc('2026-03-11T02:59:59'));
    expect(nextUnlock([], utc('2026-03-10T22:00:00'))).toBeNull();
  });

  it('reads only real yyyy-mm-dd dates', () => {
    expect(parseAvailableAt('2026-03-10')).toEqual({ year: 2026, month: 3, day: 10 });
    for (const bad of ['2026-3-10', '2026-13-01', '2026-02-29', '10/03/2026', '', '2026-03-10T00:00:00']) {
      expect(parseAvailableAt(bad)).toBeNull();
    }
    expect(parseAvailableAt(42 as unknown as string)).toBeNull();
  });
});

describe('cashback counting: properties', () => {
  const day = fc
    .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const item = fc.record({
    available_at: day,
    type: fc.constantFrom<'calendar' | 'immediate'>('calendar', 'immediate'),
    claimed: fc.integer({ min: -3, max: 5 }),
  });
  const instant = fc.integer({ min: Date.parse('2019-12-25T00:00:00Z'), max: Date.parse('2031-01-05T00:00:00Z') });

  it('available is never negative nor above the slots so far, which never exceed the total', () => {
    fc.assert(
      fc.property(item, instant, (it, now) => {
        const slots = slotsSoFar(it, now);
        const available = availableCount(it, now);
        return available >= 0 && available <= slots && slots <= totalSlots(it);
      }),
    );
  });

  it('is monotonic in time for a fixed item', () => {
    fc.assert(
      fc.property(item, instant, fc.integer({ min: 0, max: 3 * 86_400_000 }), (it, now, later) => {
        return (
          slotsSoFar(it, now) <= slotsSoFar(it, now + later) &&
          availableCount(it, now) <= availableCount(it, now + later)
        );
      }),
    );
  });

  it('claiming only lowers what is available', () => {
    fc.assert(
      fc.property(item, instant, fc.integer({ min: 0, max: 3 }), (it, now, more) => {
        const claimed = Math.max(0, it.claimed);
        return availableCount({ ...it, claimed: claimed + more }, now) <= availableCount({ ...it, claimed }, now);
      }),
    );
  });

  it('a future item has nothing so far, and a day long past has everything', () => {
    fc.assert(
      fc.property(item, instant, (it, now) => {
        if (isFuture(it, now)) return slotsSoFar(it, now) === 0;
        const dayAfter = Date.parse(`${it.available_at}T00:00:00Z`) + 2 * 86_400_000;
        return now < dayAfter || slotsSoFar(it, now) === totalSlots(it);
      }),
    );
  });
});
