import { expect, test, type Page } from '@playwright/test';
import en from '../src/i18n/en.json' with { type: 'json' };
import ptBR from '../src/i18n/pt-BR.json' with { type: 'json' };
import { PREVIEW_ONLY } from './models/modes';
import { registerPlayer, type NewPlayer } from './models/players';
import { sandboxPanelUrl } from './models/sandbox';
import { ShellPage } from './models/shell-page';

// Runs with the app's service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * The service worker's caching (src/sw/sw.ts and src/sw/caching-rules.ts), on a production build:
 * the home page reloads offline from the worker's precache, a path that is no app route shows the offline page in
 * its language, and (bad input and safety) the worker never serves one player's data to another: after
 * a sign-out and someone else's sign-in, offline, nothing of the first player shows, no API answer ever came from
 * the worker and no cache holds one.
 *
 * Lighthouse 12 (what `npm run bench` runs) no longer has the PWA audits; their worker part (a worker controls the
 * page, the page answers 200 offline) is checked here.
 */

/** Waits until the worker is active and controls the page (its precache is then complete: install precedes it). */
async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    );
  });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
}

/** Every URL the page's caches hold, with the text of each entry that is not an image. */
function cachedEntries(page: Page): Promise<Array<{ url: string; text: string }>> {
  return page.evaluate(async () => {
    const entries: Array<{ url: string; text: string }> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get('content-type') ?? '';
        entries.push({ url: request.url, text: type.startsWith('image/') || !response ? '' : await response.text() });
      }
    }
    return entries;
  });
}

/** The offline page's CSP-relevant console lines (the worker's page must work under the app's policy). */
function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

