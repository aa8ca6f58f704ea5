import type { FastifyInstance } from 'fastify';
import type { Schema } from '../../../shared/api/types';
import { foldSearchText } from '../../../shared/search-text';
import type { Db, Queryable } from '../../db/types';
import { artOf } from '../../seed-data/catalogue';
import { gameArt, NEUTRAL_PALETTE } from '../../seed-data/svg';
import { findBrandByDomain, normalizeDomain } from '../brands';
import { ok, type Ctx, type Handler } from '../context';
import { fail, fieldError, MESSAGES } from '../errors';
import { assertNotSelfExcluded, type PlayerRow } from '../players';
import { writeCacheOf } from '../write-cache';
import { requirePlayer } from './guards';
import { MIN_RTP_BP } from '../../../shared/rtp';

/**
 * The games catalogue (spec §7 Games): the lobby with its filter, the home page's rows, featured, related,
 * recent and favourite games, likes and favourites, and the tiles' art. Every game is read with the same
 * columns (`GAME_COLUMNS`) and turned into the contract's Game by `toGame`.
 */

/** Spec §9: games are shown 24 per page. */
export const GAMES_PER_PAGE = 24;
/** Games in a home-page row and under a game page. */
export const ROW_SIZE = 12;

type Game = Schema<'Game'>;

interface GameRow {
  game_id: number;
  title: string;
  gamecode: string;
  providercode: string;
  provider_name: string;
  has_tables: boolean;
  only_demo: boolean;
  bonus_allowed: boolean;
  views: number;
  image: string;
  image_mobile: string;
  category_slug: string;
  rtp_bp: number;
  total_likes: number;
  has_like: boolean;
  has_favorite: boolean;
}

/** Positional parameters of one statement: `$n` for each value added. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Who asks: a player's flags (hasLike, hasFavorite) are theirs; likes are counted among the brand's players. */
interface Viewer {
  brandId: number;
  playerId: number | null;
}

/**
 * The caller of an operation guests may call: a player (valid bearer), or a guest. A bearer that is no longer
 * valid answers 401 (the app signs the player out), a self-excluded player's 403, as signed-in calls do.
 */
function viewerOf(ctx: Ctx): Viewer {
  if (ctx.bearerRejected) fail(401, MESSAGES.unauthenticated);
  const player = ctx.identity.kind === 'player' ? ctx.identity.player : null;
  if (player) assertNotSelfExcluded(player, ctx.now);
  return { brandId: ctx.brand.id, playerId: player?.id ?? null };
}

function playerViewer(ctx: Ctx): Viewer & { player: PlayerRow } {
  const player = requirePlayer(ctx);
  return { brandId: ctx.brand.id, playerId: player.id, player };
}

/** `SELECT` list and `FROM` of a game (`g`) with its provider (`p`) and the viewer's flags. */
function gameColumns(params: Params, viewer: Viewer): string {
  const brand = params.add(viewer.brandId);
  const flags =
    viewer.playerId === null
      ? 'false AS has_like, false AS has_favorite'
      : (() => {
          const user = params.add(viewer.playerId);
          return `EXISTS (SELECT 1 FROM game_likes l WHERE l.user_id = ${user} AND l.game_id = g.id) AS has_like,
                  EXISTS (SELECT 1 FROM game_favorites f WHERE f.user_id = ${user} AND f.game_id = g.id) AS has_favorite`;
        })();
  return `g.id AS game_id, g.title, g.gamecode, p.code AS providercode, p.name AS provider_name, g.has_tables,
          g.only_demo, g.bonus_allowed, g.views, g.image, g.image_mobile, g.category_slug, g.rtp_bp,
          (SELECT count(*)::int FROM game_likes l WHERE l.game_id = g.id AND l.brand_id = ${brand}) AS total_likes,
          ${flags}`;
}

const GAMES_FROM = 'games g JOIN providers p ON p.id = g.provider_id';

/**
 * The games a brand offers in its lists (`alias`: the query's name for games). Every brand: the lobby's own (not
 * the sportsbook's row). A regulated brand offers no game whose RTP is under the minimum or unknown (Portaria
 * SPA/MF 1.207/2024: at least 85%): it is not listed, searched, featured or related, as its launch is refused
 * (RTP_BELOW_MINIMUM, RTP_UNKNOWN). `MIN_RTP_BP` is a constant integer, never the caller's input.
 */
export function offeredGames(alias: string, regulated: boolean): string {
  const g = alias ? `${alias}.` : '';
  return regulated ? `${g}in_lobby AND ${g}rtp_bp >= ${Math.trunc(MIN_RTP_BP)}` : `${g}in_lobby`;
}

