/**
 * The platform half: cashback computed from real losses and counted by the app's own pure function
 * (shared/cashback.ts) at each unlock time; claims of a cashback slot or a mission reward sent 20 at once credit
 * once; missions progressed by real bets (the seamless wallet's debit); a regulated brand refusing deposit bonuses
 * even when asked directly; a referral credited once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableCount, isFuture, slotsSoFar } from '../../shared/cashback';
import { completeCpf } from '../../shared/cpf';
import { providerOf } from '../config';
import { signBody } from '../provider/signature';
import { createGameSession } from './game-sessions';
import { WALLET_PREFIX } from './provider-wallet';
import { creditReferral, REFERRAL_CREDIT, slotAmount, type CashbackItem, type Mission } from './rewards';
import { REFERRAL_POINTS } from '../money/points';
import { loadContract } from './contract';
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
// Wednesday 2026-11-18 12:00 in São Paulo (UTC−3). Azul Bet releases cashback on Mondays at 12:00, 5 %; Sorte Verde,
// regulated, offers none (no "win back your losses": Portaria SPA/MF 1.231/2024).
let clock = new Date('2026-11-18T15:00:00Z');
let api: TestApi;
let counter = 0;
const uid = (prefix: string) => `${prefix}-${++counter}`;
const at = (iso: string) => {
  clock = new Date(iso);
};

beforeAll(async () => {
  api = await createTestApi({ now: () => clock });
});
afterAll(() => api.close());

async function register(email: string, host = 'localhost', referral?: string) {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { host },
    payload: {
      name: 'Teste',
      surname: 'Recompensas',
      email,
      phone: `(11) 9${String(1000_0000 + ++counter).slice(0, 8)}`,
      ...REGISTRATION_DEFAULTS,
      ...(host === 'azul.localhost' ? { cpf: completeCpf(String(314_159_000 + counter).slice(-9)) } : {}),
      ...(referral ? { referral_code: referral } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  await markProfileChosen(api.db, email);
  const body = res.json() as { token: string; data: { id: number } };
  return { token: body.token, id: body.data.id };
}

async function wallet(operation: string, payload: Record<string, unknown>) {
  const raw = JSON.stringify(payload);
  const res = await api.app.inject({
    method: 'POST',
    url: `${WALLET_PREFIX}/${operation}`,
    headers: { 'content-type': 'application/json', 'x-signature': signBody(SECRET, raw) },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() as { status: string; code?: string; balance?: number } };
}

/** A launched game session of the player; returns a round player: a debit of `bet`, then a credit of `win`. */
async function launched(userId: number, brandId = 1) {
  const [game] = await api.db.query<{ id: number; gamecode: string }>(
    'SELECT id, gamecode FROM games WHERE in_lobby ORDER BY id LIMIT 1',
  );
  if (!game) throw new Error('no game');
  const { token } = await createGameSession(api.db, { userId, brandId, gameId: game.id, origin: null, now: clock });
  expect((await wallet('authenticate', { session_token: token, game_code: game.gamecode })).status).toBe(200);
  return async (bet: number, win = 0) => {
    const base = { session_token: token, game_code: game.gamecode, round_id: uid('round'), currency: 'BRL' };
    const debit = await wallet('debit', { ...base, transaction_id: uid('tx'), amount: bet });
    expect(debit.status, JSON.stringify(debit.body)).toBe(200);
    await wallet('credit', { ...base, transaction_id: uid('tx'), amount: win });
  };
}

const balanceOf = async (userId: number) =>
  (await api.db.query<{ balance: number }>('SELECT balance FROM wallets WHERE user_id = $1', [userId]))[0]?.balance ??
  0;
const fund = (userId: number, amount: number) =>
  api.db.query('UPDATE wallets SET balance = $2 WHERE user_id = $1', [userId, amount]);

const pointsOf = async (userId: number) =>
  (await api.db.query<{ points_balance: number }>('SELECT points_balance FROM wallets WHERE user_id = $1', [userId]))[0]
    ?.points_balance ?? 0;
const bonusOf = async (userId: number) =>
  (await api.db.query<{ bonus_balance: number }>('SELECT bonus_balance FROM wallets WHERE user_id = $1', [userId]))[0]
    ?.bonus_balance ?? 0;
const AZUL = 'azul.localhost';

