import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** The environment variable that names a Chromium (or Chrome) binary to use. */
export const BROWSER_ENV = 'CHROMIUM_PATH';
const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * Which Chromium the tests and benchmarks drive, in this order:
 * $CHROMIUM_PATH, Playwright's own Chromium when installed, then Debian's
 * /usr/bin/chromium (and the other usual paths). Throws a clear message otherwise.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env[BROWSER_ENV];
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    throw new Error(`${BROWSER_ENV}=${fromEnv} does not exist.`);
  }
  let own: string | undefined;
  try {
    own = chromium.executablePath();
  } catch {
    own = undefined;
  }
  if (own && existsSync(own)) return own;
  const system = SYSTEM_PATHS.find((p) => existsSync(p));
  if (system) return system;
  throw new Error(
    `No Chromium found. Install one (Debian: apt-get install -y chromium), or set ${BROWSER_ENV} to a Chromium binary. ` +
      `Looked at Playwright's own browser and ${SYSTEM_PATHS.join(', ')}.`,
  );
}

/** Flags for a headless Chromium on a closed network, as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
