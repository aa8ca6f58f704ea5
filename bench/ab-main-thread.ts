/**
 * Main-thread A/B of two checkouts and the reference app, interleaved in one run (bench/main-thread.ts):
 *
 *   git worktree add --detach ../before <commit> && ln -s "$PWD/node_modules" ../before/node_modules
 *   npx tsx bench/ab-main-thread.ts ../before            # RUNS=7 to change the default 5; AB_PORT=4450
 *
 * Starts `scripts/start.ts --preview --fresh` in the other checkout (app on AB_PORT) and in this one (AB_PORT + 10),
 * each with its own ports, build folder and data folder, and the reference app (AB_PORT + 20), then measures the
 * three home pages' main-thread JavaScript before interactive at 4x CPU, interleaved, and prints each as a ratio to
 * the reference. Compare only within one run: a busy machine moves the absolutes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { measureMainThread } from './main-thread';

const other = process.argv[2];
if (!other) throw new Error('usage: npx tsx bench/ab-main-thread.ts <other checkout>');
const base = Number(process.env.AB_PORT ?? 4450);

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 360; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`${url} did not answer`);
}

function start(cwd: string, app: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--preview', '--fresh'], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      APP_PORT: String(app),
      SANDBOX_API_PORT: String(app + 5000),
      SANDBOX_REALTIME_PORT: String(app + 2000),
      SANDBOX_PROVIDER_PORT: String(app + 5001),
      APP_OUT_DIR: `dist-ab-${app}`,
      SANDBOX_DATA_DIR: `.sandbox-data/ab-${app}`,
    },
  });
}

const before = start(resolve(other), base);
const now = start(process.cwd(), base + 10);
// The reference app proxies /api to this checkout's sandbox (as in npm run bench).
process.env.SANDBOX_API_PORT = String(base + 10 + 5000);
process.env.REFERENCE_APP_PORT = String(base + 20);
process.env.REFERENCE_OUT_DIR = `dist-ab-reference-${base + 20}`;
const { startReference } = await import('./reference');
try {
  await waitFor(`http://localhost:${base}/`);
  await waitFor(`http://localhost:${base + 10}/`);
  const reference = await startReference();
  try {
    const figures = await measureMainThread(
      { other: `http://localhost:${base}/`, this: `http://localhost:${base + 10}/`, reference: reference.url },
      Number(process.env.RUNS ?? 5),
    );
    const ref = figures.reference?.scriptMs ?? 0;
    console.table(
      Object.entries(figures).map(([page, f]) => ({
        page,
        'script ms': f.scriptMs,
        'tasks ms': f.taskMs,
        'script ÷ ref': ref > 0 ? Number((f.scriptMs / ref).toFixed(2)) : null,
      })),
    );
  } finally {
    await reference.stop();
  }
} finally {
  before.kill('SIGTERM');
  now.kill('SIGTERM');
}
