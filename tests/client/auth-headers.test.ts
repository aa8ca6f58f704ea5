import createClient from 'openapi-fetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authHeadersMiddleware } from '../../src/lib/api/auth-headers';
import { GUEST_ID_PATTERN, generateGuestId, getOrCreateGuestId } from '../../src/lib/api/guest-id';
import { createMemoryStorage } from '../../src/lib/storage';
import type { KeyValueStorage } from '../../src/lib/storage';
import { startTestServer } from './helpers/http-server';
import type { TestServer } from './helpers/http-server';
import type { TestPaths } from './helpers/test-paths';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.reply({ status: 200, body: { ok: true } }));

function clientWith(storage: KeyValueStorage) {
  const client = createClient<TestPaths>({ baseUrl: server.url });
  client.use(authHeadersMiddleware(storage));
  return client;
}

describe('auth headers middleware', () => {
  it('sends the bearer token when signed in, and no Guest-ID', async () => {
    const storage = createMemoryStorage({ auth: 'tok-123' });
    await clientWith(storage).GET('/things');
    const [request] = server.requests;
    expect(request?.headers.authorization).toBe('Bearer tok-123');
    expect(request?.headers['guest-id']).toBeUndefined();
    expect(storage.get('guest_id')).toBeNull();
  });

  it('sends a Guest-ID generated once, stored under guest_id and reused, when signed out', async () => {
    const storage = createMemoryStorage();
    const client = clientWith(storage);
    await client.GET('/things');
    await client.POST('/things', { body: { name: 'x' } });
    const [first, second] = server.requests;
    const guestId = first?.headers['guest-id'];
    expect(guestId).toMatch(GUEST_ID_PATTERN);
    expect(second?.headers['guest-id']).toBe(guestId);
    expect(storage.get('guest_id')).toBe(guestId);
    expect(first?.headers.authorization).toBeUndefined();
  });

  it('keeps the stored guest id across clients (e.g. a page reload)', async () => {
    const storage = createMemoryStorage({ guest_id: 'guest-abc123xyz' });
    await clientWith(storage).GET('/things');
    expect(server.requests[0]?.headers['guest-id']).toBe('guest-abc123xyz');
  });

  it('follows sign-in and sign-out between calls', async () => {
    const storage = createMemoryStorage();
    const client = clientWith(storage);
    storage.set('auth', 'tok-1');
    await client.GET('/things');
    storage.remove('auth');
    await client.GET('/things');
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok-1');
    expect(server.requests[1]?.headers.authorization).toBeUndefined();
    expect(server.requests[1]?.headers['guest-id']).toMatch(GUEST_ID_PATTERN);
  });

  it('adds lmcp when stored, and only then', async () => {
    const storage = createMemoryStorage({ lmcp: 'campaign-42' });
    const client = clientWith(storage);
    await client.GET('/things');
    storage.remove('lmcp');
    await client.GET('/things');
    expect(server.requests[0]?.headers.lmcp).toBe('campaign-42');
    expect(server.requests[1]?.headers.lmcp).toBeUndefined();
  });
});

describe('guest id', () => {
  it('is guest- plus 9 characters of [a-z0-9], over the whole range of random()', () => {
    expect(generateGuestId(() => 0)).toBe('guest-aaaaaaaaa');
    expect(generateGuestId(() => 0.999_999_999)).toBe('guest-999999999');
    for (let i = 0; i < 200; i++) expect(generateGuestId()).toMatch(GUEST_ID_PATTERN);
  });

  it('is generated once per storage', () => {
    const storage = createMemoryStorage();
    const first = getOrCreateGuestId(storage, Math.random);
    expect(getOrCreateGuestId(storage, Math.random)).toBe(first);
    expect(storage.get('guest_id')).toBe(first);
  });

  it('replaces a stored value that is not a guest id', () => {
    const storage = createMemoryStorage({ guest_id: 'garbage' });
    const id = getOrCreateGuestId(storage, () => 0.5);
    expect(id).toBe('guest-sssssssss');
    expect(storage.get('guest_id')).toBe(id);
  });
});
