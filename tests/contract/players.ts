import { SANDBOX_CAPTCHA_TOKEN } from '../../sandbox/api/handlers/auth';
import type { TestApi } from '../../sandbox/api/test-support';

/** The password of every player a contract case file registers. */
export const CONTRACT_PASSWORD = 'Segura#2024';

export interface ContractPlayer {
  token: string;
  email: string;
  /** As the platform stored it (E.164). */
  phone: string;
}

/**
 * A Sorte Verde player of a case file's own (adult, no CPF, balance 0), registered through POST /auth/register, so
 * the file's cases do not depend on what other cases did to the demo players.
 */
export async function registerContractPlayer(
  api: TestApi,
  who: { name: string; surname: string; email: string; phone: string; userAgent?: string },
): Promise<ContractPlayer> {
  const res = await api.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { host: 'localhost', ...(who.userAgent ? { 'user-agent': who.userAgent } : {}) },
    payload: {
      name: who.name,
      surname: who.surname,
      email: who.email,
      phone: who.phone,
      password: CONTRACT_PASSWORD,
      password_confirmation: CONTRACT_PASSWORD,
      birth_date: '1990-01-01',
      terms: true,
      captcha_token: SANDBOX_CAPTCHA_TOKEN,
    },
  });
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; data: { phone: string } };
  return { token: body.token, email: who.email, phone: body.data.phone };
}

/** The token of one player per test API, registered the first time a case asks for it. */
export function onePlayerPerApi(who: Parameters<typeof registerContractPlayer>[1]): (api: TestApi) => Promise<string> {
  const players = new WeakMap<TestApi, Promise<string>>();
  return (api) => {
    let player = players.get(api);
    if (!player) {
      player = registerContractPlayer(api, who).then((p) => p.token);
      players.set(api, player);
    }
    return player;
  };
}
