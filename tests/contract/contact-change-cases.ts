/**
 * Contract cases of the e-mail and phone changes (/user/edit/access-data; the `account-sessions` sandbox
 * extension), spread into contract.test.ts's table. They run on players registered here, so a changed address never
 * disturbs another case's player.
 */
import { CONTRACT_PASSWORD, registerContractPlayer } from './players';
import type { TestApi } from '../../sandbox/api/test-support';

interface ChangeCase {
  title: string;
  headers?: Record<string, string>;
  json?: unknown;
  status: number;
  invalid?: boolean;
}
interface ChangeEnv {
  api: TestApi;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers a player of this file (n: 1, 2, …) and answers their token, e-mail and phone (E.164). */
const register = (api: TestApi, n: number) =>
  registerContractPlayer(api, {
    name: 'Tito',
    surname: `Troca${'w'.repeat(n)}`,
    email: `troca${n}@contrato.test`,
    phone: `(11) 95555-31${String(n).padStart(2, '0')}`,
  });

/** Asks for a change of the player's e-mail (or phone) to `value` and answers the code sent there. */
async function codeFor(api: TestApi, token: string, kind: 'email' | 'phone', value: string): Promise<string> {
  const res = await api.app.inject({
    method: 'POST',
    url: `/api/profile/change-${kind}`,
    headers: { host: 'localhost', ...auth(token) },
    payload: { [kind]: value, password: CONTRACT_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`change-${kind}: ${res.statusCode} ${res.body}`);
  return api.latestCode(kind === 'email' ? value : `+55${value.replace(/\D/g, '')}`);
}

const wrongOf = (code: string) => (code === '000000' ? '111111' : '000000');

export const contactChangeContractCases: Record<string, (env: ChangeEnv) => Promise<ChangeCase[]>> = {
  requestEmailChange: async ({ api }) => {
    const me = await register(api, 1);
    const other = await register(api, 2);
    const h = auth(me.token);
    return [
      {
        title: 'new address',
        headers: h,
        json: { email: 'novo1@contrato.test', password: CONTRACT_PASSWORD },
        status: 200,
      },
      {
        title: 'wrong password',
        headers: h,
        json: { email: 'novo1@contrato.test', password: 'Errada#1' },
        status: 422,
      },
      { title: 'my own address', headers: h, json: { email: me.email, password: CONTRACT_PASSWORD }, status: 422 },
      { title: "another player's", headers: h, json: { email: other.email, password: CONTRACT_PASSWORD }, status: 422 },
      {
        title: 'not an e-mail',
        headers: h,
        json: { email: 'nada@', password: CONTRACT_PASSWORD },
        status: 422,
        invalid: true,
      },
      {
        title: 'control character',
        headers: h,
        json: { email: 'novo1@contrato.test', password: 'Segura\u0000#2024' },
        status: 422,
        invalid: true,
      },
      { title: 'no password', headers: h, json: { email: 'novo1@contrato.test' }, status: 422, invalid: true },
      { title: 'no token', json: { email: 'novo1@contrato.test', password: CONTRACT_PASSWORD }, status: 401 },
    ];
  },
  confirmEmailChange: async ({ api }) => {
    const me = await register(api, 3);
    const h = auth(me.token);
    const none = await register(api, 4);
    const code = await codeFor(api, me.token, 'email', 'novo3@contrato.test');
    return [
      { title: 'nothing asked', headers: auth(none.token), json: { code: '123456' }, status: 410 },
      { title: 'wrong code', headers: h, json: { code: wrongOf(code) }, status: 422 },
      { title: 'not 6 digits', headers: h, json: { code: '12' }, status: 422, invalid: true },
      { title: 'right code', headers: h, json: { code }, status: 200 },
      { title: 'used up', headers: h, json: { code }, status: 410 },
      { title: 'no token', json: { code }, status: 401 },
    ];
  },
  requestPhoneChange: async ({ api }) => {
    const me = await register(api, 5);
    const h = auth(me.token);
    return [
      { title: 'new mobile', headers: h, json: { phone: '(21) 98888-3105', password: CONTRACT_PASSWORD }, status: 200 },
      { title: 'wrong password', headers: h, json: { phone: '(21) 98888-3105', password: 'Errada#1' }, status: 422 },
      { title: 'a landline', headers: h, json: { phone: '(11) 3123-4567', password: CONTRACT_PASSWORD }, status: 422 },
      {
        title: 'letters',
        headers: h,
        json: { phone: 'telefone!!', password: CONTRACT_PASSWORD },
        status: 422,
        invalid: true,
      },
      { title: 'no token', json: { phone: '(21) 98888-3105', password: CONTRACT_PASSWORD }, status: 401 },
    ];
  },
  confirmPhoneChange: async ({ api }) => {
    const me = await register(api, 6);
    const h = auth(me.token);
    const code = await codeFor(api, me.token, 'phone', '(21) 98888-3106');
    return [
      { title: 'wrong code', headers: h, json: { code: wrongOf(code) }, status: 422 },
      { title: 'right code', headers: h, json: { code }, status: 200 },
      { title: 'used up', headers: h, json: { code }, status: 410 },
      { title: 'no token', json: { code }, status: 401 },
    ];
  },
};