function get(url: string, token: string, host = 'localhost') {
  return api.app.inject({ method: 'GET', url: `/api${url}`, headers: { host, ...bearer(token) } });
}
function post(url: string, token: string, payload?: unknown, host = 'localhost') {
  return api.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { host, ...bearer(token) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

describe('cashback from real losses', () => {
  it('lists what the week lost, and its slots unlock and are credited as the app counts them', async () => {
    at('2026-11-18T15:00:00Z');
    const p = await register('cashback@recompensas.test', AZUL);
    await fund(p.id, 100_000);
    const play = await launched(p.id, 2);
    await play(20_000, 2_000); // loss 180,00
    await play(3_000, 5_000); // won 20,00: loss 160,00 → 5 % = 8,00

    // The clock moves days: a fresh session for each instant (sessions end when idle).
    const fresh = () => api.login('cashback@recompensas.test', AZUL, 'Segura#2024');
    const items = async () => {
      const res = await get('/bonuses/cashback', await fresh(), AZUL);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: CashbackItem[] }).data;
    };
    // Before the release: the open week's item, dated Monday 23, not yet claimable.
    at('2026-11-22T15:00:00Z');
    let [item] = await items();
    expect(item).toMatchObject({ id: 20261123, available_at: '2026-11-23', type: 'calendar', amount: 800 });
    expect(isFuture(item!, clock)).toBe(true);
    expect(availableCount(item!, clock)).toBe(0);
    expect((await post('/bonuses/cashback/claim', await fresh(), { cashback_id: 20261123 }, AZUL)).statusCode).toBe(
      422,
    );

    // Around each unlock time (São Paulo): what the claim credits is what the app's pure function says is available.
    const instants = [
      '2026-11-23T15:00:59Z', // 12:00:59 → 0
      '2026-11-23T15:01:00Z', // 12:01:00 → 1
      '2026-11-23T21:00:59Z', // 18:00:59 → 0 more
      '2026-11-23T21:01:00Z', // 18:01:00 → 1 more
      '2026-11-24T02:59:58Z', // 23:59:58 → 0 more
      '2026-11-24T03:00:30Z', // next day 00:00:30 → the last
    ];
    const credits: number[] = [];
    for (const instant of instants) {
      at(instant);
      [item] = await items();
      expect(item!.loss).toBe(16_000);
      const available = availableCount(item!, clock);
      const expected = Array.from({ length: available }, (_, k) =>
        slotAmount(item!.amount, item!.slots, item!.claimed + 1 + k),
      ).reduce((a, b) => a + b, 0);
      const before = await balanceOf(p.id);
      const res = await post('/bonuses/cashback/claim', await fresh(), { cashback_id: item!.id }, AZUL);
      if (available === 0) {
        expect(res.statusCode).toBe(422);
        expect((res.json() as { errors: Record<string, string[]> }).errors.cashback_id).toBeDefined();
      } else {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ credited: expected });
        expect((res.json() as { data: CashbackItem }).data.claimed).toBe(slotsSoFar(item!, clock));
      }
      credits.push((await balanceOf(p.id)) - before);
    }
    expect(credits).toEqual([0, 266, 0, 266, 0, 268]);
    expect((await items())[0]).toMatchObject({ claimed: 3, claimed_amount: 800 });
  });

  it('20 claims of the same slot at once credit it once', async () => {
    at('2026-11-25T15:00:00Z'); // Wednesday
    const p = await register('cashback20@recompensas.test', AZUL);
    await fund(p.id, 50_000);
    const play = await launched(p.id, 2);
    await play(30_000); // loss 300,00 → 5 % = 15,00
    at('2026-11-30T15:30:00Z'); // Monday 30, 12:30: slot 1 unlocked
    const token = await api.login('cashback20@recompensas.test', AZUL, 'Segura#2024');
    const before = await balanceOf(p.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/bonuses/cashback/claim', token, { cashback_id: 20261130 }, AZUL)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(19);
    expect((await balanceOf(p.id)) - before).toBe(500);
    const rows = await api.db.query('SELECT * FROM cashback_claims WHERE user_id = $1', [p.id]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a self-excluded player (403) and an unknown item (404)', async () => {
    at('2026-11-30T15:30:00Z');
    const p = await register('cashbackex@recompensas.test', AZUL);
    expect((await post('/bonuses/cashback/claim', p.token, { cashback_id: 20261130 }, AZUL)).statusCode).toBe(404);
    await api.db.query(`UPDATE users SET self_excluded_at = $2, self_excluded_until = NULL WHERE id = $1`, [
      p.id,
      clock,
    ]);
    expect((await post('/bonuses/cashback/claim', p.token, { cashback_id: 20261130 }, AZUL)).statusCode).toBe(403);
    expect((await get('/bonuses/cashback', p.token, AZUL)).statusCode).toBe(403);
  });

  it('a regulated brand offers no cashback of losses: none listed, a claim refused, even with its switch on', async () => {
    at('2026-11-25T15:00:00Z');
    const p = await register('semcashback@recompensas.test');
    await fund(p.id, 50_000);
    await (
      await launched(p.id)
    )(30_000); // a loss of R$ 300,00 that a cashback would pay back
    await api.db.query(`UPDATE brands SET features = features || '{"cashback": true}'::jsonb WHERE id = 1`);
    try {
      at('2026-11-30T15:30:00Z');
      const token = await api.login('semcashback@recompensas.test', 'localhost', 'Segura#2024');
      const listed = await get('/bonuses/cashback', token);
      expect(listed.statusCode).toBe(200);
      expect((listed.json() as { data: CashbackItem[] }).data).toEqual([]);
      const before = await balanceOf(p.id);
      expect((await post('/bonuses/cashback/claim', token, { cashback_id: 20261130 })).statusCode).toBe(404);
      expect(await balanceOf(p.id)).toBe(before);
      const site = (await api.app.inject({ method: 'GET', url: '/api/site-config?domain=localhost' })).json() as {
        cashback: boolean;
      };
      expect(site.cashback).toBe(false);
    } finally {
      await api.db.query(`UPDATE brands SET features = features || '{"cashback": false}'::jsonb WHERE id = 1`);
    }
  });
});

