/**
 * Transition coverage of every machine: each edge of toDirectedGraph(machine),
 * including after, done and error edges, must be taken by the machine's tests.
 *
 *   npm run machines:coverage              runs the machine tests, prints the table
 *   npm run machines:coverage -- --no-run  reads what the last vitest run recorded
 *   --check                                exits 1 below 100%
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { machineRegistry } from '../machines/registry';
import { coverageDir } from '../tests/toolkit/coverage-recorder';
import { listEdges } from '../tests/toolkit/edges';

const args = new Set(process.argv.slice(2));
if (!args.has('--no-run')) {
  rmSync(coverageDir, { recursive: true, force: true });
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'node', 'machines/'], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const taken = new Map<string, Set<string>>();
if (existsSync(coverageDir)) {
  for (const file of readdirSync(coverageDir)) {
    const data = JSON.parse(readFileSync(join(coverageDir, file), 'utf8')) as Record<string, string[]>;
    for (const [machine, ids] of Object.entries(data)) {
      const set = taken.get(machine) ?? new Set();
      ids.forEach((id) => set.add(id));
      taken.set(machine, set);
    }
  }
}

const rows = machineRegistry.map(({ name, machine }) => {
  const edges = listEdges(machine);
  const covered = edges.filter((e) => taken.get(machine.id)?.has(e.id));
  const missing = edges.filter((e) => !taken.get(machine.id)?.has(e.id));
  return { name, edges: edges.length, covered: covered.length, missing };
});

const pct = (r: { edges: number; covered: number }) => (r.edges === 0 ? 100 : (100 * r.covered) / r.edges);
const pad = (s: string, n: number) => s.padEnd(n);
console.log(`\n${pad('machine', 22)}${pad('edges', 8)}${pad('covered', 9)}percent`);
for (const r of rows) {
  console.log(`${pad(r.name, 22)}${pad(String(r.edges), 8)}${pad(String(r.covered), 9)}${pct(r).toFixed(1)}%`);
  for (const e of r.missing) console.log(`    not taken: ${e.source} --${e.event}${e.guard ? ` [${e.guard}]` : ''}--> ${e.target}`);
}
const total = rows.reduce((a, r) => ({ edges: a.edges + r.edges, covered: a.covered + r.covered }), { edges: 0, covered: 0 });
console.log(`${pad('all machines', 22)}${pad(String(total.edges), 8)}${pad(String(total.covered), 9)}${pct(total).toFixed(1)}%\n`);
if (args.has('--check') && total.covered < total.edges) {
  console.error('machine transition coverage is below 100%: every edge must be taken by a test');
  process.exit(1);
}
