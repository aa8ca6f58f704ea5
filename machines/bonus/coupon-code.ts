/**
 * What a coupon code must be before it is sent (spec §5 Coupon: an empty code is ignored and never checked; issue
 * 14 Bad input: a 1,000-character coupon is refused with a message). Checked on the trimmed code; the platform
 * checks the rest (an unknown code, script text) and says why.
 */
export const COUPON_MAX_LENGTH = 64;

/** Control and format characters (C0/C1 controls, zero-width and bidi marks): never part of a typed code. */
const CONTROL = /[\p{Cc}\p{Cf}]/u;

export type CouponCodeProblem =
  { id: 'bonus.coupon.too_long'; values: { max: number } } | { id: 'bonus.coupon.bad_characters' };

/** The trimmed code. */
export const couponCodeOf = (code: unknown): string => (typeof code === 'string' ? code.trim() : '');

/** Why the (trimmed, non-empty) code is refused before any call, or null. Length is counted in characters. */
export function couponCodeProblem(code: string): CouponCodeProblem | null {
  if ([...code].length > COUPON_MAX_LENGTH) return { id: 'bonus.coupon.too_long', values: { max: COUPON_MAX_LENGTH } };
  if (CONTROL.test(code)) return { id: 'bonus.coupon.bad_characters' };
  return null;
}
