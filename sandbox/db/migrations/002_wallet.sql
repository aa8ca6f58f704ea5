-- Wallet and pix: deposits and withdrawals with the status codes of spec §4 (0 pending, 1 approved,
-- 2 cancelled, 3 invalid pix key (released), 4 processing, 5 under review), the player's own pix keys, and the
-- bet and bonus histories of the wallet pages. Money is BIGINT integer centavos.

CREATE TABLE pix_addresses (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key_type   text   NOT NULL CHECK (key_type IN ('cpf')),   -- only the player's own CPF: no third parties
  pix_key    text   NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, key_type, pix_key)
);

CREATE TABLE wallet_transactions (
  id          bigserial PRIMARY KEY,
  user_id     bigint   NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  brand_id    integer  NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  type        text     NOT NULL CHECK (type IN ('deposit', 'withdrawal')),
  amount      bigint   NOT NULL CHECK (amount > 0),
  status      smallint NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 5),
  -- deposits
  txid        text UNIQUE,
  br_code     text,
  expires_at  timestamptz,
  credited_at timestamptz,                 -- set once, in the transaction that credits the wallet
  -- withdrawals
  address_id  bigint REFERENCES pix_addresses (id),
  method_id   integer,
  released_at timestamptz,                 -- set once, in the transaction that gives the reserve back
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  CHECK ((type = 'deposit') = (txid IS NOT NULL)),
  CHECK (type = 'withdrawal' OR address_id IS NULL)
);
CREATE INDEX wallet_transactions_user ON wallet_transactions (user_id, created_at DESC, id DESC);
CREATE INDEX wallet_transactions_pending ON wallet_transactions (status, type) WHERE status IN (0, 4, 5);

CREATE TABLE bets (
  id         bigserial PRIMARY KEY,
  user_id    bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  game_id    integer NOT NULL REFERENCES games (id),
  bet_amount bigint  NOT NULL CHECK (bet_amount >= 0),
  win_amount bigint  NOT NULL DEFAULT 0 CHECK (win_amount >= 0),
  created_at timestamptz NOT NULL
);
CREATE INDEX bets_user ON bets (user_id, created_at DESC);

CREATE TABLE bonus_credits (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind       text   NOT NULL,              -- cashback, coupon, mission, …
  amount     bigint NOT NULL CHECK (amount >= 0),
  status     smallint NOT NULL DEFAULT 1 CHECK (status BETWEEN 0 AND 5),
  created_at timestamptz NOT NULL
);
CREATE INDEX bonus_credits_user ON bonus_credits (user_id, created_at DESC);

-- QA panel overrides of the sandbox bank (one row): pix expiry and auto-pay, null = environment default.
CREATE TABLE sandbox_bank_settings (
  id             integer PRIMARY KEY CHECK (id = 1),
  pix_expiry_ms  integer CHECK (pix_expiry_ms > 0),
  autopay_ms     integer CHECK (autopay_ms >= 0)
);
INSERT INTO sandbox_bank_settings (id) VALUES (1);