const isRegulated = (ctx: Ctx): boolean => ctx.brand.features.is_regulated === true;

export function toGame(row: GameRow): Game {
  return {
    game_id: row.game_id,
    title: row.title,
    gamecode: row.gamecode,
    providercode: row.providercode,
    provider_name: row.provider_name,
    has_tables: row.has_tables,
    only_demo: row.only_demo,
    bonus_allowed: row.bonus_allowed,
    rtp_bp: Number(row.rtp_bp),
    views: row.views,
    showAll: false,
    image: row.image,
    image_mobile: row.image_mobile,
    hasFavorite: row.has_favorite,
    type: 'games',
    category_slug: row.category_slug,
    hasLike: row.has_like,
    totalLikes: row.total_likes,
    to: `/casino/${row.providercode}/${row.gamecode}`,
  };
}

function pageOf(rows: GameRow[], page: number, total: number) {
  return {
    data: rows.map(toGame),
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / GAMES_PER_PAGE)),
    per_page: GAMES_PER_PAGE,
    total,
  };
}

/** A LIKE pattern that matches `text` literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const startingWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** GET /casinos/games: spec §3 Filter (searchTerm, category, provider, type, bonuses) and page. */
export const listGames: Handler = async (ctx) => {
  const viewer = viewerOf(ctx);
  const page = ctx.query.page as number;
  const term = foldSearchText(typeof ctx.query.searchTerm === 'string' ? ctx.query.searchTerm : '');
  const params = new Params();
  // The lobby lists casino games only (not the sportsbook's own row: migration 006).
  const where: string[] = [offeredGames('g', isRegulated(ctx))];
  // Every word must appear; each LIKE can be served by the trigram index on search_text (migration 004).
  for (const word of new Set(term.split(' ').filter(Boolean))) {
    where.push(`g.search_text LIKE ${params.add(containing(word))}`);
  }
  if (typeof ctx.query.category === 'string') where.push(`g.category_slug = ${params.add(ctx.query.category)}`);
  if (typeof ctx.query.provider === 'string') {
    where.push(`g.provider_id = (SELECT id FROM providers WHERE code = ${params.add(ctx.query.provider)})`);
  }
  if (ctx.query.type === 'tables') where.push('g.has_tables');
  if (ctx.query.bonuses === true) where.push('g.bonus_allowed');
  const filter = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const order = term ? `(g.search_text LIKE ${params.add(startingWith(term))}) DESC, ` : '';
  const limit = params.add(GAMES_PER_PAGE);
  const offset = params.add((page - 1) * GAMES_PER_PAGE);
  const columns = gameColumns(params, viewer);
  // One round trip and one row: the page as one JSON array (PGlite decodes one value rather than 24 rows of
  // 15 columns: measured, that decoding cost more than the query) and the count. A page that is neither full
  // nor past the end gives the count itself (a search with few hits, the last page); otherwise the uncorrelated
  // subquery runs once (its own `g`; an InitPlan, only evaluated when the CASE reaches it). Cheaper than
  // count(*) OVER (), which reads and sorts every matching row.
  const [result] = await ctx.db.query<{ total: number; rows: GameRow[] }>(
    `SELECT CASE WHEN count(*) > 0 AND count(*) < ${limit}::int OR count(*) = 0 AND ${offset}::int = 0
                 THEN ${offset}::int + count(*)::int
                 ELSE (SELECT count(*)::int FROM games g ${filter}) END AS total,
            coalesce(json_agg(page), '[]') AS rows
       FROM (SELECT ${columns} FROM ${GAMES_FROM} ${filter}
              ORDER BY ${order}g.views DESC, g.id LIMIT ${limit} OFFSET ${offset}) page`,
    params.values,
  );
  return ok(pageOf(result?.rows ?? [], page, result?.total ?? 0));
};

interface RankedRow extends GameRow {
  kind: 'featured' | 'category' | 'provider';
  slug: string;
  row_total: number;
}

type HomeGameRow = Schema<'HomeGameRow'>;

/**
 * The tables GET /featured/home-games is made of: a write to any of them empties its cache. A player's
 * favourites are not among them (their flags are read per call); likes are (totalLikes).
 */
export const HOME_GAMES_TABLES = ['games', 'providers', 'categories', 'game_likes', 'brands'] as const;

/**
 * GET /featured/home-games: featured, then a row per category, then a row per provider (12 games each).
 * The rows are the same for every caller of a brand and locale but for the player's own flags: they are
 * built once (as a guest sees them) and kept in memory until a write to `HOME_GAMES_TABLES`; a player's call
 * adds their likes and favourites (one query).
 */
