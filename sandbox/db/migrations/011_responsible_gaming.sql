-- Responsible gaming (Portaria SPA/MF 2.579/2025): the player's limits with their cooling-off, the
-- reality-check interval, one-use removal tokens of an indefinite self-exclusion, the audit trail of every
-- responsible-gaming and payment change, and the record that the responsible-gaming warning was shown.

-- A limit per player, kind and period. `amount` is in force (centavos, or minutes for `session`; null: none).
-- A raise or removal waits: `pending_from` set means a change waits, to `pending_amount` (null: removal).
CREATE TABLE player_limits (
  user_id        bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind           text   NOT NULL CHECK (kind IN ('deposit', 'loss', 'session')),
  period         text   NOT NULL CHECK (period IN ('day', 'week', 'month')),
  amount         bigint CHECK (amount > 0),
  pending_amount bigint CHECK (pending_amount > 0),
  pending_from   timestamptz,
  updated_at     timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind, period),
  CHECK (kind <> 'session' OR period = 'day'),
  CHECK (pending_from IS NOT NULL OR pending_amount IS NULL)
);

-- How often the reality check appears (minutes).
ALTER TABLE users ADD COLUMN reality_check_minutes smallint NOT NULL DEFAULT 60
  CHECK (reality_check_minutes IN (15, 30, 60));

-- The login's 403 of an indefinite self-exclusion hands out a token (stored only as SHA-256) that
-- POST /profile/self-exclusion/remove takes once, within 10 minutes.
CREATE TABLE self_exclusion_removal_tokens (
  token_hash text        PRIMARY KEY,
  user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX self_exclusion_removal_tokens_user ON self_exclusion_removal_tokens (user_id);

-- The audit trail: who (the player, the QA panel or the platform itself) changed what, before and after.
-- Never a secret: no token, password hash, full CPF or full pix key.
CREATE TABLE audit_log (
  id       bigserial   PRIMARY KEY,
  brand_id integer     NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  user_id  bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  actor    text        NOT NULL CHECK (actor IN ('player', 'panel', 'system')),
  action   text        NOT NULL,
  before   jsonb,
  after    jsonb,
  at       timestamptz NOT NULL
);
CREATE INDEX audit_log_user ON audit_log (user_id, id);

-- The responsible-gaming warning shown at sign-in and sign-up (one row per successful login or registration).
CREATE TABLE rg_notices (
  id       bigserial   PRIMARY KEY,
  brand_id integer     NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  user_id  bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind     text        NOT NULL CHECK (kind IN ('login', 'signup')),
  shown_at timestamptz NOT NULL
);
CREATE INDEX rg_notices_user ON rg_notices (user_id, id);
