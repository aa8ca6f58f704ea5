/**
 * Contract cases of the web push operations, spread into contract.test.ts's table: each request
 * is checked against openapi/ (unless `invalid`) and each answer against its documented status and schema.
 */
import { createTestSubscriber } from '../../sandbox/push/decrypt';
import { registerContractPlayer } from './players';
import type { TestApi } from '../../sandbox/api/test-support';

interface PushCase {
  title: string;
  headers?: Record<string, string>;
  json?: unknown;
  status: number;
  invalid?: boolean;
}
interface PushEnv {
  api: TestApi;
  token(email?: string): Promise<string>;
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A player of their own (the other cases change the demo players' passwords). */
const registerOther = async (api: TestApi) =>
  (
    await registerContractPlayer(api, {
      name: 'Outra',
      surname: 'Pessoa',
      email: 'push-other@contrato.test',
      phone: '(11) 95555-7788',
    })
  ).token;

export const pushContractCases: Record<string, (env: PushEnv) => Promise<PushCase[]>> = {
  getPushKey: async () => [
    { title: 'the brand’s VAPID key', status: 200 },
    { title: 'other brand', headers: { 'x-brand-domain': 'azul.localhost' }, status: 200 },
    { title: 'unknown brand', headers: { 'x-brand-domain': 'nada.localhost' }, status: 404 },
  ],
  subscribePush: async (env) => {
    const token = await env.token();
    const s = createTestSubscriber();
    const keys = { p256dh: s.p256dh, auth: s.auth };
    const endpoint = 'https://fcm.googleapis.com/fcm/send/contract-subscribe';
    return [
      {
        title: 'a browser’s subscription',
        headers: auth(token),
        json: { endpoint, expirationTime: null, keys },
        status: 200,
      },
      { title: 'again (idempotent)', headers: auth(token), json: { endpoint, keys }, status: 200 },
      { title: 'guest', json: { endpoint, keys }, status: 401 },
      { title: 'http endpoint', headers: auth(token), json: { endpoint: 'http://push.example/x', keys }, status: 422 },
      {
        title: 'p256dh off the curve',
        headers: auth(token),
        json: { endpoint, keys: { ...keys, p256dh: `BA${'A'.repeat(85)}` } },
        status: 422,
      },
      {
        title: 'auth of the wrong length',
        headers: auth(token),
        json: { endpoint, keys: { ...keys, auth: 'AAAA' } },
        status: 422,
        invalid: true,
      },
      { title: 'no keys', headers: auth(token), json: { endpoint }, status: 422, invalid: true },
      { title: 'unknown field', headers: auth(token), json: { endpoint, keys, extra: 1 }, status: 422, invalid: true },
    ];
  },
  unsubscribePush: async (env) => {
    const token = await env.token();
    const s = createTestSubscriber();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/contract-unsubscribe';
    const stored = await env.api.app.inject({
      method: 'POST',
      url: '/api/notifications/push-subscription',
      headers: { host: 'localhost', ...auth(token) },
      payload: { endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
    });
    if (stored.statusCode !== 200) throw new Error(`subscribe: ${stored.statusCode} ${stored.body}`);
    return [
      {
        title: 'another player’s endpoint',
        headers: auth(await registerOther(env.api)),
        json: { endpoint },
        status: 404,
      },
      { title: 'the player’s own', headers: auth(token), json: { endpoint }, status: 200 },
      { title: 'already removed', headers: auth(token), json: { endpoint }, status: 404 },
      { title: 'guest', json: { endpoint }, status: 401 },
      { title: 'no endpoint', headers: auth(token), json: {}, status: 422, invalid: true },
    ];
  },
};
