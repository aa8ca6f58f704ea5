import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AZUL_BET, SORTE_VERDE } from '../seed-data/brands';
import { loadContract } from './contract';
import { createTestApi, type TestApi } from './test-support';

interface Banner {
  id: number;
  title: string;
  image: string;
  image_mobile: string;
  link: string | null;
  position: string;
  order: number;
}
interface SiteConfigBody {
  data: { ogTitle: string };
  siteTitle: string;
  siteName: string;
  banners: Banner[];
}

/** The text drawn on a banner's SVG artwork (a data URL). */
const artworkText = (dataUrl: string) => decodeURIComponent(dataUrl.replace(/^data:image\/svg\+xml,/, ''));

describe('site texts in the asked locale (openapi: the `locale` query parameter)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi();
  });
  afterAll(() => api.close());

  const contract = loadContract();
  const siteConfig = async (domain: string, locale?: string) => {
    const query = new URLSearchParams({ domain, ...(locale ? { locale } : {}) });
    const res = await api.app.inject({ url: `/api/site-config?${query.toString()}` });
    expect(res.statusCode).toBe(200);
    expect(contract.checkResponse(contract.operation('getSiteConfig'), 200, res.json())).toBeNull();
    return res.json<SiteConfigBody>();
  };
  const banners = async (domain: string, locale?: string) => {
    const res = await api.app.inject({
      url: `/api/settings/banners${locale ? `?locale=${locale}` : ''}`,
      headers: { 'x-brand-domain': domain },
    });
    expect(res.statusCode).toBe(200);
    expect(contract.checkResponse(contract.operation('listBanners'), 200, res.json())).toBeNull();
    return res.json<{ data: Banner[] }>().data;
  };

  it('serves the site title in Portuguese by default and with locale=pt, in English with locale=en', async () => {
    const byDefault = await siteConfig('localhost');
    const pt = await siteConfig('localhost', 'pt');
    const en = await siteConfig('localhost', 'en');
    expect(byDefault.data.ogTitle).toBe('Sorte Verde · Cassino e Apostas');
    expect(pt.data.ogTitle).toBe(byDefault.data.ogTitle);
    expect(en.data.ogTitle).toBe('Sorte Verde · Casino and Betting');
    expect(en.siteTitle).toBe(en.data.ogTitle);
    expect(pt.siteTitle).toBe(pt.data.ogTitle);
    // The brand's name is a name: the same in both.
    expect(en.siteName).toBe('Sorte Verde');
    expect(pt.siteName).toBe('Sorte Verde');
    expect(Object.keys(en)).not.toContain('translations');

    const azul = await siteConfig('azul.localhost', 'en');
    expect(azul.data.ogTitle).toBe('Azul Bet · Sports Betting and Casino');
    expect((await siteConfig('azul.localhost', 'pt')).data.ogTitle).toBe('Azul Bet · Apostas Esportivas e Cassino');
  });

  it("serves each banner's title and artwork in the asked locale, with the same ids, links and order", async () => {
    for (const [domain, brand] of [
      ['localhost', SORTE_VERDE],
      ['azul.localhost', AZUL_BET],
    ] as const) {
      const pt = (await siteConfig(domain, 'pt')).banners;
      const en = (await siteConfig(domain, 'en')).banners;
      expect(pt.map((b) => b.title)).toEqual(brand.banners.map((b) => b.title));
      expect(en.map((b) => b.title)).toEqual(brand.banners.map((b) => b.en.title));
      expect(en.map(({ id, link, position, order }) => ({ id, link, position, order }))).toEqual(
        pt.map(({ id, link, position, order }) => ({ id, link, position, order })),
      );
      brand.banners.forEach((seeded, i) => {
        for (const image of [en[i]?.image ?? '', en[i]?.image_mobile ?? '']) {
          expect(artworkText(image)).toContain(seeded.en.subtitle);
          expect(artworkText(image)).not.toContain(seeded.subtitle);
        }
        for (const image of [pt[i]?.image ?? '', pt[i]?.image_mobile ?? '']) {
          expect(artworkText(image)).toContain(seeded.subtitle);
        }
      });
      // GET /settings/banners answers the same banners as the site configuration, per locale.
      expect(await banners(domain, 'en')).toEqual(en);
      expect(await banners(domain, 'pt')).toEqual(pt);
      expect(await banners(domain)).toEqual(pt);
    }
  });

  it('a text the brand has not translated comes in Portuguese', async () => {
    const [first] = await banners('azul.localhost', 'pt');
    await api.db.query('UPDATE banners SET title_en = NULL, image_en = NULL, image_mobile_en = NULL WHERE id = $1', [
      first?.id,
    ]);
    await api.db.query(`UPDATE brands SET settings = settings - 'translations' WHERE id = $1`, [AZUL_BET.id]);
    const en = await siteConfig('azul.localhost', 'en');
    expect(en.data.ogTitle).toBe('Azul Bet · Apostas Esportivas e Cassino');
    expect(en.banners[0]).toEqual(first);
    expect(en.banners[1]?.title).toBe(AZUL_BET.banners[1]?.en.title);
  });

  it('refuses a locale the contract does not list', async () => {
    const res = await api.app.inject({ url: '/api/site-config?domain=localhost&locale=fr' });
    expect(res.statusCode).toBe(422);
    const bannersRes = await api.app.inject({ url: '/api/settings/banners?locale=es' });
    expect(bannersRes.statusCode).toBe(422);
  });
});
