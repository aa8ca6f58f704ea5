/**
 * Responsible gaming: every new operation against the contract (happy path, each 4xx with its
 * `errors`, another player's data never visible), the enforcement rules with a controllable clock, concurrent
 * limit changes, periods around São Paulo midnight and Monday, and self-exclusion start and removal.
 * Every answer is checked against openapi/openapi.yaml (validateResponses).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CAPTCHA_TOKEN } from './handlers/auth';
import { bearer, createTestApi, markProfileChosen, panelForm, type TestApi } from './test-support';
import { signTestGoogleIdToken } from './google';
import { DEFAULT_SELF_EXCLUSION_WAIT_MS, DEFAULT_LIMIT_COOLING_MS } from '../config';
import { PLAY_TIME_OVER_MESSAGE } from './app';
import type { RealtimeControl } from '../realtime/control';

let clock = new Date('2026-11-26T15:00:00Z'); // Thursday, 12:00 in São Paulo
const setClock = (iso: string) => (clock = new Date(iso));
const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ now: () => clock });
});
afterAll(() => api.close());

let serial = 0;
const PASSWORD = 'Segura#2024';

/** A fresh player of the localhost brand, signed in: their id, e-mail and token. */
async function newPlayer(): Promise<{ id: number; email: string; token: string }> {
  serial += 1;
  const email = `rg${serial}-${Math.random().toString(36).slice(2, 8)}@exemplo.test`;
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { host: 'localhost' },
    payload: {
      name: 'Jogadora',
      surname: 'Responsável',
      email,
      phone: `11 9${String(81_000_000 + serial).padStart(8, '0')}`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      birth_date: '1990-01-15',
      terms: true,
      captcha_token: SANDBOX_CAPTCHA_TOKEN,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { data: { id: number }; token: string };
  await markProfileChosen(api.db, email);
  return { id: body.data.id, email, token: body.token };
}

/** Google sign-in (a sandbox-signed id token, on the test's clock) of the player with this e-mail. */
const googleLogin = (email: string) =>
  api.app.inject({
    method: 'POST',
    url: '/api/auth/google',
    payload: { idToken: signTestGoogleIdToken({ sub: `google-${email}`, email, name: 'Rg Google' }, { now: clock }) },
  });
const login = (email: string, password = PASSWORD) =>
  api.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host: 'localhost' },
    payload: { email, password },
  });

async function signIn(email: string): Promise<string> {
  const res = await login(email);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

const get = (url: string, token?: string) =>
  api.app.inject({ url: `/api${url}`, headers: { host: 'localhost', ...(token ? bearer(token) : {}) } });
const post = (url: string, payload: unknown, token?: string) =>
  api.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { host: 'localhost', ...(token ? bearer(token) : {}) },
    payload: payload as Record<string, unknown>,
  });

interface Limit {
  kind: string;
  period: string;
  amount: number | null;
  used: number;
  pending: { amount: number | null; from: string } | null;
}
interface Settings {
  limits: Limit[];
  reality_check_minutes: number;
  cooling_off_hours: number;
  indefinite_wait_days: number;
  session_started_at: string;
}
const errorsOf = (res: { json(): unknown }) => (res.json() as { errors?: Record<string, string[]> }).errors ?? {};

async function settings(token: string): Promise<Settings> {
  const res = await get('/profile/responsible-gaming', token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Settings }).data;
}
const slot = (s: Settings, kind: string, period: string) => {
  const found = s.limits.find((l) => l.kind === kind && l.period === period);
  if (!found) throw new Error(`${kind}/${period} missing`);
  return found;
};
const setLimit = (token: string, kind: string, period: string, amount: number | null) =>
  post('/profile/limits', { kind, period, amount }, token);

async function auditOf(playerId: number) {
  return api.db.query<{ id: number; actor: string; action: string; before: unknown; after: unknown }>(
    'SELECT id, actor, action, before, after FROM audit_log WHERE user_id = $1 ORDER BY id',
    [playerId],
  );
}

