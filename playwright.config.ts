import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { DEV_ONLY, PREVIEW_ONLY, RECORDINGS, SCREENSHOTS } from './e2e/models/modes';
import { CHROMIUM_ARGS, findChromium } from './scripts/lib/browser';

/**
 * Browser tests drive Chromium against the real stack that `npm start` runs (sandbox platform + app), never
 * against mocked HTTP, in the two modes the app is served in:
 *
 * - `preview`: every spec, against `npm start -- --preview --fresh` (a production build);
 * - `dev`: the specs of the shell, content pages, session, wallet and titles (the language switch), less the tests tagged PREVIEW_ONLY
 *   (e2e/models/modes.ts), against `npm start -- --fresh` (the dev server a newcomer sees first: React StrictMode,
 *   unbundled modules). Issue 10: this mode differed.
 *
 * Tests tagged SCREENSHOTS only take pictures for review: they run with E2E_SCREENSHOTS=1
 * (`npm run test:screenshots`). One test at a time: on CI's 2 cores two workers (tried: the axe scans two at a
 * time, the dev stack beside the preview one) took longer than one, every test slowed by the other's browser.
 *
 * Each mode has a stack of its own (app, sandbox API, realtime server, fresh database), so the wallet's money
 * stories start from the same seeded balances in both. Ports come from the environment so several runs can
 * share a machine: APP_PORT, SANDBOX_API_PORT, SANDBOX_REALTIME_PORT, SANDBOX_PROVIDER_PORT for the preview stack
 * (4173, 8787, 6001, 8788), DEV_APP_PORT, DEV_SANDBOX_API_PORT, DEV_SANDBOX_REALTIME_PORT, DEV_SANDBOX_PROVIDER_PORT
 * for the dev one (each 1000 above its preview
 * twin unless given; the app on 5174 when APP_PORT is unset, so a developer's running `npm start` on 5173 is
 * never taken for the test stack). E2E_MODES=preview (or dev) runs one mode and starts only its stack.
 */
interface Stack {
  mode: 'preview' | 'dev';
  appPort: number;
  apiPort: number;
  realtimePort: number;
  providerPort: number;
}

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const preview: Stack = {
  mode: 'preview',
  appPort: port('APP_PORT', 4173),
  apiPort: port('SANDBOX_API_PORT', 8787),
  realtimePort: port('SANDBOX_REALTIME_PORT', 6001),
  providerPort: port('SANDBOX_PROVIDER_PORT', 8788),
};
const dev: Stack = {
  mode: 'dev',
  appPort: port('DEV_APP_PORT', process.env.APP_PORT ? preview.appPort + 1000 : 5174),
  apiPort: port('DEV_SANDBOX_API_PORT', preview.apiPort + 1000),
  realtimePort: port('DEV_SANDBOX_REALTIME_PORT', preview.realtimePort + 1000),
  providerPort: port('DEV_SANDBOX_PROVIDER_PORT', preview.providerPort + 1000),
};
const modes = (process.env.E2E_MODES ?? 'preview,dev').split(',').map((m) => m.trim());
const stacks = [preview, dev].filter((s) => modes.includes(s.mode));
if (stacks.length === 0) throw new Error(`E2E_MODES=${process.env.E2E_MODES}: expected preview, dev or both`);

/** What the dev mode runs: the specs whose pages behaved differently under the dev server. */
const DEV_SPECS = /\/(shell|content|session|wallet|titles)\.spec\.ts$/;

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
};

function skippedTags(stack: Stack): string[] {
  return [
    ...(process.env.E2E_SCREENSHOTS ? [] : [SCREENSHOTS]),
    // The recordings replayed by `npm test` are made on purpose only (`npm run recordings:update`).
    ...(process.env.E2E_RECORDINGS ? [] : [RECORDINGS]),
    ...(stack.mode === 'dev' ? [PREVIEW_ONLY] : [DEV_ONLY]),
  ];
}

function project(stack: Stack): NonNullable<PlaywrightTestConfig['projects']>[number] {
  return {
    name: stack.mode,
    ...(stack.mode === 'dev' ? { testMatch: DEV_SPECS } : {}),
    // Screenshots for review only with E2E_SCREENSHOTS=1 (`npm run test:screenshots`); dev skips @preview-only,
    // preview skips @dev-only.
    grepInvert: skippedTags(stack).length ? skippedTags(stack).map((tag) => new RegExp(tag)) : undefined,
    use: { ...chromium, baseURL: `http://localhost:${stack.appPort}` },
    // Read by e2e/models/sandbox.ts: the QA panel and realtime server of this project's stack.
    metadata: {
      sandboxApiPort: stack.apiPort,
      sandboxRealtimePort: stack.realtimePort,
      sandboxProviderPort: stack.providerPort,
    },
  };
}

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

function webServer(stack: Stack): WebServer {
  return {
    command: stack.mode === 'preview' ? 'npm start -- --preview --fresh' : 'npm start -- --fresh',
    url: `http://localhost:${stack.appPort}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    env: {
      ...process.env,
      // One database folder per app port, so parallel runs on one machine do not share data.
      SANDBOX_DATA_DIR: `.sandbox-data/e2e-${stack.appPort}`,
      APP_PORT: String(stack.appPort),
      SANDBOX_API_PORT: String(stack.apiPort),
      SANDBOX_REALTIME_PORT: String(stack.realtimePort),
      SANDBOX_PROVIDER_PORT: String(stack.providerPort),
      // Each stack keeps its own embedded database (PGlite): a DATABASE_URL set for the money suites' PostgreSQL
      // run (.ci/run) is not one the two stacks may share. E2E_DATABASE_URL puts one stack on PostgreSQL.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    } as Record<string, string>,
  };
}

type TraceMode = 'on' | 'off' | 'retain-on-failure';
function traceMode(): TraceMode {
  const asked = process.env.E2E_TRACE;
  if (asked === 'on' || asked === 'off' || asked === 'retain-on-failure') return asked;
  if (asked) throw new Error(`E2E_TRACE=${asked}: expected on, off or retain-on-failure`);
  return process.env.CI ? 'off' : 'retain-on-failure';
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // One folder per app port, so parallel runs on one machine do not clean each other's traces.
  outputDir: `test-results/run-${preview.appPort}`,
  use: {
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A trace is recorded only off CI (kept for a failed test; E2E_TRACE=on|off|retain-on-failure overrides):
    // recording one for every test made the run half as slow again (148 s against 100 s for the same specs), and
    // CI keeps only its log, where the list reporter prints each failure.
    trace: traceMode(),
    screenshot: 'only-on-failure',
    // The service worker (issue 17) precaches the whole build (some 125 files) in every new browser context, that
    // is in every test. The specs about the worker and the flows it stands in (push, service-worker, hardening,
    // shell) run with it: `test.use({ serviceWorkers: 'allow' })` at their top. The others block it, so
    // each test does not pay for a precache it never uses (new-build tests the network path on purpose).
    serviceWorkers: 'block',
  },
  projects: stacks.map(project),
  webServer: stacks.map(webServer),
});
