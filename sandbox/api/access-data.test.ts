import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../audit/trail';
import { CODE_RESEND_WAIT_MS, CODE_TTL_MS } from './codes';
import { SANDBOX_CAPTCHA_TOKEN } from './handlers/auth';
import { bearer, createTestApi, PANEL_HEADERS, type TestApi } from './test-support';

/**
 * /user/edit/access-data's platform side: e-mail and phone codes that say why they were refused, the
 * signed-in password change that keeps the session asking, and the player's sessions (list, end one, end all
 * others), each private to its player and recorded in the audit trail without secrets.
 */
let clock = new Date('2026-03-02T12:00:00Z');
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ now: () => clock });
});
afterAll(() => api.close());

const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
const PASSWORD = 'Segura#2024';
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/124.0 Mobile Safari/537.36';
let n = 0;

async function register(userAgent = PHONE_UA) {
  n += 1;
  const email = `acesso${n}@teste.test`;
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { host: 'localhost', 'user-agent': userAgent },
    payload: {
      name: 'Alice',
      surname: `Acesso${'x'.repeat(n)}`,
      email,
      phone: `(11) 96666-10${String(n).padStart(2, '0')}`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      birth_date: '1990-01-01',
      terms: true,
      captcha_token: SANDBOX_CAPTCHA_TOKEN,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json() as { token: string; data: { id: number; phone: string } };
  return { email, token: body.token, id: body.data.id, phone: body.data.phone };
}

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  api.app.inject({
    method,
    url: `/api${url}`,
    headers: { host: 'localhost', ...(token ? bearer(token) : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const signIn = async (
  email: string,
  password = PASSWORD,
  userAgent = 'Mozilla/5.0 (Windows NT 10.0) Firefox/125.0',
) => {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host: 'localhost', 'user-agent': userAgent },
    payload: { email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
};
type Listed = { id: number; user_agent: string | null; current: boolean; created_at: string; last_seen_at: string };
const sessions = async (token: string) =>
  ((await call('GET', '/profile/sessions', token)).json() as { data: Listed[] }).data;
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

describe('e-mail and phone codes', () => {
  it('a wrong code says how many tries are left; the fifth burns it (429); the right one after is refused', async () => {
    const player = await register();
    const code = await api.latestCode(player.email); // sent at registration
    const wrong = wrongOf(code);
    for (const left of [4, 3, 2, 1]) {
      const res = await call('POST', '/auth/verify-email', player.token, { code: wrong });
      expect(res.statusCode).toBe(422);
      expect((res.json() as { errors: { code: string[] } }).errors.code[0]).toContain(String(left));
    }
    expect((await call('POST', '/auth/verify-email', player.token, { code: wrong })).statusCode).toBe(429);
    expect((await call('POST', '/auth/verify-email', player.token, { code })).statusCode).toBe(429);
    // A new code (once §9's resend wait is over) starts over.
    later(CODE_RESEND_WAIT_MS);
    expect((await call('POST', '/auth/verify-email', player.token)).json()).toMatchObject({ verified: false });
    const fresh = await api.latestCode(player.email);
    expect((await call('POST', '/auth/verify-email', player.token, { code: fresh })).json()).toMatchObject({
      verified: true,
    });
    expect(
      ((await call('GET', '/auth/me', player.token)).json() as { data: { email_verified: boolean } }).data,
    ).toMatchObject({ email_verified: true });
  });

  it('an expired code, or none waiting, is 410; the verification is in the audit trail', async () => {
    const player = await register();
    const code = await api.latestCode(player.email);
    later(CODE_TTL_MS + 1000);
    const expired = await call('POST', '/auth/verify-email', player.token, { code });
    expect(expired.statusCode).toBe(410);
    expect((expired.json() as { errors: { code: string[] } }).errors.code[0]).toMatch(/expirado/);

    expect((await call('POST', '/auth/verify-phone', player.token, { code: '123456' })).statusCode).toBe(410);
    await call('POST', '/auth/verify-phone', player.token);
    const sms = await api.latestCode(player.phone);
    expect((await call('POST', '/auth/verify-phone', player.token, { code: sms })).statusCode).toBe(200);
    expect((await call('POST', '/auth/verify-phone', player.token, { code: sms })).json()).toMatchObject({
      verified: true,
    });
    const audit = await listAudit(api.db, player.id);
    expect(audit.map((a) => a.action)).toEqual(['phone.verified']);
    expect(JSON.stringify(audit)).not.toContain(sms);
  });

  it('bad input: a code of 5 digits, letters, or another field, is refused (422) and nothing is verified', async () => {
    const player = await register();
    for (const payload of [{ code: '12345' }, { code: 'abcdef' }, { code: '1234567' }, { pin: '123456' }]) {
      expect((await call('POST', '/auth/verify-email', player.token, payload)).statusCode).toBe(422);
    }
    expect((await call('POST', '/auth/verify-email', undefined, { code: '123456' })).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('lists the live sessions with their user agent, this one marked, the newest use first', async () => {
    const player = await register();
    later(60_000);
    const desktop = await signIn(player.email);
    const listed = await sessions(player.token);
    expect(listed).toHaveLength(2);
    expect(listed.map((s) => s.current)).toEqual([false, true]);
    expect(listed[0]?.user_agent).toContain('Firefox');
    expect(listed[1]?.user_agent).toContain('Android');
    expect(JSON.stringify(listed)).not.toContain(desktop);
    expect((await sessions(desktop)).find((s) => s.current)?.id).toBe(listed[0]?.id);
  });

  it("ends one of the player's own sessions; another player's is 404 and stays live", async () => {
    const mine = await register();
    const second = await signIn(mine.email);
    const theirs = await register();
    const theirId = (await sessions(theirs.token))[0]!.id;
    expect((await call('POST', `/profile/sessions/${theirId}/revoke`, mine.token)).statusCode).toBe(404);
    expect((await call('GET', '/auth/me', theirs.token)).statusCode).toBe(200);

    const secondId = (await sessions(mine.token)).find((s) => !s.current)!.id;
    expect((await call('POST', `/profile/sessions/${secondId}/revoke`, mine.token)).statusCode).toBe(200);
    expect((await call('GET', '/auth/me', second)).statusCode).toBe(401);
    expect((await call('GET', '/auth/me', mine.token)).statusCode).toBe(200);
    expect((await call('POST', `/profile/sessions/${secondId}/revoke`, mine.token)).statusCode).toBe(404);
    expect((await call('POST', '/profile/sessions/-1/revoke', mine.token)).statusCode).toBe(422);
    expect((await listAudit(api.db, mine.id)).map((a) => [a.action, a.after])).toEqual([
      ['sessions.revoked_one', { session_id: secondId, this_session: false }],
    ]);
  });

  it('sign out everywhere else: every other session is 401 at once, this one stays, the count is audited', async () => {
    const player = await register();
    const others = [await signIn(player.email), await signIn(player.email)];
    const bystander = await register();
    const res = await call('POST', '/profile/sessions/revoke-others', player.token);
    expect(res.json()).toMatchObject({ revoked: 2 });
    for (const token of others) expect((await call('GET', '/auth/me', token)).statusCode).toBe(401);
    expect((await call('GET', '/auth/me', player.token)).statusCode).toBe(200);
    expect((await call('GET', '/auth/me', bystander.token)).statusCode).toBe(200);
    expect(await sessions(player.token)).toHaveLength(1);
    expect((await call('POST', '/profile/sessions/revoke-others', player.token)).json()).toMatchObject({ revoked: 0 });
    const audit = await listAudit(api.db, player.id);
    expect(audit.map((a) => a.after)).toEqual([{ sessions_ended: 2 }, { sessions_ended: 0 }]);
  });

  it('an idle-expired session is not listed', async () => {
    const player = await register();
    const old = await signIn(player.email);
    later(3 * 60 * 60_000);
    const fresh = await signIn(player.email);
    const listed = await sessions(fresh);
    expect(listed).toHaveLength(1);
    expect(listed[0]?.current).toBe(true);
    expect((await call('GET', '/auth/me', old)).statusCode).toBe(401);
  });
});

describe("§9's resend wait, held by the platform", () => {
  const outboxCount = async (recipient: string) =>
    (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM outbox WHERE recipient = $1', [recipient]))[0]!
      .n;

  it('a code asked for within 20 s of the last one of its purpose is 429 with the seconds left; nothing is sent', async () => {
    const player = await register(); // the registration sent an e-mail code
    const before = await outboxCount(player.email);
    later(5000);
    const early = await call('POST', '/auth/verify-email', player.token);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('15');
    expect((early.json() as { errors: { code: string[] } }).errors.code).toEqual([
      'Aguarde para pedir um novo código.',
    ]);
    expect(await outboxCount(player.email)).toBe(before);
    // The code already sent still works meanwhile; the phone's wait is its own.
    expect((await call('POST', '/auth/verify-phone', player.token)).statusCode).toBe(200);
    later(14_000);
    expect((await call('POST', '/auth/verify-email', player.token)).headers['retry-after']).toBe('1');
    later(1000);
    expect((await call('POST', '/auth/verify-email', player.token)).statusCode).toBe(200);
    expect(await outboxCount(player.email)).toBe(before + 1);
  });

  it('the signed-in password change waits the same; two requests at once send one code', async () => {
    const player = await register();
    const sent = await Promise.all([
      call('POST', '/auth/request-password-change', player.token),
      call('POST', '/auth/request-password-change', player.token),
    ]);
    expect(sent.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    const resets = await api.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM verification_codes WHERE user_id = $1 AND purpose = 'password_reset'`,
      [player.id],
    );
    expect(resets[0]!.n).toBe(1);
  });

  it('a guest asking for recovery twice within the wait gets the same answer as for an unknown address, one code', async () => {
    const player = await register();
    const ask = (email: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/auth/recover-password',
        headers: { host: 'localhost' },
        payload: { email },
      });
    const first = await ask(player.email);
    const second = await ask(player.email);
    const unknown = await ask('ninguem@teste.test');
    expect([first.statusCode, second.statusCode, unknown.statusCode]).toEqual([200, 200, 200]);
    expect(second.json()).toEqual(unknown.json());
    const resets = await api.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM verification_codes WHERE user_id = $1 AND purpose = 'password_reset'`,
      [player.id],
    );
    expect(resets[0]!.n).toBe(1);
  });

  it('the QA panel ends the wait at once (a test that fast-forwards the page clock asks again)', async () => {
    const player = await register();
    expect((await call('POST', '/auth/verify-email', player.token)).statusCode).toBe(429);
    const released = await api.app.inject({
      method: 'POST',
      url: `/sandbox/players/${player.id}/codes/release`,
      headers: { ...PANEL_HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(released.statusCode).toBeLessThan(400);
    expect((await call('POST', '/auth/verify-email', player.token)).statusCode).toBe(200);
    expect((await call('POST', '/auth/verify-email', player.token)).statusCode).toBe(429);
  });
});

describe('signed-in password change', () => {
  it('request → verify-code → reset-password keeps this session, ends the others; audited without secrets', async () => {
    const player = await register();
    const other = await signIn(player.email);
    expect((await call('POST', '/auth/request-password-change', player.token)).statusCode).toBe(200);
    const code = await api.latestCode(player.email);
    expect(
      (await call('POST', '/auth/verify-code', player.token, { email: player.email, code: wrongOf(code) })).statusCode,
    ).toBe(422);
    expect((await call('POST', '/auth/verify-code', player.token, { email: player.email, code })).statusCode).toBe(200);
    const reset = { email: player.email, code, password: 'Outra#Senha9', password_confirmation: 'Outra#Senha9' };
    const res = await call('POST', '/auth/reset-password', player.token, reset);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { message: string }).message).toMatch(/outras sessões/);
    expect((await call('GET', '/auth/me', player.token)).statusCode).toBe(200);
    expect((await call('GET', '/auth/me', other)).statusCode).toBe(401);
    await signIn(player.email, 'Outra#Senha9');
    const audit = await listAudit(api.db, player.id);
    expect(audit.map((a) => [a.action, a.after])).toEqual([
      ['password.changed', { sessions_ended: 1, this_session_kept: true }],
    ]);
    expect(JSON.stringify(audit)).not.toMatch(/Outra#Senha9|Segura#2024/);
  });

  it("another player's token does not keep a session: a reset with it ends every session of the player", async () => {
    const player = await register();
    const stranger = await register();
    await call('POST', '/auth/request-password-change', player.token);
    const code = await api.latestCode(player.email);
    const reset = { email: player.email, code, password: 'Outra#Senha9', password_confirmation: 'Outra#Senha9' };
    expect((await call('POST', '/auth/reset-password', stranger.token, reset)).statusCode).toBe(200);
    expect((await call('GET', '/auth/me', player.token)).statusCode).toBe(401);
    expect((await call('GET', '/auth/me', stranger.token)).statusCode).toBe(200);
    expect((await listAudit(api.db, player.id)).map((a) => a.action)).toEqual(['password.reset']);
  });
});

describe("the QA panel's outbox of a player", () => {
  it('lists their codes, newest first, each with its state; only theirs; unknown players are 404', async () => {
    const player = await register();
    const other = await register();
    const first = await api.latestCode(player.email);
    later(CODE_RESEND_WAIT_MS);
    await call('POST', '/auth/verify-email', player.token); // replaces the registration's code
    const second = await api.latestCode(player.email);
    for (let i = 0; i < 5; i += 1) await call('POST', '/auth/verify-email', player.token, { code: wrongOf(second) });
    later(1000);
    await call('POST', '/auth/verify-phone', player.token);
    const sms = await api.latestCode(player.phone);
    const res = await api.app.inject({ url: `/sandbox/players/${player.id}/outbox`, headers: PANEL_HEADERS });
    expect(res.statusCode).toBe(200);
    const rows = [
      ...res.body.matchAll(/<tr data-channel="(\w+)" data-state="(\w+)">[\s\S]*?<code>(\d{6})<\/code>/g),
    ].map((m) => [m[1], m[2], m[3]]);
    expect(rows).toEqual([
      ['sms', 'waiting', sms],
      ['email', 'burnt', second],
      ['email', 'used', first],
    ]);
    expect(res.body).not.toContain(await api.latestCode(other.email));
    for (const id of ['999999', 'abc']) {
      expect((await api.app.inject({ url: `/sandbox/players/${id}/outbox`, headers: PANEL_HEADERS })).statusCode).toBe(
        404,
      );
    }
  });
});