describe('GET /profile/responsible-gaming', () => {
  it('lists the seven limits, the reality check and the rules; 401 without a session', async () => {
    setClock('2026-11-26T15:00:00Z');
    const p = await newPlayer();
    const s = await settings(p.token);
    expect(s.limits.map((l) => `${l.kind}/${l.period}`)).toEqual([
      'deposit/day',
      'deposit/week',
      'deposit/month',
      'loss/day',
      'loss/week',
      'loss/month',
      'session/day',
    ]);
    expect(s.limits.every((l) => l.amount === null && l.pending === null && l.used === 0)).toBe(true);
    expect(s).toMatchObject({
      reality_check_minutes: 60,
      cooling_off_hours: DEFAULT_LIMIT_COOLING_MS / HOUR,
      indefinite_wait_days: DEFAULT_SELF_EXCLUSION_WAIT_MS / DAY,
      session_started_at: clock.toISOString(),
    });
    expect((await get('/profile/responsible-gaming')).statusCode).toBe(401);
  });

  it("never shows another player's limits", async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    expect((await setLimit(a.token, 'deposit', 'day', 5_000)).statusCode).toBe(200);
    expect(slot(await settings(a.token), 'deposit', 'day').amount).toBe(5_000);
    expect(slot(await settings(b.token), 'deposit', 'day').amount).toBeNull();
  });
});

