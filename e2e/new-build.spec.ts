import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { BUILD_WATCH } from '../machines/build-watch/build-watch.machine';
import { PAGE_IDLE_LATEST_MS } from '../src/lib/realtime/live-demand';
import { PREVIEW_ONLY } from './models/modes';

/**
 * A new build (§2.3, §7 GET builds/latest.json, §9 page-reload guard 10 s): a second build deployed under the
 * running preview reaches open tabs.
 *
 * How it deploys: `beforeAll` runs one real second `vite build` (a few seconds; BUILD_ID set, so its id, and with it
 * the hash of every chunk that imports the entry, differ) into `<APP_OUT_DIR>-next`, and keeps a copy of the served
 * build. A deploy then copies the second build over the folder the preview server serves (APP_OUT_DIR: new chunks
 * added, index.html and builds/latest.json replaced) and removes the first build's files it no longer has, as a
 * static host's release does; `afterEach` puts the first build back for the specs that follow. No second server,
 * no rewritten bundle.
 *
 * The service worker is blocked in these pages: they test the network path (a first visit, or a chunk the worker
 * does not hold); the worker's own "new worker while one is active" reload is the build-watch machine's story.
 * Time: the tab polling latest.json has Playwright's clock (the 5-minute poll run past); the tab hitting stale chunks
 * has a fixed Date, so "within 10 s of the last reload" does not depend on how fast the machine is.
 */
const served = process.env.APP_OUT_DIR ?? 'dist';
const next = `${served}-next`;
const original = `${served}-first`;
const NEXT_ID = `e2e-next-${Date.now().toString(36)}`;
/** The Date of the stale-chunk tab (fixed: the 10 s guard is about this clock, not the machine's speed). */
const FIXED_NOW = Date.parse('2026-11-27T12:00:00-03:00');

/** Every file under `dir`, relative to it. */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => relative(dir, path));
}

/** Publishes `from` in the served folder: its files first, then the old files it does not have are removed. */
function publish(from: string): void {
  const keep = new Set(filesOf(from));
  cpSync(from, served, { recursive: true });
  for (const file of filesOf(served)) if (!keep.has(file)) rmSync(join(served, file));
}

