import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/lib/browser';

export interface RouteWeight {
  route: string;
  files: number;
  minifiedBytes: number;
  gzipBytes: number;
  /** Each script fetched, largest first, so a regression can be traced to its chunk. */
  scripts: Array<{ path: string; minifiedBytes: number; gzipBytes: number }>;
}

/**
 * Ports and build folder: the same variables as `npm start` (APP_PORT, SANDBOX_API_PORT, SANDBOX_REALTIME_PORT,
 * SANDBOX_PROVIDER_PORT, APP_OUT_DIR), defaulting apart from npm start's, so the bench runs beside a running product.
 */
const envPort = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ports = {
  app: envPort('APP_PORT', 4273),
  api: envPort('SANDBOX_API_PORT', 8887),
  realtime: envPort('SANDBOX_REALTIME_PORT', 6101),
  provider: envPort('SANDBOX_PROVIDER_PORT', 8888),
};
/** The build folder measured (npm start's APP_OUT_DIR; the bench's own by default). */
export const outDir = process.env.APP_OUT_DIR ?? 'dist-bench';

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

export async function startStack(): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--preview', '--fresh'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      APP_PORT: String(ports.app),
      SANDBOX_API_PORT: String(ports.api),
      SANDBOX_REALTIME_PORT: String(ports.realtime),
      SANDBOX_PROVIDER_PORT: String(ports.provider),
      APP_OUT_DIR: outDir,
      SANDBOX_DATA_DIR: `.sandbox-data/bench-${ports.app}`,
    },
  });
  const url = `http://localhost:${ports.app}/`;
  await waitFor(url, 180_000);
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Initial JavaScript of a route: every script the first load of that URL fetches
 * (until the network is idle), measured on the built files in the build folder: minified
 * bytes and gzip (level 9) bytes.
 */
export async function measureInitialJs(baseUrl: string, routes: string[], dir = outDir): Promise<RouteWeight[]> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const out: RouteWeight[] = [];
    for (const route of routes) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.add(new URL(res.url()).pathname);
      });
      await page.goto(new URL(route, baseUrl).toString(), { waitUntil: 'networkidle' });
      const measured = [...scripts]
        .filter((path) => existsSync(join(dir, path)))
        .map((path) => {
          const bytes = readFileSync(join(dir, path));
          return { path, minifiedBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
        })
        .sort((a, b) => b.gzipBytes - a.gzipBytes);
      const sum = (key: 'minifiedBytes' | 'gzipBytes') => measured.reduce((total, s) => total + s[key], 0);
      out.push({
        route,
        files: scripts.size,
        minifiedBytes: sum('minifiedBytes'),
        gzipBytes: sum('gzipBytes'),
        scripts: measured,
      });
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}