describe('POST /profile/limits', () => {
  it('sets and lowers at once; a raise or a removal waits for the cooling-off, then applies when read (system)', async () => {
    setClock('2026-11-26T15:00:00Z');
    const p = await newPlayer();
    let res = await setLimit(p.token, 'loss', 'week', 10_000);
    expect(res.statusCode, res.body).toBe(200);
    expect(slot((res.json() as { data: Settings }).data, 'loss', 'week')).toMatchObject({
      amount: 10_000,
      pending: null,
    });

    res = await setLimit(p.token, 'loss', 'week', 8_000);
    expect(slot((res.json() as { data: Settings }).data, 'loss', 'week')).toMatchObject({
      amount: 8_000,
      pending: null,
    });

    res = await setLimit(p.token, 'loss', 'week', 20_000);
    const from = new Date(clock.getTime() + DEFAULT_LIMIT_COOLING_MS).toISOString();
    expect(slot((res.json() as { data: Settings }).data, 'loss', 'week')).toEqual({
      kind: 'loss',
      period: 'week',
      amount: 8_000,
      used: 0,
      pending: { amount: 20_000, from },
    });
    expect((res.json() as { message: string }).message).toMatch(/aumento/);

    advance(DEFAULT_LIMIT_COOLING_MS - MIN);
    let token = await signIn(p.email); // the first session has long been idle
    expect(slot(await settings(token), 'loss', 'week')).toMatchObject({ amount: 8_000 });
    advance(MIN);
    expect(slot(await settings(token), 'loss', 'week')).toMatchObject({ amount: 20_000, pending: null });
    token = await signIn(p.email);

    // Removal waits too.
    res = await setLimit(token, 'loss', 'week', null);
    expect(slot((res.json() as { data: Settings }).data, 'loss', 'week')).toMatchObject({
      amount: 20_000,
      pending: { amount: null },
    });
    // A lower value cancels the waiting change.
    res = await setLimit(token, 'loss', 'week', 15_000);
    expect(slot((res.json() as { data: Settings }).data, 'loss', 'week')).toMatchObject({
      amount: 15_000,
      pending: null,
    });

    const audit = await auditOf(p.id);
    expect(audit.map((a) => `${a.actor}:${a.action}`)).toEqual([
      'player:limit.set',
      'player:limit.set',
      'player:limit.pending',
      'system:limit.applied',
      'player:limit.pending',
      'player:limit.cancelled',
    ]);
  });

  it('refuses out-of-range amounts and a play-time limit other than daily with 422 and field errors', async () => {
    const p = await newPlayer();
    const cases: [string, string, number | null, string][] = [
      ['deposit', 'day', 99, 'amount'],
      ['loss', 'month', 100_000_001, 'amount'],
      ['session', 'day', 4, 'amount'],
      ['session', 'day', 1441, 'amount'],
      ['session', 'week', 60, 'period'],
    ];
    for (const [kind, period, amount, field] of cases) {
      const res = await setLimit(p.token, kind, period, amount);
      expect(res.statusCode, `${kind}/${period}/${amount}`).toBe(422);
      expect(Object.keys(errorsOf(res))).toEqual([field]);
    }
    expect((await setLimit(p.token, 'deposit', 'year', 1000)).statusCode).toBe(422);
    expect((await setLimit(p.token, 'deposit', 'day', 10.5)).statusCode).toBe(422);
    expect((await setLimit(p.token, 'deposit', 'day', 1000)).statusCode).toBe(200); // R$ 10,00 is fine
    expect(
      (await api.db.query('SELECT 1 FROM player_limits WHERE user_id = $1 AND kind <> $2', [p.id, 'deposit'])).length,
    ).toBe(0);
    expect((await setLimit('nope', 'deposit', 'day', 1000)).statusCode).toBe(401);
  });

  it('ten concurrent changes end in one consistent state, audited once each in order', async () => {
    const p = await newPlayer();
    const amounts = [5_000, 7_000, 3_000, 9_000, 4_000, 12_000, 2_500, 8_000, 6_000, 1_500];
    const answers = await Promise.all(amounts.map((amount) => setLimit(p.token, 'deposit', 'month', amount)));
    expect(answers.map((r) => r.statusCode)).toEqual(amounts.map(() => 200));
    const [stored] = await api.db.query<{
      amount: number | null;
      pending_amount: number | null;
      pending_from: Date | null;
    }>(
      "SELECT amount, pending_amount, pending_from FROM player_limits WHERE user_id = $1 AND kind = 'deposit' AND period = 'month'",
      [p.id],
    );
    const view = {
      amount: stored?.amount ?? null,
      pending: stored?.pending_from ? { amount: stored.pending_amount, from: stored.pending_from.toISOString() } : null,
    };
    const answered = answers.map((r) => {
      const l = slot((r.json() as { data: Settings }).data, 'deposit', 'month');
      return { amount: l.amount, pending: l.pending };
    });
    expect(answered).toContainEqual(view);
    const audit = await auditOf(p.id);
    const changes = audit.filter((a) => a.action.startsWith('limit.'));
    expect(changes).toHaveLength(amounts.length);
    expect(changes.map((a) => (a.after as { requested: number }).requested).sort()).toEqual([...amounts].sort());
    // In order: each change starts from the state the previous one left.
    for (let i = 1; i < changes.length; i += 1) {
      const { requested: _r, ...after } = changes[i - 1]?.after as Record<string, unknown>;
      expect(changes[i]?.before).toEqual(after);
    }
    const { requested: _r, kind: _k, period: _p, ...last } = changes.at(-1)?.after as Record<string, unknown>;
    expect(last).toEqual(view);
  });
});

describe('POST /profile/reality-check', () => {
  it('stores 15, 30 or 60 minutes, audited; anything else is 422', async () => {
    const p = await newPlayer();
    const res = await post('/profile/reality-check', { minutes: 15 }, p.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: Settings }).data.reality_check_minutes).toBe(15);
    expect((await settings(p.token)).reality_check_minutes).toBe(15);
    const bad = await post('/profile/reality-check', { minutes: 20 }, p.token);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad))).toEqual(['minutes']);
    const audit = await auditOf(p.id);
    expect(audit.at(-1)).toMatchObject({
      actor: 'player',
      action: 'reality_check.changed',
      before: { minutes: 60 },
      after: { minutes: 15 },
    });
    expect((await post('/profile/reality-check', { minutes: 30 })).statusCode).toBe(401);
  });
});

