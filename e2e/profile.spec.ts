import { expect, test } from '@playwright/test';
import { PREVIEW_ONLY, SCREENSHOTS } from './models/modes';
import { openAsPlayer, registerPlayer } from './models/players';

/** /user, against the sandbox: the player edits their name and language (a player of the test's own). */

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

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the avatar: an SVG is refused before sending, a renamed file by the platform, a PNG is shown', async ({
  page,
  baseURL,
}) => {
  const player = await registerPlayer(page, baseURL);
  await openAsPlayer(page, player, '/user');
  const input = page.getByTestId('profile-avatar-input');
  await input.setInputFiles({
    name: 'eu.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.locator('#profile-avatar-problem')).toHaveText('Escolha uma imagem JPG, PNG ou WEBP.');

  // Declared a PNG, but its bytes are text: the platform refuses (415) and nothing is shown.
  await input.setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: Buffer.from('MZ not an image') });
  await expect(page.getByTestId('profile-notice')).toHaveAttribute('data-kind', 'error');
  await expect(page.getByTestId('profile-avatar').locator('img')).toHaveCount(0);

  await input.setInputFiles({ name: 'eu.png', mimeType: 'image/png', buffer: PNG });
  const img = page.getByTestId('profile-avatar').locator('img');
  await expect(img).toHaveAttribute('src', /^\/api\/uploads\/avatars\/[a-f0-9]{32}\.png$/);
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
  // Served as an image only.
  const served = await page.request.get(`${baseURL}${await img.getAttribute('src')}`);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
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
