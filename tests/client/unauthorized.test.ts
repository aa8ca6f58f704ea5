import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/lib/api/client';
import { unwrap } from '../../src/lib/api/unwrap';
import { createMemoryStorage } from '../../src/lib/storage';
import type { TestPaths } from './helpers/test-paths';

function clientAnswering(
  status: number,
  stored: Record<string, string> = { auth: 'tok' },
  headers: Record<string, string> = {},
) {
  const api = createApiClient<TestPaths>({
    baseUrl: 'http://platform.test/api/',
    storage: createMemoryStorage(stored),
    random: () => 0.5,
    sleep: async () => {},
    fetch: async () => Response.json({ message: 'Unauthenticated.' }, { status, headers }),
  });
  let heard = 0;
  const reasons: unknown[] = [];
  const stop = api.onUnauthorized((reason) => {
    heard += 1;
    reasons.push(reason);
  });
  return { api, heard: () => heard, reasons, stop };
}

describe('the expired-session detection point of the API client', () => {
  it('a signed-in call answered 401 tells the listeners, and the caller still gets its answer', async () => {
    const { api, heard, reasons } = clientAnswering(401);
    const failure = await unwrap(api.GET('/things')).catch((e: unknown) => e);
    expect(heard()).toBe(1);
    expect(reasons).toEqual([null]);
    expect(failure).toMatchObject({ status: 401 });
  });

  it('says when the platform ended the session for the daily play-time limit (its X-Session-Ended header)', async () => {
    const { api, reasons } = clientAnswering(401, { auth: 'tok' }, { 'X-Session-Ended': 'play-time-limit' });
    await api.GET('/things');
    const other = clientAnswering(401, { auth: 'tok' }, { 'X-Session-Ended': 'something-else' });
    await other.api.GET('/things');
    expect(reasons).toEqual(['playTimeLimit']);
    expect(other.reasons).toEqual([null]);
  });

  it.each([
    ['a guest refused (login answers for itself)', 401, {}],
    ['a 403', 403, { auth: 'tok' }],
    ['a 200', 200, { auth: 'tok' }],
  ] as const)('%s tells no one', async (_, status, stored) => {
    const { api, heard } = clientAnswering(status, stored);
    await api.GET('/things');
    expect(heard()).toBe(0);
  });

  it('an unsubscribed listener hears nothing more; a throwing listener does not change the answer', async () => {
    const { api, heard, stop } = clientAnswering(401);
    api.onUnauthorized(() => {
      throw new Error('listener bug');
    });
    const { response } = await api.POST('/things', { body: { name: 'x' } });
    expect(response.status).toBe(401);
    expect(heard()).toBe(1);
    stop();
    await api.GET('/things');
    expect(heard()).toBe(1);
  });
});
