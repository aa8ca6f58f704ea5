import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { machinesById } from '../machines/machines-by-id';
import { pixMachine } from '../machines/pix/pix.machine';
import { formatReplayReport, replayRecording } from '../src/lib/recording/replay';
import { PREVIEW_ONLY, reviewShot } from './models/modes';
import { openAsPlayer, registerPlayer } from './models/players';
import { downloadRecording } from './models/recording';
import { sandboxPanelUrl } from './models/sandbox';
import { generateDeposit, payInBank } from './models/deposit';

const run = promisify(execFile);

/**
 * What the QA recorder guarantees: a deposit recorded in the browser (`?record`, the recorder's overlay, the downloaded
 * file), replayed by `npm run replay` with no divergence, and the same replay against a deliberately changed pix
 * machine reporting where it diverges.
 */
test.describe(`replay of a recorded deposit ${PREVIEW_ONLY}`, () => {
  test('a deposit recorded in the browser replays with no divergence; a changed pix machine diverges', async ({
    page,
    baseURL,
    context,
  }) => {
    const player = await registerPlayer(page, baseURL);
    await openAsPlayer(page, player, '/account/wallet?tab=deposit&record');
    const txid = await generateDeposit(page, '50');
    await expect(page.getByTestId('deposit-qr')).toHaveAttribute('data-state', 'awaitingPayment.waiting');
    await payInBank(context, txid);
    await expect(page.getByTestId('deposit-paid')).toBeVisible();

    const { text, recording } = await downloadRecording(page, 'Depósito pago');
    expect(text.includes(player.token)).toBe(false);
    const folder = await mkdtemp(join(tmpdir(), 'replay-'));
    try {
      const file = join(folder, 'deposito-pago.json');
      await writeFile(file, text);
      // The command QA runs, as a separate process.
      const { stdout } = await run('npx', ['tsx', 'scripts/replay.ts', file], { cwd: process.cwd() });
      expect(stdout).toContain('Replay of "Depósito pago"');
      expect(stdout).toMatch(/ok\s+app\/pix\s+\d+ steps/);
      expect(stdout).toMatch(/ok\s+app\/session\s+\d+ steps/);
      expect(stdout).toMatch(/No divergence: \d+ actors replayed the recorded states\./);
      // The built page and this checkout sign each machine's definition alike (a minified build included).
      expect(Object.keys(recording.machines ?? {})).toEqual(expect.arrayContaining(['app', 'session', 'pix']));
      expect(stdout).not.toContain('Changed since the recording');

      // The same replay against a pix machine that no longer recognises its own payment.
      const machines = machinesById();
      machines.set(pixMachine.id, pixMachine.provide({ guards: { isOurPayment: () => false } }));
      const report = replayRecording(recording, machines);
      expect(report.ok).toBe(false);
      expect(report.actors.filter((a) => a.outcome !== 'same').map((a) => a.path)).toEqual(['app/pix']);
      expect(formatReplayReport(report)).toMatch(
        /FAIL\s+app\/pix\s+diverged at step \d+ \(entry \d+, \d+ ms\) after "realtime\.paymentApproved": recorded paid, replayed awaitingPayment\.waiting/,
      );

      // A file that is not a recording is refused by the command (exit 2), never replayed.
      await writeFile(file, '{"format":"casino-qa-recording","version":1,"__proto__":{"polluted":true}}');
      const refused = await run('npx', ['tsx', 'scripts/replay.ts', file]).catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect(refused).toMatchObject({ code: 2 });
      expect((refused as { stderr: string }).stderr).toContain('Refused (hostile)');

      // The reviewer attaches the same file to the player on the compliance view: the deposit's entries show the
      // state the app's pix machine was in when the platform recorded them.
      const me = await page.request.get(`${baseURL}/api/auth/me`, {
        headers: { Authorization: `Bearer ${player.token}` },
      });
      const { id } = ((await me.json()) as { data: { id: number } }).data;
      await writeFile(file, text);
      const review = await context.newPage();
      await review.goto(`${sandboxPanelUrl()}/players/${id}/compliance`);
      await review.getByLabel('Arquivo da gravação (.json)').setInputFiles(file);
      await review.getByRole('button', { name: 'Anexar gravação' }).click();
      await expect(review.getByRole('status')).toContainText('Gravação anexada');
      await expect(review.locator('#compliance-recordings')).toContainText('Depósito pago');
      const paidRow = review.locator('#compliance-timeline tbody tr').filter({ hasText: 'pix_deposit.paid' });
      await expect(paidRow.locator('td.machines li').filter({ hasText: 'pix' })).toHaveText(
        'pix awaitingPayment.waiting',
      );
      await reviewShot(review, { path: 'test-results/compliance-recording-1440.png', fullPage: true });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
