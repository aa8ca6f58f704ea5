/**
 * Return to player and paytable (Portaria SPA/MF 1.231/2024 art. 4 II: the RTP of each game is shown; Portaria SPA/MF
 * 1.207/2024: at least 85%, the paytable before the bet and at any time, the multiplier at bet time): every game of
 * the catalogue declares the RTP its engine really returns, the lobby and the game page carry it, a regulated brand
 * (Sorte Verde) launches no game under 85% (the operator answers 403 RTP_BELOW_MINIMUM, the provider refuses the
 * launch URL too), and the game page's state gives the paytable it plays with.
 */
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, TEST_CONFIG, type TestApi } from '../api/test-support';
import { WALLET_PREFIX } from '../api/provider-wallet';
import { providerOf } from '../config';
import { GAMES, rtpOf } from '../seed-data/catalogue';
import {
  CRASH_RTP_BP,
  engineOf,
  MIN_RTP_BP,
  PAYTABLE,
  paytableOf,
  REDUCED_PAYTABLE,
  rtpOptions,
  slotRtpBp,
  type Outcome,
} from './fair';
import { buildProviderServer } from './server';
import { forceNextOutcome } from './settings';
import { signLaunch } from './signature';

const SECRET = providerOf(TEST_CONFIG).secret;
const SORTE_VERDE = { host: 'localhost', origin: 'http://localhost:5173' };
const AZUL_BET = { host: 'azul.localhost', origin: 'http://azul.localhost:5173' };

let api: TestApi;
let games: FastifyInstance;

beforeAll(async () => {
  api = await createTestApi();
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = api.app.server.address() as AddressInfo;
  games = buildProviderServer({ db: api.db, secret: SECRET, walletUrl: `http://127.0.0.1:${port}${WALLET_PREFIX}` });
  await games.ready();
});
afterAll(async () => {
  await games.close();
  await api.close();
});

async function gameId(gamecode: string): Promise<number> {
  const [row] = await api.db.query<{ id: number }>('SELECT id FROM games WHERE gamecode = $1', [gamecode]);
  if (!row) throw new Error(`no game ${gamecode}`);
  return row.id;
}

const launchUrl = (game: number, headers: Record<string, string>) =>
  api.app.inject({ method: 'POST', url: '/api/games/url', headers, payload: { game_id: game, mode: 'demo' } });

/** A demo launch URL signed as the operator signs it, for any brand (or none). */
function signedLaunch(game: string, brand: string | null): string {
  const params = new URLSearchParams({
    game,
    mode: 'demo',
    lang: 'pt',
    exp: String(Math.floor(Date.now() / 1000) + 60),
  });
  if (brand !== null) params.set('brand', brand);
  params.set('sig', signLaunch(SECRET, params));
  return `/launch?${params.toString()}`;
}

async function openPage(url: string) {
  const launch = new URL(url);
  const opened = await games.inject({ url: `${launch.pathname}${launch.search}` });
  expect(opened.statusCode).toBe(303);
  const sid = new URL(opened.headers.location as string, 'http://provider').searchParams.get('sid') ?? '';
  return { sid, state: (await games.inject({ method: 'POST', url: '/api/state', payload: { sid } })).json() };
}

describe('the engines return what the catalogue declares', () => {
  it('computes the slot RTP exactly from its reels: 92.59% standard, 75.41% reduced; the crash game 99.00%', () => {
    expect(slotRtpBp(PAYTABLE)).toBe(9259);
    expect(slotRtpBp(REDUCED_PAYTABLE)).toBe(7541);
    expect(CRASH_RTP_BP).toBe(9900);
    expect(MIN_RTP_BP).toBe(8500);
    expect(paytableOf('slot', 9259)).toBe('standard');
    expect(paytableOf('slot', 7541)).toBe('reduced');
    expect(paytableOf('slot', 9600)).toBeNull();
    expect(paytableOf('crash', 9900)).toBe('standard');
  });

  it('gives every seeded game an RTP its engine has; only Safari Selvagem is under 85%', async () => {
    for (const game of GAMES) {
      const options = rtpOptions(engineOf(game.category)).map((o) => o.rtpBp);
      expect(options, game.gamecode).toContain(rtpOf(game));
    }
    expect(GAMES.filter((g) => g.rtpBp < 8500).map((g) => g.gamecode)).toEqual(['safari-selvagem']);
    const rows = await api.db.query<{ gamecode: string; rtp_bp: number }>(
      'SELECT gamecode, rtp_bp FROM games WHERE in_lobby',
    );
    expect(rows).toHaveLength(GAMES.length);
    const declared = new Map(GAMES.map((g) => [g.gamecode, g.rtpBp]));
    for (const row of rows) expect(row.rtp_bp, row.gamecode).toBe(declared.get(row.gamecode));
  });
});

