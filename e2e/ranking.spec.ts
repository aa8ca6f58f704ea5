import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_ONLY, reviewShot, SCREENSHOTS } from './models/modes';
import { openAsPlayer, registerPlayer, type NewPlayer } from './models/players';
import { sandboxPanelUrl } from './models/sandbox';
import { ShellPage } from './models/shell-page';

/**
 * /ranking against the sandbox platform: a player of the test's own, R$ 2.000,00 deposited by pix,
 * sees level 1 and §4's progress; casino bets recorded through the QA panel ("record casino bet" of Recompensas,
 * a real wallet debit) move the progress live (the balance event makes the page read the standing again), and the
 * bet that reaches level 2 brings the level-up moment.
 */

/** Posts a QA panel form as its own page does (writes are taken from the panel's origin only). */
async function panelPost(page: Page, path: string, form?: Record<string, string>) {
  const origin = new URL(sandboxPanelUrl()).origin;
  const res = await page.request.post(`${origin}${path}`, { headers: { origin }, form, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  const notice = new URL(res.headers().location ?? '', origin).searchParams;
  expect(notice.get('error'), notice.get('notice') ?? '').toBeNull();
}

/** A new player with `amount` centavos deposited by pix (paid by the sandbox bank); their id. */
async function depositedPlayer(page: Page, baseURL: string | undefined, amount: number) {
  const player = await registerPlayer(page, baseURL);
  const auth = { Authorization: `Bearer ${player.token}` };
  const pix = await page.request.post(`${baseURL}/api/main-gateway/qrcode-pix`, { headers: auth, data: { amount } });
  expect(pix.status()).toBe(201);
  await panelPost(page, `/sandbox/bank/deposits/${((await pix.json()) as { data: { id: number } }).data.id}/pay`);
  const profile = await page.request.get(`${baseURL}/api/profile`, { headers: auth });
  const { id } = ((await profile.json()) as { data: { user: { id: number } } }).data.user;
  return { ...player, id };
}

/** Resolves once the realtime server confirmed the page's subscription of that channel. */
function subscribed(page: Page, channel: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString();
        if (text.includes('pusher_internal:subscription_succeeded') && text.includes(`"${channel}"`)) resolve();
      });
    });
  });
}

test.describe(`/ranking ${PREVIEW_ONLY}`, () => {
  test('bets recorded in the sandbox move the progress, and reaching level 2 is celebrated', async ({
    page,
    baseURL,
  }) => {
    const player = await depositedPlayer(page, baseURL, 200_000);
    const live = subscribed(page, `private-universal.${player.id}`);
    await openAsPlayer(page, player, '/ranking');
    const progress = page.getByTestId('rank-progress');
    await expect(page.getByTestId('rank-current')).toHaveText('Nível 1 · Bronze');
    await expect(progress).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByTestId('rank-next')).toContainText('faltam R$ 1.000,00 para o nível 2 (Prata)');
    await expect(page.getByTestId('rank-level')).toHaveCount(6);
    await expect(page.getByTestId('rank-level').first()).toHaveAttribute('data-state', 'current');
    await expect(page.getByTestId('vip-manager-hint')).toContainText('nível 4 (Platina)');
    await live;

    // A casino bet of R$ 400,00 (lost): 40 % of the way, R$ 600,00 left.
    await panelPost(page, '/sandbox/rewards/bets', { player: player.email, bet: '400,00', win: '0' });
    await expect(progress).toHaveAttribute('aria-valuenow', '40');
    await expect(page.getByTestId('rank-next')).toContainText('faltam R$ 600,00 para o nível 2 (Prata)');
    await expect(page.getByTestId('rank-celebration')).toHaveCount(0);

    // R$ 700,00 more: R$ 1.100,00 bet in all, level 2 reached and celebrated.
    await panelPost(page, '/sandbox/rewards/bets', { player: player.email, bet: '700,00', win: '0' });
    const celebration = page.getByTestId('rank-celebration');
    await expect(celebration).toBeVisible();
    await expect(celebration).toContainText('Agora você é nível 2 · Prata');
    await reviewShot(page, { path: 'test-results/ranking-level-up.png' });
    await celebration.getByTestId('rank-celebration-ok').click();
    await expect(celebration).toHaveCount(0);
    await expect(page.getByTestId('rank-current')).toHaveText('Nível 2 · Prata');
    // (1.100 − 1.000) / (5.000 − 1.000) = 2,5 % → 3 (rounded).
    await expect(progress).toHaveAttribute('aria-valuenow', '3');
    await expect(page.getByTestId('rank-next')).toContainText('faltam R$ 3.900,00 para o nível 3 (Ouro)');
    await expect(page.getByTestId('rank-total-bet')).toHaveText('R$ 1.100,00');
  });
});

/** Screenshots for review (E2E_SCREENSHOTS=1): a guest and a player, both sizes, brands and languages. */
test.describe(`/ranking screenshots ${SCREENSHOTS}`, () => {
  for (const host of ['localhost', 'azul.localhost']) {
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      test(`/ranking on ${host} at ${width}x${height}`, async ({ page, baseURL }) => {
        await page.setViewportSize({ width, height });
        const origin = ShellPage.origin(baseURL, host);
        const player: NewPlayer = await registerPlayer(page, baseURL, host === 'localhost' ? undefined : host);
        await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
        await page.goto(`${origin}/ranking`);
        await new ShellPage(page).waitForSite();
        await expect(page.getByTestId('ranking-guest')).toBeVisible();
        await expect(page.getByTestId('rank-level')).toHaveCount(6);
        await page.screenshot({ path: `test-results/ranking-${host}-guest-${width}.png`, fullPage: true });
        await page.evaluate((t) => window.localStorage.setItem('auth', t), player.token);
        for (const path of ['/ranking', '/en/ranking']) {
          await page.goto(`${origin}${path}`);
          await expect(page.getByTestId('rank-standing')).toBeVisible();
          await page.screenshot({
            path: `test-results/ranking-${host}-${path.startsWith('/en') ? 'en' : 'pt'}-${width}.png`,
            fullPage: true,
            animations: 'disabled',
          });
        }
      });
    }
  }
});
