/**
 * Lighthouse A/B of two checkouts, interleaved (issue 17's "does not get worse"):
 *
 *   git worktree add --detach ../before <commit> && ln -s "$PWD/node_modules" ../before/node_modules
 *   npx tsx bench/ab-lighthouse.ts ../before            # RUNS=7 PATHS=/,/login to change the defaults
 *
 * Starts `scripts/start.ts --preview --fresh` in the other checkout (app on 4450) and in this one (4460), each
 * with its own ports, build folder and data folder, then runs `runLighthouseInterleaved` on both and prints the
 * medians. The same build varies by several points between runs on a busy machine: compare only within one run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { runLighthouseInterleaved } from './lighthouse';

const other = process.argv[2];
if (!other) throw new Error('usage: npx tsx bench/ab-lighthouse.ts <other checkout>');

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

const before = start(resolve(other), 4450);
const now = start(process.cwd(), 4460);
try {
  await waitFor('http://localhost:4450/');
  await waitFor('http://localhost:4460/');
  const targets: Record<string, string> = {};
  for (const path of (process.env.PATHS ?? '/').split(',')) {
    targets[`other ${path}`] = `http://localhost:4450${path}`;
    targets[`this ${path}`] = `http://localhost:4460${path}`;
  }
  console.table(await runLighthouseInterleaved(targets, Number(process.env.RUNS ?? 5)));
} finally {
  before.kill('SIGTERM');
  now.kill('SIGTERM');
}
