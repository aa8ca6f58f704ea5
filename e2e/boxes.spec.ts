import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { fundedPlayer, openAsPlayer, registerPlayer, type NewPlayer } from './models/players';
import { sandboxApiOrigin } from './models/sandbox';

/**
 * Prize boxes against the sandbox (Sorte Verde, localhost): buy with and without enough balance, open on
 * the reel (and with reduced motion), the prize under /account/items sold for the balance, a box granted from the QA
 * panel appearing live.
 */

/** The cheapest seeded box (R$ 2,00). */
const BOX = 'caixa-neon';

async function playerId(page: Page, baseURL: string | undefined, player: NewPlayer): Promise<number> {
  const res = await page.request.get(`${baseURL}/api/auth/me`, {
    headers: { authorization: `Bearer ${player.token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

async function boxId(page: Page, baseURL: string | undefined): Promise<number> {
  const res = await page.request.get(`${baseURL}/api/boxes/get/${BOX}/prizes`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { box: { id: number } }).box.id;
}

/** The QA panel's grant (a panel write needs its own Origin). */
async function grantBox(page: Page, userId: number, id: number) {
  const origin = sandboxApiOrigin();
  const res = await page.request.post(`${origin}/sandbox/players/${userId}/boxes/grant`, {
    form: { box_id: String(id) },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  expect(res.headers().location ?? '').not.toContain('error=');
}

test('a funded player buys a box, opens it on the reel, keeps the prize and sells it under /account/items', async ({
  page,
  baseURL,
}) => {
  // The reel's custom properties are set through the CSSOM: nothing the strict CSP refuses.
  const csp: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) csp.push(message.text());
  });
  await fundedPlayer(page, baseURL);
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
  const response = await page.goto(`/casino/box/${BOX}`);
  expect(response?.headers()['content-security-policy'] ?? '').toContain("script-src 'self'");
  const boxPage = page.getByTestId('box-page');
  await expect(boxPage).toBeVisible();
  // The odds (as percentages) and the commitment are shown before the purchase, the odds above the buy button.
  await expect(page.getByTestId('prize-odds').first()).toContainText('%');
  const oddsBox = await page.getByTestId('box-odds').boundingBox();
  const buyBox = await page.getByTestId('box-buy-button').boundingBox();
  expect(oddsBox && buyBox && oddsBox.y < buyBox.y).toBe(true);
  const hash = await page.getByTestId('fair-hash').innerText();
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId('balance')).toContainText('R$ 100,00');

  await page.getByTestId('box-buy-button').click();
  await expect(page.getByTestId('box-buy-confirm')).toContainText('R$ 2,00');
  await page.getByTestId('box-buy-confirm-button').click();
  await expect(page.getByTestId('balance')).toContainText('R$ 98,00');
  await expect(page.getByTestId('reel')).toBeVisible();
  await page.getByTestId('box-spin').click();
  await expect(page.getByTestId('reel')).toHaveAttribute('data-phase', /spinning|landing/);
  await expect(page.getByTestId('box-won')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('reel')).toHaveAttribute('data-phase', 'revealed');
  // The revealed seed hashes to the commitment shown before the purchase.
  await expect(page.getByTestId('fairness-revealed')).toContainText(hash);
  // And this browser re-computed the draw from it (shared/boxes-fair.ts).
  await expect(page.getByTestId('fair-verified')).toHaveAttribute('data-ok', 'true');
  const won = (await page.getByTestId('box-won').innerText()).split('\n')[0] ?? '';
  await page.getByTestId('box-collect').click();

  await page.goto('/account/items');
  const prize = page.getByTestId('owned-prize').first();
  await expect(prize).toBeVisible();
  expect(won).toContain((await prize.locator('.prize-tile__name').innerText()).trim());
  const sellLabel = await prize.getByTestId('sell-prize').innerText();
  await prize.getByTestId('sell-prize').click();
  await expect(page.getByTestId('sale-dialog')).toBeVisible();
  await page.getByTestId('sale-confirm').click();
  await expect(page.getByTestId('sale-dialog')).toBeHidden();
  await expect(page.getByTestId('sold-prize').first()).toBeVisible();
  await expect(page.getByTestId('owned-prize')).toHaveCount(0);
  // The balance: R$ 98,00 plus what the prize sold for.
  const value = Number((sellLabel.match(/R\$\s?([\d.]+,\d{2})/)?.[1] ?? '0').replace(/\./g, '').replace(',', '.'));
  const expected = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(98 + value);
  await expect(page.getByTestId('balance')).toHaveText(expected.replace(/\s/g, '\u00a0'));
  expect(csp).toEqual([]);
});

test('too little balance opens the deposit; a box granted from the panel appears live and opens in place with reduced motion', async ({
  page,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  await openAsPlayer(page, player, `/casino/box/${BOX}`);
  await page.getByTestId('box-buy-button').click();
  await page.getByTestId('box-buy-confirm-button').click();
  await expect(page).toHaveURL(/\/account\/wallet\?tab=deposit$/);
  await expect(page.getByTestId('deposit-form')).toBeVisible();

  await page.goto('/account/boxes');
  await expect(page.getByTestId('inventory-boxes')).toBeVisible();
  await expect(page.getByTestId('owned-box')).toHaveCount(0);
  await grantBox(page, await playerId(page, baseURL, player), await boxId(page, baseURL));
  const owned = page.getByTestId('owned-box');
  await expect(owned).toHaveCount(1);

  // Opened right here on the reel, with reduced motion: no spin.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await owned.getByTestId('open-box').click();
  await page.getByTestId('box-spin').click();
  await expect(page.getByTestId('reel')).toHaveAttribute('data-reduced', 'true');
  await expect(page.getByTestId('box-won')).toBeVisible({ timeout: 3_000 });
  await page.getByTestId('box-collect').click();
  await expect(page.getByTestId('owned-box')).toHaveCount(0);
  await expect(page.getByTestId('history-box')).toHaveCount(1);
});

test.describe('boxes screenshots', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`crates, a box mid-reel and revealed, the items at ${viewport.width} ${SCREENSHOTS} ${PREVIEW_ONLY}`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      await fundedPlayer(page, baseURL);
      await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
      const shot = (name: string, fullPage = true) =>
        page.screenshot({ path: `test-results/boxes-${name}-${viewport.width}.png`, fullPage, animations: 'disabled' });
      await page.goto('/casino/crates');
      await expect(page.getByTestId('box-card').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shot('crates');
      await page.goto(`/casino/box/${BOX}`);
      await page.getByTestId('box-buy-button').click();
      await page.getByTestId('box-buy-confirm-button').click();
      await page.getByTestId('box-spin').click();
      await expect(page.getByTestId('reel')).toHaveAttribute('data-phase', 'landing', { timeout: 5_000 });
      await page.getByTestId('reel').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/boxes-reel-${viewport.width}.png` });
      await expect(page.getByTestId('box-won')).toBeVisible({ timeout: 10_000 });
      await shot('revealed');
      await page.getByTestId('box-collect').click();
      await page.goto('/account/items');
      await expect(page.getByTestId('owned-prize').first()).toBeVisible();
      await shot('items');
      await page.goto('/en/casino/crates');
      await expect(page.getByTestId('box-card').first()).toBeVisible();
      await shot('crates-en', false);
    });
  }
});
