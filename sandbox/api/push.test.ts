import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openMigratedDb } from '../db/test-template';
import type { Db } from '../db/types';
import { createTestSubscriber } from '../push/decrypt';
import { createPushSender } from '../push/sender';
import { vapidProblem, type StandInMessage } from '../push/stand-in';
import { generateVapidKeys, loadOrCreateVapidKeys } from '../push/vapid';
import { seed } from '../seed';
import { DEMO_PASSWORD } from '../seed-data/players';
import { buildPlatform } from '../platform';
import { acceptableEndpoint, isP256Point } from './push';
import { revokeAllSessions } from './sessions';
import { bearer, panelForm, TEST_CONFIG } from './test-support';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Web push in the sandbox: the brand's VAPID key, subscriptions stored per player (only the owner
 * can (un)subscribe), and the QA panel's send with `web-push`, delivered end to end over HTTP to the local
 * push-service stand-in, where the test checks the VAPID Authorization and decrypts the payload as a browser would.
 */
const ANA = 'ana@sorteverde.test';
const BRUNO = 'bruno@sorteverde.test';
const DIEGO = 'diego@azulbet.test';
const keys = generateVapidKeys();

let db: Db;
let app: FastifyInstance;
let base: string;
const config = { ...TEST_CONFIG };

beforeAll(async () => {
  db = await openMigratedDb();
  await seed(db);
  app = buildPlatform({
    db,
    config,
    validateResponses: true,
    authRateLimit: { max: 10_000, timeWindowMs: 60_000 },
    push: createPushSender(keys),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // The stand-in is accepted only on the sandbox's own port: the one this test server got.
  config.apiPort = port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await app.close();
  await db.close();
});
beforeEach(async () => {
  await db.query('DELETE FROM push_subscriptions');
  await db.query('DELETE FROM push_stand_in_messages');
});

const login = async (email: string, host = 'localhost') => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host },
    payload: { email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
};
const idOf = async (email: string) =>
  (await db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0]?.id ?? 0;
const standIn = (channel: string) => `${base}/push-stand-in/${channel}`;
const subscribe = (token: string | null, payload: unknown, host = 'localhost') =>
  app.inject({
    method: 'POST',
    url: '/api/notifications/push-subscription',
    headers: { host, ...(token ? bearer(token) : {}) },
    payload: payload as object,
  });
const unsubscribe = (token: string, endpoint: string, host = 'localhost') =>
  app.inject({
    method: 'DELETE',
    url: '/api/notifications/push-subscription',
    headers: { host, ...bearer(token) },
    payload: { endpoint },
  });
const received = async (channel: string) =>
  ((await (await fetch(standIn(channel))).json()) as { messages: StandInMessage[] }).messages;

describe('GET /notifications/push-key', () => {
  it("answers the sandbox's VAPID public key to anyone, per brand", async () => {
    for (const host of ['localhost', 'azul.localhost']) {
      const res = await app.inject({ url: '/api/notifications/push-key', headers: { host } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { public_key: keys.publicKey } });
    }
    const unknown = await app.inject({ url: '/api/notifications/push-key', headers: { host: 'nobody.example' } });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('POST /notifications/push-subscription', () => {
  it('stores the subscription for the signed-in player; again refreshes its keys (idempotent per endpoint)', async () => {
    const token = await login(ANA);
    const first = createTestSubscriber();
    const res = await subscribe(token, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc:123',
      expirationTime: null,
      keys: { p256dh: first.p256dh, auth: first.auth },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:123' },
      message: 'Notificações push inscritas com sucesso!',
    });
    const second = createTestSubscriber();
    const again = await subscribe(token, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc:123',
      keys: { p256dh: second.p256dh, auth: second.auth },
    });
    expect(again.json().data.id).toBe(res.json().data.id);
    const rows = await db.query<{ user_id: number; p256dh: string }>('SELECT user_id, p256dh FROM push_subscriptions');
    expect(rows).toEqual([{ user_id: await idOf(ANA), p256dh: second.p256dh }]);
  });

  it('refuses a guest (401) and stores nothing', async () => {
    const s = createTestSubscriber();
    const res = await subscribe(null, { endpoint: 'https://push.example/x', keys: { p256dh: s.p256dh, auth: s.auth } });
    expect(res.statusCode).toBe(401);
    expect(await db.query('SELECT id FROM push_subscriptions')).toEqual([]);
  });

  it.each([
    ['an http endpoint elsewhere', 'http://push.example/x', 'endpoint'],
    ['a javascript: URL', 'javascript:alert(1)', 'endpoint'],
    ['credentials in the URL', 'https://user:pw@push.example/x', 'endpoint'],
    ['a fragment', 'https://push.example/x#y', 'endpoint'],
    ['not a URL', 'push service', 'endpoint'],
    ['the stand-in on another local port', 'http://127.0.0.1:1/push-stand-in/x', 'endpoint'],
    ['another path of the sandbox', 'SELF/api/auth/me', 'endpoint'],
  ])('answers 422 errors.endpoint for %s', async (_, endpoint, field) => {
    const token = await login(ANA);
    const s = createTestSubscriber();
    const res = await subscribe(token, {
      endpoint: endpoint.replace('SELF', base),
      keys: { p256dh: s.p256dh, auth: s.auth },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it('answers 422 for keys of the wrong length or not base64url, and for a p256dh off the curve', async () => {
    const token = await login(ANA);
    const s = createTestSubscriber();
    const endpoint = 'https://push.example/x';
    const cases = [
      { p256dh: s.p256dh.slice(1), auth: s.auth },
      { p256dh: s.p256dh, auth: `${s.auth}AA` },
      { p256dh: `${s.p256dh.slice(0, 86)}+`, auth: s.auth },
      { p256dh: `BA${'A'.repeat(85)}`, auth: s.auth },
    ];
    for (const keysOf of cases) {
      const res = await subscribe(token, { endpoint, keys: keysOf });
      expect(res.statusCode, JSON.stringify(keysOf)).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
    const missing = await subscribe(token, { endpoint, keys: { p256dh: s.p256dh } });
    expect(missing.statusCode).toBe(422);
    expect(await db.query('SELECT id FROM push_subscriptions')).toEqual([]);
  });

  it('moves an endpoint another player held to the caller (one owner per browser)', async () => {
    const s = createTestSubscriber();
    const payload = { endpoint: 'https://push.example/shared', keys: { p256dh: s.p256dh, auth: s.auth } };
    await subscribe(await login(ANA), payload);
    await subscribe(await login(BRUNO), payload);
    const rows = await db.query<{ user_id: number }>('SELECT user_id FROM push_subscriptions');
    expect(rows).toEqual([{ user_id: await idOf(BRUNO) }]);
  });
});

describe('a subscription lasts as long as the session that stored it', () => {
  const endpoints = async () =>
    (await db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions ORDER BY endpoint')).map(
      (r) => r.endpoint,
    );
  const keysOf = () => {
    const s = createTestSubscriber();
    return { p256dh: s.p256dh, auth: s.auth };
  };

  it('signing out removes what that session stored; the player’s other browser keeps its own', async () => {
    const phone = await login(ANA);
    const laptop = await login(ANA);
    await subscribe(phone, { endpoint: 'https://push.example/phone', keys: keysOf() });
    await subscribe(laptop, { endpoint: 'https://push.example/laptop', keys: keysOf() });
    const out = await app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { host: 'localhost', ...bearer(phone) },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(await endpoints()).toEqual(['https://push.example/laptop']);
  });

  it('a browser taken over by another sign-in belongs to the new session: the old one signing out leaves it', async () => {
    const first = await login(ANA);
    const second = await login(BRUNO);
    await subscribe(first, { endpoint: 'https://push.example/shared', keys: keysOf() });
    await subscribe(second, { endpoint: 'https://push.example/shared', keys: keysOf() });
    await app.inject({ method: 'GET', url: '/api/auth/logout', headers: { host: 'localhost', ...bearer(first) } });
    expect(await endpoints()).toEqual(['https://push.example/shared']);
  });

  it('a password reset ends every session and every subscription of the player', async () => {
    const ana = await login(ANA);
    const bruno = await login(BRUNO);
    await subscribe(ana, { endpoint: 'https://push.example/ana', keys: keysOf() });
    await subscribe(bruno, { endpoint: 'https://push.example/bruno', keys: keysOf() });
    await revokeAllSessions(db, await idOf(ANA), new Date());
    expect(await endpoints()).toEqual(['https://push.example/bruno']);
  });
});

describe('DELETE /notifications/push-subscription', () => {
  it('removes the caller’s own subscription; another player’s answers 404 and stays', async () => {
    const s = createTestSubscriber();
    const ana = await login(ANA);
    const endpoint = 'https://push.example/ana';
    await subscribe(ana, { endpoint, keys: { p256dh: s.p256dh, auth: s.auth } });
    const bruno = await unsubscribe(await login(BRUNO), endpoint);
    expect(bruno.statusCode).toBe(404);
    expect(bruno.json().errors.endpoint).toEqual(['Inscrição não encontrada.']);
    // Same endpoint from another brand's player: not theirs either.
    const diego = await unsubscribe(await login(DIEGO, 'azul.localhost'), endpoint, 'azul.localhost');
    expect(diego.statusCode).toBe(404);
    expect(await db.query('SELECT id FROM push_subscriptions')).toHaveLength(1);
    const own = await unsubscribe(ana, endpoint);
    expect(own.statusCode, own.body).toBe(200);
    expect(await db.query('SELECT id FROM push_subscriptions')).toEqual([]);
    expect((await unsubscribe(ana, endpoint)).statusCode).toBe(404);
  });
});

describe('QA panel: sending a push with web-push to the local stand-in', () => {
  it('delivers an encrypted, VAPID-signed push the browser keys decrypt to the title, text and URL', async () => {
    const token = await login(ANA);
    const s = createTestSubscriber();
    const res = await subscribe(token, { endpoint: standIn('ana-1'), keys: { p256dh: s.p256dh, auth: s.auth } });
    expect(res.statusCode, res.body).toBe(200);
    const send = await app.inject({
      method: 'POST',
      url: '/sandbox/push/send',
      ...panelForm({
        user_id: String(await idOf(ANA)),
        title: 'Bônus liberado',
        body: 'Seu giro grátis chegou',
        url: '/casino',
      }),
    });
    expect(send.statusCode).toBe(303);
    expect(new URL(String(send.headers.location), 'http://x').searchParams.get('notice')).toContain(
      'Push enviado a 1 de 1',
    );
    const [message, ...more] = await received('ana-1');
    expect(more).toEqual([]);
    if (!message) throw new Error('nothing arrived');
    expect(message.headers['content-encoding']).toBe('aes128gcm');
    expect(message.headers['content-type']).toBe('application/octet-stream');
    expect(Number(message.headers.ttl)).toBeGreaterThan(0);
    expect(message.headers.authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${keys.publicKey}$`));
    expect(vapidProblem(message.headers.authorization, base, new Date())).toBeNull();
    const body = Buffer.from(message.body, 'base64');
    expect(body.includes(Buffer.from('Bônus'))).toBe(false);
    expect(JSON.parse(s.decrypt(body))).toEqual({
      title: 'Bônus liberado',
      body: 'Seu giro grátis chegou',
      url: '/casino',
    });
    const [sent] = await db.query<{ status: number }>('SELECT status FROM push_sends ORDER BY id DESC LIMIT 1');
    expect(sent?.status).toBe(201);
    const panel = await app.inject({ url: '/sandbox' });
    expect(panel.body).toContain('id="push"');
    expect(panel.body).toContain('Bônus liberado');
  });

  it('sends to each of the player’s browsers and removes one the push service calls gone (410)', async () => {
    const token = await login(ANA);
    const live = createTestSubscriber();
    const gone = createTestSubscriber();
    await subscribe(token, { endpoint: standIn('ana-live'), keys: { p256dh: live.p256dh, auth: live.auth } });
    await subscribe(token, { endpoint: standIn('gone-ana'), keys: { p256dh: gone.p256dh, auth: gone.auth } });
    const send = await app.inject({
      method: 'POST',
      url: '/sandbox/push/send',
      ...panelForm({ user_id: String(await idOf(ANA)), title: 'Oi', body: 'Tudo bem?', url: '' }),
    });
    const notice = new URL(String(send.headers.location), 'http://x').searchParams.get('notice');
    expect(notice).toBe(
      `Push enviado a 1 de 2 inscrição(ões) do jogador ${await idOf(ANA)}; 1 expirada(s) removida(s).`,
    );
    expect(JSON.parse(live.decrypt(Buffer.from((await received('ana-live'))[0]?.body ?? '', 'base64'))).url).toBe('/');
    const rows = await db.query<{ endpoint: string }>('SELECT endpoint FROM push_subscriptions');
    expect(rows).toEqual([{ endpoint: standIn('ana-live') }]);
  });

  it('refuses bad panel input, a player without subscriptions, and a write from another origin', async () => {
    const id = String(await idOf(BRUNO));
    const post = (fields: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/sandbox/push/send', ...panelForm(fields) });
    const error = async (fields: Record<string, string>) =>
      new URL(String((await post(fields)).headers.location), 'http://x').searchParams.get('error');
    expect(await error({ user_id: id, title: '', body: 'x' })).toMatch(/título/);
    expect(await error({ user_id: id, title: 'x', body: '' })).toMatch(/texto/);
    expect(await error({ user_id: id, title: 'x', body: 'y', url: 'javascript:alert(1)' })).toMatch(/caminho/);
    expect(await error({ user_id: 'abc', title: 'x', body: 'y' })).toMatch(/jogador/);
    expect(await error({ user_id: id, title: 'x', body: 'y' })).toBe(`O jogador ${id} não tem inscrições de push.`);
    const foreign = await app.inject({
      method: 'POST',
      url: '/sandbox/push/send',
      headers: {
        host: 'localhost:8787',
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `user_id=${id}&title=x&body=y`,
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('the push-service stand-in checks what a push service checks', () => {
  const post = (channel: string, headers: Record<string, string>, body = Buffer.from('x')) =>
    fetch(standIn(channel), {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...headers },
      body,
    });

  it('refuses a missing or forged VAPID Authorization (401), a wrong encoding (415) and records nothing', async () => {
    expect((await post('c', { 'content-encoding': 'aes128gcm', ttl: '60' })).status).toBe(401);
    const other = generateVapidKeys();
    const forged = (await import('web-push')).default.getVapidHeaders(
      base,
      'mailto:x@y.test',
      keys.publicKey,
      other.privateKey,
      'aes128gcm',
    );
    expect(
      (await post('c', { authorization: forged.Authorization, 'content-encoding': 'aes128gcm', ttl: '60' })).status,
    ).toBe(401);
    const wrongAudience = (await import('web-push')).default.getVapidHeaders(
      'https://fcm.googleapis.com',
      'mailto:x@y.test',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
    expect(
      (await post('c', { authorization: wrongAudience.Authorization, 'content-encoding': 'aes128gcm', ttl: '60' }))
        .status,
    ).toBe(401);
    const good = (await import('web-push')).default.getVapidHeaders(
      base,
      'mailto:x@y.test',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
    expect(
      (await post('c', { authorization: good.Authorization, 'content-encoding': 'aesgcm', ttl: '60' })).status,
    ).toBe(415);
    expect((await post('c', { authorization: good.Authorization, 'content-encoding': 'aes128gcm' })).status).toBe(400);
    expect(
      (
        await post(
          'c',
          { authorization: good.Authorization, 'content-encoding': 'aes128gcm', ttl: '60' },
          Buffer.alloc(5000),
        )
      ).status,
    ).toBe(413);
    expect(await received('c')).toEqual([]);
  });
});

describe('endpoint and key rules', () => {
  it('accepts https and only the stand-in on the sandbox’s own loopback port', () => {
    expect(acceptableEndpoint('https://fcm.googleapis.com/fcm/send/x', { apiPort: 8787 })).toBe(true);
    expect(acceptableEndpoint('http://127.0.0.1:8787/push-stand-in/abc', { apiPort: 8787 })).toBe(true);
    expect(acceptableEndpoint('http://localhost:8787/push-stand-in/abc', { apiPort: 8787 })).toBe(true);
    expect(acceptableEndpoint('http://10.0.0.1:8787/push-stand-in/abc', { apiPort: 8787 })).toBe(false);
    expect(acceptableEndpoint('http://127.0.0.1:8787/push-stand-in/a/b', { apiPort: 8787 })).toBe(false);
  });
  it('tells a P-256 point from 65 other bytes', () => {
    expect(isP256Point(createTestSubscriber().p256dh)).toBe(true);
    expect(isP256Point(Buffer.alloc(65, 4).toString('base64url'))).toBe(false);
  });
});

describe('VAPID keys in the data folder', () => {
  it('are made once, owner-only, and read back the same; a broken file is an error, never replaced', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
    try {
      const first = loadOrCreateVapidKeys(dir);
      expect(first.created).toBe(true);
      expect(statSync(join(dir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
      const again = loadOrCreateVapidKeys(dir);
      expect(again).toEqual({ keys: first.keys, created: false });
      writeFileSync(join(dir, 'vapid-keys.json'), '{"publicKey":"x"}');
      expect(() => loadOrCreateVapidKeys(dir)).toThrow(/not a VAPID key pair/);
      expect(readFileSync(join(dir, 'vapid-keys.json'), 'utf8')).toBe('{"publicKey":"x"}');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
