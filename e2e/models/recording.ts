import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { parseRecording, type Recording } from '../../src/lib/recording/schema';

/**
 * The QA recorder as QA uses it: Alt+Shift+R opens its overlay, the recording is named and downloaded.
 * Returns the file's text and the validated recording.
 */
export async function downloadRecording(page: Page, name: string): Promise<{ text: string; recording: Recording }> {
  await page.keyboard.press('Alt+Shift+KeyR');
  const overlay = page.getByTestId('qa-recorder');
  await expect(overlay.getByTestId('qa-recorder-count')).toBeVisible();
  await overlay.getByLabel(/Nome da gravação|Recording name/).fill(name);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    overlay.getByRole('button', { name: /Baixar gravação|Download recording/ }).click(),
  ]);
  const text = await readFile((await download.path()) ?? '', 'utf8');
  // Closed again: the page goes on as the player left it.
  await page.keyboard.press('Alt+Shift+KeyR');
  await expect(overlay).toHaveCount(0);
  const parsed = parseRecording(text);
  if (!parsed.ok) throw new Error(`the downloaded recording is refused: ${parsed.error.message}`);
  return { text, recording: parsed.recording };
}
