import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RETRYABLE_STATUSES,
  backoffDelay,
  createRetryingFetch,
  defaultRetryOptions,
  parseRetryAfter,
} from '../../src/lib/api/retry';
import type { RetryDeps, RetryOptions } from '../../src/lib/api/retry';
import { startTestServer } from './helpers/http-server';
import type { TestServer } from './helpers/http-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function setup(options?: RetryOptions, random: () => number = () => 0.5) {
  const delays: number[] = [];
  const deps: RetryDeps = {
    random,
    sleep: async (ms) => {
      delays.push(ms);
    },
    now: () => Date.parse('2030-01-01T00:00:00Z'),
  };
  const retryingFetch = createRetryingFetch((request) => fetch(request), deps, options);
  const call = (method: string, body?: string) =>
    retryingFetch(new Request(`${server.url}/things`, { method, ...(body === undefined ? {} : { body }) }));
  return { call, delays };
}

describe('read retries (fetch wrapper)', () => {
  it('retries a GET answered 503, 503, 200 and succeeds on the third attempt', async () => {
    server.reply({ status: 503 }, { status: 503 }, { status: 200, body: { ok: true } });
    const { call, delays } = setup();
    const response = await call('GET');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(server.requests).toHaveLength(3);
    expect(delays).toHaveLength(2);
  });

  it.each([...RETRYABLE_STATUSES])('retries a read answered %i', async (status) => {
    server.reply({ status }, { status: 200 });
    const { call } = setup();
    expect((await call('GET')).status).toBe(200);
    expect(server.requests).toHaveLength(2);
  });

  it.each(['HEAD', 'OPTIONS'])('retries %s like GET', async (method) => {
    server.reply({ status: 502 }, { status: 204 });
    const { call } = setup();
    expect((await call(method)).status).toBe(204);
    expect(server.requests.map((r) => r.method)).toEqual([method, method]);
  });

  it.each([400, 401, 403, 404, 422, 490, 501])('does not retry a read answered %i', async (status) => {
    server.reply({ status });
    const { call, delays } = setup();
    expect((await call('GET')).status).toBe(status);
    expect(server.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries %s, even on 503 or a network error', async (method) => {
    server.reply({ status: 503 });
    const { call } = setup();
    expect((await call(method, '{"a":1}')).status).toBe(503);
    expect(server.requests).toHaveLength(1);

    server.reply('drop');
    await expect(call(method, '{"a":1}')).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(1);
  });

  it('stops after maxAttempts (3 by default) and hands back the last response', async () => {
    server.reply({ status: 503, body: { message: 'down' } });
    const { call, delays } = setup();
    const response = await call('GET');
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: 'down' });
    expect(server.requests).toHaveLength(3);
    expect(delays).toHaveLength(2);
  });

  it('honours a configured maxAttempts', async () => {
    server.reply({ status: 500 });
    const five = setup({ maxAttempts: 5 });
    await five.call('GET');
    expect(server.requests).toHaveLength(5);

    server.reply({ status: 500 });
    const one = setup({ maxAttempts: 1 });
    await one.call('GET');
    expect(server.requests).toHaveLength(1);
  });

  it('retries network errors on reads, then throws the last one', async () => {
    server.reply('drop');
    const { call, delays } = setup();
    await expect(call('GET')).rejects.toThrow(TypeError);
    expect(server.requests).toHaveLength(3);
    expect(delays).toHaveLength(2);

    server.reply('drop', { status: 200 });
    expect((await setup().call('GET')).status).toBe(200);
    expect(server.requests).toHaveLength(2);
  });

  it('re-sends the same body on every attempt (the request is cloned)', async () => {
    server.reply({ status: 503 }, { status: 503 }, { status: 200 });
    const { call } = setup();
    await call('OPTIONS', '{"same":"body"}');
    expect(server.requests.map((r) => r.body)).toEqual(['{"same":"body"}', '{"same":"body"}', '{"same":"body"}']);
  });

  it('does not retry a request the caller aborted', async () => {
    server.reply({ status: 503 });
    const controller = new AbortController();
    const retryingFetch = createRetryingFetch((request) => fetch(request), {
      random: () => 0.5,
      sleep: async () => controller.abort(),
    });
    await expect(retryingFetch(new Request(`${server.url}/things`, { signal: controller.signal }))).rejects.toThrow();
    expect(server.requests).toHaveLength(1);
  });
});

describe('backoff', () => {
  it('waits a full-jitter delay below base·2^(n-1), capped by maxDelayMs', async () => {
    server.reply({ status: 503 });
    const nearlyOne = () => 0.999_999;
    const { call, delays } = setup({ maxAttempts: 6, baseDelayMs: 300, maxDelayMs: 3000 }, nearlyOne);
    await call('GET');
    const ceilings = [300, 600, 1200, 2400, 3000];
    expect(delays).toHaveLength(5);
    delays.forEach((delay, i) => {
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(ceilings[i] ?? 0);
      expect(delay).toBeGreaterThan((ceilings[i] ?? 0) * 0.99);
    });
  });

  it('scales with random() (full jitter), reaching 0 at random() = 0', () => {
    const options = defaultRetryOptions;
    expect(backoffDelay(1, options, () => 0)).toBe(0);
    expect(backoffDelay(1, options, () => 0.5)).toBe(150);
    expect(backoffDelay(3, options, () => 0.5)).toBe(600);
    expect(backoffDelay(10, options, () => 0.5)).toBe(1500);
  });

  it('honours Retry-After (seconds or HTTP date), capped by maxDelayMs', async () => {
    server.reply({ status: 429, headers: { 'Retry-After': '2' } }, { status: 200 });
    const seconds = setup();
    await seconds.call('GET');
    expect(seconds.delays).toEqual([2000]);

    server.reply({ status: 503, headers: { 'Retry-After': '120' } }, { status: 200 });
    const capped = setup();
    await capped.call('GET');
    expect(capped.delays).toEqual([3000]);

    server.reply({ status: 503, headers: { 'Retry-After': 'Tue, 01 Jan 2030 00:00:01 GMT' } }, { status: 200 });
    const date = setup();
    await date.call('GET');
    expect(date.delays).toEqual([1000]);
  });

  it('parses Retry-After defensively', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(' 3 ', now)).toBe(3000);
    expect(parseRetryAfter('Mon, 31 Dec 2029 23:59:00 GMT', now)).toBe(0);
  });
});
