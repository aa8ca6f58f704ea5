/**
 * The regulated sign-up (Portaria SPA/MF 2.579/2025: gender and deposit, loss and time limits chosen at sign-up;
 * existing players cannot bet or deposit until they add them) and the second factor (Portaria SPA/MF 722/2024:
 * multi-factor authentication), as a player or anyone calling the API directly meets them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameSession } from './game-sessions';
import { WALLET_PREFIX } from './provider-wallet';
import { totpCodeAt } from './second-factor';
import { bearer, createTestApi, REGISTRATION_DEFAULTS, TEST_CONFIG, type TestApi } from './test-support';
import { providerOf } from '../config';
import { signBody } from '../provider/signature';
import { completeCpf } from '../../shared/cpf';
import { DEMO_PASSWORD } from '../seed-data/players';

let clock = new Date('2026-11-26T15:00:00Z');
let api: TestApi;
let serial = 0;

beforeAll(async () => {
  api = await createTestApi({ now: () => clock });
});
afterAll(() => api.close());

const LIMITS = {
  deposit: { period: 'week', amount: 50_000 },
  loss: { period: 'month', amount: 20_000 },
  session_minutes: 120,
};

function registration(extra: Record<string, unknown> = {}) {
  serial += 1;
  return {
    name: 'Regina',
    surname: 'Regulada',
    email: `reg${serial}@exemplo.test`,
    phone: `11 9${String(70_000_000 + serial).padStart(8, '0')}`,
    cpf: completeCpf(String(271_828_000 + serial).slice(-9)),
    ...REGISTRATION_DEFAULTS,
    ...extra,
  };
}

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, host = 'localhost') =>
  api.app.inject({ method: 'POST', url, headers: { host, ...headers }, payload: payload as Record<string, unknown> });

const register = (payload: Record<string, unknown>, host = 'localhost') =>
  post('/api/auth/register', payload, {}, host);

const deposit = (token: string, host = 'localhost') =>
  post('/api/main-gateway/qrcode-pix', { amount: 5_000 }, bearer(token), host);

async function debit(email: string): Promise<{ status: number; code?: string }> {
  const [user] = await api.db.query<{ id: number; brand_id: number }>(
    'SELECT id, brand_id FROM users WHERE email = $1',
    [email],
  );
  const [game] = await api.db.query<{ id: number; gamecode: string }>(
    'SELECT id, gamecode FROM games WHERE in_lobby ORDER BY id LIMIT 1',
  );
  if (!user || !game) throw new Error('no player or game');
  const { token } = await createGameSession(api.db, {
    userId: user.id,
    brandId: user.brand_id,
    gameId: game.id,
    origin: null,
    now: clock,
  });
  const sign = (raw: string) => signBody(providerOf(TEST_CONFIG).secret, raw);
  const auth = JSON.stringify({ session_token: token, game_code: game.gamecode });
  await api.app.inject({
    method: 'POST',
    url: `${WALLET_PREFIX}/authenticate`,
    headers: { 'content-type': 'application/json', 'x-signature': sign(auth) },
    payload: auth,
  });
  serial += 1;
  const raw = JSON.stringify({
    session_token: token,
    game_code: game.gamecode,
    round_id: `round-${serial}`,
    transaction_id: `tx-${serial}`,
    amount: 100,
    currency: 'BRL',
  });
  const res = await api.app.inject({
    method: 'POST',
    url: `${WALLET_PREFIX}/debit`,
    headers: { 'content-type': 'application/json', 'x-signature': sign(raw) },
    payload: raw,
  });
  return { status: res.statusCode, code: (res.json() as { code?: string }).code };
}

describe('regulated sign-up and profile (Portaria SPA/MF 2.579/2025)', () => {
  it('a regulated sign-up with gender and limits stores them as the responsible-gaming limits, audited', async () => {
    const body = registration({ gender: 'female', limits: LIMITS });
    const res = await register(body);
    expect(res.statusCode, res.body).toBe(201);
    const { data, token } = res.json() as { data: { regulated_profile_done: boolean }; token: string };
    expect(data.regulated_profile_done).toBe(true);
    const rg = await api.app.inject({ url: '/api/profile/responsible-gaming', headers: bearer(token) });
    const limits = (rg.json() as { data: { limits: Array<{ kind: string; period: string; amount: number | null }> } })
      .data.limits;
    expect(limits.find((l) => l.kind === 'deposit' && l.period === 'week')?.amount).toBe(50_000);
    expect(limits.find((l) => l.kind === 'loss' && l.period === 'month')?.amount).toBe(20_000);
    expect(limits.find((l) => l.kind === 'session' && l.period === 'day')?.amount).toBe(120);
    const [row] = await api.db.query<{ gender: string }>('SELECT gender FROM users WHERE email = $1', [body.email]);
    expect(row?.gender).toBe('female');
    const audit = await api.db.query<{ action: string }>(
      `SELECT a.action FROM audit_log a JOIN users u ON u.id = a.user_id WHERE u.email = $1 ORDER BY a.id`,
      [body.email],
    );
    expect(audit.map((a) => a.action)).toEqual(['limit.set', 'limit.set', 'limit.set', 'regulated_profile.completed']);
    expect((await deposit(token)).statusCode).toBe(201);
  });

  it('refuses a gender without limits (and limits without a gender) naming the field; a bad value is 4xx', async () => {
    const noLimits = await register(registration({ gender: 'male' }));
    expect(noLimits.statusCode).toBe(422);
    expect(Object.keys((noLimits.json() as { errors: object }).errors)).toEqual(['limits']);
    const noGender = await register(registration({ limits: LIMITS }));
    expect(noGender.statusCode).toBe(422);
    expect(Object.keys((noGender.json() as { errors: object }).errors)).toEqual(['gender']);
    const badGender = await register(registration({ gender: 'x', limits: LIMITS }));
    expect(badGender.statusCode).toBeGreaterThanOrEqual(400);
    expect(badGender.statusCode).toBeLessThan(500);
    const tooLong = await register(registration({ gender: 'other', limits: { ...LIMITS, session_minutes: 2000 } }));
    expect(tooLong.statusCode).toBeGreaterThanOrEqual(400);
    expect(tooLong.statusCode).toBeLessThan(500);
  });

  it('an existing player without the profile cannot deposit nor stake (403 profile_incomplete) until they add it', async () => {
    const token = await api.login('fabio@sorteverde.test');
    const me = await api.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect((me.json() as { data: { regulated_profile_done: boolean } }).data.regulated_profile_done).toBe(false);
    const refused = await deposit(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'profile_incomplete' });
    expect(await debit('fabio@sorteverde.test')).toEqual({ status: 403, code: 'PROFILE_INCOMPLETE' });
    const [pix] = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM wallet_transactions t JOIN users u ON u.id = t.user_id WHERE u.email = 'fabio@sorteverde.test'",
    );
    expect(pix?.n).toBe(0);

    const done = await post('/api/profile/regulated-profile', { gender: 'male', limits: LIMITS }, bearer(token));
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as { data: { regulated_profile_done: boolean } }).data.regulated_profile_done).toBe(true);
    expect((await deposit(token)).statusCode).toBe(201);
    expect((await debit('fabio@sorteverde.test')).code).not.toBe('PROFILE_INCOMPLETE');
  });

  it('a regulated sign-up without them makes the account with its profile pending: no deposit', async () => {
    const res = await register(registration());
    expect(res.statusCode).toBe(201);
    const { token, data } = res.json() as { token: string; data: { regulated_profile_done: boolean } };
    expect(data.regulated_profile_done).toBe(false);
    expect((await deposit(token)).json()).toMatchObject({ code: 'profile_incomplete' });
  });

  it('the unregulated brand is unchanged: no profile asked, deposits go through', async () => {
    const res = await register(registration(), 'azul.localhost');
    expect(res.statusCode).toBe(201);
    const { token } = res.json() as { token: string };
    expect((await deposit(token, 'azul.localhost')).statusCode).toBe(201);
  });
});

/** Registers a regulated player with the profile and enrols a second factor; returns the secret and codes. */
async function enrolled(): Promise<{ email: string; token: string; secret: string; recovery: string[] }> {
  const body = registration({ gender: 'other', limits: LIMITS });
  const res = await register(body);
  const { token } = res.json() as { token: string };
  const setup = await post('/api/profile/second-factor/setup', undefined, bearer(token));
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, otpauth_uri } = setup.json() as { secret: string; otpauth_uri: string };
  expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\//);
  expect(otpauth_uri).toContain(`secret=${secret}`);
  const confirm = await post('/api/profile/second-factor/confirm', { code: totpCodeAt(secret, clock) }, bearer(token));
  expect(confirm.statusCode, confirm.body).toBe(200);
  const { recovery_codes } = confirm.json() as { recovery_codes: string[] };
  return { email: body.email, token, secret, recovery: recovery_codes };
}

