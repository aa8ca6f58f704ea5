-- Money integrity: one ledger of every money movement, cash and bonus kept apart, coupons with their rules in data,
-- and game rounds keyed by provider, round id and player. Money is BIGINT integer centavos.
--
-- The ledger (sandbox/money/ledger.ts is its only writer): every change of a wallet's `balance` (cash) or
-- `bonus_balance` is one row here, in the same transaction, with the balance of that account after it. The
-- invariant (sandbox/money/invariant.ts): per player and account, the rows sum to the stored balance and each row's
-- `balance_after` is the running sum; no balance is negative; bonus money never leaves through a withdrawal.

ALTER TABLE wallets ADD COLUMN bonus_balance bigint NOT NULL DEFAULT 0 CHECK (bonus_balance >= 0);

CREATE TABLE ledger_entries (
  id            bigserial PRIMARY KEY,
  user_id       bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account       text    NOT NULL CHECK (account IN ('cash', 'bonus')),
  kind          text    NOT NULL CHECK (kind IN (
                  'opening_balance',     -- a wallet's balance before the ledger existed (this migration)
                  'deposit',             -- a pix paid by the bank
                  'withdrawal',          -- a withdrawal requested (its amount reserved)
                  'withdrawal_release',  -- a cancelled or refused withdrawal gives its reserve back
                  'bet',                 -- a stake (seamless wallet debit; a seeded or QA round)
                  'bet_refund',          -- a debit rolled back
                  'win',                 -- a round's credit
                  'bonus_grant',         -- bonus money granted (a deposit coupon, a mission, a referral)
                  'bonus_conversion',    -- wagering met: the bonus left becomes cash (a bonus row and a cash row)
                  'bonus_expired',       -- the bonus's time ran out: what is left of it is forfeited
                  'bonus_forfeited',     -- given up (by the player or the panel)
                  'cashback',            -- a cashback slot claimed (cash: a refund of losses, no rollover)
                  'mission_reward',      -- a mission's cash reward (a brand without bonus money)
                  'referral_reward',     -- a referral's credit (a brand without bonus money)
                  'box_purchase',        -- a prize box bought
                  'prize_sale'           -- a box or prize sold back
                )),
  amount        bigint  NOT NULL CHECK (amount <> 0),          -- signed: + credit, − debit
  balance_after bigint  NOT NULL CHECK (balance_after >= 0),   -- of this account, after the row
  ref_type      text,                                          -- what the row belongs to: deposit, withdrawal, …
  ref_id        text,
  bonus_id      bigint,                                        -- bonus rows: the player bonus it moved
  created_at    timestamptz NOT NULL
);
CREATE INDEX ledger_entries_user ON ledger_entries (user_id, account, id);
CREATE INDEX ledger_entries_ref ON ledger_entries (ref_type, ref_id);

-- What a wallet held before this migration is its opening balance (an upgraded data folder keeps its invariant).
INSERT INTO ledger_entries (user_id, account, kind, amount, balance_after, ref_type, created_at)
SELECT user_id, 'cash', 'opening_balance', balance, balance, 'wallet', now() FROM wallets WHERE balance > 0;

-- Bonus money, one row per grant: what is left of it (`balance`), its rollover (`wagering_required`, counted by
-- settled stakes in `wagered`) and its end. The wallet's `bonus_balance` is the sum of the active ones' balances.
CREATE TABLE player_bonuses (
  id                bigserial PRIMARY KEY,
  user_id           bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  brand_id          integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  source            text    NOT NULL CHECK (source IN ('deposit_coupon', 'mission', 'referral')),
  coupon_code       text,
  deposit_id        bigint  REFERENCES wallet_transactions (id),
  granted           bigint  NOT NULL CHECK (granted > 0),
  balance           bigint  NOT NULL CHECK (balance >= 0),
  wagering_multiple integer NOT NULL CHECK (wagering_multiple >= 0),
  wagering_required bigint  NOT NULL CHECK (wagering_required >= 0),
  wagered           bigint  NOT NULL DEFAULT 0 CHECK (wagered >= 0),
  status            text    NOT NULL CHECK (status IN ('active', 'converted', 'expired', 'forfeited')),
  expires_at        timestamptz NOT NULL,
  created_at        timestamptz NOT NULL,
  ended_at          timestamptz,
  converted_amount  bigint,                                     -- converted: what became cash
  CHECK ((status = 'active') = (ended_at IS NULL))
);
CREATE INDEX player_bonuses_active ON player_bonuses (user_id, id) WHERE status = 'active';
CREATE INDEX player_bonuses_user ON player_bonuses (user_id, created_at DESC, id DESC);

