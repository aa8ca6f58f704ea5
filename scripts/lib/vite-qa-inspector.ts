import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin, ResolvedConfig } from 'vite';
import { noMessageParser, precompileMessages } from './vite-precompile-messages.ts';

/** Where the offline inspection page's code goes in the build (the service worker precaches none of it). */
export const QA_ASSETS_DIR = 'assets/qa';

/**
 * The offline inspection page (qa/inspector.html, src/qa-inspector/) in the production build, as
 * a build of its own into the same folder once the app's is written: `qa/inspector.html` and its code under
 * assets/qa/. The dev server serves qa/inspector.html from the source as it is.
 *
 * Not a second input of the app's build: the app puts every module an entry imports statically into one first
 * chunk (`codeSplitting.groups` `$initial`), and with two entries that chunk took both pages' entry
 * modules, so a player's page would have run the inspection page's code (checked: the built index.html loaded
 * a chunk with both entries in it). A QA tool must never load in a player's page, and the player's first chunk
 * must stay one chunk: so two builds. The page shares no file with the app's build (its own React, XState and
 * catalogue part), loads nothing from it, and the app never links to it.
 */
export function qaInspectorPage(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'qa-inspector-page',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        if (!config || config.build.ssr) return;
        const { build } = await import('vite');
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [react(), precompileMessages()],
          resolve: { alias: [noMessageParser] },
          build: {
            outDir: config.build.outDir,
            emptyOutDir: false,
            target: 'es2022',
            sourcemap: true,
            // elkjs is ≈ 1.4 MB minified: a QA tool's, loaded on its own page only.
            chunkSizeWarningLimit: 2000,
            rolldownOptions: {
              input: { 'qa-inspector': resolve(config.root, 'qa/inspector.html') },
              output: {
                entryFileNames: `${QA_ASSETS_DIR}/[name]-[hash].js`,
                chunkFileNames: `${QA_ASSETS_DIR}/[name]-[hash].js`,
                assetFileNames: `${QA_ASSETS_DIR}/[name]-[hash][extname]`,
              },
            },
          },
        });
      },
    },
  };
}
