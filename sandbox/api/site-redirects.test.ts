import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from './contract';
import { createTestApi, panelForm, type TestApi } from './test-support';

describe('site-config: server-provided redirects (§2.3)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  const siteConfig = async (domain: string) => {
    const res = await api.app.inject({ url: `/api/site-config?domain=${domain}` });
    expect(res.statusCode).toBe(200);
    return res.json<{ redirects?: unknown; redirect_origins?: unknown }>();
  };
  const post = (url: string, form: Record<string, string>) =>
    api.app.inject({
      method: 'POST',
      url,
      ...panelForm(form),
    });

  it("carries Sorte Verde's seeded rules and listed origin; a brand without rules has none", async () => {
    const sorteVerde = await siteConfig('localhost');
    expect(sorteVerde.redirects).toEqual([
      { from: '/promo-natal', to: '/promotions' },
      { from: '/ajuda', to: 'https://ajuda.sorteverde.example/' },
      { from: '/golpe', to: 'https://evil.example/' },
    ]);
    expect(sorteVerde.redirect_origins).toEqual(['https://ajuda.sorteverde.example']);
    const azul = await siteConfig('azul.localhost');
    expect(azul.redirects).toBeUndefined();
    expect(azul.redirect_origins).toBeUndefined();
  });

  it('the QA panel edits them; site-config answers with them, valid for the contract; bad lines are refused', async () => {
    const saved = await post('/sandbox/brands/2/redirects', {
      redirects: '/copa   /sports\r\n\r\n/blog https://blog.azul.example/copa\n',
      redirect_origins: 'https://blog.azul.example',
    });
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toContain('notice=');
    const res = await api.app.inject({ url: '/api/site-config?domain=azul.localhost' });
    expect(res.json()).toMatchObject({
      redirects: [
        { from: '/copa', to: '/sports' },
        { from: '/blog', to: 'https://blog.azul.example/copa' },
      ],
      redirect_origins: ['https://blog.azul.example'],
      siteName: 'Azul Bet',
    });
    const contract = loadContract();
    expect(contract.checkResponse(contract.operation('getSiteConfig'), 200, res.json())).toBeNull();
    expect((await api.app.inject({ url: '/sandbox' })).body).toContain('/copa /sports');

    for (const form of [
      { redirects: 'promo /promotions', redirect_origins: '' },
      { redirects: '/en /promotions extra', redirect_origins: '' },
      { redirects: '//evil /promotions', redirect_origins: '' },
      { redirects: '/ok /promotions', redirect_origins: 'https://ok.example/path' },
    ]) {
      const bad = await post('/sandbox/brands/2/redirects', form);
      expect(bad.headers.location).toContain('error=');
    }
    expect((await siteConfig('azul.localhost')).redirects).toHaveLength(2);
  });
});