-- A coupon's rules, in data: a first deposit only, once per player, a validity window, a minimum deposit (the
-- existing `min_deposit`), a maximum bonus (`value` for a deposit match), the rollover and how long the bonus lasts.
ALTER TABLE coupons ADD COLUMN first_deposit_only boolean NOT NULL DEFAULT false;
ALTER TABLE coupons ADD COLUMN once_per_player    boolean NOT NULL DEFAULT true;
ALTER TABLE coupons ADD COLUMN starts_at          timestamptz;
ALTER TABLE coupons ADD COLUMN wagering_multiple  integer NOT NULL DEFAULT 0 CHECK (wagering_multiple BETWEEN 0 AND 100);
ALTER TABLE coupons ADD COLUMN bonus_days         integer NOT NULL DEFAULT 30 CHECK (bonus_days BETWEEN 1 AND 365);

-- A coupon a player has used: once per player is this table's key, decided in the paying transaction.
CREATE TABLE coupon_redemptions (
  coupon_id   integer NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  user_id     bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  deposit_id  bigint  REFERENCES wallet_transactions (id),
  bonus_id    bigint  REFERENCES player_bonuses (id),
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (coupon_id, user_id)
);

-- What became of a deposit's coupon when the bank paid (granted, or why not): shown in the deposit's result.
ALTER TABLE wallet_transactions ADD COLUMN coupon_outcome text CHECK (coupon_outcome IN (
  'granted', 'not_first_deposit', 'already_used', 'expired', 'below_minimum', 'not_offered'));
ALTER TABLE wallet_transactions ADD COLUMN bonus_id bigint REFERENCES player_bonuses (id);

-- Rounds are the player's: keyed by (provider, round id, player), so another player's calls on the same round id
-- land on their own round. A round records how its stake was paid (cash, bonus and the bonus that paid) and when
-- it was settled (its first credit: a loss is a credit of 0); a settled round cannot be rolled back.
ALTER TABLE bets ADD COLUMN provider text;
ALTER TABLE bets ADD COLUMN bet_bonus bigint NOT NULL DEFAULT 0 CHECK (bet_bonus >= 0);
ALTER TABLE bets ADD COLUMN bonus_id bigint REFERENCES player_bonuses (id);
ALTER TABLE bets ADD COLUMN settled_at timestamptz;
UPDATE bets SET provider = 'sandbox' WHERE round_id IS NOT NULL;
UPDATE bets SET settled_at = created_at WHERE round_id IS NULL;
ALTER TABLE bets DROP CONSTRAINT bets_round_id_key;
CREATE UNIQUE INDEX bets_round ON bets (provider, round_id, user_id) WHERE round_id IS NOT NULL;
CREATE INDEX bets_round_id ON bets (round_id) WHERE round_id IS NOT NULL;

-- The seamless wallet's transactions are the provider's: its ids are unique per provider. A debit records how its
-- amount was paid (cash and bonus) so that a rollback gives each back where it came from.
ALTER TABLE seamless_transactions ADD COLUMN provider text NOT NULL DEFAULT 'sandbox';
ALTER TABLE seamless_transactions ADD COLUMN cash_amount bigint NOT NULL DEFAULT 0 CHECK (cash_amount >= 0);
ALTER TABLE seamless_transactions ADD COLUMN bonus_amount bigint NOT NULL DEFAULT 0 CHECK (bonus_amount >= 0);
ALTER TABLE seamless_transactions ADD COLUMN bonus_id bigint REFERENCES player_bonuses (id);
ALTER TABLE seamless_transactions DROP CONSTRAINT seamless_transactions_pkey;
ALTER TABLE seamless_transactions ADD PRIMARY KEY (provider, transaction_id);
UPDATE seamless_transactions SET cash_amount = amount WHERE operation = 'debit' AND ok;

-- Missions advance only on the game types they name (null: any casino game).
ALTER TABLE missions ADD COLUMN game_types text[];