async function casinoGame(): Promise<number> {
  const [g] = await api.db.query<{ id: number }>('SELECT id FROM games WHERE in_lobby ORDER BY id LIMIT 1');
  if (!g) throw new Error('no game');
  return g.id;
}
async function round(userId: number, bet: number, win: number, at: Date) {
  await api.db.query(
    'INSERT INTO bets (user_id, game_id, bet_amount, win_amount, created_at, round_id) VALUES ($1, $2, $3, $4, $5, $6)',
    [userId, await casinoGame(), bet, win, at, `t-${Math.random().toString(36).slice(2)}`],
  );
}

describe('GET /profile/session-summary', () => {
  it("counts the rounds settled since this session's sign-in: staked, won, net", async () => {
    setClock('2026-11-26T15:00:00Z');
    const p = await newPlayer();
    await round(p.id, 1_000, 0, new Date(clock.getTime() - MIN)); // before the sign-in: not counted
    advance(10 * MIN);
    const token = await signIn(p.email);
    advance(MIN);
    await round(p.id, 1_000, 2_500, clock);
    await round(p.id, 2_000, 0, clock);
    advance(19 * MIN);
    const res = await get('/profile/session-summary', token);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: unknown }).data).toEqual({
      started_at: new Date(clock.getTime() - 20 * MIN).toISOString(),
      minutes: 20,
      rounds: 2,
      staked: 3_000,
      won: 2_500,
      net: -500,
    });
    // Another player's session sees none of it.
    const other = await newPlayer();
    expect(
      ((await get('/profile/session-summary', other.token)).json() as { data: { rounds: number } }).data.rounds,
    ).toBe(0);
    expect((await get('/profile/session-summary')).statusCode).toBe(401);
  });
});

const deposit = (token: string, amount: number) => post('/main-gateway/qrcode-pix', { amount }, token);

describe('deposit limits (POST /main-gateway/qrcode-pix)', () => {
  it('refuses a deposit over the smallest remaining limit with errors.amount; nothing is created', async () => {
    setClock('2026-11-26T15:00:00Z');
    const p = await newPlayer();
    await setLimit(p.token, 'deposit', 'day', 10_000);
    await setLimit(p.token, 'deposit', 'week', 12_000);
    expect((await deposit(p.token, 6_000)).statusCode).toBe(201);
    await api.db.query('UPDATE wallet_transactions SET status = 1 WHERE user_id = $1', [p.id]); // paid
    const res = await deposit(p.token, 5_000);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).amount).toEqual(['Seu limite de depósito diário permite mais R$\u00a040,00 neste período.']);
    const count = await api.db.query('SELECT 1 FROM wallet_transactions WHERE user_id = $1', [p.id]);
    expect(count).toHaveLength(1);
    expect(slot(await settings(p.token), 'deposit', 'day').used).toBe(6_000);

    // The next São Paulo day (03:00 UTC) the daily limit starts again; the weekly one is now the tightest.
    setClock('2026-11-27T02:59:00Z');
    expect((await deposit(await signIn(p.email), 5_000)).statusCode).toBe(422);
    setClock('2026-11-27T03:00:00Z');
    const token = await signIn(p.email);
    const weekly = await deposit(token, 7_000);
    expect(weekly.statusCode).toBe(422);
    expect(errorsOf(weekly).amount?.[0]).toMatch(/semanal permite mais R\$\s60,00/);
    expect((await deposit(token, 6_000)).statusCode).toBe(201);
  });

  it('an expired code no longer counts; weeks start on Monday in São Paulo', async () => {
    setClock('2026-11-29T20:00:00Z'); // Sunday 17:00 in São Paulo
    const p = await newPlayer();
    await setLimit(p.token, 'deposit', 'week', 5_000);
    expect((await deposit(p.token, 5_000)).statusCode).toBe(201);
    expect((await deposit(p.token, 1_000)).statusCode).toBe(422);
    advance(10 * MIN); // the code expired unpaid (5 minutes)
    expect(slot(await settings(p.token), 'deposit', 'week').used).toBe(0);
    expect((await deposit(p.token, 5_000)).statusCode).toBe(201);
    setClock('2026-11-30T02:59:59Z'); // still Sunday in São Paulo (Monday in UTC)
    await api.db.query("UPDATE wallet_transactions SET status = 1 WHERE user_id = $1 AND type = 'deposit'", [p.id]);
    let token = await signIn(p.email);
    expect((await deposit(token, 1_000)).statusCode).toBe(422);
    setClock('2026-11-30T03:00:00Z'); // Monday 00:00 in São Paulo
    token = await signIn(p.email);
    expect(slot(await settings(token), 'deposit', 'week').used).toBe(0);
    expect((await deposit(token, 5_000)).statusCode).toBe(201);
  });
});

