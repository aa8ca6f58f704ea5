/**
 * `npm run test:money -- --runs N [--seed S] [--steps K]`: the model-based money test (sandbox/money/ledger-model.test.ts)
 * with more runs than `npm test`'s bounded one; on PostgreSQL too when DATABASE_URL is set. A failing sequence is
 * shrunk and printed with its seed and replay path.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '500' }, seed: { type: 'string' }, steps: { type: 'string' } },
});
for (const [name, value] of Object.entries(values))
  if (value !== undefined && !/^\d+$/.test(value)) throw new Error(`--${name} ${value}: a whole number`);

const env = {
  ...process.env,
  MONEY_RUNS: values.runs,
  MONEY_SEED: values.seed ?? String(Date.now() % 2 ** 31),
  ...(values.steps ? { MONEY_STEPS: values.steps } : {}),
};
console.log(
  `model-based money test: ${env.MONEY_RUNS} runs, seed ${env.MONEY_SEED}${process.env.DATABASE_URL ? ', PGlite and PostgreSQL' : ', PGlite'}`,
);
const run = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    'sandbox/money/ledger-model.test.ts',
    '--testTimeout',
    '0',
    ...(process.env.DATABASE_URL ? [] : ['--project', 'node']),
  ],
  { stdio: 'inherit', env },
);
process.exit(run.status ?? 1);
