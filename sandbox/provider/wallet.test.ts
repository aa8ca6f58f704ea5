/**
 * The operator's seamless wallet (openapi/provider-wallet.yaml) as a provider calls it: signed raw JSON bodies,
 * idempotency on transaction_id under concurrency, refusals that change nothing, rollbacks, sessions. Every
 * answer is checked against the contract.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, TEST_CONFIG, type TestApi } from '../api/test-support';
import { createGameSession, GAME_SESSION } from '../api/game-sessions';
import { WALLET_PREFIX } from '../api/provider-wallet';
import { providerOf } from '../config';
import { updateProviderSettings } from './settings';
import { signBody } from './signature';

const SECRET = providerOf(TEST_CONFIG).secret;
let clock = new Date(); // the seed's self-exclusions are relative to now
const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

let api: TestApi;
let counter = 0;
const uid = (prefix: string) => `${prefix}-${++counter}`;

interface Answer {
  status: number;
  body: { status: 'OK' | 'ERROR'; code?: string; balance?: number; transaction_id?: string } & Record<string, unknown>;
}

/** Every answer is checked against openapi/provider-wallet.yaml (the schema documented for its status). */
type Doc = {
  paths: Record<string, { post: { responses: Record<string, { $ref?: string; content?: unknown }> } }>;
  components: { schemas: Record<string, unknown>; responses: Record<string, { content: unknown }> };
};
const contract = parseYaml(readFileSync(new URL('../../openapi/provider-wallet.yaml', import.meta.url), 'utf8')) as Doc;
const ajv = new Ajv2020({ strict: false, allErrors: true });
ajv.addSchema({
  $id: 'wallet',
  $defs: JSON.parse(JSON.stringify(contract.components.schemas).replaceAll('#/components/schemas/', 'wallet#/$defs/')),
});
function checkAnswer(operation: string, status: number, body: unknown): void {
  let response = contract.paths[`/${operation}`]?.post.responses[String(status)];
  if (response?.$ref) response = contract.components.responses[response.$ref.split('/').pop() ?? ''];
  const schema = (response?.content as { 'application/json': { schema: { $ref: string } } } | undefined)?.[
    'application/json'
  ].schema;
  if (!schema) throw new Error(`${operation} ${status} is not documented`);
  const validate = ajv.compile({ $ref: schema.$ref.replace('#/components/schemas/', 'wallet#/$defs/') });
  if (!validate(body)) throw new Error(`${operation} ${status} off contract: ${ajv.errorsText(validate.errors)}`);
}

async function call(
  operation: string,
  payload: unknown,
  opts: { secret?: string; headers?: Record<string, string> } = {},
) {
  const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const res = await api.app.inject({
    method: 'POST',
    url: `${WALLET_PREFIX}/${operation}`,
    headers: {
      'content-type': 'application/json',
      'x-signature': signBody(opts.secret ?? SECRET, raw),
      ...opts.headers,
    },
    payload: raw,
  });
  if (!opts.headers?.origin) checkAnswer(operation, res.statusCode, res.json());
  return { status: res.statusCode, body: res.json() } as Answer;
}

async function playerId(email: string): Promise<number> {
  const [row] = await api.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  if (!row) throw new Error(email);
  return row.id;
}

async function anyGame(): Promise<{ id: number; gamecode: string }> {
  const [game] = await api.db.query<{ id: number; gamecode: string }>(
    'SELECT id, gamecode FROM games ORDER BY id LIMIT 1',
  );
  if (!game) throw new Error('no game');
  return game;
}

