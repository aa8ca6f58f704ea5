/**
 * Registers the service worker (src/sw/sw.ts) once the first screen is done and the page is quiet again, never in
 * the way of the first load (main.tsx imports this module only then; a flow that needs the worker sooner, such as
 * a push subscription, calls `ensureServiceWorker`), and lets a notification click move an open tab in-app.
 */
import { OPEN_MESSAGE } from './push-handlers';

/** The worker's URL: the build's /sw.js; the dev server's module worker (vite-plugin-pwa devOptions). */
export const SW_URL = import.meta.env.DEV ? '/dev-sw.js?dev-sw' : '/sw.js';
const SW_TYPE: WorkerType = import.meta.env.DEV ? 'module' : 'classic';

let registering: Promise<ServiceWorkerRegistration> | undefined;

/** The worker's registration (registered once a page); rejects where there are no service workers. */
export function ensureServiceWorker(): Promise<ServiceWorkerRegistration> {
  if (!('serviceWorker' in navigator)) return Promise.reject(new Error('no service worker support'));
  // A registration or a rejection: a browser (or an automation that blocks workers) whose register() resolves
  // with nothing is treated as one without service workers.
  registering ??= navigator.serviceWorker
    .register(SW_URL, { scope: '/', type: SW_TYPE })
    .then((registration) => registration ?? Promise.reject(new Error('service worker registration refused')));
  registering.catch(() => (registering = undefined));
  return registering;
}

/** An in-app navigation the router follows (it listens to popstate and reads the address). */
function navigateInApp(url: string): void {
  if (`${location.pathname}${location.search}${location.hash}` === url) return;
  history.pushState(null, '', url);
  dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type === OPEN_MESSAGE && typeof data.url === 'string' && data.url.startsWith('/'))
      navigateInApp(data.url);
  });
  void ensureServiceWorker().catch(() => undefined);
}
