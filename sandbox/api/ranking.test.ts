/**
 * Ranking and VIP (openapi listRankingLevels, getVip): the levels with what each gives, the player's
 * standing moved by real bets (the seamless wallet's debit and the QA panel's recorded casino bet), the VIP team
 * from the level that gives one; bad input refused with §8's `errors`; a guest asking for VIP → 401.
 * Responses are checked against the contract (test-support validates every response).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerOf } from '../config';
import { signBody } from '../provider/signature';
import { RANKING_LEVELS } from '../seed-data/catalogue';
import { createGameSession } from './game-sessions';
import { WALLET_PREFIX } from './provider-wallet';
import {
  bearer,
  createTestApi,
  panelForm,
  TEST_CONFIG,
  type TestApi,
  REGISTRATION_DEFAULTS,
  markProfileChosen,
} from './test-support';

const SECRET = providerOf(TEST_CONFIG).secret;
let api: TestApi;
let counter = 0;

beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

interface Vip {
  level: number;
  name: string;
  points: number;
  total_bet: number;
  next_level: { level: number; name: string; totalBet: number; perks?: string[] } | null;
  percent: number;
  needed: number | null;
  perks: string[];
  manager: { name: string; email: string } | null;
}

async function register(email: string, host = 'localhost') {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { host },
    payload: {
      name: 'Teste',
      surname: 'Ranking',
      email,
      phone: `(11) 9${String(2000_0000 + ++counter).slice(0, 8)}`,
      ...REGISTRATION_DEFAULTS,
      ...(host === 'azul.localhost' ? { cpf: '' } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  await markProfileChosen(api.db, email);
  const body = res.json() as { token: string; data: { id: number } };
  return { token: body.token, id: body.data.id };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  api.app.inject({ method: 'GET', url: `/api${url}`, headers: { host: 'localhost', ...headers } });
const vipOf = async (token: string) => {
  const res = await get('/profile/vip', bearer(token));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Vip }).data;
};

/** A debit through the provider's seamless wallet (a real casino bet) of `amount` centavos. */
async function debit(userId: number, amount: number) {
  const [game] = await api.db.query<{ id: number; gamecode: string }>(
    'SELECT id, gamecode FROM games WHERE in_lobby ORDER BY id LIMIT 1',
  );
  const { token } = await createGameSession(api.db, {
    userId,
    brandId: 1,
    gameId: game!.id,
    origin: null,
    now: new Date(),
  });
  const send = async (operation: string, payload: Record<string, unknown>) => {
    const raw = JSON.stringify(payload);
    return api.app.inject({
      method: 'POST',
      url: `${WALLET_PREFIX}/${operation}`,
      headers: { 'content-type': 'application/json', 'x-signature': signBody(SECRET, raw) },
      payload: raw,
    });
  };
  expect((await send('authenticate', { session_token: token, game_code: game!.gamecode })).statusCode).toBe(200);
  const res = await send('debit', {
    session_token: token,
    game_code: game!.gamecode,
    round_id: `rank-round-${++counter}`,
    transaction_id: `rank-tx-${++counter}`,
    amount,
    currency: 'BRL',
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /ranking (listRankingLevels)', () => {
  it('lists the levels in ascending order with the total bet each needs and what each gives', async () => {
    const res = await get('/ranking');
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as { data: { level: number; name: string; totalBet: number; perks: string[] }[] };
    expect(data.map((l) => [l.level, l.name, l.totalBet])).toEqual(
      RANKING_LEVELS.map((l) => [l.level, l.name, l.totalBet]),
    );
    expect(data.map((l) => l.perks)).toEqual(RANKING_LEVELS.map((l) => l.perks));
    // A guest and the other brand see the same levels.
    const azul = await get('/ranking', { host: 'azul.localhost' });
    expect(azul.statusCode).toBe(200);
  });

  it('refuses bad input: an over-long lmcp (422 with errors), an unknown brand (404)', async () => {
    const long = await get('/ranking', { lmcp: 'x'.repeat(201) });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toHaveProperty('errors');
    const unknown = await get('/ranking', { host: 'nenhuma.example' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /profile/vip (getVip)', () => {
  it('a guest, or a token that is not one, is refused with 401', async () => {
    expect((await get('/profile/vip')).statusCode).toBe(401);
    expect((await get('/profile/vip', bearer('not-a-token'))).statusCode).toBe(401);
  });

  it('a new player: level 1, no points, the progress toward level 2, no VIP team yet', async () => {
    const p = await register('vip-novo@ranking.test');
    expect(await vipOf(p.token)).toEqual({
      level: 1,
      name: 'Bronze',
      points: 0,
      total_bet: 0,
      next_level: { level: 2, name: 'Prata', totalBet: 100_000, perks: RANKING_LEVELS[1]!.perks },
      percent: 0,
      needed: 100_000,
      perks: RANKING_LEVELS[0]!.perks,
      manager: null,
    });
  });

  it('real bets move the standing: a seamless-wallet debit and a QA-panel casino bet raise the level', async () => {
    const p = await register('vip-apostas@ranking.test');
    await api.db.query('UPDATE wallets SET balance = $2 WHERE user_id = $1', [p.id, 5_000_000]);
    await debit(p.id, 60_000);
    let vip = await vipOf(p.token);
    expect(vip).toMatchObject({ level: 1, total_bet: 60_000, points: 600, percent: 60, needed: 40_000 });
    // The profile agrees (§3 User: level, totalBet).
    const profile = (await get('/profile', bearer(p.token))).json() as {
      data: { user: { level: number; totalBet: number } };
    };
    expect(profile.data.user).toMatchObject({ level: 1, totalBet: 60_000 });

    const panel = await api.app.inject({
      method: 'POST',
      url: '/sandbox/rewards/bets',
      ...panelForm({ player: String(p.id), bet: '400,00', win: '0' }),
    });
    expect(panel.statusCode).toBe(303);
    vip = await vipOf(p.token);
    expect(vip).toMatchObject({ level: 2, name: 'Prata', total_bet: 100_000, percent: 0, needed: 400_000 });

    // Up to Platina (R$ 20.000,00): the level gives a VIP team, and the standing names it.
    await debit(p.id, 1_900_000);
    vip = await vipOf(p.token);
    expect(vip).toMatchObject({ level: 4, name: 'Platina', needed: 8_000_000 });
    expect(vip.perks).toContain('vip_manager');
    expect(vip.manager).toEqual({ name: 'VIP Sorte Verde', email: 'vip@sorteverde.example' });
  });

  it('at the top level: 100 % and nothing needed', async () => {
    const p = await register('vip-elite@ranking.test');
    await api.db.query('UPDATE users SET total_bet = $2 WHERE id = $1', [p.id, 60_000_000]);
    const vip = await vipOf(p.token);
    expect(vip).toMatchObject({ level: 6, name: 'Elite', next_level: null, percent: 100, needed: null });
  });
});
