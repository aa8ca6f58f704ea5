import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/lib/api/client';
import { unwrap } from '../../src/lib/api/unwrap';
import { createMemoryStorage } from '../../src/lib/storage';
import type { TestPaths } from './helpers/test-paths';

function clientAnswering(status: number, stored: Record<string, string> = { auth: 'tok' }) {
  const api = createApiClient<TestPaths>({
    baseUrl: 'http://platform.test/api/',
    storage: createMemoryStorage(stored),
    random: () => 0.5,
    sleep: async () => {},
    fetch: async () => Response.json({ message: 'Unauthenticated.' }, { status }),
  });
  let heard = 0;
  const stop = api.onUnauthorized(() => {
    heard += 1;
  });
  return { api, heard: () => heard, stop };
}

describe('the expired-session detection point of the API client', () => {
  it('a signed-in call answered 401 tells the listeners, and the caller still gets its answer', async () => {
    const { api, heard } = clientAnswering(401);
    const failure = await unwrap(api.GET('/things')).catch((e: unknown) => e);
    expect(heard()).toBe(1);
    expect(failure).toMatchObject({ status: 401 });
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
