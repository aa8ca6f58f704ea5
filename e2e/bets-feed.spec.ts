import { expect, test, type Page } from '@playwright/test';
import { fundedPlayer } from './models/players';
import { RealtimeSandbox } from './models/live-page';

/**
 * The live bets feed's tabs (all bets, high rollers, my bets), the fictitious generator filling
 * the feed for a guest (§9: a bet every 1500 ms, on the page's own clock), and a player's own real round in
 * "my bets" with their name unmasked, while the public list shows it masked.
 */
const FICTITIOUS_INTERVAL_MS = 1500;
/** "R$ 1.234,56" or "R$1,234.56" → 123456 (centavos). */
const centavos = (text: string) => Number(text.replace(/\D/g, ''));

async function skipAgeGate(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
}

const rows = (page: Page) => page.getByTestId('live-bets').getByTestId('live-bet');
const tab = (page: Page, id: 'all' | 'highRollers' | 'mine') => page.getByTestId(`live-bets-tab-${id}`);

test.describe('live bets feed', () => {
  // Running the page's clock through 30 s of timers (the site's own included) takes a while on a busy machine.
  test.describe.configure({ timeout: 180_000 });
  test.beforeEach(async ({ page }) => skipAgeGate(page));

  test('a guest: the generator fills the feed every 1500 ms with masked names; the tabs filter it; "my bets" asks to sign in', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    const feed = page.getByTestId('live-bets');
    await feed.scrollIntoViewIfNeeded();
    await expect(feed).toHaveAttribute('data-tab', 'all');
    await expect(tab(page, 'all')).toHaveAttribute('aria-selected', 'true');
    await expect(feed.getByRole('tab')).toHaveText(['Todas', 'Apostas altas', 'Minhas apostas']);

    // One interval at a time: a row each (the generator runs once the site is ready).
    await expect.poll(async () => (await feed.getAttribute('data-listening')) === 'true').toBe(true);
    const before = await rows(page).count();
    await page.clock.runFor(FICTITIOUS_INTERVAL_MS);
    // (The page's clock also runs on its own between steps: at least one more.)
    await expect.poll(() => rows(page).count()).toBeGreaterThanOrEqual(Math.min(5, before + 1));
    await page.clock.runFor(FICTITIOUS_INTERVAL_MS * 20);
    await expect(rows(page)).toHaveCount(5);
    for (const row of await rows(page).all()) {
      await expect(row).toHaveAttribute('data-fictitious', 'true');
      // §9: masked names, the first 3 characters (4 for names of 8 or more), then ***.
      await expect(row.locator('.live-bets__narrow .live-bets__user')).toHaveText(/^[^*\s]{3,4}\*\*\*$/);
      await expect(row.getByRole('cell').first()).not.toBeEmpty();
    }
    // A win is highlighted: its payout more than nothing.
    const wins = rows(page).and(page.locator('[data-won="true"]'));
    for (const row of await wins.all())
      expect(centavos((await row.locator('.live-bets__win').textContent()) ?? '')).toBeGreaterThan(0);

    // High rollers: bets of R$ 500,00 or more only (40% of the generator's draws).
    await tab(page, 'highRollers').click();
    await expect(feed).toHaveAttribute('data-tab', 'highRollers');
    await expect(tab(page, 'highRollers')).toHaveAttribute('aria-selected', 'true');
    await expect(rows(page).first()).toBeVisible();
    for (const row of await rows(page).all()) {
      expect(centavos((await row.locator('.live-bets__amount').textContent()) ?? '')).toBeGreaterThanOrEqual(50_000);
    }

    // The keyboard moves between tabs (arrow keys): to "my bets", which asks a guest to sign in.
    await tab(page, 'highRollers').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'mine')).toBeFocused();
    await expect(feed).toHaveAttribute('data-tab', 'mine');
    await expect(page.getByTestId('live-bets-empty')).toContainText('Entre na sua conta para ver suas apostas aqui.');
    await page.getByTestId('live-bets-sign-in').click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('in English: the tabs and the columns', async ({ page }) => {
    await page.clock.install();
    await page.goto('/en');
    const feed = page.getByTestId('live-bets');
    await feed.scrollIntoViewIfNeeded();
    await expect(feed.getByRole('tab')).toHaveText(['All bets', 'High rollers', 'My bets']);
    await expect.poll(async () => (await feed.getAttribute('data-listening')) === 'true').toBe(true);
    await page.clock.runFor(FICTITIOUS_INTERVAL_MS * 3);
    await expect(rows(page).first()).toBeVisible();
    await expect(feed.getByRole('columnheader', { name: 'Payout' })).toBeVisible();
    await expect(rows(page).first()).toContainText('R$');
  });

  test('a player plays a real round: it shows in "my bets" with their own name, and masked in all bets', async ({
    page,
    baseURL,
    request,
  }) => {
    // A new player with R$ 100,00 paid by the sandbox bank (their rounds move their own money).
    const { token } = await fundedPlayer(page, baseURL);
    const me = await page.request.get(`${baseURL}/api/auth/me`, { headers: { Authorization: `Bearer ${token}` } });
    const { data: user } = (await me.json()) as { data: { id: number } };

    await page.goto('/casino/tucano/frutas-da-sorte');
    await expect(page.getByTestId('game-page')).toHaveAttribute('data-mode', 'real');
    const frame = page.frameLocator('[data-testid=game-frame]');
    const spin = frame.getByTestId('spin');
    await frame.getByTestId('paytable-close').click();
    await expect(spin).toBeEnabled();
    // Their channel is joined (1 s after the session starts): the feed listens to it with the session.
    const realtime = new RealtimeSandbox(request);
    await expect
      .poll(() => realtime.subscriptionCount(`private-universal.${user.id}`), { timeout: 15_000 })
      .toBeGreaterThan(0);

    const nonce = await frame.locator('#nonce').textContent();
    await spin.click();
    await expect(frame.locator('#nonce')).not.toHaveText(nonce ?? '');
    await expect(spin).toBeEnabled();

    // Home, inside the app (the feed keeps what it heard).
    await page.getByRole('banner').getByRole('link').first().click();
    const feed = page.getByTestId('live-bets');
    await feed.scrollIntoViewIfNeeded();
    await tab(page, 'mine').click();
    await expect(feed).toHaveAttribute('data-tab', 'mine');
    const own = rows(page);
    await expect(own).toHaveCount(1);
    await expect(own.first()).toContainText('Frutas da Sorte');
    await expect(own.first().locator('.live-bets__narrow .live-bets__user')).toHaveText('Teste');
    await expect(own.first()).toHaveAttribute('data-fictitious', 'false');
    const transaction = await own.first().getAttribute('data-transaction');
    // The same round in all bets, masked (§9): "Tes***".
    await tab(page, 'all').click();
    const publicRow = page.locator(`[data-testid="live-bet"][data-transaction="${transaction}"]`);
    await expect(publicRow).toBeVisible();
    await expect(publicRow.locator('.live-bets__narrow .live-bets__user')).toHaveText('Tes***');
  });
});
