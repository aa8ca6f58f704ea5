-- Sandbox platform core: brands, players, sessions, codes, catalogue, content, notifications.
-- Money is BIGINT integer centavos (R$ 1,00 = 100).

CREATE TABLE brands (
  id             integer PRIMARY KEY,               -- the brand's casino_id
  name           text    NOT NULL,
  maintenance    boolean NOT NULL DEFAULT false,    -- site-config answers 402
  active         boolean NOT NULL DEFAULT true,     -- site-config answers active:false
  min_deposit    bigint  NOT NULL CHECK (min_deposit > 0),
  max_deposit    bigint  NOT NULL,
  min_withdrawal bigint  NOT NULL CHECK (min_withdrawal > 0),
  max_withdrawal bigint  NOT NULL,
  features       jsonb   NOT NULL DEFAULT '{}',     -- feature switches (hasSports, registerCPF, …)
  settings       jsonb   NOT NULL DEFAULT '{}',     -- look and integrations (colors, images, gtm, …)
  CHECK (max_deposit >= min_deposit),
  CHECK (max_withdrawal >= min_withdrawal)
);

CREATE TABLE brand_domains (
  domain   text    PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE
);

CREATE TABLE users (
  id                  bigserial PRIMARY KEY,
  brand_id            integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  first_name          text    NOT NULL,
  last_name           text    NOT NULL,
  email               text    NOT NULL,
  phone               text,                          -- E.164, +55…
  cpf                 text,                          -- 11 digits
  password_hash       text,                          -- scrypt; null for Google-only accounts
  google_sub          text,
  birth_date          date,
  language            text    NOT NULL DEFAULT 'pt' CHECK (language IN ('pt', 'en')),
  avatar              text,
  total_bet           bigint  NOT NULL DEFAULT 0 CHECK (total_bet >= 0),
  referral_code       text    NOT NULL UNIQUE,
  referred_by         text,
  email_verified_at   timestamptz,
  phone_verified_at   timestamptz,
  self_excluded_at    timestamptz,
  self_excluded_until timestamptz,                   -- null with self_excluded_at set: indefinite
  settings            jsonb   NOT NULL DEFAULT '{}', -- privacy toggles
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_brand_email ON users (brand_id, lower(email));
CREATE UNIQUE INDEX users_brand_phone ON users (brand_id, phone) WHERE phone IS NOT NULL;
CREATE UNIQUE INDEX users_brand_cpf ON users (brand_id, cpf) WHERE cpf IS NOT NULL;
CREATE UNIQUE INDEX users_brand_google ON users (brand_id, google_sub) WHERE google_sub IS NOT NULL;

CREATE TABLE wallets (
  user_id       bigint  PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  balance       bigint  NOT NULL DEFAULT 0 CHECK (balance >= 0),
  deposit_count integer NOT NULL DEFAULT 0 CHECK (deposit_count >= 0)
);

CREATE TABLE sessions (
  token_hash   text PRIMARY KEY,                    -- hex SHA-256 of the opaque token
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE verification_codes (
  id         bigserial PRIMARY KEY,
  user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose    text   NOT NULL CHECK (purpose IN ('password_reset', 'email', 'phone')),
  code_hash  text   NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  attempts   integer NOT NULL DEFAULT 0
);
CREATE INDEX verification_codes_user ON verification_codes (user_id, purpose);

-- What the platform "sent" by e-mail or SMS; the QA panel shows it (codes are stored only hashed above).
CREATE TABLE outbox (
  id         bigserial PRIMARY KEY,
  brand_id   integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  user_id    bigint REFERENCES users (id) ON DELETE CASCADE,
  channel    text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient  text NOT NULL,
  subject    text NOT NULL,
  body       text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE categories (
  id         serial PRIMARY KEY,
  slug       text NOT NULL UNIQUE,
  name_pt    text NOT NULL,
  name_en    text NOT NULL,
  icon       text NOT NULL,
  sort_order integer NOT NULL
);

CREATE TABLE banners (
  id           serial PRIMARY KEY,
  brand_id     integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  title        text NOT NULL,
  image        text NOT NULL,
  image_mobile text NOT NULL,
  link         text,
  position     text NOT NULL CHECK (position IN ('home', 'casino', 'sports')),
  sort_order   integer NOT NULL,
  UNIQUE (brand_id, title)
);

CREATE TABLE providers (
  id         serial PRIMARY KEY,
  code       text NOT NULL UNIQUE,
  name       text NOT NULL,
  image      text NOT NULL,
  sort_order integer NOT NULL
);

CREATE TABLE games (
  id            serial PRIMARY KEY,
  gamecode      text    NOT NULL UNIQUE,
  title         text    NOT NULL,
  provider_id   integer NOT NULL REFERENCES providers (id),
  category_slug text    NOT NULL REFERENCES categories (slug),
  image         text    NOT NULL,
  image_mobile  text    NOT NULL,
  has_tables    boolean NOT NULL DEFAULT false,
  only_demo     boolean NOT NULL DEFAULT false,
  bonus_allowed boolean NOT NULL DEFAULT true,
  views         integer NOT NULL DEFAULT 0
);

CREATE TABLE game_plays (
  id        bigserial PRIMARY KEY,
  user_id   bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  game_id   integer NOT NULL REFERENCES games (id),
  played_at timestamptz NOT NULL
);
CREATE INDEX game_plays_user ON game_plays (user_id, played_at DESC);

CREATE TABLE ranking_levels (
  level     integer PRIMARY KEY CHECK (level >= 1),
  name      text   NOT NULL,
  total_bet bigint NOT NULL UNIQUE CHECK (total_bet >= 0)   -- centavos wagered to reach the level
);

CREATE TABLE content_pages (
  slug       text NOT NULL,
  locale     text NOT NULL CHECK (locale IN ('pt', 'en')),
  title      text NOT NULL,
  html       text NOT NULL,                          -- {{siteName}} is replaced by the brand name
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (slug, locale)
);

CREATE TABLE notifications (
  id           bigserial PRIMARY KEY,
  brand_id     integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  user_id      bigint REFERENCES users (id) ON DELETE CASCADE, -- null: a global ('platform') notification
  type         text NOT NULL,
  title        text NOT NULL,
  message      text NOT NULL,
  pinned_until timestamptz,
  created_at   timestamptz NOT NULL,
  CHECK ((user_id IS NULL) = (type = 'platform'))
);
CREATE INDEX notifications_brand_user ON notifications (brand_id, user_id, created_at DESC);

CREATE TABLE notification_reads (
  notification_id bigint NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  read_at         timestamptz NOT NULL,
  PRIMARY KEY (notification_id, user_id)
);
