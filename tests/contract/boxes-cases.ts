/**
 * Contract cases of prize boxes (tag `boxes`), spread into contract.test.ts's table: each request is checked
 * against openapi/ (unless `invalid`) and each answer against its documented status and schema. They run on players
 * registered here (a buyer with a balance set here, another player whose boxes and prizes the buyer must not reach,
 * and a self-excluded one); what a case needs (an owned box, an opened one, a prize) is made outside the table.
 */
import { onePlayerPerApi } from './players';
import type { TestApi } from '../../sandbox/api/test-support';

interface BoxCase {
  title: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  json?: unknown;
  status: number;
  invalid?: boolean;
}
interface BoxEnv {
  api: TestApi;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const BUYER_EMAIL = 'caixas@contrato.test';
const OTHER_EMAIL = 'outra.caixa@contrato.test';
const EXCLUDED_EMAIL = 'caixa.excluida@contrato.test';
const NEON = 'caixa-neon';

const buyer = onePlayerPerApi({ name: 'Bia', surname: 'Caixas', email: BUYER_EMAIL, phone: '(11) 95555-1717' });
const other = onePlayerPerApi({ name: 'Otto', surname: 'Caixas', email: OTHER_EMAIL, phone: '(11) 95555-1818' });
const excluded = onePlayerPerApi({ name: 'Edu', surname: 'Caixas', email: EXCLUDED_EMAIL, phone: '(11) 95555-1919' });

async function setBalance(api: TestApi, email: string, balance: number): Promise<void> {
  await api.db.query(
    `UPDATE wallets SET balance = $2 WHERE user_id = (SELECT id FROM users WHERE brand_id = 1 AND email = $1)`,
    [email, balance],
  );
}

async function neonId(api: TestApi): Promise<number> {
  const [row] = await api.db.query<{ id: number }>('SELECT id FROM boxes WHERE brand_id = 1 AND name = $1', [NEON]);
  if (!row) throw new Error('caixa-neon not seeded');
  return row.id;
}

async function post<T>(api: TestApi, token: string, url: string, payload: Record<string, unknown>): Promise<T> {
  const res = await api.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: { host: 'localhost', ...auth(token) },
    payload,
  });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

/** A new owned box of the player (the balance topped up for it). */
async function ownedBox(api: TestApi, token: string, email: string): Promise<number> {
  await setBalance(api, email, 10_000);
  const body = await post<{ user_box: { id: number } }>(api, token, '/boxes/buy', { box_id: await neonId(api) });
  return body.user_box.id;
}

/** A prize of the player: a box bought and opened. */
async function ownedPrize(api: TestApi, token: string, email: string): Promise<number> {
  const box = await ownedBox(api, token, email);
  const body = await post<{ prize: { id: number } }>(api, token, '/boxes/open', { box_id: box });
  return body.prize.id;
}

