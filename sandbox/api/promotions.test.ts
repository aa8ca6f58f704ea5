import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_PROMOTIONS } from '../seed-data/promotions';
import { loadContract } from './contract';
import { createTestApi, type TestApi } from './test-support';

interface Listed {
  data: Array<{ slug: string; title: string; bonus_kind: string | null; locale: string }>;
  withheld: string[];
}

describe('promotions (/promotions; what a regulated brand may not advertise)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());
  const contract = loadContract();

  const list = async (domain: string, locale: 'pt' | 'en') => {
    const res = await api.app.inject({
      url: `/api/promotions?locale=${locale}`,
      headers: { 'x-brand-domain': domain },
    });
    expect(res.statusCode).toBe(200);
    expect(contract.checkResponse(contract.operation('listPromotions'), 200, res.json())).toBeNull();
    return res.json<Listed>();
  };
  const detail = (domain: string, slug: string, locale = 'pt') =>
    api.app.inject({ url: `/api/promotions/${slug}?locale=${locale}`, headers: { 'x-brand-domain': domain } });

  it('seeds 3 to 4 promotions per brand, each in both languages', async () => {
    for (const promotions of Object.values(SEED_PROMOTIONS)) {
      expect(promotions.length).toBeGreaterThanOrEqual(3);
      expect(promotions.length).toBeLessThanOrEqual(4);
    }
    const pt = await list('azul.localhost', 'pt');
    const en = await list('azul.localhost', 'en');
    expect(pt.data.map((p) => p.slug)).toEqual(en.data.map((p) => p.slug));
    expect(pt.data.every((p) => p.locale === 'pt')).toBe(true);
    expect(en.data[0]?.title).toBe('Welcome bonus');
  });

  it('Azul Bet (not regulated) lists its deposit bonus; Sorte Verde (regulated) withholds its own and names the rule', async () => {
    const azul = await list('azul.localhost', 'pt');
    expect(azul.withheld).toEqual([]);
    expect(azul.data.some((p) => p.bonus_kind === 'deposit')).toBe(true);
    const verde = await list('localhost', 'pt');
    expect(verde.data.length).toBeGreaterThanOrEqual(3);
    expect(verde.data.every((p) => p.bonus_kind === null)).toBe(true);
    expect(verde.withheld).toEqual(['deposit']);
  });

  it('asked directly, a deposit bonus is not found on the regulated brand; the detail carries its HTML', async () => {
    expect((await detail('localhost', 'recarga-de-sexta')).statusCode).toBe(404);
    const res = await detail('azul.localhost', 'boas-vindas', 'en');
    expect(res.statusCode).toBe(200);
    expect(contract.checkResponse(contract.operation('getPromotion'), 200, res.json())).toBeNull();
    expect(res.json<{ data: { html: string; title: string } }>().data).toMatchObject({ title: 'Welcome bonus' });
  });

  it('an ended promotion is neither listed nor served', async () => {
    await api.db.query(`UPDATE promotions SET ends_at = now() - interval '1 day' WHERE slug = 'giros-de-sexta'`);
    expect((await list('azul.localhost', 'pt')).data.map((p) => p.slug)).not.toContain('giros-de-sexta');
    expect((await detail('azul.localhost', 'giros-de-sexta')).statusCode).toBe(404);
  });
});
