import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { localizedRoutePath, ROUTES, type RouteEntry } from '../src/app/routes';
import type { Locale } from '../src/i18n/locale';
import en from '../src/i18n/en.json' with { type: 'json' };
import ptBR from '../src/i18n/pt-BR.json' with { type: 'json' };
import { registerPlayer } from './models/players';
import { ShellPage } from './models/shell-page';

/**
 * Accessibility: an axe scan of every route of §2.2 (src/app/routes.ts) in both languages and
 * both brands (see SCANS), one page each, with no serious or critical violation. Routes marked auth are scanned signed in
 * (a player of that brand), the others as a guest past the age gate; /login, /register and /recover-pass scan
 * the login modal on their tab. Then sign-in and a deposit done with the keyboard alone.
 *
 * The same pass checks each route's document title (formerly a loop of its own in titles.spec.ts
 * that loaded every route again): its own title in the page's language with the brand's name (the home page: the
 * platform's site title in that language), and `<html lang>`, on both brands.
 */
/**
 * Every route in both languages on both brands. Axe runs on three of the four walks: a brand changes colours (so
 * contrast) and a language changes texts (so names and labels), and both brands in Portuguese plus one in English
 * meet each of those; the fourth walk (Azul Bet in English, an axe pass of 25-40 s of CI that found nothing the
 * others do not) checks each page's heading, title and lang only.
 */
const SCANS: ReadonlyArray<readonly [host: string, locale: Locale, axe: boolean]> = [
  ['localhost', 'pt', true],
  ['localhost', 'en', true],
  ['azul.localhost', 'pt', true],
  ['azul.localhost', 'en', false],
];

/** A concrete path for a route with parameters (any value its pattern takes). */
const SAMPLE_PARAMS: Record<string, string> = {
  provider: 'pragmatic',
  game: 'gates-of-olympus',
  name: 'caixa-1',
  filter: 'slots',
  slug: 'sobre-nos',
};

function pathOf(entry: RouteEntry, locale: Locale): string {
  return localizedRoutePath(entry, locale).replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'x');
}

const CATALOG: Record<Locale, Record<string, string>> = { pt: ptBR, en };

interface SiteTexts {
  title: string;
  siteName: string;
}