export const listHomeGames: Handler = async (ctx) => {
  const viewer = viewerOf(ctx);
  const locale = ctx.query.locale === 'en' ? 'en' : 'pt';
  const cache = writeCacheOf<HomeGameRow[]>(ctx.db, 'home-games', HOME_GAMES_TABLES);
  const rows = await cache.get(`${viewer.brandId} ${locale}`, () =>
    homeGameRows(ctx.db, viewer.brandId, locale, isRegulated(ctx)),
  );
  if (viewer.playerId === null) return ok({ data: rows });
  const flags = await ctx.db.query<{ kind: 'like' | 'favorite'; game_id: number }>(
    `SELECT 'like' AS kind, game_id FROM game_likes WHERE user_id = $1
     UNION ALL
     SELECT 'favorite', game_id FROM game_favorites WHERE user_id = $1`,
    [viewer.playerId],
  );
  if (flags.length === 0) return ok({ data: rows });
  const liked = new Set(flags.filter((f) => f.kind === 'like').map((f) => f.game_id));
  const favorite = new Set(flags.filter((f) => f.kind === 'favorite').map((f) => f.game_id));
  return ok({
    data: rows.map((row) => ({
      ...row,
      games: row.games.map((game) =>
        liked.has(game.game_id) || favorite.has(game.game_id)
          ? { ...game, hasLike: liked.has(game.game_id), hasFavorite: favorite.has(game.game_id) }
          : game,
      ),
    })),
  });
};

