/**
 * The reference app (bench/reference-app/): built and served beside the product by `npm run bench`, so every
 * first-load and Lighthouse figure of the product is printed as a ratio to it, measured in the same run.
 */
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, preview } from 'vite';

/** Its own port and build folder (REFERENCE_APP_PORT, REFERENCE_OUT_DIR), apart from the product's. */
export const referenceOutDir = process.env.REFERENCE_OUT_DIR ?? 'dist-bench-reference';
const port = Number(process.env.REFERENCE_APP_PORT ?? Number(process.env.APP_PORT ?? 4273) + 1);

export async function startReference(): Promise<{ url: string; outDir: string; stop(): Promise<void> }> {
  const root = resolve('bench/reference-app');
  const outDir = resolve(referenceOutDir);
  const sandbox = `http://127.0.0.1:${process.env.SANDBOX_API_PORT ?? 8887}`;
  const common = { root, configFile: false as const, logLevel: 'warn' as const, plugins: [react()] };
  await build({ ...common, build: { outDir, emptyOutDir: true, target: 'es2022' } });
  const server = await preview({
    ...common,
    build: { outDir },
    preview: {
      host: '127.0.0.1',
      port,
      strictPort: true,
      proxy: { '/api': { target: sandbox, changeOrigin: false } },
    },
  });
  return {
    url: `http://localhost:${port}/`,
    outDir: referenceOutDir,
    stop: () => new Promise((done) => server.httpServer.close(() => done())),
  };
}
