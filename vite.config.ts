import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { noMessageParser, precompileMessages } from './scripts/lib/vite-precompile-messages.ts';
import { securityHeadersPlugin } from './scripts/lib/csp.ts';
import { offlinePage } from './scripts/lib/vite-offline-page.ts';
import { webManifestPlugin } from './scripts/lib/web-manifest.ts';
import { buildIdPlugin } from './scripts/lib/build-id.ts';
import { qaInspectorPage } from './scripts/lib/vite-qa-inspector.ts';

/** The sandbox platform (npm start runs it); the app reaches it through this proxy. */
const sandbox = `http://127.0.0.1:${process.env.SANDBOX_API_PORT ?? 8787}`;
/** The sandbox's game provider (games and the sportsbook are framed from its own origin). */
const gameProvider = `http://${process.env.SANDBOX_PROVIDER_HOST ?? '127.0.0.1'}:${process.env.SANDBOX_PROVIDER_PORT ?? 8788}`;
const proxy: Record<string, ProxyOptions> = {
  // Keep the Host header: the sandbox picks the brand from it (azul.localhost, …).
  '/api': { target: sandbox, changeOrigin: false },
};
// Brands are tried on *.localhost, which Chromium resolves to loopback.
const allowedHosts = ['.localhost', 'localhost', '127.0.0.1'];

/**
 * Every browser dependency, pre-bundled when the dev server starts: otherwise Vite finds the lazily loaded
 * ones (pusher-js, forms, QR, …) on first use in a fresh clone and reloads the page mid-flight.
 */
const browserDependencies = [
  '@statelyai/inspect',
  '@xstate/react',
  'dompurify',
  // The offline inspection page's layout library (qa/inspector.html, issue 18 item 3).
  'elkjs/lib/elk.bundled.js',
  'openapi-fetch',
  'pusher-js',
  'qrcode.react',
  'react',
  'react-dom/client',
  'react-hook-form',
  'react-intl',
  'react-router-dom',
  // The service worker's (src/sw/sw.ts: the dev server serves it as a module worker).
  'workbox-cacheable-response',
  'workbox-expiration',
  'workbox-precaching',
  'workbox-routing',
  'workbox-strategies',
  'xstate',
  'zod',
  'zod/mini',
];

export default defineConfig({
  // The built app's Content-Security-Policy and security headers, per brand (docs/security-headers.md).
  plugins: [
    react(),
    precompileMessages(),
    securityHeadersPlugin({ platformOrigin: sandbox, gameOrigins: [gameProvider] }),
    // The build's id in the app, the page and builds/latest.json (never cached), for new-build detection.
    buildIdPlugin(),
    // The web app manifest of the Host's brand (/manifest.webmanifest; issue 17, scripts/lib/web-manifest.ts).
    webManifestPlugin({ platformOrigin: sandbox }),
    // The service worker's offline pages (/offline/pt-BR.html, /offline/en.html), from the catalogues.
    offlinePage(),
    // The offline inspection page for QA (issue 18 item 3, qa/inspector.html): a build of its own into assets/qa/,
    // never part of a player's page (scripts/lib/vite-qa-inspector.ts says why it is not a second input here).
    qaInspectorPage(),
    // The service worker (src/sw/sw.ts → /sw.js), our own source in injectManifest mode (issue 17 item 1; what it
    // answers: src/sw/caching-rules.ts). The precache manifest is the build's JS, CSS and HTML (shell, route
    // chunks, offline pages) and the shell's fonts and icons; no source map, no audio, no large image (images
    // are cached at run time). No web manifest or registration script is generated (src/sw/register.ts
    // registers after load). The dev server serves the worker too (/dev-sw.js?dev-sw, a module worker) with an
    // empty manifest; there it answers nothing (push only), so modules are never stale.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // One pattern (a pattern matching nothing is warned about): the code, the pages, fonts, icons, favicon.
        globPatterns: ['{**/*.{js,css,html,woff2},icons/**/*.{png,svg,webp},favicon.{ico,svg,png}}'],
        // Not the offline inspection page (qa/inspector.html, assets/qa/): a QA tool no player needs.
        globIgnores: ['**/*.map', '.vite/**', 'qa/**', 'assets/qa/**'],
        // The entry chunk is ≈ 530 kB; anything far larger is not the shell.
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
      devOptions: { enabled: true, type: 'module' },
    }),
  ],
  // The origins whose images the service worker caches as game art besides the app's own (src/sw/sw.ts).
  define: { __SW_ART_ORIGINS__: JSON.stringify([new URL(sandbox).origin, new URL(gameProvider).origin]) },
  resolve: { alias: [noMessageParser] },
  optimizeDeps: { include: browserDependencies },
  server: { host: '127.0.0.1', port: Number(process.env.APP_PORT ?? 5173), strictPort: true, allowedHosts, proxy },
  preview: { host: '127.0.0.1', port: Number(process.env.APP_PORT ?? 4173), strictPort: true, allowedHosts, proxy },
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: true,
    // Every module of the first load in one chunk (issue 11): the libraries the lazy chunks share would otherwise
    // be split into several small chunks, each fetched and gzipped on its own (≈ 4 KB gzip more for home).
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } } },
    // That chunk is the whole first load (≈ 500 kB minified, 151 KB gzip): its budget is held by `npm run bench`.
    chunkSizeWarningLimit: 700,
  },
});
