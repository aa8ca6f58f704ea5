/**
 * Contract cases of the regulated brand's sign-in rules (Portaria SPA/MF 722/2024: the TOTP second factor;
 * Portaria SPA/MF 2.579/2025: the gender and limits a player chooses), spread into contract.test.ts's table. They
 * run on Sorte Verde players registered here, so an enrolled factor never disturbs another case's player.
 */
import { CONTRACT_PASSWORD, registerContractPlayer } from './players';
import { totpCodeAt } from '../../sandbox/api/second-factor';
import type { TestApi } from '../../sandbox/api/test-support';

interface FactorCase {
  title: string;
  headers?: Record<string, string>;
  json?: unknown;
  status: number;
  invalid?: boolean;
}
interface FactorEnv {
  api: TestApi;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

const register = (api: TestApi, n: number) =>
  registerContractPlayer(api, {
    name: 'Tereza',
    surname: `Fator${'z'.repeat(n)}`,
    email: `fator${n}@contrato.test`,
    phone: `(11) 95555-42${String(n).padStart(2, '0')}`,
  });

async function post(api: TestApi, url: string, token: string | null, payload?: unknown) {
  const res = await api.app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost', ...(token ? auth(token) : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

/** A player with an enrolled factor: their e-mail and one recovery code. */
async function enrolled(api: TestApi, n: number): Promise<{ email: string; recovery: string }> {
  const me = await register(api, n);
  const setup = await post(api, '/api/profile/second-factor/setup', me.token);
  if (setup.status !== 200) throw new Error(`setup: ${setup.status}`);
  const confirm = await post(api, '/api/profile/second-factor/confirm', me.token, {
    code: totpCodeAt(String(setup.body.secret), new Date()),
  });
  if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status}`);
  return { email: me.email, recovery: String((confirm.body.recovery_codes as string[])[0]) };
}

const LIMITS = {
  deposit: { period: 'week', amount: 50_000 },
  loss: { period: 'month', amount: 20_000 },
  session_minutes: 120,
};

export const secondFactorContractCases: Record<string, (env: FactorEnv) => Promise<FactorCase[]>> = {
  startSecondFactorEnrolment: async ({ api }) => {
    const me = await register(api, 1);
    return [
      { title: 'a new secret to scan', headers: auth(me.token), status: 200 },
      { title: 'again: it replaces the unconfirmed one', headers: auth(me.token), status: 200 },
      { title: 'no session', status: 401 },
    ];
  },
  confirmSecondFactorEnrolment: async ({ api }) => {
    const me = await register(api, 2);
    const setup = await post(api, '/api/profile/second-factor/setup', me.token);
    const secret = String(setup.body.secret);
    const right = totpCodeAt(secret, new Date());
    const wrong = right === '000000' ? '111111' : '000000';
    return [
      { title: 'a wrong code', headers: auth(me.token), json: { code: wrong }, status: 422 },
      { title: 'a code of 3 characters', headers: auth(me.token), json: { code: '123' }, status: 422, invalid: true },
      {
        title: 'the authenticator’s code: the recovery codes, once',
        headers: auth(me.token),
        json: { code: right },
        status: 200,
      },
      { title: 'enrolled already', headers: auth(me.token), json: { code: right }, status: 409 },
    ];
  },
  verifySecondFactor: async ({ api }) => {
    const { email, recovery } = await enrolled(api, 3);
    const login = await post(api, '/api/auth/login', null, { email, password: CONTRACT_PASSWORD });
    if (login.status !== 202) throw new Error(`login: ${login.status}`);
    const ticket = String(login.body.ticket);
    return [
      { title: 'a wrong authenticator code', json: { ticket, method: 'totp', code: '000000' }, status: 422 },
      { title: 'an unknown method', json: { ticket, method: 'sms', code: '123456' }, status: 422, invalid: true },
      { title: 'a ticket that never was', json: { ticket: 'nao-existe', method: 'totp', code: '123456' }, status: 410 },
      {
        title: 'lost device: a recovery code e-mails a code',
        json: { ticket, method: 'recovery', code: recovery },
        status: 202,
      },
      { title: 'the same recovery code again', json: { ticket, method: 'recovery', code: recovery }, status: 422 },
    ];
  },
  completeRegulatedProfile: async ({ api }) => {
    const me = await register(api, 4);
    return [
      {
        title: 'a gender not listed',
        headers: auth(me.token),
        json: { gender: 'x', limits: LIMITS },
        status: 422,
        invalid: true,
      },
      {
        title: 'gender and limits chosen',
        headers: auth(me.token),
        json: { gender: 'female', limits: LIMITS },
        status: 200,
      },
      { title: 'no session', json: { gender: 'female', limits: LIMITS }, status: 401 },
    ];
  },
};
