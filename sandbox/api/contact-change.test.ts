import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit, maskEmail, maskPhone } from '../audit/trail';
import { CODE_TTL_MS } from './codes';
import { SANDBOX_CAPTCHA_TOKEN } from './handlers/auth';
import { CONTACT_CHANGE_MESSAGES as MSG } from './handlers/contact-change';
import { bearer, createTestApi, PANEL_HEADERS, type TestApi } from './test-support';

/**
 * Changing the e-mail or the phone on /user/edit/access-data: the current password first, the new value
 * checked as at sign-up and free in the brand, the code to the NEW address, the notice to the old one, the same
 * code refusals as the verification, and the audit trail with the addresses masked.
 */
let clock = new Date('2026-03-02T12:00:00Z');
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ now: () => clock });
});
afterAll(() => api.close());

const later = (ms: number) => (clock = new Date(clock.getTime() + ms));
const PASSWORD = 'Segura#2024';
let n = 0;

async function register() {
  n += 1;
  const email = `troca${n}@teste.test`;
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { host: 'localhost' },
    payload: {
      name: 'Tereza',
      surname: `Troca${'y'.repeat(n)}`,
      email,
      phone: `(11) 97777-20${String(n).padStart(2, '0')}`,
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

const post = (url: string, token: string | undefined, payload: Record<string, unknown>) =>
  api.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { host: 'localhost', ...(token ? bearer(token) : {}) },
    payload,
  });
const login = (email: string, password = PASSWORD) =>
  api.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host: 'localhost' },
    payload: { email, password },
  });
const outbox = (recipient: string) =>
  api.db.query<{ subject: string; body: string; channel: string }>(
    'SELECT subject, body, channel FROM outbox WHERE recipient = $1 ORDER BY id',
    [recipient],
  );
const errorsOf = (res: { json(): unknown }) => (res.json() as { errors: Record<string, string[]> }).errors;
const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

describe('changing the e-mail', () => {
  it('asks the current password, sends the code to the new address, then makes it the verified e-mail', async () => {
    const player = await register();
    const next = `novo${n}@teste.test`;
    const wrongPassword = await post('/profile/change-email', player.token, { email: next, password: 'Outra#9999' });
    expect(wrongPassword.statusCode).toBe(422);
    expect(errorsOf(wrongPassword)).toEqual({ password: [MSG.wrongPassword] });
    expect(await outbox(next)).toEqual([]);

    const asked = await post('/profile/change-email', player.token, { email: next, password: PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    const [sent] = await outbox(next);
    expect(sent?.subject).toContain('confirme seu novo e-mail');
    const code = await api.latestCode(next);

    const wrong = await post('/profile/change-email/confirm', player.token, { code: wrongOf(code) });
    expect(wrong.statusCode).toBe(422);
    expect(errorsOf(wrong).code).toEqual(['Código incorreto. Restam 4 tentativas.']);

    const done = await post('/profile/change-email/confirm', player.token, { code });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ data: { email: next, email_verified: true } });

    // The old address is told, with the new one masked.
    const notices = (await outbox(player.email)).filter((m) => m.subject.includes('foi alterado'));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain(maskEmail(next));
    expect(notices[0]?.body).not.toContain(next);

    expect((await login(next)).statusCode).toBe(200);
    expect((await login(player.email)).statusCode).toBe(422);
    // The code is used up.
    expect((await post('/profile/change-email/confirm', player.token, { code })).statusCode).toBe(410);

    const audit = await listAudit(api.db, player.id);
    expect(audit.map((a) => [a.action, a.before, a.after])).toEqual([
      ['email.change_requested', { email: maskEmail(player.email) }, { email: maskEmail(next) }],
      [
        'email.changed',
        { email: maskEmail(player.email), verified: false },
        { email: maskEmail(next), verified: true },
      ],
    ]);
    const text = JSON.stringify(audit);
    for (const secret of [player.email, next, code, PASSWORD]) expect(text).not.toContain(secret);
  });

  it("refuses its own e-mail, another player's (without saying whose), a bad one, control characters", async () => {
    const player = await register();
    const other = await register();
    const same = await post('/profile/change-email', player.token, {
      email: player.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(same.statusCode).toBe(422);
    expect(errorsOf(same)).toEqual({ email: [MSG.sameEmail] });
    const taken = await post('/profile/change-email', player.token, { email: other.email, password: PASSWORD });
    expect(taken.statusCode).toBe(422);
    expect(errorsOf(taken)).toEqual({ email: [MSG.takenEmail] });
    expect(taken.body).not.toMatch(/Tereza|Troca/);
    // With a wrong password, the taken address is not even looked at.
    const blind = await post('/profile/change-email', player.token, { email: other.email, password: 'x' });
    expect(errorsOf(blind)).toEqual({ password: [MSG.wrongPassword] });
    const bad = await post('/profile/change-email', player.token, { email: '.ana@x.com', password: PASSWORD });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad))).toEqual(['email']);
    const nul = await post('/profile/change-email', player.token, {
      email: `ok${n}@teste.test`,
      password: 'Segura\u0000#2024',
    });
    expect(nul.statusCode).toBe(422);
    expect(Object.keys(errorsOf(nul))).toEqual(['password']);
    expect((await post('/profile/change-email', undefined, { email: 'a@b.com', password: PASSWORD })).statusCode).toBe(
      401,
    );
    expect(await listAudit(api.db, player.id)).toEqual([]);
  });

  it('an expired code is 410, none waiting 410, five wrong burn it (429); a new request replaces the code', async () => {
    const player = await register();
    expect((await post('/profile/change-email/confirm', player.token, { code: '123456' })).statusCode).toBe(410);
    const next = `expira${n}@teste.test`;
    await post('/profile/change-email', player.token, { email: next, password: PASSWORD });
    const first = await api.latestCode(next);
    later(CODE_TTL_MS + 1000);
    expect((await post('/profile/change-email/confirm', player.token, { code: first })).statusCode).toBe(410);

    const again = `outro${n}@teste.test`;
    await post('/profile/change-email', player.token, { email: again, password: PASSWORD });
    const code = await api.latestCode(again);
    for (let i = 0; i < 4; i += 1) {
      expect((await post('/profile/change-email/confirm', player.token, { code: wrongOf(code) })).statusCode).toBe(422);
    }
    expect((await post('/profile/change-email/confirm', player.token, { code: wrongOf(code) })).statusCode).toBe(429);
    expect((await post('/profile/change-email/confirm', player.token, { code })).statusCode).toBe(429);
    const me = await api.app.inject({ url: '/api/auth/me', headers: { host: 'localhost', ...bearer(player.token) } });
    expect((me.json() as { data: { email: string } }).data.email).toBe(player.email);
  });

  it("a second request within §9's 20 s sends nothing (429, Retry-After), and the code out still confirms only its address", async () => {
    const player = await register();
    const first = `primeiro${n}@teste.test`;
    const second = `segundo${n}@teste.test`;
    expect((await post('/profile/change-email', player.token, { email: first, password: PASSWORD })).statusCode).toBe(
      200,
    );
    const code = await api.latestCode(first);
    later(5000);
    const early = await post('/profile/change-email', player.token, { email: second, password: PASSWORD });
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('15');
    const sentToSecond = await api.db.query('SELECT id FROM outbox WHERE recipient = $1', [second]);
    expect(sentToSecond).toEqual([]);
    expect((await post('/profile/change-email/confirm', player.token, { code })).statusCode).toBe(200);
    const me = await api.app.inject({ url: '/api/auth/me', headers: { host: 'localhost', ...bearer(player.token) } });
    expect((me.json() as { data: { email: string } }).data.email).toBe(first);
  });

  it("one player's code never changes another's e-mail; an address taken meanwhile is 409", async () => {
    const mine = await register();
    const theirs = await register();
    const next = `disputa${n}@teste.test`;
    await post('/profile/change-email', mine.token, { email: next, password: PASSWORD });
    const code = await api.latestCode(next);
    expect((await post('/profile/change-email/confirm', theirs.token, { code })).statusCode).toBe(410);
    // Someone else changes to it first (their own code), then mine is refused.
    await post('/profile/change-email', theirs.token, { email: next, password: PASSWORD });
    const theirCode = await api.latestCode(next);
    expect((await post('/profile/change-email/confirm', theirs.token, { code: theirCode })).statusCode).toBe(200);
    const late = await post('/profile/change-email/confirm', mine.token, { code });
    expect(late.statusCode).toBe(409);
    expect(errorsOf(late)).toEqual({ email: [MSG.takenMeanwhile] });
  });
});

