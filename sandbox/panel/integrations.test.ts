import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, panelForm, type TestApi } from '../api/test-support';

/** The QA panel's tag manager and snippet form (§2.3, §5 GTM id). */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const post = (form: Record<string, string>) =>
  api.app.inject({ method: 'POST', url: '/sandbox/brands/2/integrations', ...panelForm(form) });
const config = async () =>
  (await api.app.inject({ url: '/api/site-config?domain=azul.localhost' })).json() as Record<string, unknown>;

describe('QA panel: tag manager and snippet', () => {
  it('stores a valid id, source and snippet, which site-config serves at once; empty fields clear them', async () => {
    const res = await post({ gtmId: 'GTM-AB12', gtmSource: 'https://www.googletagmanager.com', html: '<p>Selo</p>' });
    expect(res.statusCode).toBe(303);
    expect(await config()).toMatchObject({
      gtmId: 'GTM-AB12',
      gtmSource: 'https://www.googletagmanager.com',
      html: '<p>Selo</p>',
    });
    expect((await post({ gtmId: '', gtmSource: '', html: '' })).statusCode).toBe(303);
    expect(await config()).toMatchObject({ gtmId: null, gtmSource: null, html: null });
  });

  it('refuses an id that fails §5 and a source that is not http(s), keeping what was stored', async () => {
    await post({ gtmId: 'GTM-KEEP1', gtmSource: 'https://t.example.com', html: '' });
    for (const form of [
      { gtmId: 'GTM-"><script>', gtmSource: 'https://t.example.com', html: '' },
      { gtmId: 'GTM-OK1', gtmSource: 'javascript:alert(1)', html: '' },
      { gtmId: 'GTM-OK1', gtmSource: 'https://t.example.com', html: 'x'.repeat(20_001) },
    ]) {
      const res = await post(form);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toContain('error');
    }
    expect(await config()).toMatchObject({ gtmId: 'GTM-KEEP1', gtmSource: 'https://t.example.com' });
  });
});
