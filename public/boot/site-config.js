// src/app/site-config-prefetch.ts (issue 11)
/* global window */
(function (w) {
  var p = w.location.pathname;
  var l = p === '/en' || p.indexOf('/en/') === 0 ? 'en' : 'pt';
  var d = w.location.hostname;
  var u = '/api/site-config?domain=' + encodeURIComponent(d) + '&locale=' + l + '&t=' + Date.now();
  w.__siteConfigPrefetch = {
    domain: d,
    locale: l,
    response: w.fetch(u, { cache: 'no-store', credentials: 'same-origin' }).catch(function () {
      return null;
    }),
  };
})(window);
