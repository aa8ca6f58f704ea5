/**
 * The tag manager's settings (spec §2.3, §5 "GTM id format: GTM- followed by letters or digits"), shared by the app
 * (which loads the script) and the preview server's Content-Security-Policy (which allows its host): both use the
 * same rule, so an id the app ignores never opens the policy either.
 */

/** §5: `GTM-` followed by letters or digits (nothing else: no quotes, brackets or spaces). */
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]+$/i;

export function isValidGtmId(id: unknown): id is string {
  return typeof id === 'string' && id.length <= 32 && GTM_ID_PATTERN.test(id);
}

/**
 * The tag manager's script URL for a brand, or null when it must not load (§2.3: only when `gtmId` and `gtmSource`
 * are present; and only a valid id and an http(s) source). `gtmSource` is the tag manager's address: an origin
 * (`https://www.googletagmanager.com`, or a server-side container's host, bare hosts taken as https) or a URL
 * whose path ends in `.js`; the script is `<source>/gtm.js?id=<gtmId>` (or that `.js` URL with `?id=<gtmId>`).
 */
export function tagManagerScriptUrl(settings: { gtmId?: unknown; gtmSource?: unknown }): string | null {
  const { gtmId, gtmSource } = settings;
  if (!isValidGtmId(gtmId) || typeof gtmSource !== 'string' || gtmSource.trim() === '') return null;
  const text = gtmSource.trim();
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return null;
  if (!/\.js$/i.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/gtm.js`;
  url.search = '';
  url.hash = '';
  url.searchParams.set('id', gtmId);
  return url.href;
}
