/**
 * Self-exclusion periods (Portaria 2.579/2025), shared by the app (what the confirmation shows) and the
 * sandbox (what it records), so the date a player confirms is the date that is kept. Pure: no imports.
 *
 * A fixed term of N months ends at the end of the same calendar day N months later in America/Sao_Paulo (the
 * last day of a shorter month when that day does not exist there: 31 Jan + 1 month → 28/29 Feb). Brazil has had
 * no daylight saving since 2019: São Paulo is UTC−3 all year.
 */

/** The choices a player has: months, or indefinite. */
export const SELF_EXCLUSION_VALUES = ['1', '3', '6', '9', '12', 'indefinite'] as const;
export type SelfExclusionValue = (typeof SELF_EXCLUSION_VALUES)[number];

/** The national self-exclusion platform every brand must link to (gov.br). */
export const NATIONAL_SELF_EXCLUSION_URL = 'https://www.gov.br/autoexclusaoapostas';

const SAO_PAULO_OFFSET_MS = 3 * 60 * 60_000;

export function isSelfExclusionValue(value: unknown): value is SelfExclusionValue {
  return typeof value === 'string' && (SELF_EXCLUSION_VALUES as readonly string[]).includes(value);
}

/** The calendar date (YYYY-MM-DD) of an instant in São Paulo. */
export function saoPauloDate(at: Date): string {
  return new Date(at.getTime() - SAO_PAULO_OFFSET_MS).toISOString().slice(0, 10);
}

/** When a self-exclusion chosen at `start` ends: the end of that São Paulo day N months later; null if indefinite. */
export function selfExclusionEnd(value: SelfExclusionValue, start: Date): Date | null {
  if (value === 'indefinite') return null;
  const local = new Date(start.getTime() - SAO_PAULO_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + Number(value);
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  // 23:59:59 in São Paulo is 02:59:59 UTC of the next day.
  return new Date(Date.UTC(year, month, day, 23, 59, 59) + SAO_PAULO_OFFSET_MS);
}

/** The end date (YYYY-MM-DD, São Paulo) a confirmation shows and sends as `date`; null if indefinite. */
export function selfExclusionEndDate(value: SelfExclusionValue, start: Date): string | null {
  const end = selfExclusionEnd(value, start);
  return end === null ? null : saoPauloDate(end);
}