/** A launched game session of the player (what POST /games/url + the provider's authenticate make). */
async function launched(email: string, balance?: number) {
  const userId = await playerId(email);
  if (balance !== undefined)
    await api.db.query('UPDATE wallets SET balance = $2 WHERE user_id = $1', [userId, balance]);
  const game = await anyGame();
  const { token } = await createGameSession(api.db, { userId, brandId: 1, gameId: game.id, origin: null, now: clock });
  const auth = await call('authenticate', { session_token: token, game_code: game.gamecode });
  expect(auth.body.status).toBe('OK');
  const move = (extra: Record<string, unknown>) => ({
    session_token: token,
    game_code: game.gamecode,
    round_id: uid('round'),
    transaction_id: uid('tx'),
    currency: 'BRL',
    ...extra,
  });
  return { userId, token, game, move };
}

const balanceOf = async (userId: number) =>
  (await api.db.query<{ balance: number }>('SELECT balance FROM wallets WHERE user_id = $1', [userId]))[0]?.balance;
const totalBetOf = async (userId: number) =>
  (await api.db.query<{ total_bet: number }>('SELECT total_bet FROM users WHERE id = $1', [userId]))[0]?.total_bet;
const txCount = async () =>
  (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM seamless_transactions'))[0]?.n ?? 0;

beforeAll(async () => {
  api = await createTestApi({ now: () => clock });
});
afterAll(() => api.close());

describe('seamless wallet: sessions', () => {
  it('authenticates a game-session token once, within its launch window', async () => {
    const userId = await playerId('ana@sorteverde.test');
    const game = await anyGame();
    const origin = 'http://localhost:5173';
    const { token } = await createGameSession(api.db, { userId, brandId: 1, gameId: game.id, origin, now: clock });
    const first = await call('authenticate', { session_token: token, game_code: game.gamecode });
    expect(first).toMatchObject({
      status: 200,
      body: { status: 'OK', currency: 'BRL', player_id: String(userId), player_name: 'Ana***', origin },
    });
    expect(typeof first.body.balance).toBe('number');
    // Single-use: the same URL opened again is refused; the session itself keeps working for the provider.
    expect(await call('authenticate', { session_token: token, game_code: game.gamecode })).toMatchObject({
      status: 401,
      body: { status: 'ERROR', code: 'SESSION_EXPIRED' },
    });
    expect((await call('balance', { session_token: token, game_code: game.gamecode })).body).toMatchObject({
      status: 'OK',
      balance: first.body.balance,
    });
    // The token is stored only hashed.
    const stored = await api.db.query<{ token_hash: string }>('SELECT token_hash FROM game_sessions');
    expect(stored.some((r) => r.token_hash === token)).toBe(false);
  });

  it('expires a token not launched within the window, and a launched one idle too long (settling still works)', async () => {
    const userId = await playerId('ana@sorteverde.test');
    const game = await anyGame();
    const { token } = await createGameSession(api.db, {
      userId,
      brandId: 1,
      gameId: game.id,
      origin: null,
      now: clock,
    });
    later(GAME_SESSION.launchWindowMs + 1);
    expect((await call('authenticate', { session_token: token, game_code: game.gamecode })).body.code).toBe(
      'SESSION_EXPIRED',
    );

    const s = await launched('ana@sorteverde.test');
    const round = uid('round');
    expect((await call('debit', s.move({ round_id: round, amount: 100 }))).body.status).toBe('OK');
    later(GAME_SESSION.idleMs + 1);
    expect(await call('debit', s.move({ amount: 100 }))).toMatchObject({
      status: 401,
      body: { code: 'SESSION_EXPIRED' },
    });
    expect(await call('balance', { session_token: s.token })).toMatchObject({ status: 401 });
    // The round under way is still settled: the win is owed.
    expect((await call('credit', s.move({ round_id: round, amount: 300 }))).body.status).toBe('OK');
    expect((await call('balance', { session_token: 'no-such-token' })).body.code).toBe('SESSION_EXPIRED');
  });

  it('refuses a self-excluded player: no launch, no debit; a round under way is still credited', async () => {
    const carla = await playerId('carla@sorteverde.test');
    const game = await anyGame();
    const { token } = await createGameSession(api.db, {
      userId: carla,
      brandId: 1,
      gameId: game.id,
      origin: null,
      now: clock,
    });
    expect(await call('authenticate', { session_token: token, game_code: game.gamecode })).toMatchObject({
      status: 403,
      body: { status: 'ERROR', code: 'PLAYER_BLOCKED' },
    });

    const s = await launched('bruno@sorteverde.test', 5_000);
    const round = uid('round');
    expect((await call('debit', s.move({ round_id: round, amount: 1_000 }))).body.balance).toBe(4_000);
    await api.db.query('UPDATE users SET self_excluded_at = $2, self_excluded_until = NULL WHERE id = $1', [
      s.userId,
      new Date(clock.getTime() - 1000),
    ]);
    try {
      expect(await call('debit', s.move({ amount: 100 }))).toMatchObject({
        status: 403,
        body: { code: 'PLAYER_BLOCKED', balance: 4_000 },
      });
      expect((await call('credit', s.move({ round_id: round, amount: 2_000 }))).body).toMatchObject({
        status: 'OK',
        balance: 6_000,
      });
    } finally {
      await api.db.query('UPDATE users SET self_excluded_at = NULL WHERE id = $1', [s.userId]);
    }
  });
});

describe('seamless wallet: idempotency and concurrency', () => {
  it('debits once when the same debit is sent 100 times at once; every answer is the first', async () => {
    const s = await launched('ana@sorteverde.test', 25_000);
    const totalBet = (await totalBetOf(s.userId)) ?? 0;
    const debit = s.move({ amount: 1_234 });
    const answers = await Promise.all(Array.from({ length: 100 }, () => call('debit', debit)));
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 200,
        body: { status: 'OK', balance: 23_766, bonus_balance: 0, transaction_id: debit.transaction_id },
      });
    }
    expect(await balanceOf(s.userId)).toBe(23_766);
    expect(await totalBetOf(s.userId)).toBe(totalBet + 1_234);
    const bets = await api.db.query<{ bet_amount: number }>('SELECT bet_amount FROM bets WHERE round_id = $1', [
      debit.round_id,
    ]);
    expect(bets).toEqual([{ bet_amount: 1_234 }]);
    const calls = await api.db.query<{ replay: boolean; status: string }>(
      'SELECT replay, status FROM seamless_calls WHERE transaction_id = $1',
      [debit.transaction_id],
    );
    expect(calls).toHaveLength(100);
    expect(calls.filter((c) => !c.replay)).toHaveLength(1);
    expect(calls.every((c) => c.status === 'OK')).toBe(true);
  });

  it('never takes the balance below zero under 50 concurrent debits that together overdraw', async () => {
    const s = await launched('bruno@sorteverde.test', 1_050);
    const answers = await Promise.all(Array.from({ length: 50 }, () => call('debit', s.move({ amount: 100 }))));
    const accepted = answers.filter((a) => a.body.status === 'OK');
    const refused = answers.filter((a) => a.body.status === 'ERROR');
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused)
      expect(r).toMatchObject({ status: 402, body: { code: 'INSUFFICIENT_FUNDS', balance: 50 } });
    expect(accepted.map((a) => a.body.balance).sort((a, b) => (b ?? 0) - (a ?? 0))).toEqual([
      950, 850, 750, 650, 550, 450, 350, 250, 150, 50,
    ]);
    expect(await balanceOf(s.userId)).toBe(50);
  });

  it('answers a replay with a different amount DUPLICATE_TRANSACTION_MISMATCH and changes nothing', async () => {
    const s = await launched('ana@sorteverde.test', 10_000);
    const debit = s.move({ amount: 500 });
    expect((await call('debit', debit)).body.balance).toBe(9_500);
    const rowsBefore = await txCount();
    expect(await call('debit', { ...debit, amount: 5 })).toEqual({
      status: 409,
      body: { status: 'ERROR', code: 'DUPLICATE_TRANSACTION_MISMATCH' },
    });
    expect(await call('debit', { ...debit, round_id: uid('other') })).toMatchObject({
      status: 409,
      body: { code: 'DUPLICATE_TRANSACTION_MISMATCH' },
    });
    expect(await balanceOf(s.userId)).toBe(9_500);
    expect(await txCount()).toBe(rowsBefore);
    // The same request again is still the first answer.
    expect((await call('debit', debit)).body).toEqual({
      status: 'OK',
      balance: 9_500,
      bonus_balance: 0,
      transaction_id: debit.transaction_id,
    });
  });
});

