/**
 * Contract cases of the player's sessions (/user/edit/access-data; the `account-sessions` sandbox
 * extension), spread into contract.test.ts's table. They run on players registered here, so ending sessions never
 * signs out another case's player.
 */
import { CONTRACT_PASSWORD, registerContractPlayer } from './players';
import type { TestApi } from '../../sandbox/api/test-support';

interface SessionCase {
  title: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  status: number;
  invalid?: boolean;
}
interface SessionEnv {
  api: TestApi;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers a player of this file (n: 1, 2, …) and answers their first session's token. */
const register = (api: TestApi, n: number) =>
  registerContractPlayer(api, {
    name: 'Sara',
    surname: `Sessoes${'z'.repeat(n)}`,
    email: `sessoes${n}@contrato.test`,
    phone: `(11) 95555-21${String(n).padStart(2, '0')}`,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
  });

async function sessionIds(api: TestApi, token: string): Promise<{ id: number; current: boolean }[]> {
  const res = await api.app.inject({ url: '/api/profile/sessions', headers: { host: 'localhost', ...auth(token) } });
  return (res.json() as { data: { id: number; current: boolean }[] }).data;
}

export const accessDataContractCases: Record<string, (env: SessionEnv) => Promise<SessionCase[]>> = {
  listAccountSessions: async ({ api }) => {
    const { token, email } = await register(api, 1);
    await api.login(email, 'localhost', CONTRACT_PASSWORD);
    return [
      { title: 'two sessions, this one marked', headers: auth(token), status: 200 },
      { title: 'no token', status: 401 },
    ];
  },
  revokeOtherAccountSessions: async ({ api }) => {
    const { token, email } = await register(api, 2);
    await api.login(email, 'localhost', CONTRACT_PASSWORD);
    return [
      { title: 'ends the other one', headers: auth(token), status: 200 },
      { title: 'none left to end', headers: auth(token), status: 200 },
      { title: 'no token', status: 401 },
    ];
  },
  revokeAccountSession: async ({ api }) => {
    const mine = await register(api, 3);
    await api.login(mine.email, 'localhost', CONTRACT_PASSWORD);
    const other = await register(api, 4);
    const myOther = (await sessionIds(api, mine.token)).find((s) => !s.current);
    const theirs = (await sessionIds(api, other.token))[0];
    if (!myOther || !theirs) throw new Error('sessions missing');
    return [
      { title: "another player's session", headers: auth(mine.token), params: { id: String(theirs.id) }, status: 404 },
      { title: 'unknown id', headers: auth(mine.token), params: { id: '999999' }, status: 404 },
      { title: 'not a number', headers: auth(mine.token), params: { id: 'abc' }, status: 422, invalid: true },
      { title: 'zero', headers: auth(mine.token), params: { id: '0' }, status: 422, invalid: true },
      { title: 'my other session', headers: auth(mine.token), params: { id: String(myOther.id) }, status: 200 },
      { title: 'already ended', headers: auth(mine.token), params: { id: String(myOther.id) }, status: 404 },
      { title: 'no token', params: { id: String(myOther.id) }, status: 401 },
    ];
  },
};
