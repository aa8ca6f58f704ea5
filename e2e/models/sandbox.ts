import { expect, test, type Browser } from '@playwright/test';

/**
 * The sandbox platform of the stack the running test drives: each Playwright project (preview, dev) has a stack
 * of its own, and playwright.config.ts names its ports in the project's metadata. Call it inside a test or hook.
 */
export function sandboxApiOrigin(): string {
  const metadata = test.info().project.metadata as { sandboxApiPort?: number };
  return `http://127.0.0.1:${metadata.sandboxApiPort ?? process.env.SANDBOX_API_PORT ?? 8787}`;
}

/** The QA control panel of that stack. */
export function sandboxPanelUrl(): string {
  return `${sandboxApiOrigin()}/sandbox`;
}

/**
 * QA panel → Jogadores → (the player's row, found by e-mail) → Mensagens → "Liberar novo código agora": ends §9's 20 s
 * wait the platform holds between two codes, for a test that fast-forwarded only the page's clock.
 */
export async function releaseResendWait(browser: Browser, email: string): Promise<void> {
  const panel = await browser.newPage();
  try {
    await panel.goto(sandboxPanelUrl());
    await panel.locator('#players tbody tr', { hasText: email }).getByRole('link', { name: 'Mensagens' }).click();
    await panel.getByRole('button', { name: /Liberar novo código agora/ }).click();
    await expect(panel.getByText(/pode pedir um novo código agora/)).toBeVisible();
  } finally {
    await panel.close();
  }
}
