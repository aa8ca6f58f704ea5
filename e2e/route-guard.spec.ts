import { expect, test, type Page } from '@playwright/test';
import { registerPlayer } from './models/players';
import { ShellPage } from './models/shell-page';

/**
 * Routes marked `auth` (§2.2) are guarded by the root app machine. A guest opening one gets the
 * login modal and, signed in, lands on that route; closing the modal instead leads home; a player signing out
 * on an auth route goes home. In both languages.
 */
const TEXT = {
  pt: { prefix: '', logout: 'Sair' },
  en: { prefix: '/en', logout: 'Sign out' },
} as const;

async function guest(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
}

const modal = (page: Page) => page.getByTestId('login-modal');

for (const lang of ['pt', 'en'] as const) {
  const t = TEXT[lang];
  test.describe(`route guard, ${lang}`, () => {
    test('a guest opening the wallet gets the login modal and lands on the wallet after signing in', async ({
      page,
      baseURL,
    }) => {
      const player = await registerPlayer(page, baseURL);
      await guest(page);
      await page.goto(`${baseURL}${t.prefix}/account/wallet`);
      await new ShellPage(page).waitForSite();
      await expect(modal(page)).toBeVisible();
      await expect(page.getByTestId('login-form')).toBeVisible();
      await page.locator('#login-identifier').fill(player.email);
      await page.locator('#login-password').fill(player.password);
      await page.getByTestId('login-submit').click();
      await expect(modal(page)).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${t.prefix}/account/wallet$`));
      await expect(page.getByTestId('wallet-page')).toBeVisible();
      await expect(page.getByTestId('deposit-form')).toBeVisible();
      await expect(page.getByTestId('account')).toBeVisible();
    });

    test('a guest who closes the modal on an auth route goes home', async ({ page, baseURL }) => {
      await guest(page);
      await page.goto(`${baseURL}${t.prefix}/user/edit/transaction`);
      await new ShellPage(page).waitForSite();
      await expect(modal(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(modal(page)).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`${t.prefix || ''}/?$`));
      await expect(page.getByTestId('home-page')).toBeVisible();
    });

    test('a player signing out on an auth route goes home, and is not asked to sign in', async ({ page, baseURL }) => {
      const player = await registerPlayer(page, baseURL);
      await guest(page);
      await page.addInitScript((token) => {
        if (window.sessionStorage.getItem('e2e-token-stored')) return;
        window.sessionStorage.setItem('e2e-token-stored', '1');
        window.localStorage.setItem('auth', token);
      }, player.token);
      await page.goto(`${baseURL}${t.prefix}/account/wallet`);
      await new ShellPage(page).waitForSite();
      await expect(page.getByTestId('wallet-page')).toBeVisible();
      await expect(modal(page)).toHaveCount(0);
      await page.getByTestId('account-menu').click();
      await page.getByRole('button', { name: t.logout }).click();
      await expect(page.getByTestId('sign-in')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${t.prefix || ''}/?$`));
      await expect(page.getByTestId('home-page')).toBeVisible();
      await expect(modal(page)).toHaveCount(0);
    });
  });
}
