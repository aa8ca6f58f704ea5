import { expect, type BrowserContext, type Page } from '@playwright/test';
import { parseFields } from '../../sandbox/pix/brcode';
import { sandboxPanelUrl } from './sandbox';

/** The sandbox bank's pix expiry for the codes made from now on (the QA panel's bank settings). */
export async function setPixExpirySeconds(page: Page, seconds: number): Promise<void> {
  const panel = sandboxPanelUrl();
  const res = await page.request.post(`${panel}/bank/settings`, {
    form: { pix_expiry_seconds: String(seconds), autopay_ms: '' },
    headers: { origin: new URL(panel).origin }, // the panel takes writes from its own page only
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
}

/** Generates a code on the open deposit form; answers its txid (field 62-05 of the BR Code). */
export async function generateDeposit(page: Page, amount: string): Promise<string> {
  await expect(page.getByTestId('deposit-form')).toBeVisible();
  await page.getByTestId('deposit-amount').fill(amount);
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-qr')).toBeVisible();
  const code = await page.getByTestId('deposit-code').inputValue();
  return parseFields(parseFields(code).get('62') ?? '').get('05') ?? '';
}

/** The sandbox bank pays the deposit, from the QA panel's page (a tab of its own, closed once the panel answered). */
export async function payInBank(context: BrowserContext, txid: string): Promise<void> {
  const bank = await context.newPage();
  await bank.goto(sandboxPanelUrl());
  await bank.locator(`tr[data-txid="${txid}"]`).getByRole('button', { name: 'Pagar' }).click();
  // The panel answers with its page again and a notice: closing the tab while that navigation was under way hung
  // page.close() now and then (a CI run and 1 in 3 runs here timed out in it).
  await expect(bank.getByRole('status')).toBeVisible();
  await bank.close();
}

/** On the open deposit form: the coupon applied (found valid), then a code generated; answers its txid. */
export async function generateDepositWithCoupon(page: Page, coupon: string, amount: string): Promise<string> {
  await page.getByTestId('deposit-coupon-input').fill(coupon);
  await page.getByTestId('deposit-coupon-apply').click();
  await expect(page.getByTestId('deposit-coupon-valid')).toBeVisible();
  return generateDeposit(page, amount);
}
