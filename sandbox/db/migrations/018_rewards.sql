-- Rewards: coupons, cashback claims, missions with each player's progress, and referral credits.
-- Money is BIGINT integer centavos. Cashback items are not stored: they are computed from the player's bets
-- (sandbox/api/rewards.ts); what is stored is each slot claimed, once (the primary key).

CREATE TABLE coupons (
  id               serial  PRIMARY KEY,
  brand_id         integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  code             text    NOT NULL,                 -- upper case
  title            text    NOT NULL,
  description      text    NOT NULL,
  kind             text    NOT NULL CHECK (kind IN ('free_spins', 'cash', 'deposit_match')),
  value            bigint  CHECK (value >= 0),        -- centavos (cash, deposit_match cap) or spins
  percent          integer CHECK (percent BETWEEN 0 AND 100),
  min_deposit      bigint  NOT NULL DEFAULT 0 CHECK (min_deposit >= 0),
  requires_deposit boolean NOT NULL DEFAULT false,
  advance          boolean NOT NULL DEFAULT false,    -- credit granted ahead of any bet (Lei 14.790 art. 29)
  active           boolean NOT NULL DEFAULT true,
  expires_at       timestamptz,
  created_at       timestamptz NOT NULL,
  UNIQUE (brand_id, code),
  CHECK (value IS NOT NULL OR percent IS NOT NULL)
);

-- One row per cashback slot claimed: (player, item, slot) is claimed once whatever the concurrency.
CREATE TABLE cashback_claims (
  user_id     bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  item_id     integer NOT NULL,                      -- yyyymmdd of the item's available_at
  slot        smallint NOT NULL CHECK (slot BETWEEN 1 AND 3),
  amount      bigint  NOT NULL CHECK (amount >= 0),
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, item_id, slot)
);

CREATE TABLE missions (
  id          serial  PRIMARY KEY,
  brand_id    integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  slug        text    NOT NULL,
  title       text    NOT NULL,
  description text    NOT NULL,
  goal_kind   text    NOT NULL CHECK (goal_kind IN ('bet_total', 'rounds')),
  goal        bigint  NOT NULL CHECK (goal > 0),
  reward_kind text    NOT NULL CHECK (reward_kind IN ('cash', 'free_spins')),
  reward      bigint  NOT NULL CHECK (reward >= 0),
  assigned_only boolean NOT NULL DEFAULT false,      -- shown only to players it was assigned to (QA panel)
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL,
  UNIQUE (brand_id, slug)
);

CREATE TABLE player_missions (
  user_id      bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  mission_id   integer NOT NULL REFERENCES missions (id) ON DELETE CASCADE,
  status       text    NOT NULL CHECK (status IN ('available', 'accepted', 'completed', 'claimed')),
  progress     bigint  NOT NULL DEFAULT 0 CHECK (progress >= 0),
  assigned_at  timestamptz NOT NULL,
  accepted_at  timestamptz,
  completed_at timestamptz,
  claimed_at   timestamptz,
  PRIMARY KEY (user_id, mission_id)
);
CREATE INDEX player_missions_accepted ON player_missions (user_id) WHERE status = 'accepted';

-- A referral is credited to its referrer once (the referee is the key).
CREATE TABLE referral_credits (
  referee_id  bigint NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  referrer_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  amount      bigint NOT NULL CHECK (amount >= 0),
  created_at  timestamptz NOT NULL
);
CREATE INDEX referral_credits_referrer ON referral_credits (referrer_id, created_at DESC);
