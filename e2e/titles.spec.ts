import { expect, test, type APIRequestContext } from '@playwright/test';
import en from '../src/i18n/en.json' with { type: 'json' };
import ptBR from '../src/i18n/pt-BR.json' with { type: 'json' };

/**
 * Every route of src/app/routes.ts, opened in pt and under /en, has its own document title in
 * its language with the brand's name; the site title and the banners come from the platform in the page's language.
 * Every route's title is checked by the axe pass of e2e/a11y.spec.ts, which opens every route in both languages on
 * both brands anyway (a loop here loaded each of them a second time); this file keeps what the platform serves and
 * the language switch.
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
    banners: Array<{ title: string; position: string; order: number; bonus_kind?: string | null }>;
  };
  // Sorte Verde is regulated: the app does not show its deposit-bonus banner (e2e/rewards.spec.ts).
  const homeBanners = body.banners
    .filter((b) => b.position === 'home' && !b.bonus_kind)
    .sort((a, b) => a.order - b.order);
  return { title: body.data.ogTitle, siteName: body.siteName, homeBanners: homeBanners.map((b) => b.title) };
}

test.describe('document titles and site texts in both languages', () => {
  test('the platform serves the site title and banners in each language', async ({ request }) => {
    const pt = await siteTexts(request, 'pt');
    const english = await siteTexts(request, 'en');
    expect(pt.siteName).toBe('Sorte Verde');
    expect(english.siteName).toBe(pt.siteName);
    expect(english.title).not.toBe(pt.title);
    expect(english.homeBanners).toHaveLength(pt.homeBanners.length);
    english.homeBanners.forEach((title, i) => expect(title).not.toBe(pt.homeBanners[i]));
  });

  test('a first load of a deep route is titled by that route, in its language (not by the page before it)', async ({
    page,
    request,
  }) => {
    for (const [locale, url] of [
      ['pt', '/casino/games'],
      ['en', '/en/casino/games'],
    ] as const) {
      const site = await siteTexts(request, locale);
      await page.goto(url);
      await expect(page, url).toHaveTitle(`${CATALOG[locale]['shell.page.casino-games.title']} · ${site.siteName}`);
    }
  });

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

    const languageSwitch = page.getByTestId('locale-switch');
    await expect(languageSwitch).toHaveAttribute('data-next', 'pt');
    await languageSwitch.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(pt.title);
    for (const title of pt.homeBanners)
      await expect(page.getByRole('img', { name: title, exact: true })).toHaveCount(1);
    for (const title of english.homeBanners)
      await expect(page.getByRole('img', { name: title, exact: true })).toHaveCount(0);

    // What the switch offers now, as the player reads it: English, in Portuguese's header.
    await expect(languageSwitch).toHaveAttribute('data-next', 'en');
    await expect(languageSwitch).toHaveAccessibleName(CATALOG.pt['shell.locale_switch_label.en'] ?? 'missing');
    await expect(languageSwitch).toHaveText(/English/);
    await languageSwitch.click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page).toHaveTitle(english.title);
    for (const title of english.homeBanners)
      await expect(page.getByRole('img', { name: title, exact: true })).toHaveCount(1);
  });

  test('a tap on the switch as soon as the address changes always switches, even on a slow phone (4× CPU)', async ({
    page,
    request,
  }) => {
    // The race a CI run lost: the address changed at once while React was still rendering the old page, and a tap
    // on the old page's button (which still offered the language just left) went nowhere. The root now reads each
    // tap against the address, and the button follows it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/en');
    const english = await siteTexts(request, 'en');
    const languageSwitch = page.getByTestId('locale-switch');
    // Each tap is made the moment the address shows the previous one's language, not when the page has settled.
    for (const expected of [/\/$/, /\/en$/, /\/$/, /\/en$/]) {
      await languageSwitch.click();
      await expect(page).toHaveURL(expected);
    }
    await expect(languageSwitch).toHaveAttribute('data-next', 'pt');
    await expect(languageSwitch).toHaveAttribute('data-state', 'settled');
    await expect(page).toHaveTitle(english.title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });
});
