import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AZUL_BET, SORTE_VERDE } from '../seed-data/brands';
import { loadContract } from './contract';
import { createTestApi, type TestApi } from './test-support';

interface Banner {
  id: number;
  title: string;
  link: string | null;
  bonus_kind?: 'deposit' | 'advance' | null;
}

describe("a banner's bonus kind (what a regulated brand may not advertise)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  const contract = loadContract();
  const siteBanners = async (domain: string) => {
    const res = await api.app.inject({ url: `/api/site-config?domain=${domain}` });
    expect(res.statusCode).toBe(200);
    expect(contract.checkResponse(contract.operation('getSiteConfig'), 200, res.json())).toBeNull();
    const listed = await api.app.inject({ url: '/api/settings/banners', headers: { 'x-brand-domain': domain } });
    expect(contract.checkResponse(contract.operation('listBanners'), 200, listed.json())).toBeNull();
    const banners = res.json<{ banners: Banner[] }>().banners;
    expect(listed.json<{ data: Banner[] }>().data).toEqual(banners);
    return banners;
  };

  it('marks the welcome banner that links to the deposit-match coupon as a deposit bonus, on both brands', async () => {
    for (const [domain, brand] of [
      ['localhost', SORTE_VERDE],
      ['azul.localhost', AZUL_BET],
    ] as const) {
      const banners = await siteBanners(domain);
      expect(banners).toHaveLength(brand.banners.length);
      const welcome = banners.filter((b) => b.title === 'Bônus de boas-vindas');
      expect(welcome).toHaveLength(1);
      expect(welcome[0]?.bonus_kind).toBe('deposit');
      for (const other of banners.filter((b) => b.title !== 'Bônus de boas-vindas'))
        expect(other.bonus_kind).toBeNull();
    }
  });

  it("marks a banner linking to an advance coupon as an advance; a link to another brand's coupon marks nothing", async () => {
    const [first] = await siteBanners('localhost');
    await api.db.query(`UPDATE banners SET link = '/bonus?coupon=ADIANTA20' WHERE id = $1`, [first?.id]);
    expect((await siteBanners('localhost')).find((b) => b.id === first?.id)?.bonus_kind).toBe('advance');
    // AZUL50 exists only on Azul Bet: on Sorte Verde the link names no coupon of its brand.
    await api.db.query(`UPDATE banners SET link = '/bonus?coupon=AZUL50' WHERE id = $1`, [first?.id]);
    expect((await siteBanners('localhost')).find((b) => b.id === first?.id)?.bonus_kind).toBeNull();
  });
});
