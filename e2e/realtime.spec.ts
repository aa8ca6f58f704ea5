import { expect, test } from '@playwright/test';
import { LivePage, RealtimeSandbox } from './models/live-page';
import { ShellPage } from './models/shell-page';
import { reviewShot } from './models/modes';

const CASINO_ID = 1; // Sorte Verde, served on localhost
const CHANNEL = `universal-public.${CASINO_ID}`;

test.describe('live updates', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('receives a bet published through the SDK, survives a realtime server restart, and shows the next bet once', async ({
    page,
    context,
    request,
  }) => {
    const shell = new ShellPage(page);
    const live = new LivePage(page);
    const sandbox = new RealtimeSandbox(request);
    const run = Date.now().toString(36);
    const first = `e2e-${run}-a`;
    const second = `e2e-${run}-b`;
    const marker = `e2e-${run}-c`;

    await page.goto('/');
    await shell.waitForSite();
    await live.waitForConnected();
    await expect(live.liveBets).toContainText('Apostas ao vivo');
    // The feed's table comes with its own chunk when the section nears the screen.
    await live.liveBets.scrollIntoViewIfNeeded();
    await expect
      .poll(() => sandbox.subscriptionCount(CHANNEL), { message: 'the app subscribed to the public channel' })
      .toBe(1);

    // 1. A bet published by QA with the panel's own form, through the `pusher` SDK.
    const panel = await context.newPage();
    await panel.goto(sandbox.panelUrl);
    const form = panel.locator(`form[action="/sandbox/brands/${CASINO_ID}/bets"]`);
    await form.locator('input[name="transaction"]').fill(first);
    await form.locator('input[name="amount"]').fill('5,00');
    await form.locator('input[name="win"]').fill('12,50');
    await form.getByRole('button', { name: 'Publicar aposta de teste' }).click();
    await expect(panel.getByRole('status')).toContainText(`Aposta ${first} publicada em ${CHANNEL}`);
    await panel.close();

    const firstRow = live.bet(first);
    await expect(firstRow).toHaveCount(1);
    await expect(firstRow).toContainText('R$ 5,00');
    await expect(firstRow).toContainText('R$ 12,50');
    await expect(firstRow).toContainText('2,50×');
    await expect(firstRow).toContainText(/\*\*\*/);
    await live.liveBets.scrollIntoViewIfNeeded();
    await reviewShot(page, { path: 'test-results/realtime-home-live-bets-390x844.png' });

    // 2. The realtime server goes away: the player is told.
    expect((await sandbox.stopServer()).notice).toBe('Servidor realtime parado.');
    await expect(live.indicator).toBeVisible();
    await expect(live.indicator).toHaveAttribute('data-visible', 'true');
    await expect(live.indicator).toContainText(/Reconectando|indisponíve|desconectad/i);
    await reviewShot(page, { path: 'test-results/realtime-home-indicator-390x844.png' });

    // 3. It comes back on the same port: reconnected (the 1 s retry of §9 is the connection machine's simulated-clock
    // test's business), indicator hidden, channel re-subscribed.
    expect((await sandbox.startServer()).notice).toContain('Servidor realtime iniciado');
    await live.waitForConnected();
    await expect.poll(() => sandbox.subscriptionCount(CHANNEL), { message: 'the app re-subscribed, once' }).toBe(1);

    // 4. The next bet arrives exactly once, and the first is still listed once.
    expect((await sandbox.publishBet(CASINO_ID, second, '2.00', '0')).notice).toContain(second);
    const secondRow = live.bet(second);
    await expect(secondRow).toHaveCount(1);
    await expect(secondRow).toContainText('R$ 2,00');
    await expect(secondRow).toContainText('0,00×');
    // A channel delivers in order: once a later bet is shown, a duplicate of the second would have been too.
    expect((await sandbox.publishBet(CASINO_ID, marker, '1.00', '0')).notice).toContain(marker);
    await expect(live.bet(marker)).toHaveCount(1);
    await expect(secondRow).toHaveCount(1);
    await expect(firstRow).toHaveCount(1);
    await expect(page.getByTestId('live-bet').first()).toHaveAttribute('data-transaction', marker);
    await live.liveBets.scrollIntoViewIfNeeded();
    await reviewShot(page, { path: 'test-results/realtime-home-live-bets-after-restart-390x844.png' });
  });
});
