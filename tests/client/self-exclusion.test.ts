import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/lib/api/client';
import { unwrap } from '../../src/lib/api/unwrap';
import { createMemoryStorage } from '../../src/lib/storage';
import type { SelfExclusionPeriod } from '../../src/lib/api/self-exclusion';
import type { TestPaths } from './helpers/test-paths';

const excludedBody = {
  message: 'Sua conta está em autoexclusão.',
  selfExcluded: true,
  start_at: '2026-01-01T12:00:00.000Z',
  end_at: null,
};

function clientAnswering(status: number, body: unknown, stored: Record<string, string> = { auth: 'tok' }) {
  const api = createApiClient<TestPaths>({
    baseUrl: 'http://platform.test/api/',
    storage: createMemoryStorage(stored),
    random: () => 0.5,
    sleep: async () => {},
    fetch: async () => Response.json(body, { status }),
  });
  const found: SelfExclusionPeriod[] = [];
  const stop = api.onSelfExcluded((period) => found.push(period));
  return { api, found, stop };
}

describe('the self-exclusion detection point of the API client', () => {
  it('a signed-in call answered 403 selfExcluded tells the listeners, and the caller still gets the body', async () => {
    const { api, found } = clientAnswering(403, excludedBody);
    const failure = await unwrap(api.GET('/things')).catch((e: unknown) => e);
    expect(found).toEqual([{ startAt: '2026-01-01T12:00:00.000Z', endAt: null }]);
    expect(failure).toMatchObject({ status: 403, body: excludedBody });
  });

  it.each([
    ['another 403', 403, { message: 'Sem permissão.' }, { auth: 'tok' }],
    ['a guest refused (login answers for itself)', 403, excludedBody, {}],
    ['a 401', 401, excludedBody, { auth: 'tok' }],
    ['a body that is not JSON of the contract', 403, 'texto', { auth: 'tok' }],
  ] as const)('%s tells no one', async (_, status, body, stored) => {
    const { api, found } = clientAnswering(status, body, stored);
    await api.GET('/things');
    expect(found).toEqual([]);
  });

  it('an unsubscribed listener hears nothing more; a throwing listener does not change the answer', async () => {
    const { api, found, stop } = clientAnswering(403, { ...excludedBody, end_at: '2026-07-01T02:59:59.000Z' });
    api.onSelfExcluded(() => {
      throw new Error('listener bug');
    });
    const { response } = await api.POST('/things', { body: { name: 'x' } });
    expect(response.status).toBe(403);
    expect(found).toEqual([{ startAt: '2026-01-01T12:00:00.000Z', endAt: '2026-07-01T02:59:59.000Z' }]);
    stop();
    await api.GET('/things');
    expect(found).toHaveLength(1);
  });
});
