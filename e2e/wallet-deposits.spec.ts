import { expect, test, type Page } from '@playwright/test';
import { registerPlayer as registerNewPlayer } from './models/players';
import { generateDeposit, setPixExpirySeconds } from './models/deposit';
import { sandboxPanelUrl } from './models/sandbox';
import { reviewShot } from './models/modes';

/**
 * A deposit is recognised by its id / txid, never by its amount, and the bank can refuse one.
 *
 * Each test registers a player of its own (balance R$ 0,00), so the balances it reads are its own and the demo
 * players the other specs count on are left alone. The player opens two pix codes of the same amount the way the
 * product lets them: a code, "Alterar valor", a second code of the same amount; both stay pending on the server.
 * Nothing here waits by the clock: the deposit panel exposes the pix machine's state (`data-state`) and the last
 * status the server gave (`data-server-status`, set by the status check the machine makes once its live channel
 * is subscribed, which is how the test knows the screen is listening before the bank acts).
 */
test.describe.configure({ mode: 'serial' });

/** A player of the test's own, signed in on the next page load. */
async function registerPlayer(page: Page, baseURL: string | undefined): Promise<void> {
  const { token } = await registerNewPlayer(page, baseURL);
  await page.addInitScript((t) => window.localStorage.setItem('auth', t), token);
}

/** The code on screen is listening: its machine checked the status with the server once subscribed. */
async function listening(page: Page) {
  const qr = page.getByTestId('deposit-qr');
  await expect(qr).toHaveAttribute('data-server-status', '0');
  await expect(qr).toHaveAttribute('data-state', 'awaitingPayment.waiting');
}

test('two open deposits of the same amount: paying the other one leaves the code on screen waiting; paying it shows paid', async ({
  page,
  baseURL,
  context,
}) => {
  await registerPlayer(page, baseURL);
  await setPixExpirySeconds(page, 300);
  await page.goto('/account/wallet?tab=deposit');
  await expect(page.getByTestId('balance')).toContainText('R$ 0,00');

  const other = await generateDeposit(page, '25');
  await page.getByRole('button', { name: 'Alterar valor' }).click();
  const shown = await generateDeposit(page, '25');
  expect(shown).not.toBe(other);
  await expect(page.getByTestId('deposit-qr')).toContainText('R$ 25,00');
  await listening(page);

  // The bank has both, pending, of the same amount.
  const bank = await context.newPage();
  await bank.goto(sandboxPanelUrl());
  const otherRow = bank.locator(`tr[data-txid="${other}"]`);
  const shownRow = bank.locator(`tr[data-txid="${shown}"]`);
  await expect(otherRow).toContainText('R$ 25,00');
  await expect(shownRow).toContainText('R$ 25,00');

  // Pay the other one. Its PaymentApproved reaches the page on the player's channel: the header balance moves
  // (the session owns it) ...
  await otherRow.getByRole('button', { name: 'Pagar' }).click();
  await expect(bank.locator(`tr[data-txid="${other}"]`)).toHaveCount(0);
  await expect(page.getByTestId('balance')).toContainText('R$ 25,00');
  // ... and the same event went through the code's machine, which did not take it as its own. Read once.
  expect(await page.getByTestId('deposit-paid').count()).toBe(0);
  expect(await page.getByTestId('deposit-qr').getAttribute('data-state', { timeout: 1000 })).toBe(
    'awaitingPayment.waiting',
  );

  // Pay the one on screen: paid, with the session's balance.
  await bank.locator(`tr[data-txid="${shown}"]`).getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByTestId('deposit-paid')).toHaveAttribute('data-state', 'paid');
  await expect(page.getByTestId('deposit-paid')).toContainText('R$ 25,00 creditados na sua carteira.');
  await expect(page.getByTestId('wallet-balance')).toContainText('R$ 50,00');
  await expect(page.getByTestId('deposit-new-balance')).toContainText('R$ 50,00');
});

test('the bank refuses the pending deposit: the player sees it refused and can make a new code', async ({
  page,
  baseURL,
  context,
}) => {
  await registerPlayer(page, baseURL);
  await setPixExpirySeconds(page, 300);
  await page.goto('/account/wallet?tab=deposit');
  const txid = await generateDeposit(page, '30');
  await listening(page);

  const bank = await context.newPage();
  await bank.goto(sandboxPanelUrl());
  await bank.locator(`tr[data-txid="${txid}"]`).getByRole('button', { name: 'Recusar (2)' }).click();
  await expect(bank.getByText('recusado pelo banco')).toBeVisible();

  const refused = page.getByTestId('deposit-refused');
  await expect(refused).toHaveAttribute('data-state', 'refused');
  await expect(refused).toContainText('O banco recusou este pix.');
  await expect(refused).toContainText('Nada foi debitado nem creditado.');
  await expect(page.getByTestId('wallet-balance')).toContainText('R$ 0,00');
  await reviewShot(page, { path: 'test-results/wallet-deposit-refused-pt.png' });

  await refused.getByTestId('deposit-new-code').click();
  await expect(page.getByTestId('deposit-qr')).toBeVisible();
  expect(await page.getByTestId('deposit-code').inputValue()).not.toContain(txid);
});

test('at the end of the timer the server is asked before the code shows expired', async ({ page, baseURL }) => {
  await registerPlayer(page, baseURL);
  await setPixExpirySeconds(page, 4);
  try {
    await page.goto('/account/wallet?tab=deposit');
    await generateDeposit(page, '20');
    await expect(page.getByTestId('deposit-expired')).toHaveAttribute('data-state', 'expired.checked', {
      timeout: 10_000,
    });
    // expired.checked: the server answered (pending at its last instant, or cancelled), not a guess of the timer.
    await expect(page.getByTestId('deposit-expired')).toContainText('O código pix expirou.');
  } finally {
    await setPixExpirySeconds(page, 300);
  }
});
