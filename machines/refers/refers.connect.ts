/** What /refers renders of its flow's snapshot (and of GET /profile/affiliates): a plain view model, no actor refs. */
import type { SnapshotFrom } from 'xstate';
import type { UiMessage } from '../kernel/api-error';
import { bodyOf, int, isRecord, referralLinkOf, type refersMachine } from './refers.machine';

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

export interface RefersView {
  loading: boolean;
  affiliates: AffiliatesView | null;
  messages: UiMessage[];
  /** The link's button: what it says. */
  link: 'idle' | 'copying' | 'copied' | 'copyFailed' | 'sharing';
  canShare: boolean;
  canRetry: boolean;
}

export function connectRefers(snapshot: SnapshotFrom<typeof refersMachine>): RefersView {
  const { base, data, failure, canShare } = snapshot.context;
  const link = (['copying', 'copied', 'copyFailed', 'sharing'] as const).find((s) => snapshot.matches({ loaded: s }));
  return {
    loading: snapshot.matches('loading') && data === null,
    affiliates: affiliatesViewOf(base, data),
    messages: failure ? failure.messages : [],
    link: link ?? 'idle',
    canShare,
    canRetry: snapshot.matches('failed'),
  };
}