/** The home page's rows as a guest of the brand sees them (no flags set). */
async function homeGameRows(
  db: Queryable,
  brandId: number,
  locale: 'pt' | 'en',
  regulated: boolean,
): Promise<HomeGameRow[]> {
  const offered = offeredGames('', regulated);
  const params = new Params();
  const size = params.add(ROW_SIZE);
  const columns = gameColumns(params, { brandId, playerId: null });
  const categories = await db.query<{ slug: string; name_pt: string; name_en: string }>(
    'SELECT slug, name_pt, name_en FROM categories ORDER BY sort_order, id',
  );
  const providers = await db.query<{ code: string; name: string }>(
    'SELECT code, name FROM providers ORDER BY sort_order, id',
  );
  // Every game of every row as one JSON array (one value to decode rather than ~300 rows).
  const [ranked] = await db.query<{ rows: RankedRow[] }>(
    `WITH ranked AS (
       SELECT id, 'featured' AS kind, 'featured' AS slug, row_number() OVER (ORDER BY featured_rank, id) AS rn,
              count(*) OVER ()::int AS row_total
         FROM games WHERE featured_rank IS NOT NULL AND ${offered}
       UNION ALL
       SELECT id, 'category', category_slug, row_number() OVER (PARTITION BY category_slug ORDER BY views DESC, id),
              count(*) OVER (PARTITION BY category_slug)::int
         FROM games WHERE ${offered}
       UNION ALL
       SELECT g.id, 'provider', p.code, row_number() OVER (PARTITION BY g.provider_id ORDER BY g.views DESC, g.id),
              count(*) OVER (PARTITION BY g.provider_id)::int
         FROM games g JOIN providers p ON p.id = g.provider_id WHERE ${offeredGames('g', regulated)}
     )
     SELECT coalesce(json_agg(t ORDER BY t.kind, t.slug, t.rn), '[]') AS rows
       FROM (SELECT r.kind, r.slug, r.row_total, r.rn, ${columns}
               FROM ranked r JOIN ${GAMES_FROM} ON g.id = r.id
              WHERE r.rn <= ${size}) t`,
    params.values,
  );
  const groups = new Map<string, RankedRow[]>();
  for (const row of ranked?.rows ?? []) {
    const key = `${row.kind}:${row.slug}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const rowOf = (kind: RankedRow['kind'], slug: string, title: string, link: string): HomeGameRow[] => {
    const games = groups.get(`${kind}:${slug}`) ?? [];
    return games.length === 0
      ? []
      : [{ kind, slug, title, link, total: games[0]?.row_total ?? 0, games: games.map(toGame) }];
  };
  return [
    ...rowOf('featured', 'featured', locale === 'en' ? 'Featured' : 'Em destaque', '/casino/games'),
    ...categories.flatMap((c) =>
      rowOf('category', c.slug, locale === 'en' ? c.name_en : c.name_pt, `/casino/category/${c.slug}`),
    ),
    ...providers.flatMap((p) =>
      rowOf('provider', p.code, p.name, `/casino/games?provider=${encodeURIComponent(p.code)}`),
    ),
  ];
}

/** GET /featured/games: the operator's picks, in its order. */
export const listFeaturedGames: Handler = async (ctx) => {
  const params = new Params();
  const columns = gameColumns(params, viewerOf(ctx));
  const rows = await ctx.db.query<GameRow>(
    `SELECT ${columns} FROM ${GAMES_FROM} WHERE g.featured_rank IS NOT NULL AND ${offeredGames('g', isRegulated(ctx))} ORDER BY g.featured_rank, g.id LIMIT 24`,
    params.values,
  );
  return ok({ data: rows.map(toGame) });
};

/** GET /games/recent: the games the player launched, most recent first. */
export const listRecentGames: Handler = async (ctx) => {
  const viewer = playerViewer(ctx);
  const page = ctx.query.page as number;
  const params = new Params();
  const columns = gameColumns(params, viewer);
  const user = params.add(viewer.playerId);
  const rows = await ctx.db.query<GameRow>(
    `WITH recent AS (
       SELECT game_id, max(played_at) AS last_played FROM game_plays WHERE user_id = ${user} GROUP BY game_id
     )
     SELECT ${columns} FROM recent r JOIN ${GAMES_FROM} ON g.id = r.game_id
      ORDER BY r.last_played DESC, g.id LIMIT ${params.add(GAMES_PER_PAGE)} OFFSET ${params.add((page - 1) * GAMES_PER_PAGE)}`,
    params.values,
  );
  const [count] = await ctx.db.query<{ n: number }>(
    'SELECT count(DISTINCT game_id)::int AS n FROM game_plays WHERE user_id = $1',
    [viewer.playerId],
  );
  return ok(pageOf(rows, page, count?.n ?? 0));
};

/** GET /profile/favorites: the player's favourites, most recently added first. */
export const listFavoriteGames: Handler = async (ctx) => {
  const viewer = playerViewer(ctx);
  const page = ctx.query.page as number;
  const params = new Params();
  const columns = gameColumns(params, viewer);
  const user = params.add(viewer.playerId);
  const rows = await ctx.db.query<GameRow>(
    `SELECT ${columns} FROM game_favorites fav JOIN ${GAMES_FROM} ON g.id = fav.game_id
      WHERE fav.user_id = ${user}
      ORDER BY fav.created_at DESC, g.id LIMIT ${params.add(GAMES_PER_PAGE)} OFFSET ${params.add((page - 1) * GAMES_PER_PAGE)}`,
    params.values,
  );
  const [count] = await ctx.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM game_favorites WHERE user_id = $1',
    [viewer.playerId],
  );
  return ok(pageOf(rows, page, count?.n ?? 0));
};

export const GAME_NOT_FOUND = 'Jogo não encontrado.';

function gameNotFound(): never {
  fail(404, GAME_NOT_FOUND, { game: [GAME_NOT_FOUND] });
}

async function requireGameId(db: Queryable, gameId: number): Promise<number> {
  const [game] = await db.query<{ id: number }>('SELECT id FROM games WHERE id = $1', [gameId]);
  if (!game) gameNotFound();
  return game.id;
}

/** POST /games/favorite/{gameId} { action }: sets the state, so a retry changes nothing. */
export const toggleFavorite: Handler = async (ctx) => {
  const { player } = playerViewer(ctx);
  const gameId = await requireGameId(ctx.db, Number(ctx.params.gameId));
  const { action } = ctx.body as { action: 'add' | 'remove' };
  if (action === 'add') {
    await ctx.db.query(
      'INSERT INTO game_favorites (user_id, game_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [player.id, gameId, ctx.now],
    );
  } else {
    await ctx.db.query('DELETE FROM game_favorites WHERE user_id = $1 AND game_id = $2', [player.id, gameId]);
  }
  return ok({ data: { game_id: gameId, hasFavorite: action === 'add' } });
};

/** POST /games/like/{gameId} { like? }: sets `like` when given (idempotent), toggles otherwise. */
export const toggleLike: Handler = async (ctx) => {
  const { player } = playerViewer(ctx);
  const gameId = await requireGameId(ctx.db, Number(ctx.params.gameId));
  const wanted = (ctx.body as { like?: boolean } | undefined)?.like;
  const hasLike = await ctx.db.transaction(async (tx) => {
    const like = async () => {
      await tx.query(
        'INSERT INTO game_likes (user_id, game_id, brand_id, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [player.id, gameId, ctx.brand.id, ctx.now],
      );
      return true;
    };
    const unlike = () =>
      tx.query('DELETE FROM game_likes WHERE user_id = $1 AND game_id = $2 RETURNING game_id', [player.id, gameId]);
    if (wanted === true) return like();
    if (wanted === false) {
      await unlike();
      return false;
    }
    return (await unlike()).length > 0 ? false : like();
  });
  const [count] = await ctx.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM game_likes WHERE game_id = $1 AND brand_id = $2',
    [gameId, ctx.brand.id],
  );
  return ok({ data: { game_id: gameId, hasLike, totalLikes: count?.n ?? 0 } });
};

/** POST /games/get { game_id | gamecode, provider_code }. */
export const getGame: Handler = async (ctx) => {
  const body = ctx.body as { game_id?: number; gamecode?: string; provider_code: string };
  if (body.game_id === undefined && body.gamecode === undefined) fieldError('game_id', 'Informe o jogo.');
  const params = new Params();
  const columns = gameColumns(params, viewerOf(ctx));
  const where = [`p.code = ${params.add(body.provider_code)}`];
  if (body.game_id !== undefined) where.push(`g.id = ${params.add(body.game_id)}`);
  if (body.gamecode !== undefined) where.push(`g.gamecode = ${params.add(body.gamecode)}`);
  const [row] = await ctx.db.query<GameRow>(
    `SELECT ${columns} FROM ${GAMES_FROM} WHERE ${where.join(' AND ')}`,
    params.values,
  );
  if (!row) gameNotFound();
  return ok({ data: toGame(row) });
};

/** POST /games/getRelated { game_id }: 12 others of the same category and/or provider. */
export const listRelatedGames: Handler = async (ctx) => {
  const viewer = viewerOf(ctx);
  const { game_id: gameId } = ctx.body as { game_id: number };
  const [game] = await ctx.db.query<{ category_slug: string; provider_id: number }>(
    'SELECT category_slug, provider_id FROM games WHERE id = $1',
    [gameId],
  );
  if (!game) gameNotFound();
  const params = new Params();
  const columns = gameColumns(params, viewer);
  const category = params.add(game.category_slug);
  const provider = params.add(game.provider_id);
  const rows = await ctx.db.query<GameRow>(
    `SELECT ${columns} FROM ${GAMES_FROM}
      WHERE ${offeredGames('g', isRegulated(ctx))} AND g.id <> ${params.add(gameId)} AND (g.category_slug = ${category} OR g.provider_id = ${provider})
      ORDER BY (g.category_slug = ${category} AND g.provider_id = ${provider}) DESC, (g.category_slug = ${category}) DESC,
               g.views DESC, g.id
      LIMIT ${params.add(ROW_SIZE)}`,
    params.values,
  );
  return ok({ data: rows.map(toGame) });
};

const ART_FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;

/**
 * GET /api/art/games/{gamecode}.svg[?m=1]: a game's tile (`image`; `m=1` the phone one, `image_mobile`),
 * drawn in the palette of the brand the request is for (X-Brand-Domain, else Host: an <img> on the brand's
 * site). Not a contract operation (an image, not JSON). Drawn once per game, brand and size, then from memory.
 */
export function registerGameArt(app: FastifyInstance, db: Db): void {
  const drawn = new Map<string, string>();
  app.get('/api/art/games/:file', async (request, reply) => {
    const code = ART_FILE.exec((request.params as { file: string }).file)?.[1];
    if (!code || code.length > 80) return reply.code(404).send({ message: MESSAGES.routeNotFound });
    const mobile = (request.query as { m?: unknown }).m === '1';
    const header = request.headers['x-brand-domain'];
    const brand = await findBrandByDomain(
      db,
      normalizeDomain(typeof header === 'string' ? header : request.headers.host),
    );
    const key = `${code}|${brand?.id ?? 0}|${mobile ? 'm' : 'd'}`;
    let svg = drawn.get(key);
    if (svg === undefined) {
      const [game] = await db.query<{ title: string; category_slug: string; provider: string }>(
        `SELECT g.title, g.category_slug, p.name AS provider FROM ${GAMES_FROM} WHERE g.gamecode = $1`,
        [code],
      );
      if (!game) return reply.code(404).send({ message: MESSAGES.routeNotFound });
      const colors = brand?.settings.colors;
      svg = gameArt({
        title: game.title,
        provider: game.provider,
        ...artOf(code, game.category_slug),
        palette: colors ? { accent: colors.secondary, band: colors.background, text: colors.text } : NEUTRAL_PALETTE,
        mobile,
      });
      drawn.set(key, svg);
    }
    return reply
      .type('image/svg+xml; charset=utf-8')
      .headers({
        'cache-control': 'public, max-age=86400',
        'x-content-type-options': 'nosniff',
        // Opened on its own, the SVG can run nothing and load nothing.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      })
      .send(svg);
  });
}
