/**
 * Contract cases of responsible gaming, spread into contract.test.ts's table: each request is checked
 * against openapi/ (unless `invalid`) and each answer against its documented status and schema. They run on a
 * player registered here (no other case's player gets limits or a self-exclusion).
 */
import { onePlayerPerApi } from './players';
import type { TestApi } from '../../sandbox/api/test-support';

interface RgCase {
  title: string;
  headers?: Record<string, string>;
  json?: unknown;
  status: number;
  invalid?: boolean;
}
interface RgEnv {
  api: TestApi;
  token(email?: string): Promise<string>;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const RG_EMAIL = 'rg@contrato.test';
const RG_PASSWORD = 'Segura#2024';

/** The token of this file's own player, registered once. */
const rgPlayer = onePlayerPerApi({
  name: 'Regina',
  surname: 'Limites',
  email: RG_EMAIL,
  phone: '(11) 95555-1515',
});

export const responsibleGamingContractCases: Record<string, (env: RgEnv) => Promise<RgCase[]>> = {
  getResponsibleGaming: async ({ api }) => [
    { title: 'settings', headers: auth(await rgPlayer(api)), status: 200 },
    { title: 'no token', status: 401 },
  ],
  setResponsibleLimit: async ({ api }) => [
    {
      title: 'a daily loss limit',
      headers: auth(await rgPlayer(api)),
      json: { kind: 'loss', period: 'day', amount: 100_000 },
      status: 200,
    },
    {
      title: 'an unknown kind',
      headers: auth(await rgPlayer(api)),
      json: { kind: 'bonus', period: 'day', amount: 100_000 },
      status: 422,
      invalid: true,
    },
    { title: 'no token', json: { kind: 'loss', period: 'day', amount: 100_000 }, status: 401 },
  ],
  setRealityCheck: async ({ api }) => [
    { title: 'every 30 minutes', headers: auth(await rgPlayer(api)), json: { minutes: 30 }, status: 200 },
    { title: 'every 7 minutes', headers: auth(await rgPlayer(api)), json: { minutes: 7 }, status: 422, invalid: true },
  ],
  getSessionSummary: async ({ api }) => [
    { title: 'this session', headers: auth(await rgPlayer(api)), status: 200 },
    { title: 'no token', status: 401 },
  ],
  removeSelfExclusion: async ({ api }) => {
    // This file's player, excluded indefinitely 60 days ago (past the waiting period): the login's 403 hands
    // out the removal token.
    await rgPlayer(api);
    await api.db.query(
      `UPDATE users SET self_excluded_at = now() - interval '60 days', self_excluded_until = NULL WHERE email = $1`,
      [RG_EMAIL],
    );
    const refused = await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'localhost' },
      payload: { email: RG_EMAIL, password: RG_PASSWORD },
    });
    const { removal_token: token } = refused.json() as { removal_token?: string };
    if (!token) throw new Error(`no removal token: ${refused.statusCode} ${refused.body}`);
    return [
      { title: 'an unknown token', json: { token: 'no-such-token' }, status: 422 },
      { title: 'no token', json: {}, status: 422, invalid: true },
      { title: 'after the waiting period', json: { token }, status: 200 },
    ];
  },
  // Last: it signs the player out everywhere.
  startSelfExclusion: async ({ api }) => [
    { title: 'no date', headers: auth(await rgPlayer(api)), json: { value: '1' }, status: 422, invalid: true },
    {
      title: 'a date for indefinite',
      headers: auth(await rgPlayer(api)),
      json: { value: 'indefinite', date: '2099-01-01' },
      status: 422,
    },
    { title: 'no session', json: { value: 'indefinite', date: null }, status: 401 },
    { title: 'indefinite', headers: auth(await rgPlayer(api)), json: { value: 'indefinite', date: null }, status: 200 },
  ],
};
