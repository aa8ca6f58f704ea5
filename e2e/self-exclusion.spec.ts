import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../sandbox/seed-data/players';
import { sandboxApiOrigin } from './models/sandbox';
import { ShellPage } from './models/shell-page';

/**
 * Self-exclusion everywhere. A self-exclusion set from the QA panel while the player is on the
 * home page signs them out within 2 s with the dates shown (the sandbox sends `SelfExclusionStarted` on their
 * user channel); a stored token of a self-excluded player at start-up shows the dates (the check's 403).
 * The player is a Brazilian one: the dates read in São Paulo time.
 */
const HOST = 'localhost';
const EMAIL = 'bruno@sorteverde.test';
/** The panel's form takes the last day; the exclusion ends at the end of that day in São Paulo. */
const UNTIL = '2099-12-31';
const END_SHOWN = '31 de dezembro de 2099';

test.use({ timezoneId: 'America/Sao_Paulo', locale: 'pt-BR' });

const longDate = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'America/Sao_Paulo' }).format(new Date(iso));

async function login(page: Page, baseURL: string | undefined): Promise<{ token: string; id: number }> {
  const res = await page.request.post(`${baseURL}/api/auth/login`, {
    headers: { 'X-Brand-Domain': HOST },
    data: { email: EMAIL, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { token: string; data: { id: number } };
  return { token: body.token, id: body.data.id };
}

/** The token under `auth` once, on the first page load of the tab (as if the player had signed in before). */
async function storeTokenOnce(page: Page, token: string) {
  await page.addInitScript((t) => {
    window.localStorage.setItem('ageVerified', 'true');
    if (window.sessionStorage.getItem('e2e-token-stored')) return;
    window.sessionStorage.setItem('e2e-token-stored', '1');
    window.localStorage.setItem('auth', t);
  }, token);
}

/** The QA panel's own form post (a panel write needs its own Origin). */
async function panel(page: Page, path: string, form: Record<string, string> = {}) {
  const origin = sandboxApiOrigin();
  const res = await page.request.post(`${origin}${path}`, { form, headers: { origin }, maxRedirects: 0 });
  expect(res.status()).toBe(303);
  expect(res.headers().location ?? '').not.toContain('error=');
}

/** The exclusion's start as the platform reports it (the 403 of a signed-in call). */
async function reportedStart(page: Page, baseURL: string | undefined, token: string): Promise<string> {
  const res = await page.request.get(`${baseURL}/api/auth/me`, {
    headers: { 'X-Brand-Domain': HOST, authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(403);
  return ((await res.json()) as { start_at: string }).start_at;
}

/** Resolves once the realtime server confirmed the subscription of that channel to the page. */
function subscribed(page: Page, channel: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString();
        if (text.includes('pusher_internal:subscription_succeeded') && text.includes(`"${channel}"`)) resolve();
      });
    });
  });
}

test.describe('self-exclusion everywhere', () => {
  let excludedId: number | null = null;
  test.afterEach(async ({ page }) => {
    // The seeded player is shared with other specs: lift the exclusion again.
    if (excludedId !== null) await panel(page, `/sandbox/players/${excludedId}/self-exclusion/remove`);
    excludedId = null;
  });

  test('a self-exclusion set from the QA panel signs the player on the home page out within 2 s, with the dates', async ({
    page,
    baseURL,
  }) => {
    const { token, id } = await login(page, baseURL);
    await storeTokenOnce(page, token);
    const userChannel = subscribed(page, `private-universal.${id}`);
    await page.goto(`${ShellPage.origin(baseURL, HOST)}/`);
    await new ShellPage(page).waitForSite();
    await expect(page.getByTestId('account')).toBeVisible();
    await userChannel;

    excludedId = id;
    await panel(page, `/sandbox/players/${id}/self-exclusion`, { until: UNTIL });

    const dialog = page.getByTestId('self-excluded');
    await expect(dialog).toBeVisible({ timeout: 2000 });
    await expect(dialog.getByRole('heading', { name: 'Conta em autoexclusão' })).toBeVisible();
    await expect(page.getByTestId('self-excluded-start')).toHaveText(
      longDate(await reportedStart(page, baseURL, token)),
    );
    await expect(page.getByTestId('self-excluded-end')).toHaveText(END_SHOWN);
    // Signed out: the header shows a guest, and the token is gone.
    await expect(page.getByTestId('account')).toHaveCount(0);
    await expect(page.locator('header').getByTestId('sign-in')).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
    await expect(page).toHaveURL(`${ShellPage.origin(baseURL, HOST)}/`);
  });

  test('a stored token of a self-excluded player at start-up shows the dates, not a plain guest', async ({
    page,
    baseURL,
  }) => {
    const { token, id } = await login(page, baseURL);
    excludedId = id;
    await panel(page, `/sandbox/players/${id}/self-exclusion`, { until: UNTIL });
    const start = await reportedStart(page, baseURL, token);
    await storeTokenOnce(page, token);

    await page.goto(`${ShellPage.origin(baseURL, HOST)}/`);
    const dialog = page.getByTestId('self-excluded');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('self-excluded-start')).toHaveText(longDate(start));
    await expect(page.getByTestId('self-excluded-end')).toHaveText(END_SHOWN);
    await expect(page.getByTestId('account')).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();

    // Closing the screen leaves a guest.
    await dialog.getByRole('button', { name: /fechar/i }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('header').getByTestId('sign-in')).toBeVisible();
  });
});