/** What the platform serves for `host` in `locale` (the contract's `locale` query parameter). */
async function siteTexts(request: APIRequestContext, baseURL: string | undefined, host: string, locale: Locale) {
  const res = await request.get(`${baseURL}/api/site-config?domain=${host}&locale=${locale}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { ogTitle: string }; siteName: string };
  return { title: body.data.ogTitle, siteName: body.siteName } satisfies SiteTexts;
}

/** The route's document title: its own in the page's language, with the brand's name; home: the site title. */
async function expectTitled(page: Page, entry: RouteEntry, path: string, locale: Locale, site: SiteTexts) {
  const own = CATALOG[locale][entry.titleId];
  expect(own, `${path}: a catalogue title`).toBeTruthy();
  // A route of a feature the brand switches off (Azul Bet has no crates) is the 404 page, titled as such.
  const hidden = entry.feature !== undefined && (await page.getByTestId('not-found-page').count()) > 0;
  if (hidden) await expect(page, path).toHaveTitle(`${CATALOG[locale]['errors.not_found.title']} · ${site.siteName}`);
  else if (entry.path === '/') await expect(page, path).toHaveTitle(site.title);
  else {
    expect(own, path).not.toBe(CATALOG[locale]['shell.page.index.title']);
    await expect(page, path).toHaveTitle(`${own} · ${site.siteName}`);
  }
  await expect(page.locator('html'), path).toHaveAttribute('lang', locale === 'en' ? 'en-US' : 'pt-BR');
}

interface Finding {
  path: string;
  id: string;
  impact: string | null | undefined;
  targets: string[];
}

/** Scans the whole page, or only the given parts (the route's own content: the shell is scanned once per run). */
async function scan(page: Page, path: string, parts: string[] = []): Promise<Finding[]> {
  // Legacy mode: axe.run in the page itself (every frame injected). The default (runPartial) opens a blank page
  // and injects axe into it for every scan: a whole-site scan took 72 s that way, 35 s in legacy mode.
  // Only violations are read, so only they are worked out in full: axe otherwise builds a selector and the HTML
  // of every node each rule passes (about 2,000 on the home page), which took half of each scan (home: 11-13 s
  // against 5 s under the same load).
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] });
  for (const part of parts) builder = builder.include(part);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ path, id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
}

/**
 * The page has settled: the site shown with its page's heading (or the error page's), no preloader. (No wait for
 * network idle: live updates connect when the page is idle, which would only make every scan wait for it.)
 */
async function settled(page: Page, path: string): Promise<void> {
  await expect(page.getByTestId('preloader')).toHaveCount(0);
  // The route's own content is shown (the layout marks <main> with the path it renders).
  await expect(page.locator(`main[data-path="${path}"]`)).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

/** A player of the brand (registered through the API with the brand's domain, as the app of that host would). */
async function playerOf(page: Page, baseURL: string | undefined, host: string): Promise<string> {
  return (await registerPlayer(page, baseURL, host === 'localhost' ? undefined : host)).token;
}

/**
 * Every page is scanned with reduced motion (the app then shows its pop-ups without their entrance animation):
 * contrast is a property of what stays on screen, and a pop-up caught half faded in (the push offer appearing
 * during a scan) measured as failing.
 */
const STILL = { locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce' } as const;
test.use({ reducedMotion: 'reduce' });

async function signedInPage(browser: Browser, origin: string, token: string): Promise<Page> {
  const context = await browser.newContext({ ...STILL, baseURL: origin });
  const page = await context.newPage();
  await page.addInitScript((t) => {
    window.localStorage.setItem('ageVerified', 'true');
    window.localStorage.setItem('auth', t);
  }, token);
  return page;
}

for (const [host, locale, axe] of SCANS) {
  const what = axe
    ? 'axe: every route on %s has no serious or critical violation'
    : 'every route on %s has its heading, title and lang (no axe pass)';
  test(what.replace('%s', `${host} in ${locale}`), async ({ page, baseURL, browser }) => {
    test.setTimeout(480_000);
    const origin = ShellPage.origin(baseURL, host);
    const site = await siteTexts(page.request, baseURL, host, locale);
    if (locale === 'en') expect(site.title).not.toBe((await siteTexts(page.request, baseURL, host, 'pt')).title);
    await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
    const member = await signedInPage(browser, origin, await playerOf(page, baseURL, host));
    const findings: Finding[] = [];
    // The header, menus and footer are the same on every route of a layout: each page is scanned whole the first
    // time (guest and signed in), then only its own content (and the login modal on the routes that open it).
    // Routes are reached as a player would, inside the app (history and popstate, as the back button does); a
    // route that opens the login modal, and the one after it, get a fresh page load (the modal stays open).
    const scannedWhole = new Set<Page>();
    const loaded = new Set<Page>();
    const modalOpen = new Set<Page>();
    try {
      for (const entry of ROUTES) {
        const path = pathOf(entry, locale);
        const target = entry.auth ? member : page;
        if (!loaded.has(target) || entry.loginTab || modalOpen.has(target)) {
          await target.goto(`${origin}${path}`);
          loaded.add(target);
        } else {
          await target.evaluate((to) => {
            window.history.pushState(null, '', to);
            window.dispatchEvent(new PopStateEvent('popstate'));
          }, path);
        }
        if (entry.loginTab) modalOpen.add(target);
        else modalOpen.delete(target);
        await settled(target, path);
        await expectTitled(target, entry, path, locale, site);
        if (entry.loginTab) await expect(target.getByTestId('login-modal')).toBeVisible();
        const whole = !scannedWhole.has(target) || entry.layout !== 'default';
        scannedWhole.add(target);
        const parts = whole ? [] : ['main', ...(entry.loginTab ? ['[data-testid="login-modal"]'] : [])];
        if (axe) findings.push(...(await scan(target, path, parts)));
      }
      // The age gate (first visit) too.
      const visitor = await browser.newContext(STILL);
      const fresh = await visitor.newPage();
      await fresh.goto(`${origin}${locale === 'en' ? '/en' : '/'}`);
      await expect(fresh.getByRole('dialog')).toBeVisible();
      if (axe) findings.push(...(await scan(fresh, 'age gate')));
      await visitor.close();
    } finally {
      await member.context().close();
    }
    expect(findings).toEqual([]);
  });
}

/** Presses Tab until the element has the focus (the way a keyboard user reaches it). */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached with Tab: ${target.toString()}`);
}

test('keyboard only: sign in, then a deposit', async ({ page, baseURL }) => {
  const player = await registerPlayer(page, baseURL);
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
  await page.goto('/');
  await new ShellPage(page).waitForSite();

  await tabTo(page, page.getByTestId('sign-in'));
  await page.keyboard.press('Enter');
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await tabTo(page, modal.locator('#login-identifier'));
  await page.keyboard.type(player.email);
  await tabTo(page, modal.locator('#login-password'));
  await page.keyboard.type(player.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('balance')).toBeVisible();
  await expect(modal).toHaveCount(0);

  await tabTo(page, page.getByTestId('deposit'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('deposit-form')).toBeVisible();
  await tabTo(page, page.getByTestId('deposit-amount'));
  await page.keyboard.type('20');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('deposit-qr-image')).toBeVisible();
  await tabTo(page, page.getByTestId('deposit-copy'));
});
