/**
 * Registers the service worker (src/sw/sw.ts) once the first screen is done and the page is quiet again, never in
 * the way of the first load (main.tsx imports this module only then; a flow that needs the worker sooner, such as
 * a push subscription, calls `ensureServiceWorker`). A notification click's message to an open tab is heard from
 * the entry (./push-open.ts).
 */

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

/** Registers the worker (the notification-click listener is the entry's: ./push-open.ts). */
export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  void ensureServiceWorker().catch(() => undefined);
}
