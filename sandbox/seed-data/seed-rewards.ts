import type { Queryable } from '../db/types';
import { SEED_PROMOTIONS } from './promotions';
import { SEED_COUPONS, SEED_MISSIONS } from './rewards';

const DAY = 86_400_000;

/** A brand's coupons and missions, keyed by code and slug: present ones are left alone. */
export async function seedRewards(tx: Queryable, brandId: number, now: Date): Promise<void> {
  for (const c of SEED_COUPONS[brandId] ?? []) {
    await tx.query(
      `INSERT INTO coupons (brand_id, code, title, description, kind, value, percent, min_deposit, requires_deposit,
                            advance, expires_at, created_at, first_deposit_only, once_per_player, wagering_multiple,
                            bonus_days)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (brand_id, code) DO NOTHING`,
      [
        brandId,
        c.code,
        c.title,
        c.description,
        c.kind,
        c.value,
        c.percent,
        c.minDeposit,
        c.requiresDeposit,
        c.advance,
        c.expiresInDays === null ? null : new Date(now.getTime() + c.expiresInDays * DAY),
        now,
        c.firstDepositOnly ?? false,
        c.oncePerPlayer ?? true,
        c.wageringMultiple ?? 0,
        c.bonusDays ?? 30,
      ],
    );
  }
  for (const m of SEED_MISSIONS[brandId] ?? []) {
    await tx.query(
      `INSERT INTO missions (brand_id, slug, title, description, goal_kind, goal, reward_kind, reward, assigned_only,
                             created_at, game_types)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (brand_id, slug) DO NOTHING`,
      [
        brandId,
        m.slug,
        m.title,
        m.description,
        m.goalKind,
        m.goal,
        m.rewardKind,
        m.reward,
        m.assignedOnly,
        now,
        m.gameTypes ? [...m.gameTypes] : null,
      ],
    );
  }
}

/** A brand's promotions, one row per slug and locale: present ones are left alone. */
export async function seedPromotions(tx: Queryable, brandId: number, now: Date): Promise<void> {
  const promotions = SEED_PROMOTIONS[brandId] ?? [];
  for (const [position, p] of promotions.entries()) {
    for (const locale of ['pt', 'en'] as const) {
      const text = p[locale];
      await tx.query(
        `INSERT INTO promotions (brand_id, slug, locale, position, title, summary, badge, theme, bonus_kind, cta_path,
                                 html, ends_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (brand_id, slug, locale) DO NOTHING`,
        [
          brandId,
          p.slug,
          locale,
          position,
          text.title,
          text.summary,
          text.badge,
          p.theme,
          p.bonusKind,
          p.ctaPath,
          text.html,
          p.endsInDays === null ? null : new Date(now.getTime() + p.endsInDays * DAY),
          now,
        ],
      );
    }
  }
}
