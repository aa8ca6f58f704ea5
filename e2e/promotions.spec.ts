import { expect, test } from '@playwright/test';
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { ShellPage } from './models/shell-page';

/**
 * /promotions and /promotion: the brand's promotions from the platform. Sorte Verde (localhost) is
 * regulated: its deposit bonus is neither listed nor served, and a note names the rule; Azul Bet lists its welcome
 * deposit bonus.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
});

test.describe(`/promotions ${PREVIEW_ONLY}`, () => {
  test('the grid opens a promotion; the regulated brand withholds its deposit bonus and its cashback, without a note to the player', async ({
    page,
    baseURL,
  }) => {
    const shell = new ShellPage(page);
    await page.goto('/promotions');
    await shell.waitForSite();
    const cards = page.getByTestId('promotion-card');
    await expect(cards).toHaveCount(3);
    await expect(page.locator('[data-slug="recarga-de-sexta"]')).toHaveCount(0);
    await expect(page.locator('[data-slug="cashback-semanal"]')).toHaveCount(0);
    await expect(page.getByTestId('regulated-note')).toHaveCount(0);

    await cards
      .first()
      .getByRole('link', { name: /Saiba mais/ })
      .click();
    await expect(page).toHaveURL(/\/promotion\?slug=pontos-de-fidelidade$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pontos de fidelidade' })).toBeVisible();
    await expect(page.getByTestId('promotion-body').getByRole('heading', { name: 'Como funciona' })).toBeVisible();
    await expect(page.getByTestId('promotion-body')).toContainText('Pontos não viram dinheiro nem bônus');

    // Asked directly, the regulated brand's deposit bonus is not found.
    await page.goto('/promotion?slug=recarga-de-sexta');
    await expect(page.getByTestId('promotion-not-found')).toBeVisible();

    await page.goto(`${ShellPage.origin(baseURL, 'azul.localhost')}/en/promotions`);
    await shell.waitForSite();
    await expect(page.locator('[data-slug="boas-vindas"]')).toContainText('Welcome bonus');
    await expect(page.getByTestId('regulated-note')).toHaveCount(0);
  });
});

test.describe(`/promotions screenshots ${SCREENSHOTS}`, () => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    for (const host of ['localhost', 'azul.localhost']) {
      for (const prefix of ['', '/en']) {
        test(`/promotions ${host}${prefix} at ${width}x${height}`, async ({ page, baseURL }) => {
          await page.setViewportSize({ width, height });
          const origin = ShellPage.origin(baseURL, host);
          await page.goto(`${origin}${prefix}/promotions`);
          await new ShellPage(page).waitForSite();
          await expect(page.getByTestId('promotion-card').first()).toBeVisible();
          const name = `${host.split('.')[0]}-${prefix ? 'en' : 'pt'}-${width}x${height}`;
          await page.screenshot({ path: test.info().outputPath(`promotions-${name}.png`), fullPage: true });
          await page.getByTestId('promotion-card').first().getByRole('link').last().click();
          await expect(page.getByTestId('promotion-body')).toBeVisible();
          await page.screenshot({ path: test.info().outputPath(`promotion-${name}.png`), fullPage: true });
        });
      }
    }
  }
});
