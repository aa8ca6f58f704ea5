import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { wholeCatalogParts } from './scripts/lib/vite-precompile-messages.ts';

/**
 * The sandbox's suites that move money, run a second time on a real PostgreSQL server when DATABASE_URL names one
 * (`.ci/run` starts one; by hand: `eval "$(scripts/ci/postgres.sh start)"`): each file gets a database of its own
 * there (sandbox/db/test-template.ts). The files named `*.postgres.test.ts` run only there.
 */
export const MONEY_SUITES = [
  'sandbox/money/**/*.test.ts',
  'sandbox/db/*.test.ts',
  'sandbox/provider/wallet.test.ts',
  'sandbox/provider/provider.test.ts',
  'sandbox/sportsbook/sportsbook.test.ts',
  'sandbox/api/deposit-coupon.test.ts',
  'sandbox/api/loss-limit.test.ts',
  'sandbox/api/responsible-gaming*.test.ts',
  'sandbox/api/rewards.test.ts',
  'sandbox/api/boxes.test.ts',
  'sandbox/api/hardening.test.ts',
  'sandbox/panel/bank.test.ts',
  'sandbox/seed-consistency.test.ts',
  'sandbox/sigap/*.test.ts',
  'tests/wallet/*.test.ts',
];
const POSTGRES_ONLY = '**/*.postgres.test.ts';
const postgres = Boolean(process.env.DATABASE_URL);

// Projects: pure Node (machines, sandbox, contract, client), jsdom (components), and with DATABASE_URL the money
// suites on PostgreSQL.
export default defineConfig({
  plugins: [react()],
  resolve: { alias: [wholeCatalogParts] },
  test: {
    reporters: ['default'],
    // Two files at a time even on CI's 2 cores (vitest's default there is one): most files wait on PGlite, HTTP
    // and sockets, so a clean run took 4.3 minutes instead of 6.3.
    maxWorkers: 2,
    globalSetup: ['tests/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'machines/**/*.test.ts',
            'shared/**/*.test.ts',
            'sandbox/**/*.test.ts',
            'tests/**/*.test.ts',
            'src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: [POSTGRES_ONLY, 'node_modules/**'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                environment: 'node',
                include: MONEY_SUITES,
                env: { SANDBOX_TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 90_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'tests/**/*.test.tsx'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
    ],
  },
});
