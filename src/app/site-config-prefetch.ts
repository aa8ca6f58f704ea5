/**
 * The site config's early call (issue 11): public/boot/site-config.js starts GET /api/site-config while the app's
 * script is still on its way; the site's first fetch takes that answer here, once.
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
