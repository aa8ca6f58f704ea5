import { expect, test } from '@playwright/test';
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { openAsPlayer, registerPlayer } from './models/players';

/** Issue 15 item 1: /user, against the sandbox: the player edits their name and language (a player of the test's own). */

test('the player edits their name (refused by §5 first) and switches the site to English from /user', async ({
  page,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  await openAsPlayer(page, player, '/user');
  await expect(page.getByTestId('profile-name')).toHaveText('Teste Guarda');

  const input = page.getByRole('textbox', { name: 'Nome completo' });
  await input.fill('Maria');
  await page.getByTestId('profile-name-save').click();
  await expect(page.getByRole('alert')).toContainText('Por favor, insira seu nome completo.');
  await input.fill('Maria  Clara Souza');
  await page.getByTestId('profile-name-save').click();
  await expect(page.getByTestId('profile-notice')).toBeVisible();
  await expect(page.getByTestId('profile-name')).toHaveText('Maria Clara Souza');

  // A privacy toggle is stored.
  await page.getByTestId('profile-toggle-hide_metrics').check();
  await expect(page.getByTestId('profile-notice')).toContainText('Alterações salvas.');
  await expect(page.getByTestId('profile-toggle-hide_metrics')).toBeChecked();

  // English: stored, and the site speaks it at once.
  await page.getByTestId('profile-language-en').click();
  await expect(page).toHaveURL(/\/en\/user$/);
  await expect(page.getByTestId('profile-language-en')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Privacy' })).toBeVisible();
  const stored = await page.request.get(`${baseURL}/api/profile/getLanguage`, {
    headers: { authorization: `Bearer ${player.token}` },
  });
  expect(await stored.json()).toEqual({ data: { language: 'en' } });
});

test.describe('profile screenshots', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`/user at ${viewport.width} ${SCREENSHOTS} ${PREVIEW_ONLY}`, async ({ page, baseURL }) => {
      await page.setViewportSize(viewport);
      const player = await registerPlayer(page, baseURL);
      await openAsPlayer(page, player, '/user');
      await expect(page.getByTestId('profile-name')).toBeVisible();
      await page.screenshot({
        path: `test-results/profile-${viewport.width}.png`,
        fullPage: true,
        animations: 'disabled',
      });
    });
  }
});
