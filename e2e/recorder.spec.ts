import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { parseRecording } from '../src/lib/recording/schema';
import { PREVIEW_ONLY } from './models/modes';
import { registerPlayer } from './models/players';
import { ShellPage } from './models/shell-page';

/**
 * The QA recorder: `?record` (the recorder without the hosted inspector) on a player's build,
 * a sign-in through the login modal, Alt+Shift+R opens the overlay, the recording is named and downloaded; the
 * file loads with parseRecording, has the session machine's events and none of the player's secrets.
 */
test.describe(`QA recorder ${PREVIEW_ONLY}`, () => {
  test('records a sign-in, downloads it named, and the file has the session’s events and no secret', async ({
    page,
    baseURL,
  }) => {
    const player = await registerPlayer(page, baseURL);
    await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
    await page.goto('/login?record');
    await new ShellPage(page).waitForSite();
    const modal = page.getByTestId('login-modal');
    await modal.getByLabel('E-mail', { exact: true }).fill(player.email);
    await modal.getByLabel('Senha', { exact: true }).fill(player.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('account')).toBeVisible();
    const token = await page.evaluate(() => window.localStorage.getItem('auth'));
    expect(token).toBeTruthy();

    await page.keyboard.press('Alt+Shift+KeyR');
    const overlay = page.getByTestId('qa-recorder');
    await expect(overlay.getByRole('heading', { name: 'Gravação de QA' })).toBeVisible();
    await expect(overlay.getByTestId('qa-recorder-count')).toContainText('eventos gravados');
    await overlay.getByLabel('Nome da gravação').fill('E2E entrada');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      overlay.getByRole('button', { name: 'Baixar gravação' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('e2e-entrada.json');
    await expect(overlay.getByRole('status')).toContainText('e2e-entrada.json');
    const text = await readFile((await download.path()) ?? '', 'utf8');

    const parsed = parseRecording(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const { recording } = parsed;
    expect(recording).toMatchObject({ name: 'E2E entrada', locale: 'pt', brand: { domain: 'localhost' } });
    expect(recording.brand.name).toBeTruthy();
    expect(recording.build).not.toBe('');
    const session = recording.events.filter((e) => e.actor.systemId === 'session');
    expect(session.some((e) => e.kind === 'actor')).toBe(true);
    expect(session.some((e) => e.kind === 'event' && e.event?.type.startsWith('session.'))).toBe(true);
    for (const secret of [player.password, token ?? '', player.token, player.email, player.cpf]) {
      expect(text.includes(secret), 'a secret is in the recording').toBe(false);
    }

    // The shortcut closes it again.
    await page.keyboard.press('Alt+Shift+KeyR');
    await expect(overlay).toHaveCount(0);
  });
});
