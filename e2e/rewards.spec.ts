import { expect, test } from '@playwright/test';
import { PREVIEW_ONLY } from './models/modes';
import { ShellPage } from './models/shell-page';

/**
 * Issue 14, rewards, against the sandbox platform. Item 6: Sorte Verde (localhost) is regulated, so its home does
 * not show the "100% no primeiro depósito" welcome banner (the platform marks it `bonus_kind: deposit`) and a note
 * names the rule that hid it; Azul Bet (azul.localhost), not regulated, shows it.
 */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
});

test.describe(`regulated brand (issue 14 item 6) ${PREVIEW_ONLY}`, () => {
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
