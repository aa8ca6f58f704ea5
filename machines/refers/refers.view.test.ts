import { describe, expect, it } from 'vitest';
import { affiliatesViewOf } from './refers.view';

const BASE = 'https://sorteverde.example';

describe('/refers view of GET /profile/affiliates', () => {
  it('a regulated brand: the amounts are loyalty points, never the (zero) cash fields (Lei 14.790/2023 art. 29)', () => {
    const view = affiliatesViewOf(BASE, {
      data: {
        referral_code: 'ABC123',
        reward_kind: 'points',
        credit_per_referral: 0,
        points_per_referral: 1_000,
        total_earned: 0,
        total_points: 1_000,
        referrals: [{ name: 'Ana S.', registered_at: '2026-12-01T12:00:00Z', earned: 0, points: 1_000 }],
      },
    });
    expect(view).toMatchObject({
      unit: 'points',
      creditPerReferral: 1_000,
      totalEarned: 1_000,
      referrals: [{ name: 'Ana S.', earned: 1_000 }],
    });
  });

  it('a brand that is not regulated: centavos, as before', () => {
    const view = affiliatesViewOf(BASE, {
      referral_code: 'ABC123',
      credit_per_referral: 1_000,
      total_earned: 2_000,
      referrals: [{ name: 'Ana S.', registered_at: '', earned: 1_000 }],
    });
    expect(view).toMatchObject({ unit: 'cash', creditPerReferral: 1_000, totalEarned: 2_000 });
  });
});