describe('the RTP in the catalogue (Portaria SPA/MF 1.231/2024 art. 4 II)', () => {
  it('lists each game with its rtp_bp in the lobby and in a search (Azul Bet, a brand that offers them all)', async () => {
    const lobby = await api.app.inject({ url: '/api/casinos/games?page=1', headers: { host: AZUL_BET.host } });
    expect(lobby.statusCode).toBe(200);
    const data = (lobby.json() as { data: { gamecode: string; rtp_bp: number }[] }).data;
    expect(data.length).toBeGreaterThan(0);
    for (const game of data) expect([9259, 9900, 7541]).toContain(game.rtp_bp);
    const search = await api.app.inject({
      url: '/api/casinos/games?page=1&searchTerm=safari',
      headers: { host: AZUL_BET.host },
    });
    expect((search.json() as { data: { gamecode: string; rtp_bp: number }[] }).data).toContainEqual(
      expect.objectContaining({ gamecode: 'safari-selvagem', rtp_bp: 7541 }),
    );
  });
});

describe('the minimum RTP on a regulated brand (Portaria SPA/MF 1.207/2024)', () => {
  it('offers no game under 85% on Sorte Verde: not in the lobby, a search, the home rows, the featured, related or provider counts; Azul Bet offers it', async () => {
    const get = async (url: string, host: string) => {
      const res = await api.app.inject({ url, headers: { host } });
      expect(res.statusCode, url).toBe(200);
      return res.json() as { data: unknown };
    };
    const codes = (body: { data: unknown }) => JSON.stringify(body.data).match(/"gamecode":"[^"]+"/g) ?? [];
    const SAFARI = '"gamecode":"safari-selvagem"';
    const [safari] = await api.db.query<{ id: number; provider: string }>(
      "SELECT g.id, p.code AS provider FROM games g JOIN providers p ON p.id = g.provider_id WHERE g.gamecode = 'safari-selvagem'",
    );
    // It is featured, so the featured list and its row show it where it is offered.
    await api.db.query("UPDATE games SET featured_rank = 1 WHERE gamecode = 'safari-selvagem'");
    for (const url of [
      '/api/casinos/games?page=1&searchTerm=safari',
      `/api/casinos/games?page=1&searchTerm=selvagem&provider=${safari?.provider}`,
      '/api/featured/games',
      '/api/featured/home-games?locale=pt',
    ]) {
      expect(codes(await get(url, SORTE_VERDE.host)), `Sorte Verde ${url}`).not.toContain(SAFARI);
      expect(codes(await get(url, AZUL_BET.host)), `Azul Bet ${url}`).toContain(SAFARI);
    }
    const related = async (host: string) => {
      const neighbour = await api.db.query<{ id: number }>(
        "SELECT id FROM games WHERE in_lobby AND gamecode <> 'safari-selvagem' AND provider_id = (SELECT provider_id FROM games WHERE gamecode = 'safari-selvagem') LIMIT 1",
      );
      const res = await api.app.inject({
        method: 'POST',
        url: '/api/games/getRelated',
        headers: { host },
        payload: { game_id: neighbour[0]?.id },
      });
      expect(res.statusCode).toBe(200);
      return codes(res.json() as { data: unknown });
    };
    expect(await related(SORTE_VERDE.host)).not.toContain(SAFARI);
    const providers = async (host: string) =>
      ((await get('/api/games/providers', host)).data as { code: string; games_count: number }[]).find(
        (p) => p.code === safari?.provider,
      )?.games_count ?? 0;
    expect(await providers(AZUL_BET.host)).toBe((await providers(SORTE_VERDE.host)) + 1);
  });

  it('refuses to launch a game under 85% on Sorte Verde with 403 RTP_BELOW_MINIMUM, and launches it on Azul Bet', async () => {
    const safari = await gameId('safari-selvagem');
    const refused = await launchUrl(safari, SORTE_VERDE);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: expect.stringContaining('85%'),
      code: 'RTP_BELOW_MINIMUM',
      rtp_bp: 7541,
      min_rtp_bp: 8500,
    });
    const token = await api.login('ana@sorteverde.test');
    expect((await launchUrl(safari, { ...SORTE_VERDE, ...bearer(token) })).statusCode).toBe(403);

    const allowed = await launchUrl(safari, AZUL_BET);
    expect(allowed.statusCode).toBe(200);
    const { url } = (allowed.json() as { data: { url: string } }).data;
    expect(new URL(url).searchParams.get('brand')).toBe('2');
    const { state } = await openPage(url);
    expect(state).toMatchObject({ rtp_bp: 7541, paytable: REDUCED_PAYTABLE, paytable_name: 'reduced' });
  });

  it('the provider itself refuses a signed launch URL of a game under 85% for a regulated brand or none', async () => {
    for (const brand of ['1', null]) {
      const page = await games.inject({ url: signedLaunch('safari-selvagem', brand) });
      expect(page.statusCode, `brand ${brand}`).toBe(403);
      expect(page.body).toContain('data-code="RTP_BELOW_MINIMUM"');
      expect(page.body).toContain('85%');
    }
    const unregulated = await games.inject({ url: signedLaunch('safari-selvagem', '2') });
    expect(unregulated.statusCode).toBe(303);
    // A game at or above the minimum plays on the regulated brand.
    expect((await games.inject({ url: signedLaunch('frutas-da-sorte', '1') })).statusCode).toBe(303);
  });

  it('refuses a game whose declared RTP no engine of the provider returns (409 RTP_UNKNOWN)', async () => {
    await api.db.query("UPDATE games SET rtp_bp = 9600 WHERE gamecode = 'piramide-de-ouro'");
    try {
      const page = await games.inject({ url: signedLaunch('piramide-de-ouro', '2') });
      expect(page.statusCode).toBe(409);
      expect(page.body).toContain('data-code="RTP_UNKNOWN"');
    } finally {
      await api.db.query("UPDATE games SET rtp_bp = 9259 WHERE gamecode = 'piramide-de-ouro'");
    }
  });
});

