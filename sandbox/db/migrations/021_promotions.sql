-- Promotions (/promotion and /promotions): each brand's promotion pages, one row per slug and locale.
-- `bonus_kind` marks a deposit bonus ('deposit', SPA/MF advertising rules art. 42) or an advance ('advance',
-- Lei 14.790/2023 art. 29): a regulated brand never lists nor serves those (sandbox/api/handlers/promotions.ts).

CREATE TABLE promotions (
  id          serial  PRIMARY KEY,
  brand_id    integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  slug        text    NOT NULL CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  locale      text    NOT NULL CHECK (locale IN ('pt', 'en')),
  position    integer NOT NULL DEFAULT 0,
  title       text    NOT NULL,
  summary     text    NOT NULL,
  badge       text    NOT NULL,
  theme       text    NOT NULL CHECK (theme IN ('welcome', 'cashback', 'spins', 'tournament', 'referral', 'missions')),
  bonus_kind  text    CHECK (bonus_kind IN ('deposit', 'advance')),
  cta_path    text    CHECK (cta_path ~ '^/[A-Za-z0-9/_-]*$'),
  html        text    NOT NULL,                       -- operator-authored, untrusted: the app sanitises it
  ends_at     timestamptz,
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL,
  UNIQUE (brand_id, slug, locale)
);

-- The deposit panel's coupon, recorded with the deposit and credited once when the bank pays.
ALTER TABLE wallet_transactions ADD COLUMN coupon_code text;
