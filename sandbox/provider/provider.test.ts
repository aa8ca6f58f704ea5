/**
 * POST /games/url (getGameUrl), then the sandbox game provider end to end: the app asks POST /games/url, the iframe opens the launch URL on the
 * provider's origin, the page plays rounds through the provider's backend, which calls the operator's wallet
 * over real HTTP with signed requests. A settled real round publishes BetPlaced and BalanceUpdated (checked on
 * a real realtime server), adds to totalBet and to GET /wallet/bets; outcomes are provably fair.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApi, PANEL_HEADERS, panelForm, TEST_CONFIG, type TestApi } from '../api/test-support';
import { hashGameToken } from '../api/game-sessions';
import { WALLET_PREFIX } from '../api/provider-wallet';
import { providerOf } from '../config';
import { createPublisher } from '../realtime/publisher';
import { startRealtimeServer, type RealtimeServer } from '../realtime/server';
import { signChannelAuth } from '../realtime/signature';
import { LOOPBACK, RawClient, rawUrl, waitFor } from '../realtime/test-harness.fixture';
import { hashSeed, outcomeOf, type Outcome } from './fair';
import { buildProviderServer } from './server';
import { forceNextOutcome, updateProviderSettings } from './settings';
import { verifyLaunch } from './signature';

const APP_ORIGIN = 'http://localhost:5173';
const provider = providerOf(TEST_CONFIG);
const SECRET = provider.secret;

let api: TestApi;
let games: FastifyInstance;
let realtime: RealtimeServer;
const clients: RawClient[] = [];

interface Round {
  round_id: string;
  bet: number;
  win: number;
  balance: number;
  outcome: Outcome;
  forced: string | null;
  fair: {
    server_seed: string;
    server_seed_hash: string;
    client_seed: string;
    nonce: number;
    next_server_seed_hash: string;
  };
}

beforeAll(async () => {
  realtime = await startRealtimeServer({ host: LOOPBACK, port: 0, apps: [TEST_CONFIG.pusher] });
  const publisher = createPublisher({ ...TEST_CONFIG.pusher, host: LOOPBACK, port: realtime.port });
  api = await createTestApi({ publisher });
  await api.app.listen({ host: LOOPBACK, port: 0 });
  const { port } = api.app.server.address() as AddressInfo;
  games = buildProviderServer({ db: api.db, secret: SECRET, walletUrl: `http://${LOOPBACK}:${port}${WALLET_PREFIX}` });
  await games.ready();
});
afterAll(async () => {
  clients.forEach((c) => c.close());
  await games.close();
  await api.close();
  await realtime.close();
});

async function gameOf(where: string): Promise<{ id: number; gamecode: string; title: string }> {
  const [game] = await api.db.query<{ id: number; gamecode: string; title: string }>(
    `SELECT id, gamecode, title FROM games WHERE ${where} ORDER BY id LIMIT 1`,
  );
  if (!game) throw new Error(`no game where ${where}`);
  return game;
}

/** What the app does: POST /games/url; then what the iframe does: open the URL (303 to the game page). */
async function open(gameId: number, headers: Record<string, string>) {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/games/url',
    headers: { host: 'localhost', origin: APP_ORIGIN, ...headers },
    payload: { game_id: gameId },
  });
  expect(res.statusCode).toBe(200);
  const { url, mode } = (res.json() as { data: { url: string; mode: string } }).data;
  const launch = new URL(url);
  const opened = await games.inject({ url: `${launch.pathname}${launch.search}` });
  expect(opened.statusCode).toBe(303);
  const play = new URL(opened.headers.location as string, 'http://provider');
  return { url, launch, mode, sid: play.searchParams.get('sid') ?? '', page: `${play.pathname}${play.search}` };
}

const state = async (sid: string) =>
  (await games.inject({ method: 'POST', url: '/api/state', payload: { sid } })).json();
const round = (sid: string, body: Record<string, unknown>) =>
  games.inject({ method: 'POST', url: '/api/round', payload: { sid, client_seed: 'qa-seed', ...body } });

