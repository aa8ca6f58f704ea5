import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSandboxConfig } from '../config';
import { realtimeSettingsOf } from './handlers/site';
import { createTestApi, TEST_CONFIG, type TestApi } from './test-support';

describe('site-config: realtime settings (§7 Live channels)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  it("carries the public key, cluster mt1 and the sandbox's realtime host and port, never the secret", async () => {
    const res = await api.app.inject({ url: '/api/site-config?domain=azul.localhost' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ realtime: unknown }>();
    expect(body.realtime).toEqual({ key: TEST_CONFIG.pusher.key, cluster: 'mt1', wsHost: '127.0.0.1', wsPort: 6001 });
    expect(res.body).not.toContain(TEST_CONFIG.pusher.secret);
  });

  it('follows the configured port and key, and leaves the host to the page when bound to every interface', () => {
    const config = readSandboxConfig({
      SANDBOX_REALTIME_PORT: '6011',
      PUSHER_APP_KEY: 'k2',
      SANDBOX_REALTIME_HOST: '0.0.0.0',
    });
    expect(realtimeSettingsOf(config)).toEqual({ key: 'k2', cluster: 'mt1', wsPort: 6011 });
  });
});
