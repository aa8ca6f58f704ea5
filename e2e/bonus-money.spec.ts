import { expect, test } from '@playwright/test';
import { generateDepositWithCoupon, payInBank } from './models/deposit';
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { openAsPlayer, registerPlayer } from './models/players';
import { ShellPage } from './models/shell-page';

/**
 * Bonus money as a player meets it on Azul Bet (a brand with bonuses): the welcome coupon on a first deposit is
 * credited as bonus money apart from the cash, the paid screen says so with the rollover, the header shows the bonus
 * under the balance, /bonus shows its rollover progress, expiry and the rules, and a withdrawal cannot take it.
 */
const AZUL = 'azul.localhost';

for (const locale of ['pt', 'en'] as const) {
  test.describe(`bonus money (${locale}) ${PREVIEW_ONLY}`, () => {
    test(`a first deposit with BEMVINDO100: cash and bonus apart, with its rollover (${locale})`, async ({
      page,
      baseURL,
    }) => {
      const prefix = locale === 'en' ? '/en' : '';
      const origin = ShellPage.origin(baseURL, AZUL);
      const player = await registerPlayer(page, baseURL, AZUL);
      await openAsPlayer(page, player, `${origin}${prefix}/account/wallet?tab=deposit`);
      await payInBank(page.context(), await generateDepositWithCoupon(page, 'BEMVINDO100', '50'));

      const paid = page.getByTestId('deposit-paid');
      await expect(paid).toBeVisible();
      await expect(page.getByTestId('deposit-paid-bonus')).toHaveText(
        locale === 'pt'
          ? 'R$ 50,00 creditados + R$ 50,00 de bônus (rollover 10×)'
          : 'R$50.00 credited + R$50.00 bonus (rollover 10×)',
      );
      await expect(page.getByTestId('balance')).toHaveText(locale === 'pt' ? 'R$ 50,00' : 'R$50.00');
      await expect(page.getByTestId('bonus-balance')).toHaveText(
        locale === 'pt' ? '+ R$ 50,00 de bônus' : '+ R$50.00 bonus',
      );
      await expect(page.getByTestId('wallet-bonus-balance')).toBeVisible();

      // /bonus: the bonus with its rollover, expiry and the rules.
      await page.goto(`${origin}${prefix}/bonus`);
      const bonus = page.getByTestId('active-bonus').first();
      await expect(bonus).toHaveAttribute('data-status', 'active');
      await expect(bonus).toContainText('BEMVINDO100');
      await expect(bonus.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
      await expect(bonus.getByTestId('bonus-terms')).toContainText(
        locale === 'pt' ? 'Rollover 10×: R$ 0,00 de R$ 500,00' : 'Rollover 10×: R$0.00 of R$500.00',
      );
      await expect(page.getByTestId('bonus-rules')).toContainText(
        locale === 'pt' ? 'O bônus não pode ser sacado' : 'The bonus cannot be withdrawn',
      );

      // The bonus is not withdrawable: R$ 100,00 asked of R$ 50,00 of cash is refused by the platform.
      const key = await page.request.post(`${baseURL}/api/address/create`, {
        headers: { Authorization: `Bearer ${player.token}`, 'X-Brand-Domain': AZUL },
        data: { type: 'cpf', key: player.cpf },
      });
      const { data: address } = (await key.json()) as { data: { id: number } };
      const tooMuch = await page.request.post(`${baseURL}/api/wallet/withdraw/request`, {
        headers: { Authorization: `Bearer ${player.token}`, 'X-Brand-Domain': AZUL },
        data: { amount: 10_000, address_id: address.id, method_id: 1 },
      });
      expect(tooMuch.status()).toBe(402);
    });
  });
}

test.describe(`bonus money screenshots ${SCREENSHOTS}`, () => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    for (const prefix of ['', '/en']) {
      test(`deposit paid with a bonus and /bonus, Azul Bet${prefix} at ${width}x${height}`, async ({
        page,
        baseURL,
      }) => {
        await page.setViewportSize({ width, height });
        const origin = ShellPage.origin(baseURL, AZUL);
        const player = await registerPlayer(page, baseURL, AZUL);
        await openAsPlayer(page, player, `${origin}${prefix}/account/wallet?tab=deposit`);
        await payInBank(page.context(), await generateDepositWithCoupon(page, 'BEMVINDO100', '50'));
        await expect(page.getByTestId('deposit-paid-bonus')).toBeVisible();
        await page.screenshot({ path: `test-results/screens/bonus-paid${prefix.replace('/', '-')}-${width}.png` });
        await page.goto(`${origin}${prefix}/bonus`);
        await expect(page.getByTestId('active-bonus').first()).toBeVisible();
        await page.getByTestId('active-section').scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/screens/bonus-page${prefix.replace('/', '-')}-${width}.png` });
      });
    }
  }
});