describe('missions driven by real bets', () => {
  it('accept, progress by stakes, claim before completion 422, 20 claims at once pay once, again 409 (regulated: points, never cash or bonus)', async () => {
    at('2026-11-26T15:00:00Z');
    const p = await register('missao@recompensas.test');
    await fund(p.id, 100_000);
    const list = (await get('/missions', p.token)).json() as { data: Mission[]; message: string };
    const bet = list.data.find((m) => m.goal_kind === 'bet_total' && m.goal === 5_000);
    const rounds = list.data.find((m) => m.goal_kind === 'rounds');
    expect(bet?.status).toBe('available');
    expect(list.data.some((m) => m.title === 'Missão especial')).toBe(false); // assigned only
    const play = await launched(p.id);
    await play(1_000); // before accepting: does not count

    expect((await post(`/missions/${bet!.id}/accept`, p.token)).statusCode).toBe(200);
    expect((await post(`/missions/${bet!.id}/accept`, p.token)).statusCode).toBe(409);
    expect((await post(`/missions/${rounds!.id}/accept`, p.token)).statusCode).toBe(200);
    await play(3_000, 1_000);
    let mission = ((await get(`/missions/${bet!.id}`, p.token)).json() as { data: Mission }).data;
    expect(mission).toMatchObject({ status: 'accepted', progress: 3_000, completed_at: null });
    const early = await post(`/missions/${bet!.id}/claim`, p.token);
    expect(early.statusCode).toBe(422);
    expect((early.json() as { message: string }).message).toMatch(/ainda não foi concluída/);

    await play(2_500);
    mission = ((await get(`/missions/${bet!.id}`, p.token)).json() as { data: Mission }).data;
    expect(mission).toMatchObject({ status: 'completed', progress: 5_000 });
    expect(mission.completed_at).toBe(clock.toISOString());
    const roundsNow = ((await get(`/missions/${rounds!.id}`, p.token)).json() as { data: Mission }).data;
    expect(roundsNow).toMatchObject({ status: 'accepted', progress: 2 });

    // Sorte Verde is regulated: the mission pays 500 loyalty points, and not a centavo of cash or bonus money
    // (Portaria SPA/MF 1.231/2024 arts. 42–43; Lei 14.790/2023 art. 29).
    expect(bet).toMatchObject({ reward_kind: 'points', reward: 500 });
    const before = await balanceOf(p.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(`/missions/${bet!.id}/claim`, p.token)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect((await balanceOf(p.id)) - before).toBe(0);
    expect(await bonusOf(p.id)).toBe(0);
    expect(await pointsOf(p.id)).toBe(500);
    const ok = answers.find((r) => r.statusCode === 200)!.json() as { data: Mission; message: string; points: number };
    expect(ok.data.status).toBe('claimed');
    expect(ok.points).toBe(500);
    expect(ok.message).toBe('Recompensa resgatada: 500 pontos de fidelidade.');
    expect(ok.message).not.toContain('R$');
    expect((await post(`/missions/${bet!.id}/claim`, p.token)).statusCode).toBe(409);
  });

  it('another brand’s mission is not found; a self-excluded player is refused', async () => {
    const p = await register('missao2@recompensas.test');
    const [azul] = await api.db.query<{ id: number }>('SELECT id FROM missions WHERE brand_id = 2 LIMIT 1');
    expect((await get(`/missions/${azul!.id}`, p.token)).statusCode).toBe(404);
    await api.db.query('UPDATE users SET self_excluded_at = $2 WHERE id = $1', [p.id, clock]);
    expect((await post(`/missions/${azul!.id}/claim`, p.token)).statusCode).toBe(403);
  });
});

describe('missions: the contract of every operation, bad input included', () => {
  const contract = loadContract();
  const check = (operationId: string, res: { statusCode: number; json(): unknown }) =>
    expect(contract.checkResponse(contract.operation(operationId), res.statusCode, res.json())).toBeNull();

  it('answers listMissions, getMission, acceptMission and claimMission as the contract says', async () => {
    const p = await register('cm1@recompensas.test');
    const list = await get('/missions', p.token);
    expect(list.statusCode).toBe(200);
    check('listMissions', list);
    const id = (list.json() as { data: Mission[] }).data[0]!.id;
    const one = await get(`/missions/${id}`, p.token);
    expect(one.statusCode).toBe(200);
    check('getMission', one);
    const accepted = await post(`/missions/${id}/accept`, p.token);
    expect(accepted.statusCode).toBe(200);
    check('acceptMission', accepted);
    const early = await post(`/missions/${id}/claim`, p.token);
    expect(early.statusCode).toBe(422);
    check('claimMission', early);
    expect((await post(`/missions/${id}/accept`, p.token)).statusCode).toBe(409);
  });

  it('refuses a guest (401) and bad ids (4xx with a message, never 500)', async () => {
    const p = await register('cm2@recompensas.test');
    for (const [operationId, method, url] of [
      ['listMissions', 'GET', '/missions'],
      ['getMission', 'GET', '/missions/1'],
      ['acceptMission', 'POST', '/missions/1/accept'],
      ['claimMission', 'POST', '/missions/1/claim'],
    ] as const) {
      const res = await api.app.inject({ method, url: `/api${url}`, headers: { host: 'localhost' } });
      expect(res.statusCode, operationId).toBe(401);
    }
    const bad = ['abc', '0', '-1', '1.5', '99999999999999999999', '%3Cscript%3E', 'A'.repeat(1000)];
    for (const id of bad) {
      for (const res of [
        await get(`/missions/${id}`, p.token),
        await post(`/missions/${id}/accept`, p.token),
        await post(`/missions/${id}/claim`, p.token),
      ]) {
        expect(res.statusCode, `${id}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${id}: ${res.body}`).toBeLessThan(500);
        const body = res.json() as { message?: unknown; errors?: unknown };
        expect(typeof body.message).toBe('string');
        // A malformed id is a validation refusal (422 with `errors`); a well-formed one of no mission is 404.
        if (res.statusCode === 422) expect(typeof body.errors).toBe('object');
        expect(res.body).not.toContain('<script>');
      }
    }
    // A well-formed id of no mission of the brand: 404 with §8's text.
    const unknown = await post('/missions/999999/claim', p.token);
    expect(unknown.statusCode).toBe(404);
    check('claimMission', unknown);
  });

  it('20 accepts of the same mission at once accept it once (the 20 claims at once are above)', async () => {
    const p = await register('cm3@recompensas.test');
    await fund(p.id, 10_000);
    const list = (await get('/missions', p.token)).json() as { data: Mission[] };
    const bet = list.data.find((m) => m.goal_kind === 'bet_total')!;
    // 20 accepts at once: one 200, the rest 409.
    const accepts = await Promise.all(Array.from({ length: 20 }, () => post(`/missions/${bet.id}/accept`, p.token)));
    expect(accepts.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(accepts.filter((r) => r.statusCode === 409)).toHaveLength(19);
  });
});

describe('coupons and the regulated brand', () => {
  it('Sorte Verde (regulated) refuses every coupon (deposit bonus, advance, free spins) even by code, and lists none', async () => {
    const p = await register('cupom@recompensas.test');
    for (const code of ['BEMVINDO100', 'bemvindo100', 'ADIANTA20', ' giros10 ', 'GIROS10']) {
      const res = await post('/bonuses/check-coupon', p.token, { coupon: code });
      expect(res.statusCode, code).toBe(422);
      const [message] = (res.json() as { errors: { coupon: string[] } }).errors.coupon;
      expect(message).toMatch(/Lei 14\.790\/2023 \(art\. 29\)/);
      expect(message).toMatch(/Portaria SPA\/MF 1\.231\/2024 \(art\. 42\)/);
    }
    const listed = ((await get('/bonuses/coupons', p.token)).json() as { data: { code: string }[] }).data;
    expect(listed).toEqual([]);
  });

  it('Azul Bet (not regulated) offers them', async () => {
    const diego = await api.login('diego@azulbet.test', 'azul.localhost');
    const res = await post('/bonuses/check-coupon', diego, { coupon: 'BEMVINDO100' }, 'azul.localhost');
    expect(res.statusCode).toBe(200);
    const listed = ((await get('/bonuses/coupons', diego, 'azul.localhost')).json() as { data: { code: string }[] })
      .data;
    expect(listed.map((c) => c.code)).toEqual(['GIROS10', 'BEMVINDO100', 'ADIANTA20', 'AZUL50']);
  });

  it('refuses bad codes with a message on `coupon`, never echoing them as HTML', async () => {
    const p = await register('cupom2@recompensas.test');
    for (const code of [
      'A'.repeat(1_000),
      'GIROS\u000710',
      '<script>alert(1)</script>',
      'GIRÓS10',
      'VENCIDO5',
      'NADA',
    ]) {
      const res = await post('/bonuses/check-coupon', p.token, { coupon: code });
      expect(res.statusCode, code).toBe(422);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).not.toContain('<script>');
      expect((res.json() as { errors: { coupon: string[] } }).errors.coupon.length).toBeGreaterThan(0);
    }
  });
});

describe('referrals and VIP', () => {
  it('a regulated brand pays the referrer loyalty points once per referral, never cash or bonus', async () => {
    const referrer = await register('padrinho-pts@recompensas.test');
    const [row] = await api.db.query<{ referral_code: string }>('SELECT referral_code FROM users WHERE id = $1', [
      referrer.id,
    ]);
    const before = await balanceOf(referrer.id);
    const referee = await register('afilhado-pts@recompensas.test', 'localhost', row!.referral_code);
    await api.db.transaction((tx) =>
      creditReferral(tx, { brandId: 1, refereeId: referee.id, referralCode: row!.referral_code, now: clock }),
    );
    expect(await balanceOf(referrer.id)).toBe(before);
    expect(await bonusOf(referrer.id)).toBe(0);
    expect(await pointsOf(referrer.id)).toBe(REFERRAL_POINTS);
    const affiliates = (await get('/profile/affiliates', referrer.token)).json() as { data: Record<string, unknown> };
    expect(affiliates.data).toMatchObject({
      reward_kind: 'points',
      credit_per_referral: 0,
      points_per_referral: 1_000,
      total_earned: 0,
      total_points: 1_000,
      referrals: [{ name: 'Teste R.', earned: 0, points: 1_000 }],
    });
  });

  it('credits the referrer once per player registered with their code, and lists what each earned (Azul Bet: bonus money)', async () => {
    const referrer = await register('padrinho@recompensas.test', AZUL);
    const [row] = await api.db.query<{ referral_code: string }>('SELECT referral_code FROM users WHERE id = $1', [
      referrer.id,
    ]);
    const before = await bonusOf(referrer.id);
    const referee = await register('afilhado@recompensas.test', AZUL, row!.referral_code.toLowerCase());
    // Azul Bet is not regulated: the credit is bonus money with its rollover (the honest terms of its rewards).
    expect((await bonusOf(referrer.id)) - before).toBe(REFERRAL_CREDIT);
    // Again (a retried registration step): nothing more.
    await api.db.transaction((tx) =>
      creditReferral(tx, { brandId: 2, refereeId: referee.id, referralCode: row!.referral_code, now: clock }),
    );
    expect((await bonusOf(referrer.id)) - before).toBe(REFERRAL_CREDIT);
    expect(await pointsOf(referrer.id)).toBe(0);
    const affiliates = (await get('/profile/affiliates', referrer.token, AZUL)).json() as {
      data: { referral_code: string; total_earned: number; referrals: { name: string; earned: number }[] };
    };
    expect(affiliates.data).toMatchObject({
      referral_code: row!.referral_code,
      total_earned: REFERRAL_CREDIT,
      referrals: [{ name: 'Teste R.', earned: REFERRAL_CREDIT }],
    });
    expect(JSON.stringify(affiliates)).not.toContain('afilhado@');
  });

  it('VIP: the level and points of the total bet', async () => {
    const ana = await api.login('ana@sorteverde.test');
    const vip = (await get('/profile/vip', ana)).json() as { data: { level: number; points: number; percent: number } };
    expect(vip.data.points).toBe(12_500);
    expect(vip.data.level).toBeGreaterThanOrEqual(1);
    expect(vip.data.percent).toBeGreaterThanOrEqual(0);
  });
});

describe('QA panel: missions assigned live, bets recorded', () => {
  type Call = { channels: string | string[]; event: string; data: unknown };
  const calls: Call[] = [];
  let panel: TestApi;
  const publisher = {
    async trigger(channels: string | string[], event: string, data: unknown) {
      calls.push({ channels, event, data });
      return {};
    },
  };
  beforeAll(async () => {
    panel = await createTestApi({ publisher, now: () => clock });
  });
  afterAll(() => panel.close());

  it('assigns a mission to a player (MissionAssigned on their channel) and shows one to a guest', async () => {
    at('2026-11-26T15:00:00Z');
    const [mission] = await panel.db.query<{ id: number }>(
      "SELECT id FROM missions WHERE brand_id = 1 AND slug = 'missao-especial'",
    );
    const [ana] = await panel.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'ana@sorteverde.test'");
    const assign = (to: string) =>
      panel.app.inject({
        method: 'POST',
        url: '/sandbox/rewards/missions/assign',
        ...panelForm({ mission: String(mission!.id), to }),
      });
    expect((await assign('ana@sorteverde.test')).statusCode).toBe(303);
    expect(calls.at(-1)).toMatchObject({
      channels: `private-universal.${ana!.id}`,
      event: 'MissionAssigned',
      data: { data: { id: mission!.id, title: 'Missão especial', status: 'available' } },
    });
    const token = await panel.login('ana@sorteverde.test');
    const list = await panel.app.inject({
      method: 'GET',
      url: '/api/missions',
      headers: { host: 'localhost', ...bearer(token) },
    });
    expect((list.json() as { data: Mission[] }).data.some((m) => m.id === mission!.id)).toBe(true);

    expect((await assign('guest-abcDEF123')).statusCode).toBe(303);
    expect(calls.at(-1)).toMatchObject({ channels: 'private-universal.guest-abcDEF123', event: 'MissionAssigned' });
    const refused = await assign('ninguem@sorteverde.test');
    expect(new URL(refused.headers.location as string, 'http://x').searchParams.get('error')).toMatch(/não encontrado/);
  });

  it('records a bet that moves accepted missions', async () => {
    const [ana] = await panel.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'ana@sorteverde.test'");
    const [mission] = await panel.db.query<{ id: number }>(
      "SELECT id FROM missions WHERE brand_id = 1 AND slug = 'missao-especial'",
    );
    const token = await panel.login('ana@sorteverde.test');
    const accept = await panel.app.inject({
      method: 'POST',
      url: `/api/missions/${mission!.id}/accept`,
      headers: { host: 'localhost', ...bearer(token) },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const res = await panel.app.inject({
      method: 'POST',
      url: '/sandbox/rewards/bets',
      ...panelForm({ player: String(ana!.id), bet: '20,00', win: '0' }),
    });
    expect(res.statusCode).toBe(303);
    const [row] = await panel.db.query<{ status: string; progress: number }>(
      'SELECT status, progress FROM player_missions WHERE user_id = $1 AND mission_id = $2',
      [ana!.id, mission!.id],
    );
    expect(row).toEqual({ status: 'completed', progress: 2_000 });
  });
});
