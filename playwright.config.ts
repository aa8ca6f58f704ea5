import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/lib/browser';

const appPort = Number(process.env.APP_PORT ?? 4173);

/**
 * Browser tests drive Chromium against the real stack that `npm start` runs
 * (sandbox platform + app). Never against mocked HTTP.
 */
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
  outputDir: `test-results/run-${appPort}`,
  use: {
    baseURL: `http://localhost:${appPort}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
      },
    },
  ],
  webServer: {
    command: 'npm start -- --preview --fresh',
    url: `http://localhost:${appPort}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    // Ports come from the environment so several runs can share a machine:
    // APP_PORT, SANDBOX_API_PORT, SANDBOX_REALTIME_PORT.
    env: { ...process.env, SANDBOX_DATA_DIR: `.sandbox-data/e2e-${appPort}`, APP_PORT: String(appPort) } as Record<string, string>,
  },
});
