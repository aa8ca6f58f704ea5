/** What /refers reads of GET /profile/affiliates: plain values, never trusted as HTML. */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
/** The body is `{ data: Affiliates }` (openapi getAffiliates) or the object itself. */
const bodyOf = (body: unknown): Record<string, unknown> | null =>
  isRecord(body) && isRecord(body.data) ? body.data : isRecord(body) ? body : null;
/** A referral code as the sandbox makes them: letters and digits only (anything else is not put in a link). */
const CODE = /^[A-Za-z0-9_-]{1,40}$/;

/** The player's link: `<base>/register?ref=<code>` (registration opens with the code filled in), or null. */
export function referralLinkOf(base: string, body: unknown): string | null {
  const code = bodyOf(body)?.referral_code;
  if (typeof code !== 'string' || !CODE.test(code)) return null;
  return `${base}/register?ref=${encodeURIComponent(code)}`;
}

export interface ReferralView {
  name: string;
  registeredAt: string;
  earned: number;
}

export interface AffiliatesView {
  code: string;
  link: string;
  /**
   * What a referral pays: `cash` (centavos) or, on a regulated brand, `points` (loyalty points, never cash: Lei
   * 14.790/2023 art. 29); the amounts below are in that unit.
   */
  unit: 'cash' | 'points';
  creditPerReferral: number;
  totalEarned: number;
  referrals: ReferralView[];
}

export function affiliatesViewOf(base: string, body: unknown): AffiliatesView | null {
  const data = bodyOf(body);
  const link = referralLinkOf(base, body);
  if (!data || !link) return null;
  const points = data.reward_kind === 'points';
  const referrals = (Array.isArray(data.referrals) ? data.referrals : []).flatMap((row: unknown) =>
    isRecord(row) && typeof row.name === 'string' && int(points ? row.points : row.earned) !== null
      ? [
          {
            name: row.name,
            registeredAt: typeof row.registered_at === 'string' ? row.registered_at : '',
            earned: int(points ? row.points : row.earned) as number,
          },
        ]
      : [],
  );
  return {
    code: data.referral_code as string,
    link,
    unit: points ? 'points' : 'cash',
    creditPerReferral: int(points ? data.points_per_referral : data.credit_per_referral) ?? 0,
    totalEarned: int(points ? data.total_points : data.total_earned) ?? referrals.reduce((sum, r) => sum + r.earned, 0),
    referrals,
  };
}
