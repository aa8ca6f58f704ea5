import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { localeFromPath } from '../i18n/locale';
import { takePrefetchedSiteConfig, type SiteConfigPrefetch } from './site-config-prefetch';

const script = readFileSync(new URL('../../public/boot/site-config.js', import.meta.url), 'utf8');

/** Runs the boot script in a window at `href`; what it started, and the URL it fetched. */
function boot(href: string, fetchResult: Promise<unknown> = Promise.resolve({ status: 200 })) {
  const url = new URL(href);
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const window: Record<string, unknown> = {
    location: { pathname: url.pathname, hostname: url.hostname },
    fetch: (u: string, init: RequestInit) => {
      calls.push({ url: u, init });
      return fetchResult;
    },
  };
  runInNewContext(script, { window });
  return { window, prefetch: window.__siteConfigPrefetch as SiteConfigPrefetch, calls };
}

describe('the early site-config call (public/boot/site-config.js)', () => {
  it.each(['/', '/en', '/en/', '/en/casino/games', '/casino/games', '/enigma', '/pt/en', '/entrar'])(
    'picks the language of %s as the app does',
    (path) => {
      const { prefetch, calls } = boot(`http://azul.localhost:4173${path}`);
      expect(prefetch.locale).toBe(localeFromPath(path));
      const asked = new URL(calls[0]!.url, 'http://x');
      expect(asked.pathname).toBe('/api/site-config');
      expect(asked.searchParams.get('locale')).toBe(localeFromPath(path));
      expect(asked.searchParams.get('domain')).toBe('azul.localhost');
      expect(Number(asked.searchParams.get('t'))).toBeGreaterThan(0);
      expect(calls[0]!.init.cache).toBe('no-store');
    },
  );

  it('resolves to null when the network fails, so the app asks itself', async () => {
    const { prefetch } = boot('http://localhost/', Promise.reject(new TypeError('offline')));
    await expect(prefetch.response).resolves.toBeNull();
  });

  it('is taken once, and only for the same domain and language', async () => {
    const answer = { status: 200 } as Response;
    const { window } = boot('http://localhost/en/casino', Promise.resolve(answer));
    expect(takePrefetchedSiteConfig('localhost', 'pt', { ...window })).toBeNull();
    expect(takePrefetchedSiteConfig('azul.localhost', 'en', { ...window })).toBeNull();
    await expect(takePrefetchedSiteConfig('localhost', 'en', window)).resolves.toBe(answer);
    expect(takePrefetchedSiteConfig('localhost', 'en', window)).toBeNull();
  });

  it('is null when no early call was started (tests, other pages)', () => {
    expect(takePrefetchedSiteConfig('localhost', 'pt', {})).toBeNull();
  });
});
