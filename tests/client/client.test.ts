import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createApiClient } from '../../src/lib/api/client';
import type { ApiClientOptions } from '../../src/lib/api/client';
import { ApiError, NETWORK_MESSAGE_ID } from '../../src/lib/api/errors';
import { GUEST_ID_PATTERN } from '../../src/lib/api/guest-id';
import { unwrap } from '../../src/lib/api/unwrap';
import { retryAfterSecondsOf } from '../../machines/kernel/api-error';
import { createMemoryStorage } from '../../src/lib/storage';
import { startTestServer } from './helpers/http-server';
import type { TestServer } from './helpers/http-server';
import type { TestPaths } from './helpers/test-paths';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function apiClient(overrides: Partial<ApiClientOptions> = {}) {
  const delays: number[] = [];
  const client = createApiClient<TestPaths>({
    baseUrl: `${server.url}/api/`,
    storage: createMemoryStorage(),
    random: () => 0.5,
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...overrides,
  });
  return { client, delays };
}

describe('createApiClient', () => {
  it('calls the base URL with the auth headers', async () => {
    server.reply({ status: 200, body: { ok: true } });
    const storage = createMemoryStorage({ auth: 'tok', lmcp: 'm1' });
    const { client } = apiClient({ storage });
    const { data } = await client.GET('/things');
    expect(data).toEqual({ ok: true });
    expect(server.requests[0]).toMatchObject({
      method: 'GET',
      url: '/api/things',
      headers: { authorization: 'Bearer tok', lmcp: 'm1' },
    });
  });

  it('uses Guest-ID when signed out, on every method', async () => {
    server.reply({ status: 200, body: { ok: true } });
    const { client } = apiClient();
    await client.GET('/things');
    await client.PUT('/things', { body: { name: 'n' } });
    const [a, b] = server.requests.map((r) => r.headers['guest-id']);
    expect(a).toMatch(GUEST_ID_PATTERN);
    expect(b).toBe(a);
  });

  it('retries reads (each attempt with the auth headers) but never writes', async () => {
    server.reply({ status: 503 }, { status: 503 }, { status: 200, body: { ok: true } });
    const { client, delays } = apiClient({ storage: createMemoryStorage({ auth: 'tok' }) });
    expect(await unwrap(client.GET('/things'))).toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
    expect(server.requests.every((r) => r.headers.authorization === 'Bearer tok')).toBe(true);
    expect(delays).toEqual([150, 300]);

    server.reply({ status: 503 });
    const { response } = await client.POST('/things', { body: { name: 'once' } });
    expect(response.status).toBe(503);
    expect(server.requests).toHaveLength(1);
  });

  it('takes retry settings', async () => {
    server.reply({ status: 429 });
    const { client } = apiClient({ retry: { maxAttempts: 2 } });
    await client.GET('/things');
    expect(server.requests).toHaveLength(2);
  });

  it('counts a network error once per call, after the read retries', async () => {
    server.reply('drop');
    let callbacks = 0;
    const { client } = apiClient({ onNetworkError: () => callbacks++ });
    const failure = await unwrap(client.GET('/things')).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, messages: [{ id: NETWORK_MESSAGE_ID }] });
    expect(server.requests).toHaveLength(3);
    expect(client.networkErrorCount()).toBe(1);
    expect(callbacks).toBe(1);
  });

  it('uses an injected fetch', async () => {
    const seen: string[] = [];
    const { client } = apiClient({
      fetch: async (input) => {
        seen.push((input as Request).url);
        return Response.json({ ok: true });
      },
    });
    expect(await unwrap(client.GET('/things'))).toEqual({ ok: true });
    expect(seen).toEqual([`${server.url}/api/things`]);
  });
});

describe('unwrap', () => {
  it('returns the data of a success, typed from the schema', async () => {
    server.reply({ status: 200, body: { ok: true } });
    const { client } = apiClient();
    const data = await unwrap(client.GET('/things'));
    expectTypeOf(data).toEqualTypeOf<{ ok: boolean }>();
    expect(data).toEqual({ ok: true });
  });

  it('accepts a result as well as its promise', async () => {
    server.reply({ status: 200, body: { ok: true } });
    const { client } = apiClient();
    const result = await client.GET('/things');
    expect(await unwrap(result)).toEqual({ ok: true });
  });

  it('throws the normalised ApiError of a failure, with field messages', async () => {
    server.reply({ status: 422, body: { errors: { name: ['Nome obrigatório'] } } });
    const { client } = apiClient();
    const failure = await unwrap(client.POST('/things', { body: { name: '' } })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 422,
      shown: true,
      messages: [{ text: 'Nome obrigatório' }],
      fields: { name: ['Nome obrigatório'] },
    });
  });

  it('throws for a failure with an empty body too', async () => {
    server.reply({ status: 404 });
    const { client } = apiClient();
    await expect(unwrap(client.GET('/things'))).rejects.toMatchObject({
      status: 404,
      messages: [{ id: 'error_messages.404' }],
    });
  });

  it("keeps a refusal's Retry-After (a code asked for too soon), and a machine reads it in seconds", async () => {
    server.reply({ status: 429, body: { errors: { code: ['Aguarde.'] } }, headers: { 'Retry-After': '15' } });
    const { client } = apiClient();
    const failure = await unwrap(client.POST('/things', { body: { name: 'x' } })).catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 429, retryAfterMs: 15_000 });
    expect(retryAfterSecondsOf(failure)).toBe(15);
    server.reply({ status: 422, body: { errors: { name: ['x'] } } });
    const silent = await unwrap(client.POST('/things', { body: { name: '' } })).catch((e: unknown) => e);
    expect((silent as { retryAfterMs?: number }).retryAfterMs).toBeUndefined();
    expect(retryAfterSecondsOf(silent)).toBeNull();
  });

  it('passes 403 on unshown', async () => {
    server.reply({ status: 403, body: { message: 'Forbidden' } });
    const { client } = apiClient();
    await expect(unwrap(client.GET('/things'))).rejects.toMatchObject({ status: 403, shown: false });
  });
});
