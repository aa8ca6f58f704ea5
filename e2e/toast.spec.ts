import { expect, test } from '@playwright/test';

test.describe('toasts (spec §4 Toasts)', () => {
  test('a toast shows, stays while hovered past 5 s, and is dismissed with the keyboard', async ({ page }) => {
    // The page's clock is the test's: 6 s pass at once, no real wait.
    await page.clock.install();
    await page.goto('/');
    await page.getByTestId('locale-switch').click();
    const toast = page.getByTestId('toast');
    await expect(toast).toBeVisible();
    await expect(toast).toHaveText(/Language changed to English/);
    await toast.hover();
    await expect(toast).toHaveAttribute('data-state', 'paused');
    await page.clock.runFor(6000);
    await expect(toast).toBeVisible();
    await toast.focus();
    await page.keyboard.press('Enter');
    await expect(toast).toHaveCount(0);
  });

  test('a toast left alone goes away by itself after 5 s; Space dismisses too', async ({ page }) => {
    // The page's clock is the test's, as above: the 5 s pass at once (they took 5 s of every run).
    await page.clock.install();
    await page.goto('/');
    await page.getByTestId('locale-switch').click();
    const toast = page.getByTestId('toast');
    await expect(toast).toBeVisible();
    await page.mouse.move(0, 0);
    await page.clock.runFor(5000);
    await expect(toast).toHaveCount(0);

    await page.getByTestId('locale-switch').click();
    await expect(toast).toHaveText(/Idioma alterado para português/);
    await toast.focus();
    await page.keyboard.press('Space');
    await expect(toast).toHaveCount(0);
  });
});
