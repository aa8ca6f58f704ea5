/// <reference lib="webworker" />
/**
 * The app's service worker (built by vite-plugin-pwa in injectManifest mode from this file to /sw.js; in dev,
 * /dev-sw.js?dev-sw). It holds web push: `push` shows the notification, `notificationclick` opens the
 * right page (./push-handlers.ts). With Workbox (what may be answered: ./caching-rules.ts):
 *
 * - precache: the build's manifest (injected by vite-plugin-pwa: its JS, CSS and HTML with the route chunks, the
 *   offline pages), outdated precaches removed on activation;
 * - navigations: network first; offline, an app route gets the precached index.html and any other path the
 *   offline page in its language (/offline/pt-BR.html, /offline/en.html, written from the catalogues by
 *   scripts/lib/vite-offline-page.ts);
 * - images (game art, brand assets): stale-while-revalidate in `images-v1`, 300 entries, 30 days, 200s only;
 * - API calls (/api/, or carrying Authorization) are never routed: the browser fetches them as without a worker,
 *   so no player's data is ever cached or served from here.
 *
 * In dev (`npm start`) only push is wired: no route, no precache (the manifest is empty there), and the caches a
 * build's worker may have left on this origin are deleted, so a developer never sees stale modules.
 * The reload on a new build is src/sw/register.ts's business (another issue-17 item), not this file's.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import {
  IMAGE_CACHE,
  IMAGE_CACHE_MAX_AGE_S,
  IMAGE_CACHE_MAX_ENTRIES,
  isCacheableImage,
  isHandledNavigation,
  navigationHandler,
} from './caching-rules';
import { openFromNotification, readPushMessage, showPush, type WorkerLike } from './push-handlers';

declare const self: ServiceWorkerGlobalScope;
/** The origins whose images count as game art besides this one (vite.config.ts: the platform, the provider). */
declare const __SW_ART_ORIGINS__: readonly string[];

const worker: WorkerLike = {
  origin: self.location.origin,
  showNotification: (title, options) => self.registration.showNotification(title, options),
  windows: () => self.clients.matchAll({ type: 'window', includeUncontrolled: true }),
  openWindow: (url) => self.clients.openWindow(url),
};

// A new worker takes over at once. Safe with the precache: hashed chunks never change under a URL, and the old
// build's chunks a page may still import are fetched from the network once the new worker has replaced them.
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

if (import.meta.env.DEV) {
  // A build's worker may have cached this origin: nothing of it may stand between the dev server and the page.
  self.addEventListener('activate', (event) =>
    event.waitUntil(caches.keys().then((names) => Promise.all(names.map((name) => caches.delete(name))))),
  );
} else {
  const origin = self.location.origin;
  // First, so a navigation to / never reaches the precache's own route (which would answer it cache-first).
  registerRoute(
    ({ request, url }) => isHandledNavigation(request, url, origin),
    navigationHandler({ fetch: (request) => fetch(request), matchPrecache }),
  );
  precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
  cleanupOutdatedCaches();
  registerRoute(
    ({ request, url }) => isCacheableImage(request, url, origin, __SW_ART_ORIGINS__),
    new StaleWhileRevalidate({
      cacheName: IMAGE_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({
          maxEntries: IMAGE_CACHE_MAX_ENTRIES,
          maxAgeSeconds: IMAGE_CACHE_MAX_AGE_S,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(worker, readPushMessage(event.data, self.location.hostname)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openFromNotification(worker, data?.url));
});