describe('daily play-time limit', () => {
  it('ends the session with 401 once used up; login answers 403 until the next São Paulo midnight', async () => {
    setClock('2026-11-26T15:00:00Z');
    const p = await newPlayer();
    const res = await setLimit(p.token, 'session', 'day', 5);
    expect(res.statusCode, res.body).toBe(200);
    advance(4.5 * MIN);
    expect((await get('/auth/me', p.token)).statusCode).toBe(200); // its last use written at 4:30
    expect(slot(await settings(p.token), 'session', 'day').used).toBe(4);
    advance(MIN / 2); // 5:00: the recorded last use (4:30) is not due for a write
    const over = await get('/auth/me', p.token);
    expect(over.statusCode).toBe(401);
    expect((over.json() as { message: string }).message).toBe(PLAY_TIME_OVER_MESSAGE);
    expect(over.headers['x-session-ended']).toBe('play-time-limit');
    // Revoked: a call on it again is the ordinary 401 (no reason given).
    const again = await get('/profile/wallet', p.token);
    expect(again.statusCode).toBe(401);
    expect(again.headers['x-session-ended']).toBeUndefined();

    const refused = await login(p.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ timeLimit: true, until: '2026-11-27T03:00:00.000Z' });
    // The form shows it: the same text under errors.login.
    const body = refused.json() as { message: string; errors: { login: string[] } };
    expect(body.errors.login).toEqual([body.message]);
    // Google sign-in of the same player is refused the same way (same body, no session).
    const google = await googleLogin(p.email);
    expect(google.statusCode).toBe(403);
    expect(google.json()).toEqual(body);
    const sessions = await api.db.query('SELECT 1 FROM sessions WHERE user_id = $1 AND revoked_at IS NULL', [p.id]);
    expect(sessions).toHaveLength(0);
    setClock('2026-11-27T03:00:00Z');
    const token = await signIn(p.email);
    expect((await get('/auth/me', token)).statusCode).toBe(200);
    expect((await googleLogin(p.email)).statusCode).toBe(200);
  });

  it('ends the session on an operation that does not need the player too (its ended-session 401)', async () => {
    setClock('2026-11-26T15:00:00Z');
    const p = await newPlayer();
    await setLimit(p.token, 'session', 'day', 5);
    advance(6 * MIN);
    expect((await get('/casinos/games?page=1', p.token)).statusCode).toBe(401);
    expect((await get('/casinos/games?page=1')).statusCode).toBe(200);
    expect((await get('/auth/me', p.token)).statusCode).toBe(401);
    const [session] = await api.db.query<{ revoked_at: Date | null }>(
      'SELECT revoked_at FROM sessions WHERE user_id = $1',
      [p.id],
    );
    expect(session?.revoked_at).toEqual(clock);
  });
});

