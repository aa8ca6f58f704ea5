/**
 * The service worker's offline pages: written into the build from the catalogues by
 * scripts/lib/vite-offline-page.ts, precached by the worker and answered when a navigation fails offline
 * (./caching-rules.ts). No imports: the Vite config reads this file.
 */
export type OfflineLanguage = 'pt-BR' | 'en';

export const OFFLINE_PAGES: Record<OfflineLanguage, string> = {
  'pt-BR': '/offline/pt-BR.html',
  en: '/offline/en.html',
};

/** Their style sheet (the app's CSP allows same-origin style sheets, not inline styles). */
export const OFFLINE_STYLESHEET = '/offline/offline.css';
