import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { registerPlayer, type NewPlayer } from './models/players';
import { sandboxApiOrigin, sandboxPanelUrl } from './models/sandbox';
import { ShellPage } from './models/shell-page';

// Runs with the app's service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * Hardening, as the player sees it on the built app:
 * - a session revoked on the platform: the next signed-in call answers 401, the player is a guest again with §8's
 *   401 text in the login form;
 * - the app is served with a strict Content-Security-Policy and works under it (no violation reported);
 * - faults set from the QA panel: §8's text for 500, 503 and 429, reads retried (3 attempts), writes sent once,
 *   and a failed write leaves the balance and the money history as they were.
 */
const catalog = (file: string) => JSON.parse(readFileSync(`src/i18n/${file}.json`, 'utf8')) as Record<string, string>;
const PT = catalog('pt-BR');

/** The token under `auth` (and the age gate passed) once, on the first load of the tab. */
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

async function playerId(page: Page, baseURL: string | undefined, token: string): Promise<number> {
  const res = await page.request.get(`${baseURL}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** The calls a faulted operation has answered so far, as the QA panel shows them. */
async function faultHits(page: Page, operationId: string): Promise<number> {
  const html = await (await page.request.get(sandboxPanelUrl())).text();
  const row = new RegExp(`data-operation="${operationId}"[\\s\\S]*?data-testid="fault-hits">(\\d+)<`).exec(html);
  return row ? Number(row[1]) : 0;
}

/** Requests the page sent whose path matches (each retry of a read is a request of its own). */
function countRequests(page: Page, method: string, path: RegExp): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === method && path.test(new URL(request.url()).pathname)) count += 1;
  });
  return () => count;
}

/** Every CSP violation the page reports (the DOM event, and the console line Chromium prints). */
async function collectViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
}

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

test.describe('a session that ended on the platform (401)', () => {
  test('a revoked session: the next signed-in action makes the player a guest with §8’s 401 text and the login form', async ({
    page,
    baseURL,
  }) => {
    const player: NewPlayer = await registerPlayer(page, baseURL);
    const id = await playerId(page, baseURL, player.token);
    await storeTokenOnce(page, player.token);
    // Every signed-in call the wallet page makes by itself (the withdrawal methods, the site's providers and
    // categories, the player's channel) is answered before QA revokes the session: one of them still in flight
    // would meet the 401 first and sign the player out before the deposit is tried (a race seen in CI).
    const answered = (path: string, method = 'GET') =>
      page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname === path);
    const startUp = Promise.all([
      answered('/api/wallet/withdraw/methods'),
      answered('/api/games/providers'),
      answered('/api/categories'),
      answered('/api/broadcasting/auth', 'POST'),
    ]);
    await page.goto('/account/wallet?tab=deposit');
    await expect(page.getByTestId('deposit-form')).toBeVisible();
    await expect(page.getByTestId('balance')).toBeVisible();
    for (const response of await startUp) expect(response.status()).toBe(200);

    // QA resets the player's password from the panel: every session of the player is revoked.
    await panel(page, `/sandbox/players/${id}/password`, { password: 'Outra#Senha2024' });

    const deposits = countRequests(page, 'POST', /\/api\/main-gateway\/qrcode-pix$/);
    await page.getByTestId('deposit-amount').fill('20');
    await page.getByTestId('deposit-submit').click();
    const modal = page.getByTestId('login-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByTestId('login-form')).toBeVisible();
    await expect(modal.getByTestId('form-failure')).toHaveText(PT['error_messages.401']!);
    // A guest now: token forgotten, no balance; the wallet (an auth route) was left for home.
    expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
    await expect(page.getByTestId('balance')).toHaveCount(0);
    await expect(page).toHaveURL(/\/$/);
    expect(deposits()).toBe(1);
  });
});

test.describe('the built app under a strict Content-Security-Policy', () => {
  test('the preview server sends the policy and the security headers; third-party hosts only when the brand has them', async ({
    page,
    baseURL,
  }) => {
    const res = await page.request.get(`${baseURL}/`);
    const headers = res.headers();
    const csp = headers['content-security-policy'] ?? '';
    // Sorte Verde allows Google sign-in (casAllowGoogleAuth, googleClientId): its client script, nothing else.
    expect(directive(csp, 'script-src')).toBe("script-src 'self' https://accounts.google.com/gsi/client");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(directive(csp, 'object-src')).toBe("object-src 'none'");
    expect(directive(csp, 'connect-src')).toMatch(/ws:\/\/\S+:\d+/);
    expect(csp).not.toContain('jivosite');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // The scripts and styles are served with the same headers.
    const html = await res.text();
    const script = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const asset = await page.request.get(`${baseURL}${script}`);
    expect(asset.headers()['x-content-type-options']).toBe('nosniff');

    // Azul Bet has a chat configured: its hosts are allowed there, and only there.
    // (The browser resolves *.localhost; Node's request client does not.)
    const azul = await page.goto(`${ShellPage.origin(baseURL, 'azul.localhost')}/`);
    const azulCsp = azul?.headers()['content-security-policy'] ?? '';
    expect(directive(azulCsp, 'script-src')).toContain('https://code.jivosite.com');
    expect(azulCsp).not.toContain('unsafe-inline');
  });

  test('the app works under it: no violation on the home page, the login form, a content page, the deposit QR and with ?inspect', async ({
    page,
    baseURL,
  }) => {
    const violations = await collectViolations(page);
    const player = await registerPlayer(page, baseURL);
    await page.goto('/?inspect');
    await new ShellPage(page).waitForSite();
    await page.goto('/login');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await page.goto('/terms');
    await expect(page.locator('.content-page__body')).toBeVisible();
    expect(await violations()).toEqual([]);

    await storeTokenOnce(page, player.token);
    await page.goto('/account/wallet?tab=deposit');
    await page.getByTestId('deposit-amount').fill('20');
    await page.getByTestId('deposit-submit').click();
    await expect(page.getByTestId('deposit-qr-image')).toBeVisible();
    // The live connection (the realtime socket) is allowed too.
    await expect(page.getByTestId('deposit-qr')).toHaveAttribute('data-server-status', '0');
    expect(await violations()).toEqual([]);
  });
});

test.describe('faults set from the QA panel', () => {
  test.afterEach(async ({ page }) => {
    await panel(page, '/sandbox/faults/clear');
  });

  for (const status of [500, 503, 429]) {
    test(`a read answered ${status}: retried (3 attempts), then §8’s text`, async ({ page }) => {
      await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
      await panel(page, '/sandbox/faults', {
        operation: 'getContentPage',
        status: String(status),
        delay_ms: '0',
        times: 'always',
      });
      const reads = countRequests(page, 'GET', /\/api\/pages\/terms$/);
      await page.goto('/terms');
      await expect(page.getByText(PT[`error_messages.${status}`]!)).toBeVisible();
      expect(reads()).toBe(3);
      expect(await faultHits(page, 'getContentPage')).toBe(3);
    });

    test(`a write answered ${status}: sent once, §8’s text, nothing written`, async ({ page, baseURL }) => {
      const player = await registerPlayer(page, baseURL);
      const auth = { headers: { authorization: `Bearer ${player.token}` } };
      const history = async () =>
        ((await (await page.request.get(`${baseURL}/api/wallet/transactions`, auth)).json()) as { total: number })
          .total;
      const balance = async () =>
        (
          (await (await page.request.get(`${baseURL}/api/profile/wallet`, auth)).json()) as {
            data: { balance: number };
          }
        ).data.balance;
      const before = { history: await history(), balance: await balance() };

      await storeTokenOnce(page, player.token);
      await page.goto('/account/wallet?tab=deposit');
      await expect(page.getByTestId('deposit-form')).toBeVisible();
      await panel(page, '/sandbox/faults', {
        operation: 'createPixDeposit',
        status: String(status),
        delay_ms: '0',
        times: 'always',
      });
      const writes = countRequests(page, 'POST', /\/api\/main-gateway\/qrcode-pix$/);
      await page.getByTestId('deposit-amount').fill('20');
      await page.getByTestId('deposit-submit').click();
      await expect(page.getByTestId('deposit-failed')).toContainText(PT[`error_messages.${status}`]!);
      expect(writes()).toBe(1);
      expect(await faultHits(page, 'createPixDeposit')).toBe(1);
      expect({ history: await history(), balance: await balance() }).toEqual(before);
    });
  }
});
