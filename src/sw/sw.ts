/// <reference lib="webworker" />
/**
 * The app's service worker (built by vite-plugin-pwa in injectManifest mode from this file to /sw.js; in dev,
 * /dev-sw.js?dev-sw). Today it holds web push (issue 13): `push` shows the notification, `notificationclick` opens
 * the right page (./push-handlers.ts). It has no `fetch` handler and precaches nothing, so it never stands between
 * the page and the network. Issue 17 grows it: precaching the build's manifest (`precacheAndRoute(self.__WB_MANIFEST)`
 * with workbox-precaching, and `injectionPoint` restored in vite.config.ts), runtime caching and the reload on a new
 * build.
 */
import { openFromNotification, readPushMessage, showPush, type WorkerLike } from './push-handlers';

declare const self: ServiceWorkerGlobalScope;

const worker: WorkerLike = {
  origin: self.location.origin,
  showNotification: (title, options) => self.registration.showNotification(title, options),
  windows: () => self.clients.matchAll({ type: 'window', includeUncontrolled: true }),
  openWindow: (url) => self.clients.openWindow(url),
};

// A new worker takes over at once (there is no cache whose versions could mix).
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(worker, readPushMessage(event.data, self.location.hostname)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openFromNotification(worker, data?.url));
});
