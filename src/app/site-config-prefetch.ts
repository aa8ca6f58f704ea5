/**
 * The site config's early call (first load): public/boot/site-config.js, a plain script index.html
 * loads before the app's (CSP 'self', no inline script), starts GET /api/site-config as soon as the HTML is
 * parsed, instead of after the app's script has been fetched and run (the banner, the page's largest paint, waits
 * for the config). The site's first fetch takes that answer here, once, if it is for the same domain and language,
 * and asks again itself for anything but a 200 or a 402. The script's language rule is src/i18n/locale.ts's
 * localeFromPath (site-config-prefetch.test.ts holds them together). Written small: the bench counts its bytes.
 */
export interface SiteConfigPrefetch {
  domain: string;
  locale: string;
  response: Promise<Response | null>;
}

const KEY = '__siteConfigPrefetch';

/**
 * The early answer for this domain and language, taken once (later calls, another domain or language: null, the
 * caller asks itself). Resolves to null when the early call failed on the network.
 */
export function takePrefetchedSiteConfig(
  domain: string,
  locale: string,
  from: Record<string, unknown> = typeof window === 'undefined' ? {} : (window as unknown as Record<string, unknown>),
): Promise<Response | null> | null {
  const prefetch = from[KEY] as SiteConfigPrefetch | undefined;
  if (!prefetch) return null;
  delete from[KEY];
  if (prefetch.domain !== domain || prefetch.locale !== locale) return null;
  return prefetch.response;
}
