import { mkdir, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { machinesById } from '../machines/machines-by-id';
import { formatReplayReport, replayRecording } from '../src/lib/recording/replay';
import { RECORDINGS } from './models/modes';
import { LivePage, RealtimeSandbox } from './models/live-page';
import { openAsPlayer, registerPlayer, signInDemo } from './models/players';
import { DEMO_PLAYERS } from '../sandbox/seed-data/players';
import { downloadRecording } from './models/recording';
import { generateDeposit, payInBank, setPixExpirySeconds } from './models/deposit';
import { ShellPage } from './models/shell-page';

/**
 * Makes the QA recordings that `npm test` replays (tests/recordings/): each flow is played in the
 * browser against the sandbox with the recorder on (`?record`), downloaded through the recorder's overlay as QA
 * would, replayed once against this build (it must not diverge) and written to tests/recordings/<name>.json.
 *
 * Not part of `npm test` (tag RECORDINGS): run `npm run recordings:update` when a recorded flow changes on purpose,
 * look at the diff, commit the new files.
 */
const FOLDER = new URL('../tests/recordings/', import.meta.url);

test.describe.configure({ mode: 'serial' });

const ANA = (() => {
  const ana = DEMO_PLAYERS.find((p) => p.email === 'ana@sorteverde.test');
  if (!ana) throw new Error('the seeded player Ana is missing');
  return ana;
})();

async function save(page: Page, name: string): Promise<void> {
  const { text, recording } = await downloadRecording(page, name);
  const report = replayRecording(recording, machinesById());
  expect(report.ok, formatReplayReport(report)).toBe(true);
  await mkdir(FOLDER, { recursive: true });
  await writeFile(new URL(`${name}.json`, FOLDER), `${text}\n`);
}

/** A code generated on the open form, listening for its payment. */
async function generate(page: Page, amount: string): Promise<string> {
  const txid = await generateDeposit(page, amount);
  await expect(page.getByTestId('deposit-qr')).toHaveAttribute('data-state', 'awaitingPayment.waiting');
  return txid;
}

test.describe(`recordings replayed by npm test ${RECORDINGS}`, () => {
  test('deposit-paid: a pix deposit of R$ 50 paid by the bank, shown paid live', async ({ page, baseURL, context }) => {
    const player = await registerPlayer(page, baseURL);
    await openAsPlayer(page, player, '/account/wallet?tab=deposit&record');
    const txid = await generate(page, '50');
    await payInBank(context, txid);
    await expect(page.getByTestId('deposit-paid')).toBeVisible();
    await save(page, 'deposit-paid');
  });

  test('deposit-expired: a pix code that expires unpaid (3 s), asked to the server first', async ({
    page,
    baseURL,
  }) => {
    const player = await registerPlayer(page, baseURL);
    await setPixExpirySeconds(page, 3);
    try {
      await openAsPlayer(page, player, '/account/wallet?tab=deposit&record');
      await generate(page, '15');
      await expect(page.getByTestId('deposit-expired')).toBeVisible({ timeout: 8000 });
    } finally {
      await setPixExpirySeconds(page, 300);
    }
    await save(page, 'deposit-expired');
  });

  test('withdrawal-cancelled: a withdrawal of R$ 20 to her own CPF key, pending, then cancelled', async ({
    page,
    baseURL,
  }) => {
    // Ana (seeded, verified: a withdrawal needs a verified account) on this run's own stack.
    await signInDemo(page, baseURL, 'localhost', ANA.email);
    await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
    await page.goto('/account/wallet?tab=withdraw&record');
    await expect(page.getByTestId('withdraw-form')).toBeVisible();
    const before = await page.getByTestId('wallet-balance').innerText();
    await page.getByTestId('withdraw-key').fill(ANA.cpf ?? '');
    await page.getByTestId('withdraw-add-key').click();
    await expect(page.getByRole('radio')).toBeChecked();
    await page.getByTestId('withdraw-amount').fill('20');
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-confirm-yes').click();
    await expect(page.getByTestId('withdraw-status-label')).toHaveText('Pendente');
    await page.getByTestId('withdraw-cancel').click();
    await page.getByTestId('withdraw-cancel-confirm').click();
    await expect(page.getByTestId('withdraw-status-label')).toHaveText('Cancelado');
    await expect(page.getByTestId('wallet-balance')).toHaveText(before);
    await save(page, 'withdrawal-cancelled');
  });

  test('self-excluded-login: the seeded self-excluded player signs in and is refused with the dates', async ({
    page,
  }) => {
    await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
    await page.goto('/login?record');
    await new ShellPage(page).waitForSite();
    const modal = page.getByTestId('login-modal');
    await modal.getByLabel('E-mail', { exact: true }).fill('carla@sorteverde.test');
    await modal.getByLabel('Senha', { exact: true }).fill('Senha@123');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('self-excluded')).toBeVisible();
    await expect(page.getByTestId('self-excluded-end')).toHaveText(/\d{4}/);
    await save(page, 'self-excluded-login');
  });

  test('reconnect: the realtime server goes away and comes back; the player is told, then reconnected', async ({
    page,
    baseURL,
    request,
  }) => {
    const player = await registerPlayer(page, baseURL);
    const live = new LivePage(page);
    const sandbox = new RealtimeSandbox(request);
    await openAsPlayer(page, player, '/account/wallet?tab=deposit&record');
    await live.waitForConnected();
    try {
      expect((await sandbox.stopServer()).notice).toBe('Servidor realtime parado.');
      await expect(live.indicator).toHaveAttribute('data-visible', 'true');
    } finally {
      expect((await sandbox.startServer()).notice).toContain('Servidor realtime iniciado');
    }
    await live.waitForConnected();
    await save(page, 'reconnect');
  });
});
