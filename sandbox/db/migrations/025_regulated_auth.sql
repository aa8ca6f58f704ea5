-- Regulated sign-up and the second factor.
-- Portaria SPA/MF 2.579/2025: on a regulated brand the player's gender and their deposit, loss and time limits are
-- chosen at sign-up; `regulated_profile_at` is when they were (null: the player must complete them before a stake
-- or a deposit). The limits themselves are the responsible-gaming rows of `player_limits` (011).
ALTER TABLE users ADD COLUMN gender text CHECK (gender IN ('female', 'male', 'other', 'undisclosed'));
ALTER TABLE users ADD COLUMN regulated_profile_at timestamptz;

-- Portaria SPA/MF 722/2024 (multi-factor authentication): a TOTP secret (RFC 6238) per player. `totp_pending` is
-- the secret of an enrolment not confirmed yet; `totp_secret` the confirmed one.
ALTER TABLE users ADD COLUMN totp_secret text;
ALTER TABLE users ADD COLUMN totp_pending text;
ALTER TABLE users ADD COLUMN totp_enabled_at timestamptz;
-- The time step of the last code accepted: a code is never accepted twice (RFC 6238 section 5.2).
ALTER TABLE users ADD COLUMN totp_last_step bigint;

-- Recovery codes, shown once at enrolment, kept only as SHA-256 hashes; a used one never works again.
CREATE TABLE recovery_codes (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash  text   NOT NULL,
  created_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX recovery_codes_user ON recovery_codes (user_id);

-- A sign-in that passed the password and waits for the second factor: the ticket's hash, never the ticket.
-- `recovered_at`: a recovery code was accepted (the lost-device path), the e-mail code is what is left.
CREATE TABLE second_factor_tickets (
  ticket_hash  text PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  recovered_at timestamptz,
  used_at      timestamptz
);
CREATE INDEX second_factor_tickets_user ON second_factor_tickets (user_id);

-- Every wrong second-factor code (TOTP, recovery or e-mail code), for the rate limit (5 in 15 minutes).
CREATE TABLE second_factor_failures (
  id      bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at      timestamptz NOT NULL
);
CREATE INDEX second_factor_failures_user ON second_factor_failures (user_id, at);

-- The lost-device path's e-mail code is a verification code of its own purpose.
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_purpose_check
  CHECK (purpose IN ('password_reset', 'email', 'phone', 'email_change', 'phone_change', 'second_factor'));
