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
  test('Sorte Verde hides the deposit bonus banner and names the rule; Azul Bet shows it', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const shell = new ShellPage(page);

    await page.goto('/');
    await shell.waitForSite();
    await expect(page.getByRole('img', { name: 'Cashback toda semana', exact: true })).toHaveCount(1);
    await expect(page.getByRole('img', { name: 'Bônus de boas-vindas', exact: true })).toHaveCount(0);
    const note = page.getByTestId('regulated-note');
    await expect(note).toContainText('Bônus vinculado a depósito não oferecido');
    await expect(note).toContainText('art. 42');

    await page.goto('/en');
    await shell.waitForSite();
    await expect(page.getByRole('img', { name: 'Welcome bonus', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('regulated-note')).toContainText('Deposit-linked bonus not offered');

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
    const player = await registerPlayer(page, baseURL);
    const checks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/bonuses/check-coupon')) checks.push(r.postData() ?? '');
    });
    await openAsPlayer(page, player, '/bonus');
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
