-- The games catalogue: search, filters, featured games, likes and favourites.
--
-- Search: `search_text` is the title and the provider's name, lower-cased and without accents
-- ("Fortúna do Faraó Lótus Dourado" → "fortuna do farao lotus dourado"). The seeder computes it in TypeScript
-- (shared/search-text.ts, NFD with the combining marks dropped; `unaccent` is not immutable, so no generated
-- column); the API folds the search term the same way and matches each word with LIKE '%word%', which the
-- trigram index below serves. pg_trgm ships with PostgreSQL (contrib, a trusted extension since 13) and with
-- PGlite (`@electric-sql/pglite/contrib/pg_trgm`, loaded by db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

ALTER TABLE games
  ADD COLUMN search_text   text NOT NULL DEFAULT '',
  ADD COLUMN featured_rank integer CHECK (featured_rank >= 1);   -- the operator's pick, in order; NULL: not featured

-- Rows seeded before this migration: the same folding for the accents Portuguese titles use.
UPDATE games g
   SET search_text = translate(lower(g.title || ' ' || p.name), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn')
  FROM providers p
 WHERE p.id = g.provider_id;

CREATE INDEX games_search_trgm ON games USING gin (search_text gin_trgm_ops);
-- The lobby's order is by views (most played first); a filter by category or provider walks its own index.
CREATE INDEX games_by_views ON games (views DESC, id);
CREATE INDEX games_category_views ON games (category_slug, views DESC, id);
CREATE INDEX games_provider_views ON games (provider_id, views DESC, id);
CREATE INDEX games_featured ON games (featured_rank) WHERE featured_rank IS NOT NULL;

-- A like is a player's, on their brand: totalLikes counts the brand's players.
CREATE TABLE game_likes (
  user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  game_id    integer     NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  brand_id   integer     NOT NULL REFERENCES brands (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, game_id)
);
CREATE INDEX game_likes_game ON game_likes (game_id, brand_id);

CREATE TABLE game_favorites (
  user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  game_id    integer     NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, game_id)
);
-- GET /profile/favorites: newest first.
CREATE INDEX game_favorites_recent ON game_favorites (user_id, created_at DESC, game_id);
