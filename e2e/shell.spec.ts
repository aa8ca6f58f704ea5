import { expect, test } from '@playwright/test';
import { localizedRoutePath, ROUTES } from '../src/app/routes';
import { SITE_REFRESH_MS } from '../machines/site/site.machine';
import { DEV_ONLY, PREVIEW_ONLY, reviewShot } from './models/modes';
import { SandboxPanel, ShellPage } from './models/shell-page';

// Runs with the app's service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** A concrete URL for each §2.2 route (sample parameters). */
function samplePath(path: string): string {
  return path
    .replace(':provider', 'pgsoft')
    .replace(':game', 'fortune-tiger')
    .replace(':name', 'ouro')
    .replace(':filter', 'slots')
    .replace(':slug', 'sobre-nos');
}

test.describe('app shell', () => {
  test('localhost and azul.localhost render different brands', async ({ page, baseURL }) => {
    const shell = new ShellPage(page);
    const shots: Array<[number, number]> = [
      [390, 844],
      [1440, 900],
    ];
    const colours: Record<string, string> = {};
    for (const host of ['localhost', 'azul.localhost']) {
      for (const [width, height] of shots) {
        await page.setViewportSize({ width, height });
        for (const prefix of ['', '/en']) {
          await page.goto(`${ShellPage.origin(baseURL, host)}${prefix || '/'}`);
          await shell.waitForSite();
          await reviewShot(page, {
            path: `test-results/shell-${host}-${width}x${height}${prefix ? '-en' : '-pt'}.png`,
          });
        }
      }
      colours[host] = await shell.primaryButtonColour();
      expect(await page.title()).not.toBe('');
    }
    expect(colours['localhost']).toBe('rgb(31, 169, 91)');
    expect(colours['azul.localhost']).not.toBe(colours['localhost']);
  });

  test('azul.localhost has no crates (hasBoxes off)', { tag: PREVIEW_ONLY }, async ({ page, baseURL }) => {
    const shell = new ShellPage(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${ShellPage.origin(baseURL, 'azul.localhost')}/`);
    await shell.waitForSite();
    await expect(page.getByTestId('nav-crates')).toHaveCount(0);
    await page.goto(`${ShellPage.origin(baseURL, 'azul.localhost')}/casino/crates`);
    await expect(page.getByTestId('not-found-page')).toBeVisible();
  });

  test('pausa.localhost shows the maintenance preloader', { tag: PREVIEW_ONLY }, async ({ page, baseURL }) => {
    await page.goto(`${ShellPage.origin(baseURL, 'pausa.localhost')}/`);
    await expect(page.getByText('Fazendo uma pausa para melhorar!')).toBeVisible();
    await expect(page.getByText('Para descobrir mais, entre em contato com um administrador!')).toBeVisible();
  });

  test("an unknown *.localhost shows 'Plataforma não encontrada'", { tag: PREVIEW_ONLY }, async ({ page, baseURL }) => {
    await page.goto(`${ShellPage.origin(baseURL, 'ninguem.localhost')}/`);
    await expect(page.getByText('Plataforma não encontrada')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Clique aqui para saber mais' })).toBeVisible();
  });

  test('maintenance switched on in the QA panel reaches an open tab, and off again', async ({ page, context }) => {
    const shell = new ShellPage(page);
    // The page's clock is the test's: the site's periodic check (SITE_REFRESH_MS) comes at once, no real wait.
    await page.clock.install();
    await page.goto('/');
    await shell.waitForSite();
    const panel = new SandboxPanel(await context.newPage());
    await panel.open();
    await panel.toggleMaintenance(1);
    try {
      await page.clock.runFor(SITE_REFRESH_MS);
      await expect(page.getByText('Fazendo uma pausa para melhorar!')).toBeVisible();
    } finally {
      await panel.toggleMaintenance(1);
    }
    await page.clock.runFor(SITE_REFRESH_MS);
    await expect(page.getByTestId('brand-logo')).toBeVisible();
  });

  // Preview walks every route in e2e/a11y.spec.ts (both brands, with heading, title and lang): here for dev only.
  test('every §2.2 path answers in pt and under /en', { tag: DEV_ONLY }, async ({ page }) => {
    test.setTimeout(240_000);
    const shell = new ShellPage(page);
    await page.goto('/');
    await shell.waitForSite();
    for (const entry of ROUTES) {
      for (const locale of ['pt', 'en'] as const) {
        const url = samplePath(localizedRoutePath(entry, locale));
        // In-app navigation, as a player clicking through; the first load already happened.
        await page.evaluate((u) => {
          window.history.pushState(null, '', u);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, url);
        await expect(page, url).toHaveURL(new RegExp(`${url.replace(/[?]/g, '\\?')}$`));
        await expect(page.locator('#main'), url).toBeVisible();
        await expect(page.getByTestId('error-page'), url).toHaveCount(0);
        if (entry.page !== 'content') await expect(page.getByTestId('not-found-page'), url).toHaveCount(0);
        await expect(page.locator('html'), url).toHaveAttribute('lang', locale === 'en' ? 'en-US' : 'pt-BR');
      }
    }
  });

  test('an unknown path shows the 404 page', { tag: PREVIEW_ONLY }, async ({ page }) => {
    await page.goto('/nao-existe-esta-pagina');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page.getByTestId('home-page')).toBeVisible();
  });

  test('the privacy page is rendered without its script', { tag: PREVIEW_ONLY }, async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByTestId('content-page')).toBeVisible();
    expect(await page.getByTestId('content-page').innerHTML()).not.toContain('<script');
  });

  test('an English page is in English from its first frame, never its Portuguese first', async ({ page, baseURL }) => {
    // Every text the header ever shows while the page loads (the English catalogue is fetched, not shipped).
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.defineProperty(window, '__headerTexts', { value: seen });
      new MutationObserver(() => {
        const text = document.querySelector('header')?.textContent;
        if (text && !seen.includes(text)) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${ShellPage.origin(baseURL, 'azul.localhost')}/en`);
    await new ShellPage(page).waitForSite();
    await expect(page.locator('header')).toContainText('Sign in');
    const seen = await page.evaluate(() => (window as unknown as { __headerTexts: string[] }).__headerTexts);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((text) => /Entrar|Cadastrar/.test(text))).toEqual([]);

    // A returning English player who types the address: `/` with the English cookie goes to /en, in English too.
    await page.context().addCookies([{ name: 'locale', value: 'en', url: ShellPage.origin(baseURL, 'localhost') }]);
    await page.goto(`${ShellPage.origin(baseURL, 'localhost')}/`);
    await expect(page).toHaveURL(/\/en$/);
    await new ShellPage(page).waitForSite();
    await expect(page.locator('header')).toContainText('Sign in');
    const again = await page.evaluate(() => (window as unknown as { __headerTexts: string[] }).__headerTexts);
    expect(again.length).toBeGreaterThan(0);
    expect(again.filter((text) => /Entrar|Cadastrar/.test(text))).toEqual([]);
  });

  test('the locale cookie survives a reload and is honoured on /', async ({ page }) => {
    const shell = new ShellPage(page);
    await page.goto('/casino/games');
    await shell.waitForSite();
    await page.getByTestId('locale-switch').click();
    await expect(page).toHaveURL(/\/en\/casino\/games$/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'All games' })).toBeVisible();
    const cookies = await page.context().cookies();
    const locale = cookies.find((c) => c.name === 'locale');
    expect(locale?.value).toBe('en');
    expect((locale?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
  });
});
