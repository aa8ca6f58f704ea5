import { expect, test } from '@playwright/test';
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { openAsPlayer, registerPlayer } from './models/players';
import { ShellPage } from './models/shell-page';

/**
 * Rewards, against the sandbox platform. Sorte Verde (localhost) is regulated, so its home does
 * not show the "100% no primeiro depósito" welcome banner (the platform marks it `bonus_kind: deposit`) and a note
 * names the rule that hid it; Azul Bet (azul.localhost), not regulated, shows it.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
});

test.describe(`regulated brand ${PREVIEW_ONLY}`, () => {
  test('Sorte Verde hides the deposit bonus banner, shows no compliance note nor "losses back" copy; Azul Bet shows it', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const shell = new ShellPage(page);

    await page.goto('/');
    await shell.waitForSite();
    await expect(page.getByRole('img', { name: 'Pontos de fidelidade', exact: true })).toHaveCount(1);
    await expect(page.getByRole('img', { name: 'Cashback toda semana', exact: true })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Bônus de boas-vindas', exact: true })).toHaveCount(0);
    // The compliance note is for a reviewer (the QA panel's compliance view), never for the player.
    await expect(page.getByTestId('regulated-note')).toHaveCount(0);
    await expect(page.getByText('Bônus não oferecidos pelas regras brasileiras de apostas')).toHaveCount(0);
    await expect(page.getByText(/perdas de volta/)).toHaveCount(0);

    await page.goto('/en');
    await shell.waitForSite();
    await expect(page.getByRole('img', { name: 'Welcome bonus', exact: true })).toHaveCount(0);
    await expect(page.getByRole('img', { name: 'Loyalty points', exact: true })).toHaveCount(1);
    await expect(page.getByTestId('regulated-note')).toHaveCount(0);
    await expect(page.getByText(/losses back/)).toHaveCount(0);

    await page.goto(`${ShellPage.origin(baseURL, 'azul.localhost')}/`);
    await shell.waitForSite();
    await expect(page.getByRole('img', { name: 'Bônus de boas-vindas', exact: true })).toHaveCount(1);
    await expect(page.getByTestId('regulated-note')).toHaveCount(0);
  });
});

test.describe(`/bonus ${PREVIEW_ONLY}`, () => {
  test('a coupon valid, invalid, refused before any call, cached (no second call) and cleared', async ({
    page,
    baseURL,
  }) => {
    // Azul Bet (not regulated) offers coupons; a regulated brand offers none (test below).
    const player = await registerPlayer(page, baseURL, 'azul.localhost');
    const checks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/bonuses/check-coupon')) checks.push(r.postData() ?? '');
    });
    await openAsPlayer(page, player, `${ShellPage.origin(baseURL, 'azul.localhost')}/bonus`);
    await expect(page.getByTestId('bonus-page')).toBeVisible();
    // The brand's coupons are listed (GET /bonuses/coupons).
    await expect(page.getByTestId('coupons-section').getByTestId('coupon-card').first()).toBeVisible();

    const input = page.getByTestId('coupon-input');
    const result = page.getByTestId('coupon-result');
    await input.fill('giros10');
    await page.getByTestId('coupon-submit').click();
    await expect(result).toHaveAttribute('data-status', 'valid');
    await expect(result.getByTestId('coupon-card')).toContainText('10 giros grátis');

    await input.fill('NAOEXISTE');
    await page.getByTestId('coupon-submit').click();
    await expect(result).toHaveAttribute('data-status', 'invalid');
    await expect(page.getByTestId('coupon-error')).toBeVisible();

    // Script text: the platform refuses it; the page shows its message as text, never the code as HTML.
    await input.fill('<img src=x onerror=alert(1)>');
    await page.getByTestId('coupon-submit').click();
    await expect(result).toHaveAttribute('data-status', 'invalid');
    await expect(page.getByTestId('coupon-error')).toBeVisible();
    await expect(result.locator('img')).toHaveCount(0);

    // 1,000 characters: refused here with a clear message, never sent.
    const sent = checks.length;
    await input.fill('A'.repeat(1000));
    await page.getByTestId('coupon-submit').click();
    await expect(page.getByTestId('coupon-error')).toContainText('no máximo 64 caracteres');
    expect(checks).toHaveLength(sent);

    // Cached: a code found valid before is valid at once, with no call.
    await input.fill('GIROS10');
    await page.getByTestId('coupon-submit').click();
    await expect(result).toHaveAttribute('data-status', 'valid');
    expect(checks).toHaveLength(sent);

    await page.getByTestId('coupon-clear').click();
    await expect(result).toHaveAttribute('data-status', 'idle');
    await expect(input).toHaveValue('');
  });
});

test.describe(`a regulated brand's rewards ${PREVIEW_ONLY}`, () => {
  for (const prefix of ['', '/en'] as const) {
    test(`Sorte Verde${prefix}: no coupon, no cashback section; missions pay loyalty points`, async ({
      page,
      baseURL,
    }) => {
      const player = await registerPlayer(page, baseURL);
      await openAsPlayer(page, player, `${prefix}/bonus`);
      await expect(page.getByTestId('bonus-page')).toBeVisible();
      await expect(page.getByTestId('cashback-section')).toHaveCount(0);
      await expect(page.getByTestId('coupons-section').getByTestId('coupon-card')).toHaveCount(0);
      // Asked by its code, a free-spins coupon is refused with the rule (Portaria SPA/MF 1.231/2024 art. 42).
      await page.getByTestId('coupon-input').fill('GIROS10');
      await page.getByTestId('coupon-submit').click();
      await expect(page.getByTestId('coupon-result')).toHaveAttribute('data-status', 'invalid');
      await expect(page.getByTestId('coupon-error')).toContainText('art. 42');

      await page.goto(`${prefix}/rewards`);
      const card = page.locator('[data-testid="mission-card"]', { hasText: 'R$ 50,00' }).first();
      await expect(card).toContainText(prefix === '' ? '500 pontos de fidelidade' : '500 loyalty points');
      await expect(page.getByTestId('mission-card').filter({ hasText: /giros grátis|free spins/ })).toHaveCount(0);
    });
  }
});

test.describe(`/bonus screenshots ${SCREENSHOTS}`, () => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    test(`/bonus at ${width}x${height}`, async ({ page, baseURL }) => {
      await page.setViewportSize({ width, height });
      const player = await registerPlayer(page, baseURL);
      await openAsPlayer(page, player, '/bonus');
      await expect(page.getByTestId('coupon-card').first()).toBeVisible();
      await page.getByTestId('coupon-input').fill('GIROS10');
      await page.getByTestId('coupon-submit').click();
      await expect(page.getByTestId('coupon-result')).toHaveAttribute('data-status', 'valid');
      await page.screenshot({
        path: `test-results/rewards-bonus-${width}.png`,
        fullPage: true,
        animations: 'disabled',
      });
    });
  }
});

test.describe(`home, regulated and not, screenshots ${SCREENSHOTS}`, () => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    for (const host of ['localhost', 'azul.localhost']) {
      for (const prefix of ['', '/en']) {
        test(`home ${host}${prefix} at ${width}x${height}`, async ({ page, baseURL }) => {
          await page.setViewportSize({ width, height });
          await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
          await page.goto(`${ShellPage.origin(baseURL, host)}${prefix}/`);
          await new ShellPage(page).waitForSite();
          await expect(page.getByTestId('home-page')).toBeVisible();
          await expect(page.getByTestId('regulated-note')).toHaveCount(0);
          await page.screenshot({
            path: `test-results/home-${host === 'localhost' ? 'regulated' : 'azul'}${prefix ? '-en' : ''}-${width}.png`,
          });
        });
      }
    }
  }
});
