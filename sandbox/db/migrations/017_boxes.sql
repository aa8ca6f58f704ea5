-- Prize boxes (spec §7 Boxes and prizes): a brand's boxes and their prizes with integer odds in basis
-- points, the boxes and prizes players own, and each player's pending (committed) server seed. Money is BIGINT
-- integer centavos. The draw is shared/boxes-fair.ts.

CREATE TABLE boxes (
  id          serial  PRIMARY KEY,
  brand_id    integer NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  -- the slug of /casino/box/:name: never all digits (GET /boxes/get/{id}/prizes takes an id or a name)
  name        text    NOT NULL CHECK (name ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND name !~ '^[0-9]+$' AND length(name) <= 80),
  title_pt    text    NOT NULL CHECK (length(title_pt) BETWEEN 1 AND 80),
  title_en    text             CHECK (length(title_en) BETWEEN 1 AND 80),
  color       text    NOT NULL CHECK (color IN ('red', 'blue', 'pink', 'black', 'green', 'yellow')),
  price       bigint  NOT NULL CHECK (price > 0),
  sell_value  bigint  NOT NULL CHECK (sell_value >= 0 AND sell_value <= price),
  image       text    NOT NULL,
  -- Only a published box is listed, sold or granted; publishing needs odds that sum to 10000 (trigger below).
  published   boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL,
  UNIQUE (brand_id, name)
);

CREATE TABLE box_prizes (
  id          serial  PRIMARY KEY,
  box_id      integer NOT NULL REFERENCES boxes (id) ON DELETE CASCADE,
  name_pt     text    NOT NULL CHECK (length(name_pt) BETWEEN 1 AND 80),
  name_en     text             CHECK (length(name_en) BETWEEN 1 AND 80),
  kind        text    NOT NULL CHECK (kind IN ('cash', 'free_spins', 'item')),
  value       bigint  NOT NULL CHECK (value >= 0),
  sell_value  bigint  NOT NULL CHECK (sell_value >= 0),
  odds_bp     integer NOT NULL CHECK (odds_bp BETWEEN 1 AND 10000),
  rarity      text    NOT NULL CHECK (rarity IN ('common', 'rare', 'epic', 'legendary')),
  image       text    NOT NULL,
  CHECK (kind <> 'cash' OR sell_value = value)
);
CREATE INDEX box_prizes_box ON box_prizes (box_id, id);

-- A published box's prizes sum to exactly 10000 bp, checked at COMMIT (deferred), whichever of the box or its
-- prizes changed, so a box and its prizes can be written in any order inside one transaction.
CREATE OR REPLACE FUNCTION box_odds_check() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target integer;
  total  bigint;
  is_published boolean;
BEGIN
  IF TG_TABLE_NAME = 'boxes' THEN
    target := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    target := OLD.box_id;
  ELSE
    target := NEW.box_id;
  END IF;
  SELECT published INTO is_published FROM boxes WHERE id = target;
  IF is_published THEN
    SELECT coalesce(sum(odds_bp), 0) INTO total FROM box_prizes WHERE box_id = target;
    IF total <> 10000 THEN
      RAISE EXCEPTION 'box % is published with odds summing to % bp, not 10000', target, total
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER boxes_odds_sum AFTER INSERT OR UPDATE ON boxes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION box_odds_check();
CREATE CONSTRAINT TRIGGER box_prizes_odds_sum AFTER INSERT OR UPDATE OR DELETE ON box_prizes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION box_odds_check();

-- The seeds the player's NEXT box will be bound to: the server seed (shown only as its SHA-256 until that box is
-- opened), his client seed, and the nonce (his count of boxes so far). Replaced by a fresh seed on each purchase.
CREATE TABLE box_seeds (
  user_id     bigint  PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  server_seed text    NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  client_seed text    NOT NULL CHECK (client_seed ~ '^[A-Za-z0-9_-]{1,64}$'),
  next_nonce  integer NOT NULL DEFAULT 0 CHECK (next_nonce >= 0)
);

CREATE TABLE player_boxes (
  id               bigserial PRIMARY KEY,
  user_id          bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  box_id           integer NOT NULL REFERENCES boxes (id),
  source           text    NOT NULL CHECK (source IN ('purchase', 'grant')),
  price_paid       bigint  NOT NULL CHECK (price_paid >= 0),             -- 0 for a box granted by the panel
  request_id       text             CHECK (request_id ~ '^[A-Za-z0-9_-]{8,64}$'),  -- POST /boxes/buy's idempotency key
  status           text    NOT NULL DEFAULT 'owned' CHECK (status IN ('owned', 'opened', 'sold')),
  server_seed      text    NOT NULL CHECK (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text    NOT NULL CHECK (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed      text    NOT NULL,
  nonce            integer NOT NULL CHECK (nonce >= 0),
  roll             integer          CHECK (roll BETWEEN 0 AND 9999),
  sell_credit      bigint           CHECK (sell_credit >= 0),            -- what selling it credited, once
  purchased_at     timestamptz NOT NULL,
  opened_at        timestamptz,
  sold_at          timestamptz,
  UNIQUE (user_id, nonce),
  UNIQUE (user_id, request_id),
  CHECK ((status = 'opened') = (opened_at IS NOT NULL AND roll IS NOT NULL)),
  CHECK ((status = 'sold') = (sold_at IS NOT NULL AND sell_credit IS NOT NULL))
);
CREATE INDEX player_boxes_user ON player_boxes (user_id, id DESC);

CREATE TABLE player_prizes (
  id            bigserial PRIMARY KEY,
  user_id       bigint  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  player_box_id bigint  NOT NULL UNIQUE REFERENCES player_boxes (id) ON DELETE CASCADE,  -- one prize per opening
  prize_id      integer NOT NULL REFERENCES box_prizes (id),
  status        text    NOT NULL DEFAULT 'owned' CHECK (status IN ('owned', 'sold')),
  sell_credit   bigint           CHECK (sell_credit >= 0),
  won_at        timestamptz NOT NULL,
  sold_at       timestamptz,
  CHECK ((status = 'sold') = (sold_at IS NOT NULL AND sell_credit IS NOT NULL))
);
CREATE INDEX player_prizes_user ON player_prizes (user_id, id DESC);
