// @ts-check
/* global window */
/**
 * Issue 11 (first load): GET /api/site-config starts as soon as the HTML is parsed, beside the app's own script,
 * instead of after it has been fetched and run (the banner, the page's largest paint, waits for the config).
 * A plain script served as it is (CSP 'self'; no inline script): it only starts the call. The app
 * (src/app/site-config-prefetch.ts) takes the answer once, if it asks for the same domain and language, and asks
 * again itself for anything but a 200 or a 402. The language rule is src/i18n/locale.ts's localeFromPath (a test
 * holds them together).
 */
(function () {
  var path = window.location.pathname;
  var locale = path === '/en' || path.indexOf('/en/') === 0 ? 'en' : 'pt';
  var domain = window.location.hostname;
  var url = '/api/site-config?domain=' + encodeURIComponent(domain) + '&locale=' + locale + '&t=' + Date.now();
  /** @type {any} */ (window).__siteConfigPrefetch = {
    domain: domain,
    locale: locale,
    response: window.fetch(url, { cache: 'no-store', credentials: 'same-origin' }).catch(function () {
      return null;
    }),
  };
})();