export const boxesContractCases: Record<string, (env: BoxEnv) => Promise<BoxCase[]>> = {
  listBoxes: async () => [
    { title: 'a guest', status: 200 },
    { title: 'in English', query: { locale: 'en' }, status: 200 },
    { title: 'boxes off for the brand', headers: { 'x-brand-domain': 'azul.localhost' }, status: 404 },
    { title: 'unknown locale', query: { locale: 'fr' }, status: 422, invalid: true },
  ],
  getBoxPrizes: async ({ api }) => [
    { title: 'by name, a guest (no commitment)', params: { id: NEON }, status: 200 },
    {
      title: 'by id, signed in (the next commitment)',
      params: { id: String(await neonId(api)) },
      headers: auth(await buyer(api)),
      status: 200,
    },
    { title: 'unknown name', params: { id: 'caixa-inexistente' }, status: 404 },
    { title: 'unknown id', params: { id: '99999' }, status: 404 },
    { title: 'not an id nor a name', params: { id: 'Caixa Neon!' }, status: 422, invalid: true },
  ],
  listUserBoxes: async ({ api }) => {
    const token = await buyer(api);
    await ownedBox(api, token, BUYER_EMAIL);
    return [
      { title: 'the player’s boxes', headers: auth(token), status: 200 },
      { title: 'no session', status: 401 },
    ];
  },
  listUserPrizes: async ({ api }) => {
    const token = await buyer(api);
    await ownedPrize(api, token, BUYER_EMAIL);
    return [
      { title: 'the player’s prizes', headers: auth(token), query: { locale: 'en' }, status: 200 },
      { title: 'no session', status: 401 },
    ];
  },
  buyBox: async ({ api }) => {
    const token = await buyer(api);
    const box_id = await neonId(api);
    await setBalance(api, BUYER_EMAIL, 450);
    const excludedToken = await excluded(api);
    await api.db.query(
      `UPDATE users SET self_excluded_at = now() - interval '1 day', self_excluded_until = now() + interval '30 days'
        WHERE brand_id = 1 AND email = $1`,
      [EXCLUDED_EMAIL],
    );
    const headers = auth(token);
    return [
      { title: 'with enough balance', headers, json: { box_id, client_seed: 'semente-da-bia' }, status: 201 },
      { title: 'with a request id', headers, json: { box_id, request_id: 'compra-contrato-0001' }, status: 201 },
      {
        title: 'the same request id again',
        headers,
        json: { box_id, request_id: 'compra-contrato-0001' },
        status: 200,
      },
      { title: 'not enough balance (R$ 0,50 left)', headers, json: { box_id }, status: 422 },
      { title: 'unknown box', headers, json: { box_id: 999_999 }, status: 404 },
      { title: 'no session', json: { box_id }, status: 401 },
      { title: 'self-excluded', headers: auth(excludedToken), json: { box_id }, status: 403 },
      { title: 'a string id', headers, json: { box_id: '1' }, status: 422, invalid: true },
      { title: 'a negative id', headers, json: { box_id: -1 }, status: 422, invalid: true },
      { title: 'a huge id', headers, json: { box_id: 1e15 }, status: 422, invalid: true },
      { title: 'no box id', headers, json: {}, status: 422, invalid: true },
      { title: 'a client seed with spaces', headers, json: { box_id, client_seed: 'a b' }, status: 422, invalid: true },
    ];
  },
  openBox: async ({ api }) => {
    const token = await buyer(api);
    const box = await ownedBox(api, token, BUYER_EMAIL);
    const othersBox = await ownedBox(api, await other(api), OTHER_EMAIL);
    const headers = auth(token);
    return [
      { title: 'an owned box', headers, json: { box_id: box }, status: 200 },
      { title: 'the same box again', headers, json: { box_id: box }, status: 409 },
      { title: 'another player’s box', headers, json: { box_id: othersBox }, status: 404 },
      { title: 'no session', json: { box_id: box }, status: 401 },
      { title: 'a string id', headers, json: { box_id: 'um' }, status: 422, invalid: true },
      { title: 'a negative id', headers, json: { box_id: -3 }, status: 422, invalid: true },
    ];
  },
  sellBox: async ({ api }) => {
    const token = await buyer(api);
    const box = await ownedBox(api, token, BUYER_EMAIL);
    const othersBox = await ownedBox(api, await other(api), OTHER_EMAIL);
    const headers = auth(token);
    return [
      { title: 'an unopened box', headers, json: { id: box }, status: 200 },
      { title: 'the same box again', headers, json: { id: box }, status: 409 },
      { title: 'another player’s box', headers, json: { id: othersBox }, status: 404 },
      { title: 'no session', json: { id: box }, status: 401 },
      { title: 'a huge id', headers, json: { id: 2 ** 40 }, status: 422, invalid: true },
      { title: 'a fractional id', headers, json: { id: 1.5 }, status: 422, invalid: true },
    ];
  },
  sellPrize: async ({ api }) => {
    const token = await buyer(api);
    const prize = await ownedPrize(api, token, BUYER_EMAIL);
    const othersPrize = await ownedPrize(api, await other(api), OTHER_EMAIL);
    const headers = auth(token);
    return [
      { title: 'an owned prize', headers, json: { id: prize }, status: 200 },
      { title: 'the same prize again', headers, json: { id: prize }, status: 409 },
      { title: 'another player’s prize', headers, json: { id: othersPrize }, status: 404 },
      { title: 'no session', json: { id: prize }, status: 401 },
      { title: 'a string id', headers, json: { id: 'dez' }, status: 422, invalid: true },
      { title: 'zero', headers, json: { id: 0 }, status: 422, invalid: true },
    ];
  },
};
