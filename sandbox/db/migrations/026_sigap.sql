-- National list checks (IN SPA/MF 31/2025: the central self-exclusion platform; IN SPA/MF 22/2025: Bolsa Família and
-- BPC beneficiaries, Portaria SPA/MF 2.217/2025): the sandbox's stand-in for SIGAP and what each check of a player
-- found. Money is BIGINT integer centavos.

-- The stand-in's own register: the answer SIGAP gives for a CPF (the QA panel sets it). A CPF not listed is
-- "Não Impedido".
CREATE TABLE sigap_registry (
  cpf        text PRIMARY KEY CHECK (cpf ~ '^[0-9]{11}$'),
  status     text NOT NULL CHECK (status IN ('nao_impedido', 'impedido_autoexclusao', 'impedido_beneficiario')),
  updated_at timestamptz NOT NULL
);

-- Every consultation of SIGAP a brand made: at sign-up (no player yet: `user_id` null), at the first sign-in of a
-- São Paulo day, every 15 days, or asked from the QA panel. The CPF is stored masked.
CREATE TABLE sigap_checks (
  id         bigserial PRIMARY KEY,
  brand_id   integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  user_id    bigint REFERENCES users (id) ON DELETE CASCADE,
  cpf_masked text NOT NULL,
  moment     text NOT NULL CHECK (moment IN ('signup', 'daily_login', 'periodic', 'panel')),
  result     text NOT NULL CHECK (result IN ('nao_impedido', 'impedido_autoexclusao', 'impedido_beneficiario')),
  at         timestamptz NOT NULL
);
CREATE INDEX sigap_checks_user ON sigap_checks (user_id, id);

-- A player's standing: the last answer and when it came; once "Impedido", when (the 2 days to withdraw count from
-- it), and when the scheduled job refunded the balance to the player's own pix key and closed the account.
ALTER TABLE users ADD COLUMN sigap_status     text CHECK (sigap_status IN ('nao_impedido', 'impedido_autoexclusao', 'impedido_beneficiario'));
ALTER TABLE users ADD COLUMN sigap_checked_at timestamptz;
ALTER TABLE users ADD COLUMN sigap_impeded_at timestamptz;
ALTER TABLE users ADD COLUMN sigap_closed_at  timestamptz;

-- The refund is a withdrawal the platform makes (paid at once to the player's own CPF key): marked so.
ALTER TABLE wallet_transactions ADD COLUMN sigap_refund boolean NOT NULL DEFAULT false;
