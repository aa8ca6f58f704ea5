/**
 * Transition coverage of every machine: each edge of toDirectedGraph(machine), including after, done and error
 * edges, and every `always` edge, must be taken by a hand-written story in the machine's own test file.
 *
 *   npm run machines:coverage              runs the machine tests, prints the table
 *   npm run machines:coverage -- --no-run  reads what the last vitest run recorded
 *   --check                                exits 1 below 100%
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { machineRegistry } from '../machines/registry';
import { coverageDir, type CoverageRecord } from '../tests/toolkit/coverage-recorder';
import { listEdges } from '../tests/toolkit/edges';

const args = new Set(process.argv.slice(2));
if (!args.has('--no-run')) {
  rmSync(coverageDir, { recursive: true, force: true });
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'node', 'machines/'], { stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

/**
 * Only a machine's own stories count: edges taken in `<name>.machine.test.ts` by hand-written tests. Edges taken
 * by generated path tests (reachability checks: paths found by xstate/graph, replayed) or by other files (component tests, other
 * machines' tests) are reported beside them, never counted.
 */
const stories = new Map<string, Set<string>>();
const generated = new Map<string, Set<string>>();
const elsewhere = new Map<string, Set<string>>();
const ownTestFile = new Map(
  machineRegistry.map(({ file, machine }) => [machine.id, file.replace(/\.ts$/, '.test.ts')]),
);
const add = (into: Map<string, Set<string>>, machine: string, ids: readonly string[] = []) => {
  const set = into.get(machine) ?? new Set<string>();
  ids.forEach((id) => set.add(id));
  into.set(machine, set);
};
if (existsSync(coverageDir)) {
  for (const file of readdirSync(coverageDir)) {
    const data = JSON.parse(readFileSync(join(coverageDir, file), 'utf8')) as CoverageRecord;
    for (const [machine, byFile] of Object.entries(data)) {
      for (const [testFile, bySource] of Object.entries(byFile)) {
        if (testFile !== ownTestFile.get(machine)) {
          add(elsewhere, machine, [...(bySource.story ?? []), ...(bySource.path ?? [])]);
          continue;
        }
        add(stories, machine, bySource.story);
        add(generated, machine, bySource.path);
      }
    }
  }
}

const rows = machineRegistry.map(({ name, machine }) => {
  const edges = listEdges(machine);
  const has = (map: Map<string, Set<string>>, id: string) => map.get(machine.id)?.has(id) ?? false;
  const covered = edges.filter((e) => has(stories, e.id));
  const missing = edges.filter((e) => !has(stories, e.id));
  return {
    name,
    edges: edges.length,
    always: edges.filter((e) => e.kind === 'always').length,
    covered: covered.length,
    byPaths: edges.filter((e) => has(generated, e.id)).length,
    byOthers: edges.filter((e) => has(elsewhere, e.id)).length,
    missing,
  };
});

const pct = (r: { edges: number; covered: number }) => (r.edges === 0 ? 100 : (100 * r.covered) / r.edges);
const pad = (s: string, n: number) => s.padEnd(n);
console.log(
  "\nTransition coverage: edges (always included) taken by each machine's own stories (<name>.machine.test.ts).",
);
console.log('Generated path tests and other files are shown for information; they do not count.\n');
console.log(
  `${pad('machine', 22)}${pad('edges', 8)}${pad('always', 8)}${pad('stories', 9)}${pad('percent', 9)}${pad('paths', 7)}others`,
);
for (const r of rows) {
  console.log(
    `${pad(r.name, 22)}${pad(String(r.edges), 8)}${pad(String(r.always), 8)}${pad(String(r.covered), 9)}${pad(`${pct(r).toFixed(1)}%`, 9)}${pad(String(r.byPaths), 7)}${r.byOthers}`,
  );
  for (const e of r.missing)
    console.log(`    not taken by a story: ${e.source} --${e.event}${e.guard ? ` [${e.guard}]` : ''}--> ${e.target}`);
}
const total = rows.reduce((a, r) => ({ edges: a.edges + r.edges, covered: a.covered + r.covered }), {
  edges: 0,
  covered: 0,
});
console.log(
  `${pad('all machines', 22)}${pad(String(total.edges), 8)}${pad('', 8)}${pad(String(total.covered), 9)}${pct(total).toFixed(1)}%\n`,
);
if (args.has('--check') && total.covered < total.edges) {
  console.error(
    "machine transition coverage is below 100%: every edge must be taken by a story of the machine's own test file",
  );
  process.exit(1);
}
