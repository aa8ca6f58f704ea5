-- A real game integration: the operator's seamless wallet for the sandbox game provider
-- (openapi/provider-wallet.yaml), the game sessions it accepts, its call log for the QA panel, and the
-- sandbox provider's own round records and QA switches. Money is BIGINT integer centavos.

-- Operator: a game session. The launch URL carries its token (32 random bytes, base64url), stored only as a
-- SHA-256 hash; the provider authenticates it once (launched_at), within the launch window, then uses it for
-- every wallet call until it has been idle too long or has lived too long.
CREATE TABLE game_sessions (
  token_hash        text    PRIMARY KEY,
  user_id           bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  brand_id          integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  game_id           integer NOT NULL REFERENCES games (id),
  origin            text,                            -- the app's origin the game may post messages to
  created_at        timestamptz NOT NULL,
  launch_expires_at timestamptz NOT NULL,            -- not authenticated by then: expired
  launched_at       timestamptz,                     -- set once: the token is single-use for a launch
  last_used_at      timestamptz NOT NULL,
  expires_at        timestamptz NOT NULL             -- absolute end, launched or not
);
CREATE INDEX game_sessions_user ON game_sessions (user_id, created_at DESC);

-- Operator: the idempotency record of every wallet transaction the provider sent (debit, credit, rollback).
-- A retry with the same transaction_id and the same request answers `response` again and changes nothing.
CREATE TABLE seamless_transactions (
  transaction_id           text PRIMARY KEY,
  operation                text   NOT NULL CHECK (operation IN ('debit', 'credit', 'rollback')),
  fingerprint              text   NOT NULL,          -- hex SHA-256 of the fields that must match on a retry
  user_id                  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  round_id                 text   NOT NULL,
  game_code                text   NOT NULL,
  amount                   bigint NOT NULL CHECK (amount >= 0),
  reference_transaction_id text,                     -- rollback: the debit it cancels
  ok                       boolean NOT NULL,         -- money moved (or, for a rollback, the debit is settled)
  http_status              integer NOT NULL,
  response                 jsonb  NOT NULL,          -- the first answer, replayed on retries
  rolled_back_by           text,                     -- debit: the rollback that refunded it (once)
  created_at               timestamptz NOT NULL
);
CREATE INDEX seamless_transactions_round ON seamless_transactions (round_id);
-- A debit that arrives after its rollback (the provider timed out) is refused: found by this index.
CREATE INDEX seamless_transactions_reference ON seamless_transactions (reference_transaction_id)
  WHERE reference_transaction_id IS NOT NULL;

-- Operator: every call to the wallet endpoints, for the QA panel. Never a body, a token or a signature.
CREATE TABLE seamless_calls (
  id               bigserial PRIMARY KEY,
  operation        text    NOT NULL,
  transaction_id   text,                             -- the idempotency key (as sent; cut to 80 characters)
  round_id         text,
  game_code        text,
  user_id          bigint REFERENCES users (id) ON DELETE CASCADE,
  amount           bigint,
  signature_valid  boolean NOT NULL,
  replay           boolean NOT NULL DEFAULT false,   -- answered from the idempotency record
  status           text    NOT NULL CHECK (status IN ('OK', 'ERROR')),
  code             text,
  http_status      integer NOT NULL,
  balance          bigint,
  duration_ms      integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL
);
CREATE INDEX seamless_calls_user ON seamless_calls (user_id, id DESC);
CREATE INDEX seamless_calls_round ON seamless_calls (round_id);

-- The wallet's bet history (GET /wallet/bets) and the live feed pair a bet and its win by round.
ALTER TABLE bets ADD COLUMN round_id text UNIQUE;

-- Sandbox provider: its rounds (provably fair: the seed revealed after the round), real and demo.
CREATE TABLE provider_rounds (
  round_id         text    PRIMARY KEY,
  player_id        text,                             -- the operator's player id (real mode); null in demo
  game_code        text    NOT NULL,
  engine           text    NOT NULL CHECK (engine IN ('slot', 'crash')),
  mode             text    NOT NULL CHECK (mode IN ('real', 'demo')),
  bet              bigint  NOT NULL CHECK (bet > 0),
  win              bigint  NOT NULL DEFAULT 0 CHECK (win >= 0),
  status           text    NOT NULL CHECK (status IN ('open', 'settled', 'refused', 'rolled_back', 'credit_failed')),
  error_code       text,
  outcome          jsonb,
  server_seed      text    NOT NULL,
  server_seed_hash text    NOT NULL,
  client_seed      text    NOT NULL,
  nonce            integer NOT NULL,
  forced           text,                             -- QA: lose | small | big (the outcome is not the seed's)
  created_at       timestamptz NOT NULL
);
CREATE INDEX provider_rounds_player ON provider_rounds (player_id, created_at DESC);

-- QA switches (one row): the provider in maintenance, the operator's wallet slow or failing.
CREATE TABLE provider_settings (
  id             integer PRIMARY KEY CHECK (id = 1),
  maintenance    boolean NOT NULL DEFAULT false,
  wallet_delay_ms integer NOT NULL DEFAULT 0 CHECK (wallet_delay_ms BETWEEN 0 AND 60000),
  wallet_fail    text    NOT NULL DEFAULT 'off' CHECK (wallet_fail IN ('off', 'next', 'always'))
);
INSERT INTO provider_settings (id) VALUES (1);

-- QA: the next slot round of a player ends as chosen (lose, small win, big win), once.
CREATE TABLE provider_forced_outcomes (
  player_id text PRIMARY KEY,
  outcome   text NOT NULL CHECK (outcome IN ('lose', 'small', 'big'))
);