/** R$ 100,00 deposited by pix and paid by the sandbox bank: a balance the second player does not have. */
async function deposit(page: Page, baseURL: string | undefined, player: NewPlayer): Promise<void> {
  const pix = await page.request.post(`${baseURL}/api/main-gateway/qrcode-pix`, {
    headers: { Authorization: `Bearer ${player.token}` },
    data: { amount: 10_000 },
  });
  expect(pix.status()).toBe(201);
  const { data } = (await pix.json()) as { data: { id: number } };
  const panel = sandboxPanelUrl();
  const paid = await page.request.post(`${panel}/bank/deposits/${data.id}/pay`, {
    headers: { origin: new URL(panel).origin },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}

test.describe('service worker', { tag: PREVIEW_ONLY }, () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
  });

  test('Chromium finds the home page installable once the worker controls it (what Lighthouse’s PWA audits checked)', async ({
    page,
  }) => {
    await page.goto('/');
    await new ShellPage(page).waitForSite();
    await controlledByWorker(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // A Playwright context is an incognito-like profile, where Chromium never offers to install: that one is left.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });

  test('offline, the home page reloads from the worker; a path that is no app route shows the offline page in its language', async ({
    page,
    context,
  }) => {
    const violations = cspViolations(page);
    await page.goto('/');
    await new ShellPage(page).waitForSite();
    await controlledByWorker(page);

    await context.setOffline(true);
    const reload = await page.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    expect(reload?.status()).toBe(200);
    // The app's own shell runs from the precache; the brand's settings need the platform, so its preloader says
    // the connection failed and retries (what the app does offline without a worker too, had it loaded).
    await expect(page.getByTestId('preloader')).toHaveAttribute('data-state', 'error');
    await expect(page.getByTestId('preloader')).toContainText(ptBR['shell.preloader.error_hint']);

    const english = await page.goto('/en/no-such-page');
    expect(english?.fromServiceWorker()).toBe(true);
    await expect(page.getByTestId('offline-page')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['offline.title']);
    await expect(page).toHaveTitle(en['offline.document_title']);
    // Its style sheet came from the precache too.
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(15, 20, 27)');
    await expect(page.getByRole('link', { name: en['offline.home'] })).toHaveAttribute('href', '/en');

    // Non-app paths are never answered with the app's shell.
    for (const path of ['/sem-pagina', '/builds/latest.json', '/sandbox']) {
      await page.goto(path);
      await expect(page.getByTestId('offline-page')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(ptBR['offline.title']);
      await expect(page.locator('#root')).toHaveCount(0);
    }

    // "Try again" is a plain link to the same address: back online, it opens the page.
    await page.goto('/en/casino/games');
    await expect(page.getByTestId('preloader')).toHaveAttribute('data-state', 'error');
    await context.setOffline(false);
    await page.goto('/en/no-such-page');
    await expect(page.getByTestId('offline-page')).toHaveCount(0);
    expect(violations).toEqual([]);
  });

  test('the worker never serves one player’s data to another: A signs out, B signs in, offline nothing of A shows', async ({
    page,
    context,
    baseURL,
  }) => {
    const [a, b] = [await registerPlayer(page, baseURL), await registerPlayer(page, baseURL)];
    await deposit(page, baseURL, a);
    const servedByWorker: string[] = [];
    const artServed: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (!pathname.startsWith('/api/') || !response.fromServiceWorker()) return;
      // The catalogue's public game art is the one thing under /api/ the worker caches (the same for everyone).
      (pathname.startsWith('/api/art/') ? artServed : servedByWorker).push(response.url());
    });

    // A signs in and sees their e-mail and balance.
    await page.goto('/');
    await new ShellPage(page).waitForSite();
    await page.evaluate((token) => window.localStorage.setItem('auth', token), a.token);
    await page.goto('/user/edit/access-data');
    await expect(page.getByTestId('access-email-address')).toHaveText(a.email);
    await expect(page.getByTestId('balance')).toContainText('R$ 100,00');
    await controlledByWorker(page);
    await page.goto('/account/wallet');
    await expect(page.getByTestId('wallet-balance')).toContainText('R$ 100,00');
    // The public game art is the one thing under /api/ the worker caches: the lobby's first tiles come through it.
    // (The home page's rows used to bring some in on the way; they now render after the first paint, and a row's
    // tiles out of view load nothing.)
    await page.goto('/casino/games');
    await expect(page.getByTestId('lobby')).toHaveAttribute('data-status', 'ready');
    await expect.poll(() => artServed.length).toBeGreaterThan(0);

    // A signs out; B signs in with the login form and opens the same pages.
    await page.getByTestId('account-menu').click();
    await page.getByRole('button', { name: ptBR['session.account.logout'] }).click();
    await expect(page.getByTestId('sign-in')).toBeVisible();
    await page.goto('/login');
    const modal = page.getByTestId('login-modal');
    await modal.getByLabel('E-mail').fill(b.email);
    await modal.getByLabel('Senha', { exact: true }).fill(b.password);
    await modal.getByTestId('login-submit').click();
    await expect(page.getByTestId('balance')).toContainText('R$ 0,00');
    await page.goto('/user/edit/access-data');
    await expect(page.getByTestId('access-email-address')).toHaveText(b.email);

    // Offline: every page of the account reloads from the worker, and nothing of A is on screen.
    await context.setOffline(true);
    for (const path of ['/user/edit/access-data', '/account/wallet', '/']) {
      await page.goto(path);
      await expect(page.getByTestId('preloader')).toHaveAttribute('data-state', 'error');
      const text = await page.locator('body').innerText();
      expect(text).not.toContain(a.email);
      expect(text).not.toContain('100,00');
    }

    // No API answer ever came from the worker, and no cache holds one (the public game art aside) or A's data.
    expect(servedByWorker).toEqual([]);
    expect(artServed.length).toBeGreaterThan(0);
    const entries = await cachedEntries(page);
    expect(entries.length).toBeGreaterThan(0);
    expect(
      entries.filter((e) => /\/api\//.test(new URL(e.url).pathname) && !/^\/api\/art\//.test(new URL(e.url).pathname)),
    ).toEqual([]);
    for (const entry of entries) {
      expect(entry.text).not.toContain(a.email);
      expect(entry.text).not.toContain(a.token);
      expect(entry.text).not.toContain(a.cpf);
    }
  });
});
