-- Loyalty points on a regulated brand (Portaria SPA/MF 1.231/2024 art. 43: loyalty points in a wallet of their own;
-- art. 42: no bonus tied to a deposit and no bonus credit to bet with; Lei 14.790/2023 art. 29: no advance or bonus
-- for betting). A regulated brand's missions, levels and referrals pay points, never cash or bonus money.
--
-- Points are a third account of the wallet (`points_balance`), moved by the ledger (sandbox/money/ledger.ts) like
-- cash and bonus: one `ledger_entries` row per change. Points are spent on prize boxes only; they are never staked,
-- withdrawn or turned into cash or bonus: the points kinds live on the points account and nowhere else (the CHECK
-- below), and what a box bought with points gives back when sold is points again.

ALTER TABLE wallets ADD COLUMN points_balance bigint NOT NULL DEFAULT 0 CHECK (points_balance >= 0);

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_account_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_account_check CHECK (account IN ('cash', 'bonus', 'points'));

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN (
  'opening_balance', 'deposit', 'withdrawal', 'withdrawal_release', 'bet', 'bet_refund', 'win', 'bonus_grant',
  'bonus_conversion', 'bonus_expired', 'bonus_forfeited', 'cashback', 'mission_reward', 'referral_reward',
  'box_purchase', 'prize_sale',
  'points_award',   -- loyalty points earned: a mission, a level reached, a referral (ref_type says which)
  'points_spend',   -- points spent on a prize box
  'points_refund'   -- a box bought with points, or its prize, sold back: points again
));
-- Points kinds only on the points account, and the points account only those kinds.
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_points_apart
  CHECK ((account = 'points') = (kind IN ('points_award', 'points_spend', 'points_refund')));

-- A mission may pay loyalty points (`reward` is then a number of points).
ALTER TABLE missions DROP CONSTRAINT missions_reward_kind_check;
ALTER TABLE missions ADD CONSTRAINT missions_reward_kind_check CHECK (reward_kind IN ('cash', 'free_spins', 'points'));

-- A regulated brand's referral pays points (`amount` stays the cash credit: 0 there).
ALTER TABLE referral_credits ADD COLUMN points bigint NOT NULL DEFAULT 0 CHECK (points >= 0);

-- A box is paid with cash or with points; a points box sells back for points.
ALTER TABLE player_boxes ADD COLUMN paid_with text NOT NULL DEFAULT 'cash' CHECK (paid_with IN ('cash', 'points'));

-- The points a level paid when the player reached it, once per player and level.
CREATE TABLE level_points_awards (
  user_id    bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  level      integer NOT NULL,
  points     bigint  NOT NULL CHECK (points > 0),
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, level)
);

-- An upgraded data folder: a regulated brand's missions pay points instead of cash or free spins (seed-data/rewards.ts
-- has the same for a fresh seed): R$ 1,00 of cash reward is 100 points, a free spin 50.
UPDATE missions SET reward_kind = 'points',
                    reward = CASE reward_kind WHEN 'free_spins' THEN reward * 50 ELSE reward END
 WHERE reward_kind <> 'points'
   AND brand_id IN (SELECT id FROM brands WHERE coalesce((features->>'is_regulated')::boolean, false));
UPDATE missions SET description = 'Some R$ 50,00 em apostas no cassino e ganhe 500 pontos de fidelidade.'
 WHERE slug = 'aposte-50' AND reward_kind = 'points';
UPDATE missions SET description = 'Jogue 10 rodadas em qualquer slot e ganhe 250 pontos de fidelidade.'
 WHERE slug = 'dez-rodadas' AND reward_kind = 'points';
UPDATE missions SET description = 'Aposte R$ 20,00 e ganhe 300 pontos de fidelidade (atribuída pelo painel).'
 WHERE slug = 'missao-especial' AND reward_kind = 'points';

-- An upgraded data folder: no weekly cashback of losses on a regulated brand (a banned "win back your losses"
-- claim); the seed's loyalty points promotion and honest banner come with `npm run sandbox:reset`.
UPDATE promotions SET active = false
 WHERE slug = 'cashback-semanal'
   AND brand_id IN (SELECT id FROM brands WHERE coalesce((features->>'is_regulated')::boolean, false));
