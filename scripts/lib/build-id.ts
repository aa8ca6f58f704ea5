/**
 * The build's id (spec §7 "GET builds/latest.json polled for new versions"): a new one per build
 * (`BUILD_ID` from the environment when given, e.g. a commit, else the time and a random part), compiled into the
 * app as `import.meta.env.VITE_BUILD_ID`, written to the page as `<meta name="build-id">` and to
 * `builds/latest.json` (`{ "id", "builtAt" }`), which open tabs poll (src/app/build-watch.ts).
 *
 * latest.json must never be cached: the preview server answers it with `Cache-Control: no-store` (the app's
 * fetch asks for no-store too), and the service worker must neither precache nor runtime-cache `builds/**`. The
 * dev server answers it with its own id ("dev"), which never changes.
 */
import { randomBytes } from 'node:crypto';
import type { Connect, Plugin } from 'vite';

export const LATEST_BUILD_PATH = '/builds/latest.json';
const DEV_BUILD_ID = 'dev';
const ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export function newBuildId(env: string | undefined = process.env.BUILD_ID): string {
  if (env !== undefined && env !== '') {
    if (!ID_PATTERN.test(env)) throw new Error(`BUILD_ID=${env}: expected 1 to 64 letters, digits, ".", "_" or "-"`);
    return env;
  }
  return `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

/** `Cache-Control: no-store` on latest.json, before the static files answer it. */
const noStore =
  (id?: string): Connect.NextHandleFunction =>
  (req, res, next) => {
    if (req.url?.split('?')[0] !== LATEST_BUILD_PATH) return next();
    res.setHeader('Cache-Control', 'no-store');
    if (id === undefined) return next();
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ id, builtAt: null }));
  };

export function buildIdPlugin(): Plugin {
  let id = DEV_BUILD_ID;
  let builtAt = new Date().toISOString();
  return {
    name: 'build-id',
    config(_, { command }) {
      id = command === 'build' ? newBuildId() : DEV_BUILD_ID;
      builtAt = new Date().toISOString();
      return { define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(id) } };
    },
    transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'build-id', content: id }, injectTo: 'head' }],
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: LATEST_BUILD_PATH.slice(1),
        source: `${JSON.stringify({ id, builtAt })}\n`,
      });
    },
    configureServer(server) {
      server.middlewares.use(noStore(DEV_BUILD_ID));
    },
    configurePreviewServer(server) {
      server.middlewares.use(noStore());
    },
  };
}
