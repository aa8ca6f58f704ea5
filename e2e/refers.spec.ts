import { expect, test } from '@playwright/test';
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { newCpf, openAsPlayer, registerPlayer } from './models/players';
import { ShellPage } from './models/shell-page';

/**
 * /refers: the player's link carries their `ref`; a friend who opens it registers through the form with
 * the code filled in (the shell stored `ref`, §2.3), the platform credits the referrer once, and the referrer's
 * /refers lists the friend with what they earned. Azul Bet (azul.localhost), whose registration asks no extra field.
 */
test.describe(`/refers ${PREVIEW_ONLY}`, () => {
  test('the link registers a friend through the form, who is credited to the referrer', async ({
    page,
    browser,
    baseURL,
  }) => {
    const azul = ShellPage.origin(baseURL, 'azul.localhost');
    const referrer = await registerPlayer(page, baseURL, 'azul.localhost');
    await openAsPlayer(page, referrer, `${azul}/refers`);
    await expect(page.getByTestId('refers-page')).toBeVisible();
    await expect(page.getByTestId('refers-empty')).toBeVisible();
    await expect(page.getByTestId('refers-total')).toHaveText(/R\$\s0,00/);
    const link = await page.getByTestId('refers-link').inputValue();
    const code = await page.getByTestId('refers-code').innerText();
    expect(link).toBe(`${azul}/register?ref=${code}`);

    // The friend, in a browser of their own, opens the link: registration opens with the code filled in.
    const friendContext = await browser.newContext();
    try {
      const friend = await friendContext.newPage();
      await friend.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
      await friend.goto(link);
      await new ShellPage(friend).waitForSite();
      const modal = friend.getByTestId('login-modal');
      await expect(modal.getByTestId('register-form')).toBeVisible();
      await expect(modal.locator('#register-referral')).toHaveValue(code);
      await modal.getByLabel('Nome completo').fill('Amiga Indicada');
      await modal.getByLabel('E-mail', { exact: true }).fill(`amiga${Date.now()}@azul.test`);
      await modal.getByLabel('Telefone').fill(`119${String(Date.now()).slice(-8)}`);
      await modal.getByLabel('CPF', { exact: true }).fill(newCpf());
      await modal.getByLabel('Data de nascimento').fill('1994-03-08');
      await modal.getByLabel('Senha', { exact: true }).fill('Segura#2024');
      await modal.getByLabel('Confirme a senha').fill('Segura#2024');
      await modal.getByLabel('Tenho 18 anos ou mais e aceito os termos e condições.').check();
      await modal.getByLabel('Não sou um robô').check();
      await modal.getByRole('button', { name: 'Criar conta' }).click();
      await expect(friend.getByTestId('account')).toBeVisible();
    } finally {
      await friendContext.close();
    }

    // The referrer's /refers lists the friend (name masked) and the credit; on Azul Bet (a brand with bonus money) it
    // is bonus money with a 1× rollover, shown apart from the cash in the header.
    await page.reload();
    await new ShellPage(page).waitForSite();
    const row = page.getByTestId('referral-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Amiga I.');
    await expect(row.getByTestId('referral-earned')).toHaveText(/\+R\$\s10,00/);
    await expect(page.getByTestId('refers-total')).toHaveText(/R\$\s10,00/);
    await expect(page.getByTestId('balance')).toContainText('0,00');
    await expect(page.getByTestId('bonus-balance')).toHaveText(/\+ R\$\s10,00 de bônus/);
  });
});

test.describe(`/refers screenshots ${SCREENSHOTS}`, () => {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    for (const host of ['localhost', 'azul.localhost']) {
      for (const prefix of ['', '/en']) {
        test(`/refers ${host}${prefix} at ${width}x${height}`, async ({ page, baseURL }) => {
          await page.setViewportSize({ width, height });
          const origin = ShellPage.origin(baseURL, host);
          const referrer = await registerPlayer(page, baseURL, host);
          // One friend registered with the referrer's code (through the API: the form is tested above).
          const me = await page.request.get(`${baseURL}/api/profile/affiliates`, {
            headers: { Authorization: `Bearer ${referrer.token}`, 'X-Brand-Domain': host },
          });
          const { data } = (await me.json()) as { data: { referral_code: string } };
          await registerPlayer(page, baseURL, host, data.referral_code);
          await openAsPlayer(page, referrer, `${origin}${prefix}/refers`);
          await expect(page.getByTestId('referral-row')).toHaveCount(1);
          const name = `${host.split('.')[0]}-${prefix ? 'en' : 'pt'}-${width}x${height}`;
          await page.screenshot({ path: test.info().outputPath(`refers-${name}.png`), fullPage: true });
        });
      }
    }
  }
});
