/**
 * Cashback counting (spec §3 Cashback item, §9), pure: what an item of GET /bonuses/cashback has unlocked at an
 * instant, in America/Sao_Paulo wall-clock time (the zone's offset is read from Intl, shared/sao-paulo.ts).
 *
 * §9: "Cashback: 3 slots per calendar day, unlocked at 12:01, 18:01 and 23:59:59 local time; immediate type 1 slot.
 * Future-dated items count as 3 (calendar) or 1 (immediate) in the total, and a future item counts as 1
 * regardless. Available count is slots so far minus claimed, never below 0."
 *
 * How this file reads it:
 * - A calendar item unlocks its slots at 12:01:00, 18:01:00 and 23:59:59 of its `available_at` day, São Paulo
 *   time; a slot is unlocked from that second on (12:00:59 → 0, 12:01:00 → 1). An item dated before today has
 *   all 3. An immediate item has its 1 slot from 00:00:00 of its day.
 * - "in the total": the total of an item is what it will ever unlock, 3 (calendar) or 1 (immediate), whether its
 *   day has come or not (`totalSlots`, summed by `cashbackSummary().total`): "2 of 3" on the item's row.
 * - "a future item counts as 1 regardless": where items are counted (how many are still to come, the badge of
 *   upcoming cashback), an item whose day has not come counts once, whatever its type (`cashbackSummary().upcoming`).
 *   It never adds to what can be claimed now: its slots so far are 0.
 * - available = slots so far − claimed, never below 0 (and never above the slots so far: a negative or
 *   malformed `claimed` counts as 0).
 * - An `available_at` that is not a real yyyy-mm-dd date unlocks nothing and is not upcoming (never claimable).
 */
import { localDateOf, localTime, type LocalDate } from './sao-paulo';

export type CashbackType = 'calendar' | 'immediate';

/** §3 Cashback item, as counted (the list's rows carry more, e.g. the id a claim sends). */
export interface CashbackSlots {
  available_at: string;
  type: CashbackType;
  claimed: number;
}

/** The local wall-clock times a calendar item's slots unlock at: [hour, minute, second]. */
export const CALENDAR_UNLOCKS: ReadonlyArray<readonly [number, number, number]> = [
  [12, 1, 0],
  [18, 1, 0],
  [23, 59, 59],
];

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The local date of `available_at`, or null when it is not a real calendar date. */
export function parseAvailableAt(value: string): LocalDate | null {
  const match = typeof value === 'string' ? DATE.exec(value) : null;
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

const toTime = (now: Date | number) => (typeof now === 'number' ? now : now.getTime());

/** The instants (ms) the item's slots unlock at, in order; empty for a malformed date. */
export function unlockInstants(item: Pick<CashbackSlots, 'available_at' | 'type'>): number[] {
  const date = parseAvailableAt(item.available_at);
  if (!date) return [];
  if (item.type === 'immediate') return [localTime(date.year, date.month, date.day).getTime()];
  return CALENDAR_UNLOCKS.map(([h, m, s]) => localTime(date.year, date.month, date.day, h, m, s).getTime());
}

/** 3 for a calendar item, 1 for an immediate one: what it will ever unlock. */
export const totalSlots = (item: Pick<CashbackSlots, 'type'>): number => (item.type === 'calendar' ? 3 : 1);

/** The slots unlocked at `now`. */
export function slotsSoFar(item: Pick<CashbackSlots, 'available_at' | 'type'>, now: Date | number): number {
  const t = toTime(now);
  return unlockInstants(item).filter((at) => at <= t).length;
}

const claimedOf = (claimed: number) => (Number.isFinite(claimed) && claimed > 0 ? Math.floor(claimed) : 0);

/** Slots so far − claimed, never below 0. */
export function availableCount(item: CashbackSlots, now: Date | number): number {
  return Math.max(0, slotsSoFar(item, now) - claimedOf(item.claimed));
}

const compareDates = (a: LocalDate, b: LocalDate) => a.year - b.year || a.month - b.month || a.day - b.day;

/** The item's day is after today (São Paulo). */
export function isFuture(item: Pick<CashbackSlots, 'available_at'>, now: Date | number): boolean {
  const date = parseAvailableAt(item.available_at);
  return date !== null && compareDates(date, localDateOf(new Date(toTime(now)))) > 0;
}

/** The next instant (ms) one of the item's slots unlocks, after `now`; null when all are unlocked. */
export function nextUnlockOf(item: Pick<CashbackSlots, 'available_at' | 'type'>, now: Date | number): number | null {
  const t = toTime(now);
  return unlockInstants(item).find((at) => at > t) ?? null;
}

/** The next instant (ms) any item unlocks a slot after `now` (the countdown's target); null when none will. */
export function nextUnlock(items: ReadonlyArray<Pick<CashbackSlots, 'available_at' | 'type'>>, now: Date | number) {
  let next: number | null = null;
  for (const item of items) {
    const at = nextUnlockOf(item, now);
    if (at !== null && (next === null || at < next)) next = at;
  }
  return next;
}

export interface CashbackSummary {
  /** Σ totalSlots: future items count as 3 (calendar) or 1 (immediate). */
  total: number;
  /** Σ slots so far. */
  unlocked: number;
  /** Σ available: what can be claimed now. */
  available: number;
  /** Items whose day has not come, each counted once whatever its type. */
  upcoming: number;
  /** The next unlock after now (ms), or null. */
  nextUnlockAt: number | null;
}

export function cashbackSummary(items: readonly CashbackSlots[], now: Date | number): CashbackSummary {
  let total = 0;
  let unlocked = 0;
  let available = 0;
  let upcoming = 0;
  for (const item of items) {
    total += totalSlots(item);
    unlocked += slotsSoFar(item, now);
    available += availableCount(item, now);
    if (isFuture(item, now)) upcoming += 1;
  }
  return { total, unlocked, available, upcoming, nextUnlockAt: nextUnlock(items, now) };
}