async function subscribe(channel: string): Promise<RawClient> {
  const client = await RawClient.open(rawUrl(realtime.port, TEST_CONFIG.pusher.key));
  clients.push(client);
  const auth = channel.startsWith('private-')
    ? { auth: signChannelAuth(TEST_CONFIG.pusher, await client.socketId(), channel) }
    : {};
  client.send({ event: 'pusher:subscribe', data: { channel, ...auth } });
  await client.next('pusher_internal:subscription_succeeded', channel);
  return client;
}
const events = (client: RawClient, event: string) =>
  client.frames.filter((f) => f.event === event).map((f) => JSON.parse(f.data as string) as Record<string, unknown>);

describe('a real round through the provider', () => {
  it('debits, credits, publishes BetPlaced and BalanceUpdated, adds to totalBet and to the bet history', async () => {
    const token = await api.login('ana@sorteverde.test');
    const me = async () =>
      (
        (await api.app.inject({ url: '/api/auth/me', headers: { host: 'localhost', ...bearer(token) } })).json() as {
          data: { id: number; totalBet: number; wallet: { balance: number } };
        }
      ).data;
    const user = await me();
    const slot = await gameOf("category_slug IN ('slots', 'popular', 'new') AND NOT only_demo");
    const publicFeed = await subscribe('universal-public.1');
    const privateFeed = await subscribe(`private-universal.${user.id}`);

    const game = await open(slot.id, bearer(token));
    expect(game.mode).toBe('real');
    expect(game.url).not.toContain(token);
    expect(game.launch.searchParams.get('origin')).toBe(APP_ORIGIN);
    // The page: only its own scripts, framed only by the app's origin.
    const page = await games.inject({ url: game.page });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${APP_ORIGIN}`);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);

    const before = await state(game.sid);
    expect(before).toMatchObject({ mode: 'real', balance: user.wallet.balance, origin: APP_ORIGIN, player: 'Ana***' });
    expect(before.game).toEqual({ code: slot.gamecode, title: slot.title, engine: 'slot' });

    // QA forces a small win: 3 BELL on the middle line pays 15 line bets (1,5× the bet).
    await forceNextOutcome(api.db, String(user.id), 'small');
    const res = await round(game.sid, { bet: 1_000 });
    expect(res.statusCode).toBe(200);
    const played = res.json() as Round;
    expect(played).toMatchObject({ bet: 1_000, win: 1_500, forced: 'small', balance: user.wallet.balance + 500 });
    expect(played.fair.server_seed_hash).toBe(before.fair.server_seed_hash);
    expect(hashSeed(played.fair.server_seed)).toBe(before.fair.server_seed_hash);

    const bets = await waitFor(() => {
      const got = events(publicFeed, 'BetPlaced');
      return got.length === 2 && got;
    }, 'a bet and its win');
    expect(bets).toEqual([
      expect.objectContaining({
        type: 'bet',
        transaction: played.round_id,
        game: slot.title,
        user: 'Ana***',
        amount: 1_000,
      }),
      expect.objectContaining({
        type: 'win',
        transaction: played.round_id,
        game: slot.title,
        user: 'Ana***',
        amount: 1_500,
      }),
    ]);
    expect(typeof bets[0]?.date).toBe('string');
    const balances = await waitFor(() => {
      const got = events(privateFeed, 'BalanceUpdated');
      return got.length === 2 && got;
    }, 'two BalanceUpdated');
    expect(balances).toEqual([
      { balance: user.wallet.balance - 1_000, bonus_balance: 0 },
      { balance: user.wallet.balance + 500, bonus_balance: 0 },
    ]);
    // The player's own copy on their private channel: the same bet and win, their first name unmasked.
    const own = await waitFor(() => {
      const got = events(privateFeed, 'BetPlaced');
      return got.length === 2 && got;
    }, 'their own bet and win');
    expect(own).toEqual([
      { ...bets[0], user: 'Ana' },
      { ...bets[1], user: 'Ana' },
    ]);

    const afterUser = await me();
    expect(afterUser.totalBet).toBe(user.totalBet + 1_000);
    expect(afterUser.wallet.balance).toBe(user.wallet.balance + 500);
    const history = await api.app.inject({
      url: '/api/wallet/bets?page=1',
      headers: { host: 'localhost', ...bearer(token) },
    });
    expect((history.json() as { data: unknown[] }).data[0]).toMatchObject({
      game_id: slot.id,
      game_title: slot.title,
      bet_amount: 1_000,
      win_amount: 1_500,
    });

    // The QA panel lists the round with its two wallet calls.
    const panel = await api.app.inject({ url: '/sandbox' });
    expect(panel.body).toContain(played.round_id);
    expect(panel.body).toContain(`${played.round_id}-d`);
    expect(panel.body).toContain(`${played.round_id}-c`);

    // The launch URL is single-use: opened again (a reload of the iframe's first URL), it is refused.
    const again = await games.inject({ url: `${game.launch.pathname}${game.launch.search}` });
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain('provider-error');
    // The page's own URL keeps working (a reload inside the game).
    expect((await state(game.sid)).fair.server_seed_hash).toBe(played.fair.next_server_seed_hash);
  });

  it('recomputes a round from its revealed seeds (provably fair), slot and crash', async () => {
    const token = await api.login('diego@azulbet.test', 'azul.localhost');
    const slot = await gameOf("category_slug IN ('slots', 'popular', 'new') AND NOT only_demo");
    const game = await open(slot.id, {
      ...bearer(token),
      host: 'azul.localhost',
      origin: 'http://azul.localhost:5173',
    });
    const committed = (await state(game.sid)).fair.server_seed_hash as string;
    const played = (await round(game.sid, { bet: 500 })).json() as Round;
    expect(played.forced).toBeNull();
    expect(hashSeed(played.fair.server_seed)).toBe(committed);
    expect(played.fair).toMatchObject({ client_seed: 'qa-seed', nonce: 0 });
    expect(
      outcomeOf({ engine: 'slot', serverSeed: played.fair.server_seed, clientSeed: 'qa-seed', nonce: 0, bet: 500 }),
    ).toEqual(played.outcome);
    const verified = await games.inject({
      method: 'POST',
      url: '/api/verify',
      payload: { engine: 'slot', server_seed: played.fair.server_seed, client_seed: 'qa-seed', nonce: 0, bet: 500 },
    });
    expect(verified.json()).toEqual({ server_seed_hash: committed, outcome: played.outcome });

    const crashGame = await gameOf("category_slug = 'crash' AND NOT only_demo");
    const crash = await open(crashGame.id, {
      ...bearer(token),
      host: 'azul.localhost',
      origin: 'http://azul.localhost:5173',
    });
    expect(crash.page).toMatch(/^\/play\/crash\?/);
    const flown = (await round(crash.sid, { bet: 200, target: 150 })).json() as Round;
    const recomputed = outcomeOf({
      engine: 'crash',
      serverSeed: flown.fair.server_seed,
      clientSeed: 'qa-seed',
      nonce: 0,
      bet: 200,
      target: 150,
    });
    expect(recomputed).toEqual(flown.outcome);
    expect(flown.win).toBe(recomputed.win);
    expect(flown.win).toBe(recomputed.engine === 'crash' && recomputed.crash >= 150 ? 300 : 0);
  });

  it('plays demo rounds with play money and never touches the wallet', async () => {
    const calls = async () =>
      (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM seamless_calls'))[0]?.n ?? 0;
    const before = await calls();
    const slot = await gameOf('NOT only_demo');
    const game = await open(slot.id, { 'guest-id': 'guest-abcdefghi' });
    expect(game.mode).toBe('demo');
    expect(game.launch.searchParams.has('token')).toBe(false);
    expect((await state(game.sid)).balance).toBe(100_000);
    const played = await round(game.sid, { bet: 100, target: 200 });
    expect(played.statusCode).toBe(200);
    expect((played.json() as Round).balance).toBe(100_000 - 100 + (played.json() as Round).win);
    expect(await calls()).toBe(before);
  });

  it('cancels the bet when the wallet fails: the debit is rolled back, the page is told, nothing is taken', async () => {
    const token = await api.login('ana@sorteverde.test');
    const slot = await gameOf("category_slug IN ('slots', 'popular', 'new') AND NOT only_demo");
    const game = await open(slot.id, bearer(token));
    const balance = (await state(game.sid)).balance as number;
    await updateProviderSettings(api.db, { walletFail: 'next' });
    const failed = await round(game.sid, { bet: 100 });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'WALLET_UNAVAILABLE' });
    const calls = await api.db.query<{ operation: string; code: string | null }>(
      "SELECT operation, code FROM seamless_calls WHERE round_id = (SELECT round_id FROM provider_rounds WHERE status = 'rolled_back' ORDER BY created_at DESC LIMIT 1) ORDER BY id",
    );
    expect(calls).toEqual([
      { operation: 'debit', code: 'INTERNAL_ERROR' },
      { operation: 'rollback', code: 'UNKNOWN_TRANSACTION' },
    ]);
    expect((await state(game.sid)).balance).toBe(balance);
    // The next round goes through.
    expect((await round(game.sid, { bet: 100 })).statusCode).toBe(200);
  });

  it('refuses a round the wallet refuses (insufficient funds) without drawing it', async () => {
    const token = await api.login('bruno@sorteverde.test');
    const slot = await gameOf("category_slug IN ('slots', 'popular', 'new') AND NOT only_demo");
    const game = await open(slot.id, bearer(token));
    const committed = (await state(game.sid)).fair;
    const res = await round(game.sid, { bet: 5_000 });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ code: 'INSUFFICIENT_FUNDS', balance: 0 });
    expect((await state(game.sid)).fair).toMatchObject({
      server_seed_hash: committed.server_seed_hash,
      nonce: committed.nonce,
    });
    expect((await round(game.sid, { bet: 7 })).statusCode).toBe(422);
    expect((await round('x'.repeat(32), { bet: 100 })).statusCode).toBe(401);
  });

  it("refuses a round past the player's loss limit with the wallet's own code, though the balance covers it", async () => {
    const token = await api.login('ana@sorteverde.test');
    const set = await api.app.inject({
      method: 'POST',
      url: '/api/profile/limits',
      headers: { host: 'localhost', ...bearer(token) },
      payload: { kind: 'loss', period: 'day', amount: 100 },
    });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const slot = await gameOf("category_slug IN ('slots', 'popular', 'new') AND NOT only_demo");
      const game = await open(slot.id, bearer(token));
      const balance = (await state(game.sid)).balance as number;
      expect(balance).toBeGreaterThanOrEqual(1_000);
      const res = await round(game.sid, { bet: 1_000 });
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ code: 'LOSS_LIMIT_REACHED', balance });
      const [last] = await api.db.query<{ status: string; error_code: string }>(
        'SELECT status, error_code FROM provider_rounds ORDER BY created_at DESC LIMIT 1',
      );
      expect(last).toEqual({ status: 'refused', error_code: 'LOSS_LIMIT_REACHED' });
    } finally {
      const [ana] = await api.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'ana@sorteverde.test'");
      await api.db.query("DELETE FROM player_limits WHERE user_id = $1 AND kind = 'loss'", [ana?.id]);
    }
  });

  it('refuses a tampered or expired launch URL', async () => {
    const slot = await gameOf('NOT only_demo');
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/games/url',
      headers: { host: 'localhost', origin: APP_ORIGIN },
      payload: { game_id: slot.id },
    });
    const launch = new URL((res.json() as { data: { url: string } }).data.url);
    launch.searchParams.set('origin', 'https://evil.example');
    expect((await games.inject({ url: `${launch.pathname}${launch.search}` })).statusCode).toBe(400);
    launch.searchParams.set('origin', APP_ORIGIN);
    launch.searchParams.set('exp', '1');
    expect((await games.inject({ url: `${launch.pathname}${launch.search}` })).statusCode).toBe(400);
  });
});

const gameUrl = (payload: unknown, headers: Record<string, string> = {}) =>
  api.app.inject({
    method: 'POST',
    url: '/api/games/url',
    headers: { host: 'localhost', origin: 'http://localhost:5173', ...headers },
    payload: payload as Record<string, unknown>,
  });

async function gameIdWhere(where: string): Promise<number> {
  const [row] = await api.db.query<{ id: number }>(`SELECT id FROM games WHERE ${where} ORDER BY id LIMIT 1`);
  if (!row) throw new Error(where);
  return row.id;
}

type Launch = { data: { url: string; mode: 'real' | 'demo'; expires_at: string } };

describe('POST /games/url (contract: every answer checked against openapi/openapi.yaml)', () => {
  let anaToken: string;
  beforeAll(async () => {
    anaToken = await api.login('ana@sorteverde.test');
  });

  it('gives a guest a demo URL, signed, on the provider origin, without a token', async () => {
    const id = await gameIdWhere('NOT only_demo');
    const res = await gameUrl({ game_id: id }, { 'guest-id': 'guest-abcdefghi' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as Launch;
    expect(data.mode).toBe('demo');
    const url = new URL(data.url);
    expect(url.origin).toBe(provider.publicUrl);
    expect(url.pathname).toBe('/launch');
    expect(url.searchParams.has('token')).toBe(false);
    expect(url.searchParams.get('origin')).toBe('http://localhost:5173');
    expect(url.searchParams.get('lang')).toBe('pt');
    expect(verifyLaunch(provider.secret, url.searchParams)).toBe(true);
    expect(new Date(data.expires_at).getTime()).toBeGreaterThan(Date.now());
    // Anonymous (no Guest-ID) too, and asking for real money changes nothing for a guest.
    expect(((await gameUrl({ game_id: id, mode: 'real' })).json() as Launch).data.mode).toBe('demo');
  });

  it('gives a player a real URL with a single-use game-session token (stored hashed), never the bearer', async () => {
    const id = await gameIdWhere('NOT only_demo');
    const res = await gameUrl({ game_id: id, locale: 'en' }, bearer(anaToken));
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as Launch;
    expect(data.mode).toBe('real');
    const url = new URL(data.url);
    const token = url.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.url).not.toContain(anaToken);
    expect(url.searchParams.get('lang')).toBe('en');
    const [session] = await api.db.query<{ token_hash: string; launched_at: Date | null; origin: string }>(
      'SELECT token_hash, launched_at, origin FROM game_sessions WHERE token_hash = $1',
      [hashGameToken(token)],
    );
    expect(session).toMatchObject({ launched_at: null, origin: 'http://localhost:5173' });
    expect(await api.db.query('SELECT 1 FROM game_sessions WHERE token_hash = $1', [token])).toHaveLength(0);
    // It counts as a recently played game.
    const recent = await api.db.query('SELECT 1 FROM game_plays WHERE game_id = $1', [id]);
    expect(recent.length).toBeGreaterThan(0);
  });

  it('gives a player demo when they ask for it, or when the game is only_demo', async () => {
    expect(
      (
        (
          await gameUrl({ game_id: await gameIdWhere('NOT only_demo'), mode: 'demo' }, bearer(anaToken))
        ).json() as Launch
      ).data.mode,
    ).toBe('demo');
    const onlyDemo = await api.db.query<{ id: number }>('SELECT id FROM games WHERE only_demo LIMIT 1');
    const id = onlyDemo[0]?.id ?? (await gameIdWhere('true'));
    if (!onlyDemo[0]) await api.db.query('UPDATE games SET only_demo = true WHERE id = $1', [id]);
    const { data } = (await gameUrl({ game_id: id }, bearer(anaToken))).json() as Launch;
    expect(data.mode).toBe('demo');
    expect(new URL(data.url).searchParams.has('token')).toBe(false);
  });

  it('puts no origin in the URL when the call comes from another site', async () => {
    const id = await gameIdWhere('NOT only_demo');
    const { data } = (await gameUrl({ game_id: id }, { origin: 'https://evil.example' })).json() as Launch;
    expect(new URL(data.url).searchParams.has('origin')).toBe(false);
  });

  it('refuses: a self-excluded player (403), a stale bearer (401), an unknown game (404), bad input (422)', async () => {
    const id = await gameIdWhere('NOT only_demo');
    const [ana] = await api.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'ana@sorteverde.test'");
    await api.db.query('UPDATE users SET self_excluded_at = $2 WHERE id = $1', [ana?.id, new Date(Date.now() - 1000)]);
    try {
      const excluded = await gameUrl({ game_id: id }, bearer(anaToken));
      expect(excluded.statusCode).toBe(403);
      expect(excluded.json()).toMatchObject({ selfExcluded: true, end_at: null });
    } finally {
      await api.db.query('UPDATE users SET self_excluded_at = NULL WHERE id = $1', [ana?.id]);
    }
    expect((await gameUrl({ game_id: id }, bearer('not-a-live-token'))).statusCode).toBe(401);
    const unknown = await gameUrl({ game_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Jogo não encontrado.' });
    for (const payload of [
      {},
      { game_id: 'abc' },
      { game_id: 0 },
      { game_id: id, mode: 'cash' },
      { game_id: id, x: 1 },
    ]) {
      expect((await gameUrl(payload)).statusCode).toBe(422);
    }
    expect((await gameUrl({ game_id: id }, { host: 'unknown.example' })).statusCode).toBe(404);
  });

  it('answers 503 while the provider is in maintenance (QA panel), for players and guests', async () => {
    const id = await gameIdWhere('NOT only_demo');
    await updateProviderSettings(api.db, { maintenance: true });
    try {
      const res = await gameUrl({ game_id: id }, bearer(anaToken));
      expect(res.statusCode).toBe(503);
      expect((res.json() as { message: string }).message).toContain('manutenção');
      expect((await gameUrl({ game_id: id })).statusCode).toBe(503);
    } finally {
      await updateProviderSettings(api.db, { maintenance: false });
    }
    expect((await gameUrl({ game_id: id })).statusCode).toBe(200);
  });
});

describe('QA panel: games', () => {
  const notice = (location: unknown) => {
    const query = new URL(String(location), 'http://x').searchParams;
    return { notice: query.get('notice'), error: query.get('error') };
  };

  it('switches the provider into maintenance and back, only from the panel itself', async () => {
    const foreign = await api.app.inject({
      method: 'POST',
      url: '/sandbox/games/maintenance',
      headers: { host: PANEL_HEADERS.host, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    const on = await api.app.inject({ method: 'POST', url: '/sandbox/games/maintenance', headers: PANEL_HEADERS });
    expect(notice(on.headers.location).notice).toContain('manutenção');
    expect((await api.app.inject({ url: '/sandbox' })).body).toContain('Tirar da manutenção');
    const slot = await gameOf('NOT only_demo');
    const closed = await api.app.inject({
      method: 'POST',
      url: '/api/games/url',
      headers: { host: 'localhost' },
      payload: { game_id: slot.id },
    });
    expect(closed.statusCode).toBe(503);
    await api.app.inject({ method: 'POST', url: '/sandbox/games/maintenance', headers: PANEL_HEADERS });
    expect((await api.app.inject({ url: '/sandbox' })).body).toContain('Colocar em manutenção');
  });

  it('sets the wallet delay and failure mode, refusing bad values', async () => {
    const post = (fields: Record<string, string>) =>
      api.app.inject({ method: 'POST', url: '/sandbox/games/wallet', ...panelForm(fields) });
    expect(notice((await post({ delay_ms: '-5', fail: 'off' })).headers.location).error).toContain('Atraso');
    expect(notice((await post({ delay_ms: '999999', fail: 'off' })).headers.location).error).toContain('Atraso');
    expect(notice((await post({ delay_ms: '0', fail: 'sometimes' })).headers.location).error).toContain('falha');
    expect(notice((await post({ delay_ms: '250', fail: 'always' })).headers.location).notice).toContain('250 ms');
    const [row] = await api.db.query('SELECT wallet_delay_ms, wallet_fail FROM provider_settings');
    expect(row).toEqual({ wallet_delay_ms: 250, wallet_fail: 'always' });
    await post({ delay_ms: '0', fail: 'off' });
  });

  it("forces a player's next slot round, escaping what it shows", async () => {
    const [ana] = await api.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'ana@sorteverde.test'");
    const force = (id: number | string, outcome: string) =>
      api.app.inject({ method: 'POST', url: `/sandbox/games/players/${id}/force`, ...panelForm({ outcome }) });
    expect((await force(999_999, 'big')).statusCode).toBe(404);
    expect(notice((await force(ana?.id ?? 0, 'jackpot')).headers.location).error).toBeTruthy();
    expect(notice((await force(ana?.id ?? 0, 'big')).headers.location).notice).toContain('ganho grande');
    expect(
      await api.db.query('SELECT outcome FROM provider_forced_outcomes WHERE player_id = $1', [String(ana?.id)]),
    ).toEqual([{ outcome: 'big' }]);
    await force(ana?.id ?? 0, 'none');
    expect(await api.db.query('SELECT 1 FROM provider_forced_outcomes')).toHaveLength(0);
    await api.db.query(`UPDATE users SET first_name = '<img src=x onerror=alert(1)>' WHERE id = $1`, [ana?.id]);
    const page = (await api.app.inject({ url: '/sandbox' })).body;
    expect(page).toContain('id="games"');
    expect(page).not.toContain('<img src=x');
    await api.db.query(`UPDATE users SET first_name = 'Ana' WHERE id = $1`, [ana?.id]);
  });
});