describe('seamless wallet: refusals change nothing', () => {
  it('refuses a bad signature, a bad amount or a currency other than BRL, with its code', async () => {
    const s = await launched('ana@sorteverde.test', 10_000);
    const before = await txCount();
    const debit = s.move({ amount: 100 });
    const cases: Array<[Answer, number, string]> = [
      [await call('debit', debit, { secret: 'not-the-secret' }), 401, 'INVALID_SIGNATURE'],
      [
        await api.app
          .inject({
            method: 'POST',
            url: `${WALLET_PREFIX}/debit`,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(debit),
          })
          .then((r) => {
            checkAnswer('debit', r.statusCode, r.json());
            return { status: r.statusCode, body: r.json() } as Answer;
          }),
        401,
        'INVALID_SIGNATURE',
      ],
      [await call('debit', { ...debit, amount: -100 }), 422, 'INVALID_AMOUNT'],
      [await call('debit', { ...debit, amount: 10.5 }), 422, 'INVALID_AMOUNT'],
      [await call('debit', { ...debit, amount: '100' }), 422, 'INVALID_AMOUNT'],
      [await call('debit', { ...debit, amount: 0 }), 422, 'INVALID_AMOUNT'],
      [await call('credit', { ...debit, amount: -1 }), 422, 'INVALID_AMOUNT'],
      [await call('debit', { ...debit, currency: 'USD' }), 422, 'INVALID_CURRENCY'],
      [await call('debit', { ...debit, currency: undefined }), 422, 'INVALID_CURRENCY'],
      [await call('debit', { ...debit, transaction_id: undefined }), 400, 'INVALID_REQUEST'],
      [await call('debit', '{not json'), 400, 'INVALID_REQUEST'],
    ];
    for (const [answer, status, code] of cases)
      expect(answer).toMatchObject({ status, body: { status: 'ERROR', code } });
    expect(await balanceOf(s.userId)).toBe(10_000);
    expect(await txCount()).toBe(before);
    // The refused requests did not use the transaction id up: the correct one goes through.
    expect((await call('debit', debit)).body).toMatchObject({ status: 'OK', balance: 9_900 });
    const verdicts = await api.db.query<{ signature_valid: boolean; code: string | null }>(
      'SELECT signature_valid, code FROM seamless_calls WHERE transaction_id = $1 ORDER BY id',
      [debit.transaction_id],
    );
    expect(verdicts.slice(0, 2)).toEqual([
      { signature_valid: false, code: 'INVALID_SIGNATURE' },
      { signature_valid: false, code: 'INVALID_SIGNATURE' },
    ]);
  });

  it('is never called from a browser (a request with an Origin is refused)', async () => {
    const s = await launched('ana@sorteverde.test');
    const res = await call('balance', { session_token: s.token }, { headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
  });

  it('answers INTERNAL_ERROR when QA makes the wallet fail, and moves nothing', async () => {
    const s = await launched('ana@sorteverde.test', 10_000);
    await updateProviderSettings(api.db, { walletFail: 'next' });
    const debit = s.move({ amount: 100 });
    expect(await call('debit', debit)).toMatchObject({ status: 500, body: { code: 'INTERNAL_ERROR' } });
    expect(await balanceOf(s.userId)).toBe(10_000);
    expect((await call('debit', debit)).body.balance).toBe(9_900);
  });

  it('never logs a token, a body or a signature', async () => {
    const s = await launched('ana@sorteverde.test');
    await call('debit', s.move({ amount: 100 }));
    const dump = JSON.stringify(await api.db.query('SELECT * FROM seamless_calls'));
    expect(dump).not.toContain(s.token);
    expect(dump).not.toContain('session_token');
  });
});

describe('seamless wallet: credits and rollbacks', () => {
  it('credits a round once, and only a round with a debit', async () => {
    const s = await launched('ana@sorteverde.test', 10_000);
    expect(await call('credit', s.move({ amount: 500 }))).toMatchObject({
      status: 404,
      body: { code: 'UNKNOWN_TRANSACTION', balance: 10_000 },
    });
    const round = uid('round');
    await call('debit', s.move({ round_id: round, amount: 1_000 }));
    const credit = s.move({ round_id: round, amount: 2_500 });
    expect((await call('credit', credit)).body.balance).toBe(11_500);
    expect((await call('credit', credit)).body.balance).toBe(11_500);
    expect(await balanceOf(s.userId)).toBe(11_500);
    const [bet] = await api.db.query('SELECT bet_amount, win_amount FROM bets WHERE round_id = $1', [round]);
    expect(bet).toEqual({ bet_amount: 1_000, win_amount: 2_500 });
    // A loss is settled with a credit of 0.
    const lost = uid('round');
    await call('debit', s.move({ round_id: lost, amount: 200 }));
    expect((await call('credit', s.move({ round_id: lost, amount: 0 }))).body).toMatchObject({
      status: 'OK',
      balance: 11_300,
    });
  });

  it('records and refuses a rollback of an unknown bet; that bet arriving later is refused too', async () => {
    const s = await launched('ana@sorteverde.test', 10_000);
    const lateDebit = s.move({ amount: 700 });
    const rollback = s.move({
      round_id: lateDebit.round_id,
      reference_transaction_id: lateDebit.transaction_id,
      amount: 700,
    });
    expect(await call('rollback', rollback)).toMatchObject({
      status: 404,
      body: { status: 'ERROR', code: 'UNKNOWN_TRANSACTION', balance: 10_000 },
    });
    const [recorded] = await api.db.query(
      'SELECT operation, ok, reference_transaction_id FROM seamless_transactions WHERE transaction_id = $1',
      [rollback.transaction_id],
    );
    expect(recorded).toEqual({ operation: 'rollback', ok: false, reference_transaction_id: lateDebit.transaction_id });
    expect((await call('rollback', rollback)).body.code).toBe('UNKNOWN_TRANSACTION');
    expect(await call('debit', lateDebit)).toMatchObject({ status: 409, body: { code: 'TRANSACTION_ROLLED_BACK' } });
    expect(await balanceOf(s.userId)).toBe(10_000);
  });

  it('refunds a known debit once, however many rollbacks come', async () => {
    const s = await launched('ana@sorteverde.test', 10_000);
    const totalBet = (await totalBetOf(s.userId)) ?? 0;
    const debit = s.move({ amount: 3_000 });
    await call('debit', debit);
    expect(await totalBetOf(s.userId)).toBe(totalBet + 3_000);
    const rollback = () =>
      s.move({ round_id: debit.round_id, reference_transaction_id: debit.transaction_id, amount: 3_000 });
    const first = rollback();
    const answers = await Promise.all([call('rollback', first), call('rollback', first), call('rollback', rollback())]);
    for (const answer of answers) expect(answer.body).toMatchObject({ status: 'OK', balance: 10_000 });
    expect(await balanceOf(s.userId)).toBe(10_000);
    expect(await totalBetOf(s.userId)).toBe(totalBet);
    expect(await api.db.query('SELECT 1 FROM bets WHERE round_id = $1', [debit.round_id])).toHaveLength(0);
    // A rolled-back round cannot be credited.
    expect((await call('credit', s.move({ round_id: debit.round_id, amount: 100 }))).body.code).toBe(
      'UNKNOWN_TRANSACTION',
    );
  });
});
