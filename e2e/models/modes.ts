/**
 * The tag of the tests the dev mode does not repeat: the dev server (React StrictMode, unbundled modules) changes
 * how the app starts and wires its actors, not its texts, its second language or its screenshots, so dev runs one
 * language of the session stories and the casino and wallet flows that start, sign in, pay and play; preview
 * runs all of them. Read by playwright.config.ts (the dev project's grepInvert).
 */
export const PREVIEW_ONLY = '@preview-only';

/**
 * The tag of the tests that only take screenshots for review (both sizes, brands and languages): not run by
 * `npm test`, run by `npm run test:screenshots` (E2E_SCREENSHOTS=1); pictures land in test-results/.
 */
export const SCREENSHOTS = '@screenshots';
