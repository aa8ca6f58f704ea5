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
import { resolve } from 'node:path';
import { startCheckout as start, waitFor } from './ab-stacks';
import { runLighthouseInterleaved } from './lighthouse';

const other = process.argv[2];
if (!other) throw new Error('usage: npx tsx bench/ab-lighthouse.ts <other checkout>');

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
