import { expect, test, type APIRequestContext } from '@playwright/test';
import { localizedRoutePath, ROUTES, type RouteEntry } from '../src/app/routes';
import en from '../src/i18n/en.json' with { type: 'json' };
import ptBR from '../src/i18n/pt-BR.json' with { type: 'json' };

/**
 * Issue 10, item 4: every route of src/app/routes.ts, opened in pt and under /en, has its own document title in
 * its language with the brand's name; the site title and the banners come from the platform in the page's language.
 */
type Locale = 'pt' | 'en';
const CATALOG: Record<Locale, Record<string, string>> = { pt: ptBR, en };

interface SiteTexts {
  title: string;
  siteName: string;
  homeBanners: string[];
}

/** What the platform serves for localhost in `locale` (the contract's `locale` query parameter). */
async function siteTexts(request: APIRequestContext, locale: Locale): Promise<SiteTexts> {
  const res = await request.get(`/api/site-config?domain=localhost&locale=${locale}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as {
    data: { ogTitle: string };
    siteName: string;
    banners: Array<{ title: string; position: string; order: number }>;
  };
  const homeBanners = body.banners.filter((b) => b.position === 'home').sort((a, b) => a.order - b.order);
  return { title: body.data.ogTitle, siteName: body.siteName, homeBanners: homeBanners.map((b) => b.title) };
}

/** A concrete URL for each §2.2 route (sample parameters). */
function samplePath(path: string): string {
  return path
    .replace(':provider', 'pgsoft')
    .replace(':game', 'fortune-tiger')
    .replace(':name', 'ouro')
    .replace(':filter', 'slots')
    .replace(':slug', 'sobre-nos');
}

function expectedTitle(entry: RouteEntry, locale: Locale, site: SiteTexts): string {
  return entry.path === '/' ? site.title : `${CATALOG[locale][entry.titleId]} · ${site.siteName}`;
}

test.describe('document titles and site texts in both languages (issue 10)', () => {
  test('the platform serves the site title and banners in each language', async ({ request }) => {
    const pt = await siteTexts(request, 'pt');
    const english = await siteTexts(request, 'en');
    expect(pt.siteName).toBe('Sorte Verde');
    expect(english.siteName).toBe(pt.siteName);
    expect(english.title).not.toBe(pt.title);
    expect(english.homeBanners).toHaveLength(pt.homeBanners.length);
    english.homeBanners.forEach((title, i) => expect(title).not.toBe(pt.homeBanners[i]));
  });

  for (const locale of ['pt', 'en'] as const) {
    test(`every route opened in ${locale} is titled with its own title, in ${locale}, and the brand`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      const site = await siteTexts(request, locale);
      const home = await siteTexts(request, 'pt');
      for (const entry of ROUTES) {
        const url = samplePath(localizedRoutePath(entry, locale));
        // A first load each time: the title a newcomer's tab shows, never one left by the previous page.
        await page.goto(url);
        const title = expectedTitle(entry, locale, site);
        await expect(page, url).toHaveTitle(title);
        expect(title, url).toContain(site.siteName);
        if (entry.path !== '/') {
          expect(title, url).not.toBe(site.title);
          expect(CATALOG[locale][entry.titleId], url).not.toBe(CATALOG[locale]['shell.page.index.title']);
        }
        if (locale === 'en' && entry.path === '/') expect(title).not.toBe(home.title);
        await expect(page.locator('html'), url).toHaveAttribute('lang', locale === 'en' ? 'en-US' : 'pt-BR');
      }
    });
  }

  test('/en shows the English site title and banners; switching language switches them', async ({ page, request }) => {
    const pt = await siteTexts(request, 'pt');
    const english = await siteTexts(request, 'en');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto('/en');
    await expect(page).toHaveTitle(english.title);
    for (const title of english.homeBanners)
      await expect(page.getByRole('img', { name: title, exact: true })).toHaveCount(1);
    for (const title of pt.homeBanners)
      await expect(page.getByRole('img', { name: title, exact: true })).toHaveCount(0);

    await page.getByTestId('locale-switch').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(pt.title);
    for (const title of pt.homeBanners)
      await expect(page.getByRole('img', { name: title, exact: true })).toHaveCount(1);
    for (const title of english.homeBanners)
      await expect(page.getByRole('img', { name: title, exact: true })).toHaveCount(0);

    await page.getByTestId('locale-switch').click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page).toHaveTitle(english.title);
    for (const title of english.homeBanners)
      await expect(page.getByRole('img', { name: title, exact: true })).toHaveCount(1);
  });
});
