import type { Page, PageScreenshotOptions } from '@playwright/test';

/**
 * The tag of the tests the dev mode does not repeat: the dev server (React StrictMode, unbundled modules) changes
 * how the app starts and wires its actors, not its texts, its second language or its screenshots, so dev runs one
 * language of the session stories and the casino and wallet flows that start, sign in, pay and play; preview
 * runs all of them. Read by playwright.config.ts (the dev project's grepInvert).
 */
export const PREVIEW_ONLY = '@preview-only';

/**
 * The tag of the tests the preview mode does not run because a stronger one covers them there: the route walk of
 * the shell (every §2.2 path in both languages) is what e2e/a11y.spec.ts does in preview on both brands, with the
 * page's heading, title and lang checked too, so preview runs it once, not twice. Read by playwright.config.ts
 * (the preview project's grepInvert).
 */
export const DEV_ONLY = '@dev-only';

/**
 * The tag of the tests that only take screenshots for review (both sizes, brands and languages): not run by
 * `npm test`, run by `npm run test:screenshots` (E2E_SCREENSHOTS=1); pictures land in test-results/.
 */
export const SCREENSHOTS = '@screenshots';

/**
 * The tag of the tests that record the QA recordings replayed by `npm test` (tests/recordings/):
 * not run by `npm test`, run by `npm run recordings:update` (E2E_RECORDINGS=1) when a flow changes on purpose.
 */
export const RECORDINGS = '@recordings';

/**
 * A picture for review taken inside a test that asserts something else: only with E2E_SCREENSHOTS=1, like the
 * SCREENSHOTS tests. CI keeps only its log, so there each one was work thrown away (the 32 of home-signed-in, 16
 * of them full-page, and the shell's 8 in both modes).
 */
export async function reviewShot(page: Page, options: PageScreenshotOptions): Promise<void> {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot(options);
}
