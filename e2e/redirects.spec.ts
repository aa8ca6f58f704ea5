import { expect, test } from '@playwright/test';
import { ShellPage } from './models/shell-page';

/**
 * §2.3 server-provided redirects, as Sorte Verde (localhost) is seeded: `/promo-natal` → `/promotions` (in-app),
 * `/ajuda` → https://ajuda.sorteverde.example/ (a listed origin: full page load), `/golpe` → https://evil.example/
 * (not listed: refused). Other origins never reach the network: Playwright answers them.
 */
test.describe('server-provided redirects', () => {
  test('a path redirects in-app, replacing the history entry, in pt and under /en', async ({ page }) => {
    const shell = new ShellPage(page);
    await page.goto('/');
    await shell.waitForSite();
    await page.goto('/promo-natal?ref=natal');
    await expect(page).toHaveURL(/\/promotions\?ref=natal$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Promoções' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/:\d+\/$/);

    await page.goto('/en/promo-natal');
    await expect(page).toHaveURL(/\/en\/promotions$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Promotions' })).toBeVisible();
    await expect(page.getByTestId('not-found-page')).toHaveCount(0);
  });

  test('an absolute redirect to a listed origin is a full page load', async ({ page }) => {
    await page.route('https://ajuda.sorteverde.example/**', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Ajuda</title><h1>Central de ajuda</h1>',
      }),
    );
    await page.goto('/ajuda');
    await page.waitForURL('https://ajuda.sorteverde.example/');
    await expect(page.getByRole('heading', { name: 'Central de ajuda' })).toBeVisible();
  });

  test('a redirect to an origin the config does not list is refused: the 404 page, on the site', async ({ page }) => {
    const foreign: string[] = [];
    await page.route('https://evil.example/**', (route) => {
      foreign.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil</h1>' });
    });
    const shell = new ShellPage(page);
    for (const path of ['/golpe', '/en/golpe']) {
      await page.goto(path);
      await shell.waitForSite();
      await expect(page.getByTestId('not-found-page')).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    expect(foreign).toEqual([]);
  });
});
