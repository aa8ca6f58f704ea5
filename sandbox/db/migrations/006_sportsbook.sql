-- The sandbox sportsbook: a game provider of its own, on the provider origin, that moves money
-- only through the operator's seamless wallet (debit on placement, credit on a won settlement, rollback on a
-- void; a credit of 0 on a loss), like any provider. These are the provider's own records. Money is BIGINT integer centavos; odds are
-- decimal odds in integer hundredths (2.35 is 235).

-- Provider: a sportsbook page opened from a launch URL. The page holds an opaque id (stored only as a SHA-256
-- hash) and the provider keeps the operator's game-session token it authenticated, to send with wallet calls
-- (settlement too, which the QA panel triggers after the page is gone).
CREATE TABLE sportsbook_sessions (
  id_hash       text    PRIMARY KEY,
  game_token    text    NOT NULL,                 -- the operator's game-session token (provider-side secret)
  user_id       bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  origin        text,                             -- the app's origin the page may post messages to
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL
);

-- Provider: one bet slip placed (a single, or a multiple of selections on different matches).
CREATE TABLE sports_bets (
  id             bigserial PRIMARY KEY,
  client_bet_id  text    NOT NULL UNIQUE,         -- the page's id for the slip: a retry places nothing new
  fingerprint    text    NOT NULL,                -- hex SHA-256 of what was asked (a reused id asking otherwise: 409)
  user_id        bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_hash   text    NOT NULL REFERENCES sportsbook_sessions (id_hash) ON DELETE CASCADE,  -- its wallet token
  kind           text    NOT NULL CHECK (kind IN ('single', 'multiple')),
  selections     jsonb   NOT NULL,                -- [{fixture_id, league, home, away, kickoff, pick, odds}]
  stake          bigint  NOT NULL CHECK (stake > 0),
  odds           integer NOT NULL CHECK (odds >= 100),  -- combined, hundredths
  potential_win  bigint  NOT NULL CHECK (potential_win >= 0),
  -- placing: debit sent; open: debited; refused: the wallet said no; won/lost/void: settled; settling: claimed
  status         text    NOT NULL CHECK (status IN ('placing', 'open', 'refused', 'settling', 'won', 'lost', 'void')),
  error_code     text,
  debit_tx       text    NOT NULL UNIQUE,
  settle_tx      text,                            -- the credit (won) or the rollback (void) transaction id
  balance_after  bigint,
  created_at     timestamptz NOT NULL,
  settled_at     timestamptz
);
CREATE INDEX sports_bets_user ON sports_bets (user_id, id DESC);
CREATE INDEX sports_bets_open ON sports_bets (status) WHERE status IN ('open', 'settling');

-- Operator: the sportsbook has a `games` row (game sessions and the wallet's records point at one), created on
-- first launch by sandbox/sportsbook/game.ts; it is not a casino game, so the lobby lists only `in_lobby` rows.
ALTER TABLE games ADD COLUMN in_lobby boolean NOT NULL DEFAULT true;