/** The file of a page chunk in a build (the build's manifest, by source). */
function chunkOf(build: string, source: string): string {
  const manifest = JSON.parse(readFileSync(join(build, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in ${build}'s manifest`);
  return entry.file;
}

/** What the preview server answers for builds/latest.json now. */
const servedLatest = () => JSON.parse(readFileSync(join(served, 'builds/latest.json'), 'utf8')) as { id: string };

/**
 * The page's tools (the build watch among them) run: the banner's chunk is asked for once the watch is spawned
 * (the tools are fetched once the first screen is done, not in the first load).
 */
const toolsRunning = (page: Page) =>
  page.waitForResponse((r) => /\/assets\/build-watch-banner-[\w-]+\.js$/.test(r.url()) && r.ok());

const buildIdOf = (page: Page) => page.locator('meta[name="build-id"]').getAttribute('content');

/** The tabs a test opened: closed after it, passed or failed (a failed test's tab kept polling beside the next spec). */
const opened: BrowserContext[] = [];

async function openTab(browser: Browser, baseURL: string | undefined, clock: 'poll' | 'fixed') {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', locale: 'pt-BR' });
  opened.push(context);
  await context.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
  const page = await context.newPage();
  if (clock === 'poll') await page.clock.install();
  else await page.clock.setFixedTime(FIXED_NOW);
  const loads = { count: 0 };
  page.on('load', () => (loads.count += 1));
  return { context, page, loads };
}

test.describe.serial('new build and stale chunks', { tag: PREVIEW_ONLY }, () => {
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    rmSync(next, { recursive: true, force: true });
    rmSync(original, { recursive: true, force: true });
    cpSync(served, original, { recursive: true });
    execFileSync('npx', ['vite', 'build', '--outDir', next, '--logLevel', 'error'], {
      env: { ...process.env, BUILD_ID: NEXT_ID },
      stdio: 'inherit',
    });
  });

  test.afterEach(async () => {
    publish(original);
    await Promise.all(opened.splice(0).map((context) => context.close()));
  });

  test.afterAll(() => {
    rmSync(next, { recursive: true, force: true });
    rmSync(original, { recursive: true, force: true });
  });

  test('latest.json naming another build offers a reload; accepting it loads the new build', async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await openTab(browser, baseURL, 'poll');
    const running = toolsRunning(page);
    await page.goto('/');
    await expect(page.getByTestId('brand-logo')).toBeVisible();
    // The page counts as idle at the latest 10 s after its load (on the page's clock): its tools are fetched.
    await page.clock.runFor(PAGE_IDLE_LATEST_MS + 1000);
    await running;
    const firstId = await buildIdOf(page);
    expect(firstId).not.toBe(NEXT_ID);
    // Five minutes on: the poll reads latest.json, which names this page's own build: nothing to offer.
    const latest = () => page.waitForResponse((r) => r.url().endsWith('/builds/latest.json'));
    const firstRead = latest();
    await page.clock.fastForward(BUILD_WATCH.pollMs);
    expect((await firstRead).status()).toBe(200);
    expect(servedLatest()).toMatchObject({ id: firstId });
    await expect(page.getByTestId('build-banner')).toHaveCount(0);

    // The first build has fetched what it fetches after the first paint (the live flows, the worker's
    // registration): deploying before would make one of those a stale chunk, and the tab reload by that path.
    await page.waitForLoadState('networkidle');
    // Deployed; the tab comes back into view (the other trigger of a read): the new build is offered.
    publish(next);
    const secondRead = latest();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    expect((await secondRead).status()).toBe(200);
    expect(servedLatest()).toMatchObject({ id: NEXT_ID });
    const banner = page.getByTestId('build-banner');
    await expect(banner).toHaveAttribute('data-kind', 'offer');
    await expect(banner).toContainText('Uma nova versão do site está disponível.');
    await page.getByTestId('build-reload').click();
    await expect.poll(() => buildIdOf(page)).toBe(NEXT_ID);
    await expect(page.getByTestId('brand-logo')).toBeVisible();
    await expect(page.getByTestId('build-banner')).toHaveCount(0);
    await context.close();
  });

  test('a stale chunk before the page’s tools are fetched: the page still reloads once, to where the player went', async ({
    browser,
    baseURL,
  }) => {
    const { context, page, loads } = await openTab(browser, baseURL, 'poll');
    await page.setViewportSize({ width: 1440, height: 900 });
    const toolsAsked: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/page-tools-[\w-]+\.js$/.test(r.url())) toolsAsked.push(r.url());
    });
    await page.goto('/');
    await expect(page.getByTestId('brand-logo')).toBeVisible();
    // The page's clock stands still: the page never counts as idle, so its tools are not fetched yet.
    await page.clock.pauseAt(Date.now() + 60_000);
    expect(toolsAsked).toEqual([]);

    // The deploy removes the lobby chunk and the first build's tools: both fail, and the page reloads by itself.
    publish(next);
    await page.getByTestId('nav-casino').click();
    await expect.poll(() => buildIdOf(page)).toBe(NEXT_ID);
    expect(toolsAsked.length).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/casino\/games$/);
    // The reloaded page's clock runs again (the pause stays with the tab).
    await page.clock.resume();
    await expect(page.getByTestId('lobby')).toHaveAttribute('data-status', 'ready');
    expect(loads.count).toBe(2);
    await context.close();
  });

  test('a stale route chunk reloads the page once, and a second failure within 10 s does not loop', async ({
    browser,
    baseURL,
  }) => {
    const { context, page, loads } = await openTab(browser, baseURL, 'fixed');
    await page.setViewportSize({ width: 1440, height: 900 });
    const running = toolsRunning(page);
    await page.goto('/');
    await expect(page.getByTestId('brand-logo')).toBeVisible();
    expect(loads.count).toBe(1);
    await running;
    await page.waitForLoadState('networkidle');

    // The deploy removes the lobby chunk this page would fetch: the navigation fails and the page loads the lobby's
    // address once, from the new build, which has the lobby.
    publish(next);
    await page.getByTestId('nav-casino').click();
    await expect(page.getByTestId('lobby')).toHaveAttribute('data-status', 'ready');
    await expect.poll(() => buildIdOf(page)).toBe(NEXT_ID);
    expect(loads.count).toBe(2);
    await expect(page).toHaveURL(/\/casino\/games$/);

    // A chunk missing from the new build too, within 10 s of that reload (the same fixed Date): the navigation
    // fails and the page is not reloaded (same window, same load count); going back shows home again, in place.
    rmSync(join(served, chunkOf(next, 'src/app/pages/promotions-route.tsx')));
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const failed = page.waitForResponse((r) => r.url().includes('/assets/promotions-route-') && r.status() === 404);
    await page.getByTestId('nav-promotions').click();
    await failed;
    await expect(page).toHaveURL(/\/promotions$/);
    await page.goBack();
    await expect(page.getByTestId('brand-logo')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('build.lastReloadAt'))).toBe(String(FIXED_NOW));
    expect(loads.count).toBe(2);
    await context.close();
  });
});
