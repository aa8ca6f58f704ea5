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
import { resolve } from 'node:path';
import { startCheckout as start, waitFor } from './ab-stacks';
import { measureMainThread } from './main-thread';

const other = process.argv[2];
if (!other) throw new Error('usage: npx tsx bench/ab-main-thread.ts <other checkout>');
const base = Number(process.env.AB_PORT ?? 4450);

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
