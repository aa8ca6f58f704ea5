import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_MESSAGE_ID } from '../../src/lib/api/errors';
import { createNetworkErrorTracker } from '../../src/lib/api/network-errors';
import { startTestServer } from './helpers/http-server';
import type { TestServer } from './helpers/http-server';
import type { TestPaths } from './helpers/test-paths';

let server: TestServer;
let closedUrl: string;
beforeAll(async () => {
  server = await startTestServer();
  const closed = await startTestServer();
  closedUrl = closed.url;
  await closed.close();
});
afterAll(() => server.close());

function clientWith(baseUrl: string, onNetworkError?: () => void) {
  const tracker = createNetworkErrorTracker(onNetworkError);
  const client = createClient<TestPaths>({ baseUrl });
  client.use(tracker.middleware);
  return { client, tracker };
}

describe('network error middleware', () => {
  it('turns a refused connection into a status-0 ApiError, counts it and calls back', async () => {
    let calls = 0;
    const { client, tracker } = clientWith(closedUrl, () => calls++);
    const failure = await client.GET('/things').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, shown: true, messages: [{ id: NETWORK_MESSAGE_ID }] });
    expect(tracker.count()).toBe(1);
    expect(calls).toBe(1);
  });

  it('counts a connection cut mid-request, for writes too', async () => {
    server.reply('drop');
    const { client, tracker } = clientWith(server.url);
    await expect(client.POST('/things', { body: { name: 'x' } })).rejects.toBeInstanceOf(ApiError);
    await expect(client.GET('/things')).rejects.toBeInstanceOf(ApiError);
    expect(tracker.count()).toBe(2);
  });

  it('does not count HTTP error responses', async () => {
    server.reply({ status: 500 });
    const { client, tracker } = clientWith(server.url);
    const { response } = await client.GET('/things');
    expect(response.status).toBe(500);
    expect(tracker.count()).toBe(0);
  });

  it('passes an abort on untouched and uncounted', async () => {
    const { client, tracker } = clientWith(closedUrl);
    const controller = new AbortController();
    controller.abort();
    const failure = await client.GET('/things', { signal: controller.signal }).catch((e: unknown) => e);
    expect(failure).not.toBeInstanceOf(ApiError);
    expect((failure as Error).name).toBe('AbortError');
    expect(tracker.count()).toBe(0);
  });
});