const login = (email: string, host = 'localhost') =>
  post('/api/auth/login', { email, password: REGISTRATION_DEFAULTS.password }, {}, host);
const verify = (ticket: string, method: string, code: string) =>
  post('/api/auth/second-factor/verify', { ticket, method, code });
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

describe('second factor (Portaria SPA/MF 722/2024)', () => {
  it('enrols with a TOTP code; the 10 recovery codes are answered once and stored only hashed', async () => {
    const { email, recovery, secret } = await enrolled();
    expect(recovery).toHaveLength(10);
    const rows = await api.db.query<{ code_hash: string }>(
      'SELECT r.code_hash FROM recovery_codes r JOIN users u ON u.id = r.user_id WHERE u.email = $1',
      [email],
    );
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(recovery).not.toContain(row.code_hash);
    }
    // Nothing of the codes or the secret reaches the audit trail.
    const audit = await api.db.query<{ after: unknown }>(
      'SELECT a.after FROM audit_log a JOIN users u ON u.id = a.user_id WHERE u.email = $1',
      [email],
    );
    const text = JSON.stringify(audit);
    for (const code of recovery) expect(text).not.toContain(code);
    expect(text).not.toContain(secret);
  });

  it('a wrong enrolment code is 422 second_factor_invalid and enrols nothing; enrolling twice is 409', async () => {
    const res = await register(registration({ gender: 'female', limits: LIMITS }));
    const { token } = res.json() as { token: string };
    const setup = await post('/api/profile/second-factor/setup', undefined, bearer(token));
    const { secret } = setup.json() as { secret: string };
    const wrong = await post('/api/profile/second-factor/confirm', { code: '000000' }, bearer(token));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'second_factor_invalid', errors: { code: [expect.any(String)] } });
    const me = await api.app.inject({ url: '/api/auth/me', headers: bearer(token) });
    expect((me.json() as { data: { second_factor_enabled: boolean } }).data.second_factor_enabled).toBe(false);
    expect(
      (await post('/api/profile/second-factor/confirm', { code: totpCodeAt(secret, clock) }, bearer(token))).statusCode,
    ).toBe(200);
    expect((await post('/api/profile/second-factor/setup', undefined, bearer(token))).statusCode).toBe(409);
  });

  it('sign-in on a regulated brand gives no session without the code: 202 with a ticket, then the TOTP', async () => {
    const { email, secret } = await enrolled();
    advance(60_000);
    const first = await login(email);
    expect(first.statusCode).toBe(202);
    const challenge = first.json() as { second_factor_required: true; ticket: string; token?: string };
    expect(challenge.second_factor_required).toBe(true);
    expect(challenge.token).toBeUndefined();
    const ok = await verify(challenge.ticket, 'totp', totpCodeAt(secret, clock));
    expect(ok.statusCode, ok.body).toBe(200);
    const { token } = ok.json() as { token: string };
    expect((await api.app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);
    // The ticket is single use, and the same code never works twice.
    expect((await verify(challenge.ticket, 'totp', totpCodeAt(secret, clock))).json()).toMatchObject({
      code: 'second_factor_expired',
    });
    const again = (await login(email)).json() as { ticket: string };
    expect((await verify(again.ticket, 'totp', totpCodeAt(secret, clock))).statusCode).toBe(422);
  });

  it('an expired ticket is 410 second_factor_expired', async () => {
    const { email, secret } = await enrolled();
    advance(60_000);
    const { ticket } = (await login(email)).json() as { ticket: string };
    advance(10 * 60_000 + 1);
    const late = await verify(ticket, 'totp', totpCodeAt(secret, clock));
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 'second_factor_expired' });
  });

  it('5 wrong codes in 15 minutes: the 6th attempt is 429 second_factor_rate_limited with Retry-After, even right', async () => {
    const { email, secret } = await enrolled();
    advance(60_000);
    const { ticket } = (await login(email)).json() as { ticket: string };
    for (let i = 0; i < 5; i += 1) expect((await verify(ticket, 'totp', '111111')).statusCode).toBe(422);
    const limited = await verify(ticket, 'totp', totpCodeAt(secret, clock));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'second_factor_rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    advance(15 * 60_000);
    const { ticket: later } = (await login(email)).json() as { ticket: string };
    expect((await verify(later, 'totp', totpCodeAt(secret, clock))).statusCode).toBe(200);
  });

  it('lost device: a recovery code sends an e-mail code (the outbox), which signs in and removes the second factor', async () => {
    const { email, recovery } = await enrolled();
    advance(60_000);
    const { ticket } = (await login(email)).json() as { ticket: string };
    // An e-mail code alone (without a recovery code first) is refused.
    expect((await verify(ticket, 'email', '123456')).statusCode).toBe(422);
    const sent = await verify(ticket, 'recovery', recovery[0] ?? '');
    expect(sent.statusCode, sent.body).toBe(202);
    const code = await api.latestCode(email);
    const ok = await verify(ticket, 'email', code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { data: { second_factor_enabled: boolean } }).data.second_factor_enabled).toBe(false);
    // The used recovery code is gone with the factor; the next sign-in has no challenge.
    expect((await login(email)).statusCode).toBe(200);
  });

  it('a used or unknown recovery code is refused', async () => {
    const { email, recovery } = await enrolled();
    advance(60_000);
    const { ticket } = (await login(email)).json() as { ticket: string };
    expect((await verify(ticket, 'recovery', 'zzzz-zzzz')).statusCode).toBe(422);
    expect((await verify(ticket, 'recovery', recovery[1] ?? '')).statusCode).toBe(202);
    const { ticket: next } = (await login(email)).json() as { ticket: string };
    expect((await verify(next, 'recovery', recovery[1] ?? '')).statusCode).toBe(422);
  });

  it('a new withdrawal pix key needs the code (403 second_factor_required, then 422 wrong); a known key does not', async () => {
    const body = registration({ gender: 'other', limits: LIMITS });
    const res = await register(body);
    const { token } = res.json() as { token: string };
    const setup = (await post('/api/profile/second-factor/setup', undefined, bearer(token))).json() as {
      secret: string;
    };
    await post('/api/profile/second-factor/confirm', { code: totpCodeAt(setup.secret, clock) }, bearer(token));
    advance(60_000);
    const key = body.cpf;
    const bare = await post('/api/address/create', { type: 'cpf', key }, bearer(token));
    expect(bare.statusCode, bare.body).toBe(403);
    expect(bare.json()).toMatchObject({ code: 'second_factor_required' });
    const wrong = await post('/api/address/create', { type: 'cpf', key, second_factor_code: '000000' }, bearer(token));
    expect(wrong.statusCode).toBe(422);
    const good = await post(
      '/api/address/create',
      { type: 'cpf', key, second_factor_code: totpCodeAt(setup.secret, clock) },
      bearer(token),
    );
    expect(good.statusCode, good.body).toBe(201);
    expect((await post('/api/address/create', { type: 'cpf', key }, bearer(token))).statusCode).toBe(200);
  });

  it('the unregulated brand asks no second factor at sign-in', async () => {
    const body = registration();
    const res = await register(body, 'azul.localhost');
    const { token } = res.json() as { token: string };
    const setup = (
      await post('/api/profile/second-factor/setup', undefined, bearer(token), 'azul.localhost')
    ).json() as { secret: string };
    await post(
      '/api/profile/second-factor/confirm',
      { code: totpCodeAt(setup.secret, clock) },
      bearer(token),
      'azul.localhost',
    );
    expect((await login(body.email, 'azul.localhost')).statusCode).toBe(200);
  });

  it('the seeded demo players still sign in with a password alone', async () => {
    const res = await post('/api/auth/login', { email: 'ana@sorteverde.test', password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
  });
});