describe('POST /profile/self-exclusion', () => {
  it('ends at the end of the same calendar day N months later in São Paulo; signs out, cancels pix, audits', async () => {
    setClock('2026-01-28T02:30:00Z'); // 27 January 23:30 in São Paulo (already the 28th in UTC)
    const p = await newPlayer();
    const second = await signIn(p.email);
    expect((await deposit(p.token, 2_000)).statusCode).toBe(201);
    const wrong = await post('/profile/self-exclusion', { value: '1', date: '2026-02-28' }, p.token); // the UTC day's
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(errorsOf(wrong))).toEqual(['date']);
    expect((await get('/auth/me', p.token)).statusCode).toBe(200); // nothing changed
    expect((wrong.json() as { message: string }).message).toContain('27/02/2026');
    const res = await post('/profile/self-exclusion', { value: '1', date: '2026-02-27' }, p.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ start_at: clock.toISOString(), end_at: '2026-02-28T02:59:59.000Z' });
    expect((res.json() as { message: string }).message).toContain('27/02/2026');
    for (const token of [p.token, second]) expect((await get('/auth/me', token)).statusCode).toBe(401);
    const [pix] = await api.db.query<{ status: number }>('SELECT status FROM wallet_transactions WHERE user_id = $1', [
      p.id,
    ]);
    expect(pix?.status).toBe(2);
    const audit = await auditOf(p.id);
    expect(audit.map((a) => `${a.actor}:${a.action}`)).toEqual([
      'player:pix_deposit.created',
      'player:self_exclusion.started',
      'player:pix_deposit.cancelled',
    ]);
    expect(audit[1]).toMatchObject({ before: null, after: { end_at: '2026-02-28T02:59:59.000Z' } });
    // Login: 403 with the dates, no removal token for a fixed term.
    const refused = await login(p.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ selfExcluded: true, end_at: '2026-02-28T02:59:59.000Z' });
    expect(refused.json()).not.toHaveProperty('removal_token');
  });

  it('12 months from 29 February ends on 28 February; values outside the list are 422', async () => {
    setClock('2028-02-29T15:00:00Z');
    const p = await newPlayer();
    const bad = await post('/profile/self-exclusion', { value: '2', date: '2028-04-29' }, p.token);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad))).toEqual(['value']);
    const res = await post('/profile/self-exclusion', { value: '12', date: '2029-02-28' }, p.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await post('/profile/self-exclusion', { value: '1', date: '2028-03-29' })).statusCode).toBe(401);
  });

  it('requires the date: missing, or null for a fixed term, is 422 errors.date and nothing changes', async () => {
    setClock('2026-11-26T15:00:00Z');
    const p = await newPlayer();
    const audited = await auditOf(p.id);
    for (const body of [{ value: '1' }, { value: 'indefinite' }, { value: '3', date: null }]) {
      const res = await post('/profile/self-exclusion', body, p.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(errorsOf(res)), JSON.stringify(body)).toEqual(['date']);
    }
    const missing = await post('/profile/self-exclusion', { value: '1' }, p.token);
    expect(errorsOf(missing).date).toEqual(['Este é um campo obrigatório.']);
    const nullDate = await post('/profile/self-exclusion', { value: '3', date: null }, p.token);
    expect(errorsOf(nullDate).date).toEqual(['Confirme a data final: a autoexclusão terminaria em 26/02/2027.']);
    expect((await get('/auth/me', p.token)).statusCode).toBe(200); // nothing changed
    expect(await auditOf(p.id)).toEqual(audited);
    const res = await post('/profile/self-exclusion', { value: '3', date: '2027-02-26' }, p.token);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('indefinite: login hands a removal token; removal is refused before the waiting period, then ends it once', async () => {
    setClock('2026-11-26T15:00:00Z');
    const p = await newPlayer();
    const start = clock.toISOString();
    const notNull = await post('/profile/self-exclusion', { value: 'indefinite', date: '2027-01-01' }, p.token);
    expect(notNull.statusCode).toBe(422);
    expect(Object.keys(errorsOf(notNull))).toEqual(['date']);
    const res = await post('/profile/self-exclusion', { value: 'indefinite', date: null }, p.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ end_at: null });

    // Wrong password: no token.
    const wrong = await login(p.email, 'errada-123');
    expect(wrong.statusCode).toBe(422);
    const refused = await login(p.email);
    expect(refused.statusCode).toBe(403);
    const removableAt = new Date(Date.parse(start) + DEFAULT_SELF_EXCLUSION_WAIT_MS).toISOString();
    const body = refused.json() as { removal_token: string; removable_at: string };
    expect(body).toMatchObject({ selfExcluded: true, start_at: start, end_at: null, removable_at: removableAt });
    expect(body.removal_token.length).toBeGreaterThan(20);
    const [stored] = await api.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM self_exclusion_removal_tokens WHERE user_id = $1',
      [p.id],
    );
    expect(stored?.token_hash).not.toBe(body.removal_token);

    const early = await post('/profile/self-exclusion/remove', { token: body.removal_token });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ selfExcluded: true, removable_at: removableAt });
    expect((early.json() as { message: string }).message).toContain('26/12/2026');

    expect((await post('/profile/self-exclusion/remove', { token: 'not-a-token' })).statusCode).toBe(422);
    setClock(removableAt);
    // The first token has expired (10 minutes).
    const expired = await post('/profile/self-exclusion/remove', { token: body.removal_token });
    expect(expired.statusCode).toBe(422);
    expect(Object.keys(errorsOf(expired))).toEqual(['token']);

    const fresh = (await login(p.email)).json() as { removal_token: string };
    const done = await post('/profile/self-exclusion/remove', { token: fresh.removal_token });
    expect(done.statusCode, done.body).toBe(200);
    const reused = await post('/profile/self-exclusion/remove', { token: fresh.removal_token });
    expect(reused.statusCode).toBe(422);
    expect((await login(p.email)).statusCode).toBe(200);
    const audit = await auditOf(p.id);
    expect(audit.map((a) => `${a.actor}:${a.action}`)).toEqual([
      'player:self_exclusion.started',
      // Each refused sign-in is audited for the compliance timeline.
      'system:login.refused_self_exclusion',
      'system:login.refused_self_exclusion',
      'player:self_exclusion.removed',
    ]);
    expect(JSON.stringify(audit)).not.toContain(fresh.removal_token);
  });

  it('a fixed term cannot be removed early with a token (403 with its end date)', async () => {
    setClock('2026-11-26T15:00:00Z');
    const p = await newPlayer();
    await post('/profile/self-exclusion', { value: 'indefinite', date: null }, p.token);
    const { removal_token } = (await login(p.email)).json() as { removal_token: string };
    // The QA panel turns it into a fixed term meanwhile.
    await api.db.query("UPDATE users SET self_excluded_until = '2027-06-01T02:59:59Z' WHERE id = $1", [p.id]);
    const res = await post('/profile/self-exclusion/remove', { token: removal_token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ selfExcluded: true, end_at: '2027-06-01T02:59:59.000Z' });
    expect((res.json() as { message: string }).message).toContain('31/05/2027');
  });

  it('QA panel: an indefinite self-exclusion begun on a past day (audited as panel) can be ended once its wait is over', async () => {
    setClock('2026-11-26T15:00:00Z');
    const p = await newPlayer();
    const form = (since: string) =>
      api.app.inject({
        method: 'POST',
        url: `/sandbox/players/${p.id}/self-exclusion/indefinite`,
        ...panelForm({ since }),
      });
    // A future or malformed day changes nothing.
    for (const since of ['2026-11-27', '26/10/2026', '']) {
      expect((await form(since)).statusCode).toBe(303);
      expect((await login(p.email)).statusCode, since).toBe(200);
    }
    expect((await form('2026-10-20')).statusCode).toBe(303);
    // Its sessions end at once.
    expect((await get('/auth/me', p.token)).statusCode).toBe(401);
    const refused = await login(p.email);
    expect(refused.statusCode).toBe(403);
    const body = refused.json() as { removal_token: string; start_at: string; end_at: null; removable_at: string };
    expect(body.start_at).toBe('2026-10-20T03:00:00.000Z');
    expect(body.end_at).toBeNull();
    expect(Date.parse(body.removable_at)).toBeLessThan(clock.getTime());
    expect((await post('/profile/self-exclusion/remove', { token: body.removal_token })).statusCode).toBe(200);
    expect((await login(p.email)).statusCode).toBe(200);
    const audit = await auditOf(p.id);
    expect(audit.map((a) => `${a.actor}:${a.action}`)).toEqual([
      'panel:self_exclusion.started',
      'system:login.refused_self_exclusion',
      'player:self_exclusion.removed',
    ]);
  });

  it("a token of another brand's domain is refused", async () => {
    setClock('2026-11-26T15:00:00Z');
    const p = await newPlayer();
    await post('/profile/self-exclusion', { value: 'indefinite', date: null }, p.token);
    const { removal_token } = (await login(p.email)).json() as { removal_token: string };
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/profile/self-exclusion/remove',
      headers: { host: 'azul.localhost' },
      payload: { token: removal_token },
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('POST /profile/self-exclusion: live side', () => {
  it('publishes SelfExclusionStarted on the player channel and evicts their subscriptions', async () => {
    const published: { channel: string | string[]; event: string; data: unknown }[] = [];
    const evicted: number[] = [];
    const live = await createTestApi({
      now: () => clock,
      publisher: {
        trigger: async (channel: string | string[], event: string, data: unknown) => {
          published.push({ channel, event, data });
          return {};
        },
      },
      realtimeControl: {
        evict: (match: (channel: string, member: { userId: string } | undefined) => boolean) => {
          evicted.push(match('private-universal.0', undefined) ? 0 : 1);
          return 0;
        },
      } as unknown as RealtimeControl, // only evict is used here
    });
    try {
      setClock('2026-11-26T15:00:00Z');
      const token = await live.login('ana@sorteverde.test');
      const me = (await live.app.inject({ url: '/api/auth/me', headers: bearer(token) })).json() as {
        data: { id: number };
      };
      const res = await live.app.inject({
        method: 'POST',
        url: '/api/profile/self-exclusion',
        headers: { host: 'localhost', ...bearer(token) },
        payload: { value: '6', date: '2027-05-26' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(published).toContainEqual({
        channel: `private-universal.${me.data.id}`,
        event: 'SelfExclusionStarted',
        data: { start_at: clock.toISOString(), end_at: '2027-05-27T02:59:59.000Z' },
      });
      expect(evicted).toHaveLength(1);
    } finally {
      await live.close();
    }
  });
});

describe('every responsible-gaming operation: 400, 401 and 404', () => {
  it('answers malformed bodies 400, no session 401 and an unknown domain 404', async () => {
    const p = await newPlayer();
    const ops: [method: 'GET' | 'POST', path: string, body: Record<string, unknown> | undefined, signedIn: boolean][] =
      [
        ['GET', '/profile/responsible-gaming', undefined, true],
        ['POST', '/profile/limits', { kind: 'loss', period: 'day', amount: 1_000 }, true],
        ['POST', '/profile/reality-check', { minutes: 30 }, true],
        ['GET', '/profile/session-summary', undefined, true],
        ['POST', '/profile/self-exclusion', { value: '1', date: '2026-12-26' }, true],
        ['POST', '/profile/self-exclusion/remove', { token: 'x' }, false],
      ];
    for (const [method, path, body, signedIn] of ops) {
      const unknown = await api.app.inject({
        method,
        url: `/api${path}`,
        headers: { host: 'nowhere.example', ...bearer(p.token) },
        ...(body ? { payload: body } : {}),
      });
      expect(unknown.statusCode, `${path} 404`).toBe(404);
      if (signedIn) {
        const anonymous = await api.app.inject({
          method,
          url: `/api${path}`,
          headers: { host: 'localhost' },
          ...(body ? { payload: body } : {}),
        });
        expect(anonymous.statusCode, `${path} 401`).toBe(401);
      }
      if (method === 'POST') {
        const malformed = await api.app.inject({
          method,
          url: `/api${path}`,
          headers: { host: 'localhost', 'content-type': 'application/json', ...bearer(p.token) },
          payload: '{"oops"',
        });
        expect(malformed.statusCode, `${path} 400`).toBe(400);
      }
    }
  });
});

describe('rg_notices', () => {
  it('records the warning at registration and at each login', async () => {
    const p = await newPlayer();
    await signIn(p.email);
    const rows = await api.db.query<{ kind: string }>('SELECT kind FROM rg_notices WHERE user_id = $1 ORDER BY id', [
      p.id,
    ]);
    expect(rows.map((r) => r.kind)).toEqual(['signup', 'login']);
  });
});
