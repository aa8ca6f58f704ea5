/**
 * The loss limit where a bet debits the wallet (the seamless wallet's debit, which casino rounds and
 * sportsbook slips both go through). A stake that would take the period's loss past the smallest remaining
 * loss limit is refused with its own code (402 LOSS_LIMIT_REACHED with the balance, not INSUFFICIENT_FUNDS) and
 * nothing is debited. Periods are São Paulo calendar periods.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameSession } from './game-sessions';
import { WALLET_PREFIX } from './provider-wallet';
import { bearer, createTestApi, TEST_CONFIG, type TestApi } from './test-support';
import { providerOf } from '../config';
import { signBody } from '../provider/signature';
import { stakeWithinLossLimit } from './responsible-gaming';

const SECRET = providerOf(TEST_CONFIG).secret;
let clock = new Date('2026-11-26T15:00:00Z'); // Thursday 12:00 in São Paulo
let api: TestApi;
let counter = 0;
const uid = (prefix: string) => `${prefix}-${++counter}`;

beforeAll(async () => {
  api = await createTestApi({ now: () => clock });
});
afterAll(() => api.close());

async function call(operation: string, payload: Record<string, unknown>) {
  const raw = JSON.stringify(payload);
  const res = await api.app.inject({
    method: 'POST',
    url: `${WALLET_PREFIX}/${operation}`,
    headers: { 'content-type': 'application/json', 'x-signature': signBody(SECRET, raw) },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() as { status: string; code?: string; balance?: number } };
}

async function playerId(email: string): Promise<number> {
  const [row] = await api.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  if (!row) throw new Error(email);
  return row.id;
}

async function launched(userId: number) {
  const [game] = await api.db.query<{ id: number; gamecode: string }>(
    'SELECT id, gamecode FROM games WHERE in_lobby ORDER BY id LIMIT 1',
  );
  if (!game) throw new Error('no game');
  const { token } = await createGameSession(api.db, { userId, brandId: 1, gameId: game.id, origin: null, now: clock });
  expect((await call('authenticate', { session_token: token, game_code: game.gamecode })).status).toBe(200);
  /** One round: a debit of `bet`, then a credit of `win` when the debit went through. */
  return async (bet: number, win = 0) => {
    const round = uid('round');
    const base = { session_token: token, game_code: game.gamecode, round_id: round, currency: 'BRL' };
    const debit = await call('debit', { ...base, transaction_id: uid('tx'), amount: bet });
    if (debit.status === 200) await call('credit', { ...base, transaction_id: uid('tx'), amount: win });
    return debit;
  };
}

const balanceOf = async (userId: number) =>
  (await api.db.query<{ balance: number }>('SELECT balance FROM wallets WHERE user_id = $1', [userId]))[0]?.balance;

describe('loss limit at the wallet debit', () => {
  it('refuses the stake that would pass the limit, with the balance; nothing is debited; wins make room', async () => {
    const id = await playerId('diego@azulbet.test'); // brand 2; the game session names brand 1 (irrelevant here)
    await api.db.query('UPDATE wallets SET balance = 100000 WHERE user_id = $1', [id]);
    const token = await api.login('diego@azulbet.test', 'azul.localhost');
    const set = await api.app.inject({
      method: 'POST',
      url: '/api/profile/limits',
      headers: { host: 'azul.localhost', ...bearer(token) },
      payload: { kind: 'loss', period: 'day', amount: 5_000 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const play = await launched(id);

    expect((await play(3_000, 0)).status).toBe(200); // loss 30,00
    const refused = await play(2_500);
    expect(refused).toEqual({
      status: 402,
      body: { status: 'ERROR', code: 'LOSS_LIMIT_REACHED', balance: 97_000, bonus_balance: 0 },
    });
    expect(await balanceOf(id)).toBe(97_000);
    expect((await play(2_000, 4_000)).status).toBe(200); // exactly the limit; a win of 40,00: loss 10,00
    expect((await play(4_000, 0)).status).toBe(200); // loss 50,00
    expect(await play(100)).toEqual({
      status: 402,
      body: { status: 'ERROR', code: 'LOSS_LIMIT_REACHED', balance: 95_000, bonus_balance: 0 },
    });

    const settings = await api.app.inject({
      url: '/api/profile/responsible-gaming',
      headers: { host: 'azul.localhost', ...bearer(token) },
    });
    const loss = (settings.json() as { data: { limits: { kind: string; period: string; used: number }[] } }).data
      .limits;
    expect(loss.filter((l) => l.kind === 'loss').map((l) => l.used)).toEqual([5_000, 5_000, 5_000]);

    // The next São Paulo day the daily loss starts again.
    clock = new Date('2026-11-27T03:00:00Z');
    const again = await launched(id);
    expect((await again(5_000)).status).toBe(200);
  });

  it('counts open sports stakes, and the tightest of day, week and month', async () => {
    clock = new Date('2026-11-26T15:00:00Z');
    const id = await playerId('ana@sorteverde.test');
    await api.db.query(
      `INSERT INTO player_limits (user_id, kind, period, amount, updated_at) VALUES ($1, 'loss', 'week', 10000, $2),
              ($1, 'loss', 'month', 50000, $2)`,
      [id, clock],
    );
    expect(await stakeWithinLossLimit(api.db, id, 10_000, clock)).toBe(true);
    expect(await stakeWithinLossLimit(api.db, id, 10_001, clock)).toBe(false);
    // A due removal of the weekly limit counts at once: the monthly one is then the tightest.
    await api.db.query(
      "UPDATE player_limits SET pending_from = $2, pending_amount = NULL WHERE user_id = $1 AND period = 'week'",
      [id, clock],
    );
    expect(await stakeWithinLossLimit(api.db, id, 50_000, clock)).toBe(true);
    expect(await stakeWithinLossLimit(api.db, id, 50_001, clock)).toBe(false);
    // An open sports slip's stake counts until it is settled.
    await api.db.query(
      `INSERT INTO sportsbook_sessions (id_hash, game_token, user_id, created_at, expires_at) VALUES ('h1', 't1', $1, $2, $2)`,
      [id, clock],
    );
    await api.db.query(
      `INSERT INTO sports_bets (client_bet_id, fingerprint, user_id, session_hash, kind, selections, stake, odds,
                                potential_win, status, debit_tx, created_at)
       VALUES ('slip-0001', 'f', $1, 'h1', 'single', '[]', 20000, 200, 40000, 'open', 'd1', $2)`,
      [id, clock],
    );
    expect(await stakeWithinLossLimit(api.db, id, 30_000, clock)).toBe(true);
    expect(await stakeWithinLossLimit(api.db, id, 30_001, clock)).toBe(false);
    // Settled lost: it is now part of the loss (the same room left).
    await api.db.query("UPDATE sports_bets SET status = 'lost', settled_at = $2 WHERE user_id = $1", [id, clock]);
    expect(await stakeWithinLossLimit(api.db, id, 30_000, clock)).toBe(true);
    expect(await stakeWithinLossLimit(api.db, id, 30_001, clock)).toBe(false);
  });
});