describe('the paytable the page shows is the one it pays with (Portaria SPA/MF 1.207/2024)', () => {
  it('gives the slot page its RTP, paylines, bets and paytable, and the crash page its RTP and targets', async () => {
    const slot = await launchUrl(await gameId('frutas-da-sorte'), SORTE_VERDE);
    const { state } = await openPage((slot.json() as { data: { url: string } }).data.url);
    expect(state).toMatchObject({ rtp_bp: 9259, paytable: PAYTABLE, bets: [100, 200, 500, 1000, 2000, 5000] });
    expect(state.paylines).toHaveLength(10);
    const crash = await launchUrl(await gameId('foguete-2x'), SORTE_VERDE);
    const flown = await openPage((crash.json() as { data: { url: string } }).data.url);
    expect(flown.state).toMatchObject({ rtp_bp: 9900, crash: { min_target: 101, max_target: 10000 } });
  });

  it('pays a reduced-paytable round by the reduced paytable: 5 SEVEN on a line pays 650 line bets', async () => {
    const token = await api.login('diego@azulbet.test', 'azul.localhost');
    const me = (
      await api.app.inject({ url: '/api/auth/me', headers: { host: 'azul.localhost', ...bearer(token) } })
    ).json() as { data: { id: number } };
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/games/url',
      headers: { ...AZUL_BET, ...bearer(token) },
      payload: { game_id: await gameId('safari-selvagem') },
    });
    expect(res.statusCode).toBe(200);
    const { sid } = await openPage((res.json() as { data: { url: string } }).data.url);
    await forceNextOutcome(api.db, String(me.data.id), 'big');
    const played = await games.inject({
      method: 'POST',
      url: '/api/round',
      payload: { sid, bet: 1_000, client_seed: 'qa-seed' },
    });
    expect(played.statusCode).toBe(200);
    const round = played.json() as { win: number; outcome: Outcome };
    // Line bet R$ 1,00 × 650 (the standard paytable would pay 800).
    expect(round.win).toBe(65_000);
  });
});