describe('changing the phone', () => {
  it('a Brazilian mobile only; the SMS code goes to the new number and the old one is told', async () => {
    const player = await register();
    const landline = await post('/profile/change-phone', player.token, { phone: '(11) 3123-4567', password: PASSWORD });
    expect(errorsOf(landline)).toEqual({ phone: [MSG.notMobile] });
    const foreign = await post('/profile/change-phone', player.token, { phone: '+1 415 555 0100', password: PASSWORD });
    expect(errorsOf(foreign)).toEqual({ phone: [MSG.invalidPhone] });
    const same = await post('/profile/change-phone', player.token, { phone: player.phone, password: PASSWORD });
    expect(errorsOf(same)).toEqual({ phone: [MSG.samePhone] });

    const asked = await post('/profile/change-phone', player.token, { phone: '(21) 98888-7766', password: PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    const [sms] = await outbox('+5521988887766');
    expect(sms?.channel).toBe('sms');
    const code = await api.latestCode('+5521988887766');
    // The QA panel's outbox shows the SMS code as waiting.
    const panel = await api.app.inject({ url: `/sandbox/players/${player.id}/outbox`, headers: PANEL_HEADERS });
    expect(panel.body).toMatch(/<tr data-channel="sms" data-state="waiting">(?:(?!<\/tr>)[\s\S])*\+5521988887766/);
    const done = await post('/profile/change-phone/confirm', player.token, { code });
    expect(done.json()).toMatchObject({ data: { phone: '+5521988887766', phone_verified: true } });
    const notice = (await outbox(player.phone)).at(-1);
    expect(notice?.body).toContain(maskPhone('+5521988887766'));
    expect(notice?.body).not.toContain('98888');
    const audit = await listAudit(api.db, player.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'phone.changed',
      before: { phone: maskPhone(player.phone), verified: false },
      after: { phone: '+55 21 *****-7766', verified: true },
    });
  });
});
