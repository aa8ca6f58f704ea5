import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { wholeCatalogParts } from './scripts/lib/vite-precompile-messages.ts';

// Two projects: pure Node (machines, sandbox, contract, client) and jsdom (components).
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
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
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
