import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../shared/api/types';
import { CATEGORIES, FEATURED_GAMECODES, GAMES, PROVIDERS } from '../seed-data/catalogue';
import { gameArt } from '../seed-data/svg';
import { bearer, createTestApi, type TestApi } from './test-support';

type Game = Schema<'Game'>;
type GamePage = Schema<'GamePage'>;
type HomeGameRow = Schema<'HomeGameRow'>;

let api: TestApi;
let ana: string;
let bruno: string;
let diego: string;
beforeAll(async () => {
  api = await createTestApi();
  [ana, bruno, diego] = await Promise.all([
    api.login('ana@sorteverde.test'),
    api.login('bruno@sorteverde.test'),
    api.login('diego@azulbet.test', 'azul.localhost'),
  ]);
});
afterAll(() => api.close());

const GUEST = { 'guest-id': 'guest-abc123XYZ' };

async function get(url: string, headers: Record<string, string> = {}) {
  return api.app.inject({ url, headers: { host: 'localhost', ...headers } });
}

async function post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return api.app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost', ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function lobby(query: Record<string, string> = {}, headers: Record<string, string> = GUEST) {
  const res = await get(`/api/casinos/games?${new URLSearchParams(query).toString()}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GamePage;
}

/**
 * The games the default host (Sorte Verde, a regulated brand) offers: none under the minimum RTP (Portaria SPA/MF
 * 1.207/2024: 85%), so Safari Selvagem is not among them (sandbox/provider/rtp.test.ts shows Azul Bet offers it).
 */
const OFFERED = GAMES.filter((g) => g.rtpBp >= 8_500);

const byGamecode = (code: string) => {
  const game = GAMES.find((g) => g.gamecode === code);
  if (!game) throw new Error(`no seeded game ${code}`);
  return game;
};
const idOf = async (code: string) =>
  (await api.db.query<{ id: number }>('SELECT id FROM games WHERE gamecode = $1', [code]))[0]?.id ?? 0;

describe('the seeded catalogue', () => {
  it('has 600+ games from 12+ providers in 8+ categories, with demo-only, table and no-bonus games', () => {
    expect(GAMES.length).toBeGreaterThanOrEqual(600);
    expect(PROVIDERS.length).toBeGreaterThanOrEqual(12);
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(8);
    expect(new Set(GAMES.map((g) => g.provider)).size).toBe(PROVIDERS.length);
    expect(new Set(GAMES.map((g) => g.category)).size).toBe(CATEGORIES.length);
    expect(GAMES.filter((g) => g.onlyDemo).length).toBeGreaterThan(10);
    expect(GAMES.filter((g) => g.hasTables).length).toBeGreaterThan(10);
    expect(GAMES.filter((g) => g.bonusAllowed === false).length).toBeGreaterThan(10);
    expect(new Set(GAMES.map((g) => g.gamecode)).size).toBe(GAMES.length);
    // The hand-written games keep their gamecodes and come first (their ids do not move).
    expect(GAMES.slice(0, 3).map((g) => g.gamecode)).toEqual([
      'frutas-da-sorte',
      'tesouro-amazonico',
      'carnaval-spins',
    ]);
    expect(GAMES.every((g) => !/[<>]/.test(g.title))).toBe(true);
  });

  it('draws tiles as escaped text: a title is never markup', () => {
    const svg = gameArt({
      title: '<script>alert(1)</script> & "x"',
      provider: 'P<b>',
      hue: 10,
      emblem: 'star',
      variant: 3,
    });
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).not.toContain('<b>');
  });

  it('GET /games/providers counts each provider real games', async () => {
    const res = await get('/api/games/providers');
    const providers = (res.json() as { data: Schema<'Provider'>[] }).data;
    expect(providers.map((p) => p.code)).toEqual(PROVIDERS.map((p) => p.code));
    for (const p of providers) expect(p.games_count).toBe(OFFERED.filter((g) => g.provider === p.code).length);
    expect(providers.every((p) => p.image.startsWith('data:image/svg+xml,'))).toBe(true);
  });
});

describe('GET /casinos/games', () => {
  it('answers 24 a page, most viewed first, with guest flags false', async () => {
    const page = await lobby();
    expect(page).toMatchObject({ current_page: 1, per_page: 24, total: OFFERED.length });
    expect(page.last_page).toBe(Math.ceil(OFFERED.length / 24));
    expect(page.data).toHaveLength(24);
    const views = page.data.map((g) => g.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(page.data.every((g) => !g.hasLike && !g.hasFavorite && g.type === 'games')).toBe(true);
    const first = page.data[0] as Game;
    expect(first.to).toBe(`/casino/${first.providercode}/${first.gamecode}`);
  });

  it('pages without overlap; past the last page: empty data, true last_page', async () => {
    const [one, two] = [await lobby({ page: '1' }), await lobby({ page: '2' })];
    const ids = new Set(one.data.map((g) => g.game_id));
    expect(two.data.some((g) => ids.has(g.game_id))).toBe(false);
    const lastPage = Math.ceil(OFFERED.length / 24);
    expect((await lobby({ page: String(lastPage) })).data).toHaveLength(OFFERED.length - (lastPage - 1) * 24);
    const past = await lobby({ page: String(lastPage + 5) });
    expect(past).toEqual({
      data: [],
      current_page: lastPage + 5,
      last_page: lastPage,
      per_page: 24,
      total: OFFERED.length,
    });
    const pastFiltered = await lobby({ provider: 'foguete', page: '50' });
    expect(pastFiltered.total).toBe(OFFERED.filter((g) => g.provider === 'foguete').length);
    expect(pastFiltered.data).toEqual([]);
  });

  it('searches case- and accent-insensitively, titles starting with the term first', async () => {
    for (const term of ['fortuna', 'FORTUNA', 'Fortúna', 'fortúna do farao']) {
      const page = await lobby({ searchTerm: term });
      expect(
        page.data.map((g) => g.title),
        term,
      ).toContain('Fortúna do Faraó');
      expect(page.data[0]?.title.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')).toMatch(/^fortuna/);
    }
    const cassino = await lobby({ searchTerm: 'cassino' });
    expect(cassino.data.map((g) => g.title)).toContain('Cassino Royale Nights');
    expect(cassino.data.every((g) => /cassino/i.test(g.title))).toBe(true);
    // Every word must appear, in any order.
    expect((await lobby({ searchTerm: 'farao fortuna' })).data.map((g) => g.title)).toContain('Fortúna do Faraó');
    // The provider's name is searched too.
    const lotus = await lobby({ searchTerm: 'lotus dourado' });
    expect(lotus.total).toBeGreaterThanOrEqual(OFFERED.filter((g) => g.provider === 'lotus').length);
  });

  it('treats LIKE wildcards as text and a blank search as none', async () => {
    expect((await lobby({ searchTerm: '%' })).total).toBe(0);
    expect((await lobby({ searchTerm: '_' })).total).toBe(0);
    expect((await lobby({ searchTerm: '   ' })).total).toBe(OFFERED.length);
    expect((await lobby({ searchTerm: 'zzzz-nada' })).data).toEqual([]);
  });

  it('filters by provider, category, type and bonuses, combined', async () => {
    const foguete = await lobby({ provider: 'foguete' });
    expect(foguete.total).toBe(OFFERED.filter((g) => g.provider === 'foguete').length);
    expect(foguete.data.every((g) => g.providercode === 'foguete')).toBe(true);

    const expected = GAMES.filter(
      (g) => g.provider === 'samba' && g.category === 'live' && g.hasTables && g.bonusAllowed !== false,
    );
    const combined = await lobby({ provider: 'samba', category: 'live', type: 'tables', bonuses: 'true' });
    expect(combined.total).toBe(expected.length);
    expect(
      combined.data.every(
        (g) => g.providercode === 'samba' && g.category_slug === 'live' && g.has_tables && g.bonus_allowed,
      ),
    ).toBe(true);
    expect((await lobby({ bonuses: 'false' })).total).toBe(OFFERED.length);
    expect((await lobby({ type: 'games' })).total).toBe(OFFERED.length);
    expect(
      (await lobby({ searchTerm: 'roleta', category: 'roulette' })).data.every((g) => g.category_slug === 'roulette'),
    ).toBe(true);
  });

  it('can serve a search from the trigram index (chosen by the planner once a seq scan costs more)', async () => {
    const plan = await api.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      return tx.query<Record<string, string>>("EXPLAIN SELECT id FROM games g WHERE g.search_text LIKE '%fortuna%'");
    });
    expect(plan.map((row) => Object.values(row)[0]).join('\n')).toContain('games_search_trgm');
  });

  it('answers an empty page for an unknown provider or category', async () => {
    const queries: Record<string, string>[] = [{ provider: 'nao-existe' }, { category: 'nao-existe' }];
    for (const query of queries) {
      expect(await lobby(query)).toEqual({ data: [], current_page: 1, last_page: 1, per_page: 24, total: 0 });
    }
  });

  it('refuses a 1,000-character search, a bad page and malformed filters with 422 and a clear message', async () => {
    const long = await get(`/api/casinos/games?searchTerm=${'a'.repeat(1000)}`, GUEST);
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ errors: { searchTerm: ['A busca deve ter no máximo 100 caracteres.'] } });
    for (const query of [
      'page=0',
      'page=abc',
      'page=-1',
      'category=Slots!',
      'provider=%3Cb%3E',
      'type=x',
      'bonuses=maybe',
    ]) {
      const res = await get(`/api/casinos/games?${query}`, GUEST);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys((res.json() as { errors: object }).errors).length, query).toBeGreaterThan(0);
    }
    expect((await get(`/api/casinos/games?searchTerm=${'a'.repeat(100)}`, GUEST)).statusCode).toBe(200);
  });

  it('answers 401 to a bearer token that is not valid (the app signs the player out), 404 to an unknown brand', async () => {
    expect((await get('/api/casinos/games', bearer('not-a-session'))).statusCode).toBe(401);
    expect((await get('/api/casinos/games', { host: 'nada.localhost' })).statusCode).toBe(404);
  });
});

describe('likes', () => {
  it('need a player; set with { like } (a retry changes nothing), toggle without a body', async () => {
    const gameId = await idOf('mega-pesca');
    expect((await post(`/api/games/like/${gameId}`, { like: true }, GUEST)).statusCode).toBe(401);

    const like = async (token: string, body?: unknown, host = 'localhost') => {
      const res = await post(`/api/games/like/${gameId}`, body, { ...bearer(token), host });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { game_id: number; hasLike: boolean; totalLikes: number } }).data;
    };
    expect(await like(ana, { like: true })).toEqual({ game_id: gameId, hasLike: true, totalLikes: 1 });
    expect(await like(ana, { like: true })).toEqual({ game_id: gameId, hasLike: true, totalLikes: 1 });
    expect(await like(bruno, { like: true })).toMatchObject({ hasLike: true, totalLikes: 2 });
    // Likes are counted among the brand's players: Azul Bet's Diego sees his own brand's.
    expect(await like(diego, { like: true }, 'azul.localhost')).toMatchObject({ hasLike: true, totalLikes: 1 });

    const inLobby = async (headers: Record<string, string>) =>
      (await lobby({ searchTerm: 'mega pesca' }, headers)).data.find((g) => g.game_id === gameId);
    expect(await inLobby(bearer(ana))).toMatchObject({ hasLike: true, totalLikes: 2 });
    expect(await inLobby(GUEST)).toMatchObject({ hasLike: false, totalLikes: 2 });

    expect(await like(ana)).toMatchObject({ hasLike: false, totalLikes: 1 });
    expect(await like(ana)).toMatchObject({ hasLike: true, totalLikes: 2 });
    expect(await like(ana, { like: false })).toMatchObject({ hasLike: false, totalLikes: 1 });
    expect(await like(ana, { like: false })).toMatchObject({ hasLike: false, totalLikes: 1 });
  });

  it('refuse an unknown game (404 with errors.game) and a malformed id (422)', async () => {
    const unknown = await post('/api/games/like/999999', { like: true }, bearer(ana));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Jogo não encontrado.', errors: { game: ['Jogo não encontrado.'] } });
    for (const id of ['abc', '0', '1.5', '99999999999']) {
      expect((await post(`/api/games/like/${id}`, { like: true }, bearer(ana))).statusCode, id).toBe(422);
    }
    expect((await post('/api/games/like/1', { like: 'yes' }, bearer(ana))).statusCode).toBe(422);
  });
});

describe('favourites', () => {
  it('add, list under /profile/favorites (newest first), flag in the lobby, remove; retries change nothing', async () => {
    const [pesca, foguete] = [await idOf('mega-pesca'), await idOf('foguete-2x')];
    const favorite = async (gameId: number, action: string) => {
      const res = await post(`/api/games/favorite/${gameId}`, { action }, bearer(bruno));
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: unknown }).data;
    };
    expect(await favorite(pesca, 'add')).toEqual({ game_id: pesca, hasFavorite: true });
    expect(await favorite(pesca, 'add')).toEqual({ game_id: pesca, hasFavorite: true });
    await api.db.query("UPDATE game_favorites SET created_at = now() - interval '1 minute'");
    await favorite(foguete, 'add');

    const list = async () => {
      const res = await get('/api/profile/favorites?page=1', bearer(bruno));
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as GamePage;
    };
    expect((await list()).data.map((g) => g.gamecode)).toEqual(['foguete-2x', 'mega-pesca']);
    expect((await list()).data.every((g) => g.hasFavorite)).toBe(true);
    expect((await list()).total).toBe(2);
    const inLobby = (await lobby({ provider: 'foguete' }, bearer(bruno))).data.find((g) => g.game_id === foguete);
    expect(inLobby?.hasFavorite).toBe(true);
    // Another player's lobby is not flagged.
    expect(
      (await lobby({ provider: 'foguete' }, bearer(ana))).data.find((g) => g.game_id === foguete)?.hasFavorite,
    ).toBe(false);

    expect(await favorite(pesca, 'remove')).toEqual({ game_id: pesca, hasFavorite: false });
    expect(await favorite(pesca, 'remove')).toEqual({ game_id: pesca, hasFavorite: false });
    expect((await list()).data.map((g) => g.gamecode)).toEqual(['foguete-2x']);
  });

  it('refuse guests (401), a bad action (422) and an unknown game (404)', async () => {
    expect((await get('/api/profile/favorites', GUEST)).statusCode).toBe(401);
    expect((await post('/api/games/favorite/1', { action: 'add' }, GUEST)).statusCode).toBe(401);
    const bad = await post('/api/games/favorite/1', { action: 'toggle' }, bearer(ana));
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { action: ['A ação deve ser add ou remove.'] } });
    expect((await post('/api/games/favorite/1', undefined, bearer(ana))).statusCode).toBe(422);
    expect((await post('/api/games/favorite/999999', { action: 'add' }, bearer(ana))).statusCode).toBe(404);
  });
});

describe('one game, related games, featured and the home page', () => {
  it('POST /games/get finds a game by gamecode or id at its provider; anything else is 404', async () => {
    const byCode = await post('/api/games/get', { gamecode: 'fortuna-do-farao', provider_code: 'lotus' }, GUEST);
    expect(byCode.statusCode, byCode.body).toBe(200);
    const game = (byCode.json() as { data: Game }).data;
    expect(game).toMatchObject({
      title: 'Fortúna do Faraó',
      providercode: 'lotus',
      to: '/casino/lotus/fortuna-do-farao',
    });
    const byId = await post('/api/games/get', { game_id: game.game_id, provider_code: 'lotus' }, bearer(ana));
    expect((byId.json() as { data: Game }).data.gamecode).toBe('fortuna-do-farao');

    for (const body of [
      { gamecode: 'fortuna-do-farao', provider_code: 'aurora' },
      { gamecode: 'nao-existe', provider_code: 'lotus' },
      { game_id: 999_999, provider_code: 'lotus' },
    ]) {
      const res = await post('/api/games/get', body, GUEST);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json()).toMatchObject({ errors: { game: ['Jogo não encontrado.'] } });
    }
    for (const body of [{ provider_code: 'lotus' }, { gamecode: '<b>x</b>', provider_code: 'lotus' }, {}]) {
      expect((await post('/api/games/get', body, GUEST)).statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('POST /games/getRelated: up to 12 others of the same category or provider, never the game itself', async () => {
    const id = await idOf('roleta-ao-vivo');
    const res = await post('/api/games/getRelated', { game_id: id }, GUEST);
    expect(res.statusCode, res.body).toBe(200);
    const related = (res.json() as { data: Game[] }).data;
    expect(related).toHaveLength(12);
    expect(related.some((g) => g.game_id === id)).toBe(false);
    expect(related.every((g) => g.category_slug === 'live' || g.providercode === 'samba')).toBe(true);
    expect(related[0]).toMatchObject({ category_slug: 'live', providercode: 'samba' });
    expect((await post('/api/games/getRelated', { game_id: 999_999 }, GUEST)).statusCode).toBe(404);
    expect((await post('/api/games/getRelated', { game_id: 'x' }, GUEST)).statusCode).toBe(422);
  });

  it('GET /featured/games answers the operator picks in order', async () => {
    const res = await get('/api/featured/games', GUEST);
    expect((res.json() as { data: Game[] }).data.map((g) => g.gamecode)).toEqual(FEATURED_GAMECODES);
  });

  it('GET /featured/home-games: featured, then a row per category, then per provider, titles in the locale', async () => {
    const rows = async (locale: string) =>
      ((await get(`/api/featured/home-games?locale=${locale}`, GUEST)).json() as { data: HomeGameRow[] }).data;
    const pt = await rows('pt');
    expect(pt.map((r) => `${r.kind}:${r.slug}`)).toEqual([
      'featured:featured',
      ...CATEGORIES.map((c) => `category:${c.slug}`),
      ...PROVIDERS.map((p) => `provider:${p.code}`),
    ]);
    expect(pt[0]).toMatchObject({ title: 'Em destaque', link: '/casino/games', total: FEATURED_GAMECODES.length });
    expect(pt[0]?.games.map((g) => g.gamecode)).toEqual(FEATURED_GAMECODES);
    const slots = pt.find((r) => r.slug === 'slots');
    expect(slots).toMatchObject({ title: 'Slots', link: '/casino/category/slots' });
    expect(slots?.total).toBe(GAMES.filter((g) => g.category === 'slots').length);
    expect(slots?.games).toHaveLength(12);
    expect(slots?.games.every((g) => g.category_slug === 'slots')).toBe(true);
    const views = slots?.games.map((g) => g.views) ?? [];
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(pt.find((r) => r.slug === 'foguete')).toMatchObject({
      title: 'Foguete Crash',
      link: '/casino/games?provider=foguete',
    });
    const en = await rows('en');
    expect(en[0]?.title).toBe('Featured');
    expect(en.find((r) => r.slug === 'table')?.title).toBe('Table games');
    expect((await get('/api/featured/home-games?locale=fr', GUEST)).statusCode).toBe(422);
  });

  it('GET /games/recent still answers the demo player recent games, with her flags', async () => {
    const res = await get('/api/games/recent?page=1', bearer(ana));
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as GamePage;
    expect(page.total).toBeGreaterThan(0);
    expect(page.data.every((g) => byGamecode(g.gamecode).provider === g.providercode)).toBe(true);
  });
});

describe('tile art', () => {
  it('serves each game SVG in the brand palette, cached, safe to open on its own', async () => {
    const { image, image_mobile } = (await lobby({ searchTerm: 'fortuna do farao' })).data[0] as Game;
    expect(image).toBe('/api/art/games/fortuna-do-farao.svg');
    const verde = await get(image);
    expect(verde.statusCode).toBe(200);
    expect(verde.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(verde.headers['content-security-policy']).toContain("default-src 'none'");
    expect(verde.headers['cache-control']).toContain('max-age');
    expect(verde.body).toContain('Fortúna do');
    expect(verde.body.length).toBeLessThan(3000);
    const azul = await get(image, { host: 'azul.localhost' });
    expect(azul.body).not.toBe(verde.body);
    const phone = await get(image_mobile);
    expect(phone.body).toContain('width="225"');
    expect((await get('/api/art/games/nao-existe.svg')).statusCode).toBe(404);
    expect((await get('/api/art/games/..%2F..%2Fetc.svg')).statusCode).toBe(404);
  });
});

describe('GET /featured/home-games from memory', () => {
  const home = async (headers: Record<string, string>, host = 'localhost') => {
    const res = await get('/api/featured/home-games?locale=pt', { ...headers, host });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: HomeGameRow[] }).data;
  };
  const featured = async (headers: Record<string, string>, code: string, host = 'localhost') =>
    (await home(headers, host))[0]?.games.find((g) => g.gamecode === code);

  it('follows likes, favourites and catalogue writes at once; a player sees their own flags', async () => {
    const code = FEATURED_GAMECODES[0] ?? '';
    const gameId = await idOf(code);
    const before = await featured(GUEST, code); // fills the cache
    expect(before).toMatchObject({ hasLike: false, hasFavorite: false });
    const likes = before?.totalLikes ?? 0;

    expect((await post(`/api/games/like/${gameId}`, { like: true }, bearer(bruno))).statusCode).toBe(200);
    expect(await featured(GUEST, code)).toMatchObject({ totalLikes: likes + 1, hasLike: false });
    expect(await featured(bearer(bruno), code)).toMatchObject({ totalLikes: likes + 1, hasLike: true });
    expect(await featured(bearer(ana), code)).toMatchObject({ hasLike: false, hasFavorite: false });
    // Another brand's likes and rows are its own.
    expect(await featured(bearer(diego), code, 'azul.localhost')).toMatchObject({ totalLikes: 0, hasLike: false });

    const fav = await post(`/api/games/favorite/${gameId}`, { action: 'add' }, bearer(ana));
    expect(fav.statusCode).toBe(200);
    expect(await featured(bearer(ana), code)).toMatchObject({ hasFavorite: true, hasLike: false });
    expect(await featured(GUEST, code)).toMatchObject({ hasFavorite: false }); // the guest's rows were not touched
    expect(await featured(bearer(bruno), code)).toMatchObject({ hasFavorite: false, hasLike: true });

    // A write to the catalogue by anyone (here: straight to the database, as the QA panel could).
    await api.db.query('UPDATE games SET title = $2 WHERE id = $1', [gameId, 'Título Novo']);
    try {
      expect(await featured(GUEST, code)).toMatchObject({ title: 'Título Novo' });
    } finally {
      await api.db.query('UPDATE games SET title = $2 WHERE id = $1', [gameId, before?.title]);
    }
    expect(await featured(GUEST, code)).toMatchObject({ title: before?.title });

    await post(`/api/games/favorite/${gameId}`, { action: 'remove' }, bearer(ana));
    await post(`/api/games/like/${gameId}`, { like: false }, bearer(bruno));
    expect(await featured(bearer(ana), code)).toMatchObject({ totalLikes: likes, hasFavorite: false });
  });
});
