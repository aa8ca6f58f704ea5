/**
 * Contract cases of /user's personal data and privacy, spread into contract.test.ts's table: each request
 * is checked against openapi/ (unless `invalid`) and each answer against its documented status and schema.
 */
import type { TestApi } from '../../sandbox/api/test-support';

interface PdCase {
  title: string;
  headers?: Record<string, string>;
  json?: unknown;
  status: number;
  invalid?: boolean;
}
interface PdEnv {
  api: TestApi;
  token(email?: string): Promise<string>;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const BRUNO = 'bruno@sorteverde.test';

async function idOf(api: TestApi, email: string): Promise<number> {
  const [row] = await api.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  if (!row) throw new Error(`no seeded player ${email}`);
  return row.id;
}

export const personalDataContractCases: Record<string, (env: PdEnv) => Promise<PdCase[]>> = {
  getPersonalData: async ({ token }) => [
    { title: 'masked CPF and address', headers: auth(await token()), status: 200 },
    { title: 'no token', status: 401 },
  ],
  toggleHideMetrics: async ({ token }) => [
    { title: 'hide all', headers: auth(await token()), json: { hide_metrics: true }, status: 200 },
    { title: 'show again', headers: auth(await token()), json: { hide_metrics: false }, status: 200 },
    {
      title: 'not a boolean',
      headers: auth(await token()),
      json: { hide_metrics: 1 },
      status: 422,
      invalid: true,
    },
    { title: 'no token', json: { hide_metrics: true }, status: 401 },
  ],
  showProfile: async ({ api, token }) => [
    { title: 'another player', headers: auth(await token()), json: { user_id: await idOf(api, BRUNO) }, status: 200 },
    {
      title: "another brand's player",
      headers: auth(await token()),
      json: { user_id: await idOf(api, 'diego@azulbet.test') },
      status: 404,
    },
    { title: 'no id', headers: auth(await token()), json: {}, status: 422, invalid: true },
    { title: 'no token', json: { user_id: 1 }, status: 401 },
  ],
};
