import { expect, test, type Page } from '@playwright/test';
import { DEMO_PLAYERS } from '../sandbox/seed-data/players';
import { signInDemo } from './models/players';
import { ShellPage } from './models/shell-page';
import { reviewShot } from './models/modes';

/**
 * What a signed-in player sees. The home page greets them instead of offering an account;
 * the phone header has "Entrar" for guests and a deposit button for players, and fits 390 px; the wallet shows
 * the balance once, beside the deposit / withdraw card on a desktop. Both brands, both languages, phone and desktop.
 * Sign-in goes through the API (the brand chosen by X-Brand-Domain); the token is put under localStorage `auth`.
 */
const BRANDS = [
  { host: 'localhost', email: 'ana@sorteverde.test' },
  { host: 'azul.localhost', email: 'diego@azulbet.test' },
] as const;
const SIZES = [
  [390, 844],
  [1440, 900],
] as const;
const TEXT = {
  pt: {
    prefix: '',
    signIn: 'Entrar',
    register: 'Cadastrar',
    createAccount: 'Criar conta',
    deposit: 'Depositar',
    greeting: /^Olá, \p{L}+!$/u,
  },
  en: {
    prefix: '/en',
    signIn: 'Sign in',
    register: 'Register',
    createAccount: 'Create account',
    deposit: 'Deposit',
    greeting: /^Hi, \p{L}+!$/u,
  },
} as const;

for (const brand of BRANDS) {
  if (!DEMO_PLAYERS.some((p) => p.email === brand.email)) throw new Error(`no demo player ${brand.email}`);
}

async function skipAgeGate(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
}

/** Nothing in the header sticks out of the viewport or makes it scroll sideways. */
async function expectHeaderFits(page: Page, width: number) {
  const overflow = await page.locator('.header__inner').evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const box of await page
    .locator('.header__actions > *, .header__logo')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
}

test.describe('signed-in home, header and wallet', () => {
  test.beforeEach(async ({ page }) => {
    await skipAgeGate(page);
  });

  for (const brand of BRANDS) {
    for (const lang of ['pt', 'en'] as const) {
      const t = TEXT[lang];

      test(`${brand.host} ${lang}: a guest finds "${t.signIn}" in the header on a phone too`, async ({
        page,
        baseURL,
      }) => {
        for (const [width, height] of SIZES) {
          await page.setViewportSize({ width, height });
          await page.goto(`${ShellPage.origin(baseURL, brand.host)}${t.prefix || '/'}`);
          await new ShellPage(page).waitForSite();
          const header = page.locator('header');
          await expect(header.getByRole('link', { name: t.signIn, exact: true })).toBeVisible();
          await expect(header.getByRole('link', { name: t.register, exact: true })).toBeVisible();
          await expect(page.getByTestId('home-welcome').getByRole('link', { name: t.createAccount })).toBeVisible();
          await expectHeaderFits(page, width);
          await reviewShot(page, {
            path: test.info().outputPath(`home-guest-${brand.host}-${lang}-${width}x${height}.png`),
          });
        }
        await page.setViewportSize({ width: 1024, height: 768 }); // a small laptop: the header still fits
        await expectHeaderFits(page, 1024);
      });

      test(`${brand.host} ${lang}: a player is greeted, offered a deposit in the header and on home, never "${t.createAccount}"`, async ({
        page,
        baseURL,
      }) => {
        await signInDemo(page, baseURL, brand.host, brand.email);
        for (const [width, height] of SIZES) {
          await page.setViewportSize({ width, height });
          await page.goto(`${ShellPage.origin(baseURL, brand.host)}${t.prefix || '/'}`);
          await new ShellPage(page).waitForSite();
          await expect(page.getByTestId('home-welcome')).toHaveAttribute('data-visitor', 'player');
          await expect(page.getByTestId('home-welcome').getByRole('heading', { name: t.greeting })).toBeVisible();
          await expect(page.getByRole('link', { name: t.createAccount })).toHaveCount(0);
          await expect(page.getByTestId('sign-in')).toHaveCount(0);
          const headerDeposit = page.getByTestId('deposit');
          await expect(headerDeposit).toBeVisible();
          await expect(headerDeposit).toContainText(t.deposit);
          await expect(page.getByTestId('balance')).toBeVisible();
          await expect(page.getByTestId('account-menu')).toBeVisible();
          await expectHeaderFits(page, width);
          await reviewShot(page, {
            path: test.info().outputPath(`home-player-${brand.host}-${lang}-${width}x${height}.png`),
          });
        }
        await page.setViewportSize({ width: 1024, height: 768 }); // a small laptop: the header still fits
        await expectHeaderFits(page, 1024);
        await headerDepositOpensWallet(page, t.prefix);
      });
    }
  }

  for (const brand of BRANDS) {
    test(`${brand.host}: the wallet shows the balance once on the withdrawal form and uses a desktop’s width, phone and desktop, pt and en`, async ({
      page,
      baseURL,
    }) => {
      await signInDemo(page, baseURL, brand.host, brand.email);
      for (const lang of ['pt', 'en'] as const) {
        for (const [width, height] of SIZES) {
          await page.setViewportSize({ width, height });
          await page.goto(`${ShellPage.origin(baseURL, brand.host)}${TEXT[lang].prefix}/account/wallet?tab=withdraw`);
          const form = page.getByTestId('withdraw-form');
          await expect(form).toBeVisible();
          const balance =
            /R\$\s?[\d.,]*\d/.exec(await page.getByTestId('wallet-balance').innerText())?.[0] ?? 'no balance';
          // Once on the page (the header shows it too, outside the page).
          await expect(page.getByTestId('wallet-page').getByText(balance, { exact: false })).toHaveCount(1);
          await expect(form).not.toContainText(balance);
          const summary = await page.locator('.wallet__summary').boundingBox();
          const main = await page.locator('.wallet__main').boundingBox();
          if (!summary || !main) throw new Error('wallet cards not laid out');
          if (width >= 1440) {
            // Side by side, together most of the content width, centred.
            expect(Math.abs(summary.y - main.y)).toBeLessThan(2);
            expect(main.x).toBeGreaterThan(summary.x + summary.width);
            const used = main.x + main.width - summary.x;
            expect(used).toBeGreaterThanOrEqual(900);
            const viewport = await page.evaluate(() => document.documentElement.clientWidth);
            const left = summary.x;
            const right = viewport - (main.x + main.width);
            expect(Math.abs(left - right)).toBeLessThan(24);
          } else {
            // Stacked, each the full width of the phone's content.
            expect(main.y).toBeGreaterThan(summary.y + summary.height);
            expect(summary.width).toBeGreaterThan(width - 40);
          }
          await reviewShot(page, {
            path: test.info().outputPath(`wallet-withdraw-${brand.host}-${lang}-${width}x${height}.png`),
            fullPage: true,
          });
          await page.getByTestId('wallet-tab-deposit').click();
          await expect(page.getByTestId('deposit-form')).toBeVisible();
          await reviewShot(page, {
            path: test.info().outputPath(`wallet-deposit-${brand.host}-${lang}-${width}x${height}.png`),
            fullPage: true,
          });
        }
      }
    });
  }
});

async function headerDepositOpensWallet(page: Page, prefix: string) {
  await page.getByTestId('deposit').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/account/wallet\\?tab=deposit$`));
  await expect(page.getByTestId('deposit-form')).toBeVisible();
}
