import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { GALLERY_SECTIONS } from '../src/features/demo/gallery-sections';
import { SCREENSHOTS } from './models/modes';
import { ShellPage } from './models/shell-page';

/**
 * The demo pages of §2.2. /animation throws the §2.3 confetti from its button (the library fetched
 * on the press, drawn under the app's CSP without its blob: worker) and nothing with reduced motion; /NewComponents
 * is the gallery of src/ui in both languages and both brands; /messaging-2 is the empty layout.
 */

const BRANDS = [
  { host: 'localhost', name: 'Sorte Verde' },
  { host: 'azul.localhost', name: 'Azul Bet' },
] as const;
const LANGUAGES = [
  { prefix: '', title: 'Componentes', colours: 'Cores', messaging: 'Mensagens' },
  { prefix: '/en', title: 'Components', colours: 'Colours', messaging: 'Messages' },
] as const;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('ageVerified', 'true'));
});

/** Every CSP violation the page reports (the DOM event, and the console line Chromium prints). */
async function collectViolations(page: Page): Promise<() => Promise<string[]>> {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) lines.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [
    ...lines,
    ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? [])),
  ];
}

/** Two animation frames: whatever a press started has had its chance to draw. */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

test('/animation: the button throws confetti from itself under the CSP, fetched on the press; none with reduced motion', async ({
  page,
}) => {
  const violations = await collectViolations(page);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  const confettiScripts = () => scripts.filter((url) => /confetti\.module/.test(url));
  const canvas = page.getByTestId('confetti');
  const fire = page.getByTestId('confetti-fire');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/animation');
  await expect(page.getByRole('heading', { level: 1, name: 'Animações' })).toBeVisible();
  await expect(page.getByText('40 retângulos e 20 pontos')).toBeVisible();

  // Reduced motion: nothing is fetched, nothing drawn.
  await fire.click();
  await twoFrames(page);
  await expect(canvas).toHaveCount(0);
  expect(confettiScripts()).toEqual([]);

  // Motion allowed: the library arrives with the press and a canvas is laid over the page, then taken away.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await fire.click();
  await expect(canvas).toHaveCount(1);
  await expect(canvas).toHaveAttribute('aria-hidden', 'true');
  expect(confettiScripts()).toHaveLength(1);
  await expect(canvas).toHaveCount(0, { timeout: 15_000 });
  expect(await violations()).toEqual([]);
});

test('/NewComponents: every section in pt-BR and en on both brands; the demos run from the gallery flow', async ({
  page,
  baseURL,
}) => {
  for (const brand of BRANDS) {
    for (const language of LANGUAGES) {
      await page.goto(`${ShellPage.origin(baseURL, brand.host)}${language.prefix}/NewComponents`);
      await expect(page.getByRole('heading', { level: 1, name: language.title })).toBeVisible();
      await expect(page.getByTestId('gallery-brand')).toHaveText(brand.name);
      for (const section of GALLERY_SECTIONS) await expect(page.getByTestId(`gallery-${section}`)).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: language.colours })).toBeVisible();
    }
  }

  // The stateful demos (the last page shown: Azul Bet in English).
  await page.getByTestId('gallery-modal-open').click();
  const dialog = page.getByRole('dialog', { name: 'Confirm bet' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByTestId('gallery-notice-success').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('gallery-notice-success')).toHaveCount(0);
  await page.getByTestId('gallery-notice-restore').click();
  await expect(page.getByTestId('gallery-notice-error')).toBeVisible();

  await page.getByTestId('gallery-toast-show').click();
  await expect(page.locator('.toast-region').getByText('This is a demo toast.')).toBeVisible();
});

/** The serious and critical axe findings in the page's <main>. */
async function axeFindings(page: Page, label: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('axe: the gallery on either brand, /animation and /messaging-2 have no serious or critical violation', async ({
  page,
  baseURL,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const findings: string[] = [];
  for (const brand of BRANDS) {
    await page.goto(`${ShellPage.origin(baseURL, brand.host)}/NewComponents`);
    await expect(page.getByTestId('gallery-money')).toBeVisible();
    findings.push(...(await axeFindings(page, `${brand.host}/NewComponents`)));
  }
  // Azul Bet's light secondary button, and Sorte Verde's empty layout.
  await page.goto(`${ShellPage.origin(baseURL, 'azul.localhost')}/animation`);
  await expect(page.getByTestId('confetti-fire')).toBeVisible();
  findings.push(...(await axeFindings(page, 'azul.localhost/animation')));
  await page.goto('/messaging-2');
  await expect(page.getByTestId('messaging-page')).toBeVisible();
  findings.push(...(await axeFindings(page, 'localhost/messaging-2')));
  expect(findings).toEqual([]);
});

test('/messaging-2: the empty layout (no header, menus or footer) in both languages, with the way home', async ({
  page,
}) => {
  for (const language of LANGUAGES) {
    await page.goto(`${language.prefix}/messaging-2`);
    await expect(page.getByRole('heading', { level: 1, name: language.messaging })).toBeVisible();
    await expect(page.locator('main.main--empty')).toHaveCount(1);
    await expect(page.getByTestId('brand-logo')).toHaveCount(0);
    await expect(page.locator('footer.footer')).toHaveCount(0);
  }
  await page.getByTestId('messaging-home').click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByTestId('brand-logo')).toBeVisible();
});

test.describe('demo pages screenshots', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    for (const brand of BRANDS) {
      for (const language of LANGUAGES) {
        test(`/NewComponents ${brand.host}${language.prefix} at ${viewport.width} ${SCREENSHOTS}`, async ({
          page,
          baseURL,
        }) => {
          await page.setViewportSize(viewport);
          await page.goto(`${ShellPage.origin(baseURL, brand.host)}${language.prefix}/NewComponents`);
          await expect(page.getByTestId('gallery-money')).toBeVisible();
          const name = `${brand.host.split('.')[0]}-${language.prefix ? 'en' : 'pt'}-${viewport.width}`;
          await page.screenshot({ path: `test-results/gallery-${name}.png`, fullPage: true, animations: 'disabled' });
          await page.getByTestId('gallery-modal-open').click();
          await expect(page.getByRole('dialog')).toBeVisible();
          await page.screenshot({ path: `test-results/gallery-modal-${name}.png`, animations: 'disabled' });
        });
      }
      test(`/animation and /messaging-2 ${brand.host} at ${viewport.width} ${SCREENSHOTS}`, async ({
        page,
        baseURL,
      }) => {
        await page.setViewportSize(viewport);
        const origin = ShellPage.origin(baseURL, brand.host);
        const name = `${brand.host.split('.')[0]}-${viewport.width}`;
        await page.goto(`${origin}/animation`);
        await expect(page.getByTestId('confetti-fire')).toBeVisible();
        await page.screenshot({ path: `test-results/animation-${name}.png`, animations: 'disabled' });
        await page.goto(`${origin}/messaging-2`);
        await expect(page.getByTestId('messaging-page')).toBeVisible();
        await page.screenshot({ path: `test-results/messaging-${name}.png`, animations: 'disabled' });
      });
    }
  }
});
