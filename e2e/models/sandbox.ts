import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';

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
 * The QA panel's "Liberar novo código agora" (Jogadores → the player's row, found by e-mail → Mensagens): ends §9's
 * 20 s wait the platform holds between two codes, for a test that fast-forwarded only the page's clock. Posted as
 * that form posts (from the panel's own origin), without rendering the panel in a browser page: the panel lists
 * every player the run registered, and rendering it for each release was most of a recovery test's time.
 */
export async function releaseResendWait(browser: Browser, email: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const panel = await context.request.get(sandboxPanelUrl());
    expect(panel.status()).toBe(200);
    // The player's row of the Jogadores table: <tr id="player-ID"> with the e-mail in its own element.
    const row = (await panel.text())
      .split('<tr')
      .find((tr) => tr.startsWith(' id="player-') && tr.includes(`>${email}<`));
    const id = row && /^ id="player-(\d+)"/.exec(row)?.[1];
    expect(id, `a panel row for ${email}`).toBeTruthy();
    const origin = new URL(sandboxPanelUrl()).origin;
    const released = await context.request.post(`${origin}/sandbox/players/${id}/codes/release`, {
      headers: { origin },
      maxRedirects: 0,
    });
    expect(released.status()).toBe(303);
    const notice = new URL(released.headers().location ?? '', origin).searchParams.get('notice');
    expect(notice).toContain('pode pedir um novo código agora');
  } finally {
    await context.close();
  }
}

/**
 * The QA panel's clock: moves the platform's `now` to `at` in São Paulo (`YYYY-MM-DDTHH:MM`), posted as
 * the panel's form posts (from its own origin). Put it back with `resetSandboxClock` in a `finally`.
 */
export async function setSandboxClock(request: APIRequestContext, at: string): Promise<void> {
  const origin = new URL(sandboxPanelUrl()).origin;
  const res = await request.post(`${origin}/sandbox/clock`, { headers: { origin }, form: { at }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  expect(new URL(res.headers().location ?? '', origin).searchParams.get('notice')).toContain('Relógio movido');
}

export async function resetSandboxClock(request: APIRequestContext): Promise<void> {
  const origin = new URL(sandboxPanelUrl()).origin;
  const res = await request.post(`${origin}/sandbox/clock/reset`, { headers: { origin }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
}
