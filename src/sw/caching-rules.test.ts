import { describe, expect, it } from 'vitest';
import {
  isApiRequest,
  isAppRoute,
  isCacheableImage,
  isHandledNavigation,
  navigationHandler,
  offlineLanguage,
  OFFLINE_PAGES,
  SHELL_URL,
} from './caching-rules';

const ORIGIN = 'https://sorteverde.example';
const ART_ORIGINS = ['https://platform.example', 'https://provider.example'];
const url = (path: string) => new URL(path, ORIGIN);

interface FakeRequest {
  mode: RequestMode;
  method: string;
  destination: RequestDestination;
  headers: Headers;
}
function request(overrides: Partial<Omit<FakeRequest, 'headers'>> & { headers?: Record<string, string> } = {}) {
  return {
    mode: overrides.mode ?? 'cors',
    method: overrides.method ?? 'GET',
    destination: overrides.destination ?? '',
    headers: new Headers(overrides.headers ?? {}),
  };
}
const image = (headers: Record<string, string> = {}) => request({ mode: 'no-cors', destination: 'image', headers });
const navigation = (headers: Record<string, string> = {}) =>
  request({ mode: 'navigate', destination: 'document', headers });
const BEARER = { authorization: 'Bearer secret-token' };

/** Every rule that could make the worker answer (or cache) a request. */
function anyRouteMatches(req: ReturnType<typeof request>, target: URL): boolean {
  return isHandledNavigation(req, target, ORIGIN) || isCacheableImage(req, target, ORIGIN, ART_ORIGINS);
}

describe('service worker rules: API answers are never routed (bad input and safety)', () => {
  const apiUrls = [
    '/api',
    '/api/auth/me',
    '/api/wallet/balance',
    '/api/user/profile?x=1',
    '/api/uploads/avatars/1.png',
    '/api/uploads/chat/abc.png',
    '/api/site-config?domain=localhost',
    'https://platform.example/api/auth/me',
    'https://platform.example/api/uploads/avatars/1.png',
  ];

  it.each(apiUrls)('%s: no rule matches, whatever the request kind', (path) => {
    const target = url(path);
    for (const req of [request(), request({ method: 'POST' }), request({ headers: BEARER }), navigation(), image()]) {
      expect(anyRouteMatches(req, target)).toBe(false);
    }
    expect(isApiRequest(request(), target)).toBe(true);
  });

  it('a request carrying Authorization is never routed, even an image of /assets/ or a page', () => {
    expect(isApiRequest(request({ headers: BEARER }), url('/assets/logo-abc.png'))).toBe(true);
    expect(anyRouteMatches(image(BEARER), url('/assets/logo-abc.png'))).toBe(false);
    expect(anyRouteMatches(image(BEARER), url('/api/art/games/x.svg'))).toBe(false);
    expect(anyRouteMatches(image(BEARER), new URL('https://provider.example/art/x.png'))).toBe(false);
    expect(anyRouteMatches(navigation(BEARER), url('/casino/games'))).toBe(false);
  });

  it('the public game art is the one image under /api/ that is cached (images only, no Authorization)', () => {
    expect(isCacheableImage(image(), url('/api/art/games/fortuna.svg?m=1'), ORIGIN, ART_ORIGINS)).toBe(true);
    expect(
      isCacheableImage(image(), new URL('https://platform.example/api/art/games/x.svg'), ORIGIN, ART_ORIGINS),
    ).toBe(true);
    expect(isCacheableImage(request(), url('/api/art/games/x.svg'), ORIGIN, ART_ORIGINS)).toBe(false);
    expect(isCacheableImage(image(), new URL('https://elsewhere.example/api/art/x.svg'), ORIGIN, ART_ORIGINS)).toBe(
      false,
    );
  });
});

describe('service worker rules: images', () => {
  it('caches the build’s /assets/ images and the art origins’ images, GET only', () => {
    expect(isCacheableImage(image(), url('/assets/banner-abc.webp'), ORIGIN, ART_ORIGINS)).toBe(true);
    expect(isCacheableImage(image(), new URL('https://provider.example/thumbs/x.png'), ORIGIN, ART_ORIGINS)).toBe(true);
    expect(isCacheableImage(image(), url('/other/x.png'), ORIGIN, ART_ORIGINS)).toBe(false);
    expect(isCacheableImage(image(), new URL('https://cdn.unknown.example/x.png'), ORIGIN, ART_ORIGINS)).toBe(false);
    expect(isCacheableImage({ ...image(), method: 'POST' }, url('/assets/banner-abc.webp'), ORIGIN, ART_ORIGINS)).toBe(
      false,
    );
    // A script or style of /assets/ is the precache's, not this cache's.
    expect(isCacheableImage(request({ destination: 'script' }), url('/assets/index-abc.js'), ORIGIN, ART_ORIGINS)).toBe(
      false,
    );
  });
});

describe('service worker rules: navigations', () => {
  it.each([
    '/',
    '/en',
    '/en/',
    '/casino/games',
    '/en/casino/games',
    '/casino/tucano/frutas-da-sorte',
    '/user/edit/personal-data',
    '/account/wallet',
    '/pages/sobre-nos',
    '/NewComponents',
    '/newcomponents',
    '/login',
  ])('%s is an app route (the precached shell may answer it offline)', (path) => {
    expect(isAppRoute(path)).toBe(true);
    expect(isHandledNavigation(navigation(), url(path), ORIGIN)).toBe(true);
  });

  it.each([
    '/api/auth/me',
    '/sandbox',
    '/sandbox/players/1/audit.csv',
    '/qa/inspector.html',
    '/qa',
    '/builds/latest.json',
    '/assets/index-abc.js',
    '/boot/site-config.js',
    '/offline/en.html',
    '/sw.js',
    '/no-such-page',
    '/en/no-such-page',
    '/casino/a/b/c',
  ])('%s is not an app route: never the shell', (path) => {
    expect(isAppRoute(path)).toBe(false);
  });

  it('handles same-origin navigations only, never an API path or another origin', () => {
    expect(isHandledNavigation(navigation(), url('/sandbox'), ORIGIN)).toBe(true);
    expect(isHandledNavigation(navigation(), url('/api/sandbox'), ORIGIN)).toBe(false);
    expect(isHandledNavigation(navigation(), new URL('https://evil.example/'), ORIGIN)).toBe(false);
    expect(isHandledNavigation(request(), url('/'), ORIGIN)).toBe(false);
  });
});

describe('service worker rules: the offline page’s language', () => {
  it.each([
    ['/en', null, 'en'],
    ['/en/casino', 'pt-BR,pt;q=0.9', 'en'],
    ['/sandbox', 'en-US,en;q=0.9', 'en'],
    ['/sandbox', 'fr-FR, en;q=0.5, pt;q=0.8', 'pt-BR'],
    ['/sandbox', 'de, en-GB;q=0.7', 'en'],
    ['/sandbox', 'pt-BR', 'pt-BR'],
    ['/sandbox', 'en;q=0, fr', 'pt-BR'],
    ['/sandbox', null, 'pt-BR'],
    ['/sandbox', '', 'pt-BR'],
    ['/english', 'de', 'pt-BR'],
  ] as const)('%s with Accept-Language %s → %s', (path, accept, expected) => {
    expect(offlineLanguage(path, accept)).toBe(expected);
  });
});

describe('service worker navigation handler', () => {
  const precached = new Map([
    [SHELL_URL, 'shell'],
    [OFFLINE_PAGES['pt-BR'], 'offline pt'],
    [OFFLINE_PAGES.en, 'offline en'],
  ]);
  const matchPrecache = async (path: string) => {
    const body = precached.get(path);
    return body === undefined ? undefined : new Response(body);
  };
  const offline = async (): Promise<Response> => {
    throw new TypeError('Failed to fetch');
  };
  const navigate = (path: string, accept?: string) => ({
    request: new Request(url(path), { headers: accept ? { 'accept-language': accept } : {} }),
    url: url(path),
  });

  it('answers with the network whenever it answers, whatever the status', async () => {
    const handler = navigationHandler({ fetch: async () => new Response('fresh', { status: 404 }), matchPrecache });
    const res = await handler(navigate('/casino/games'));
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('fresh');
  });

  it('offline: the shell for an app route, the offline page in its language otherwise', async () => {
    const handler = navigationHandler({ fetch: offline, matchPrecache });
    expect(await (await handler(navigate('/en/casino/games'))).text()).toBe('shell');
    expect(await (await handler(navigate('/no-such-page'))).text()).toBe('offline pt');
    expect(await (await handler(navigate('/en/no-such-page'))).text()).toBe('offline en');
    expect(await (await handler(navigate('/sandbox', 'en-US'))).text()).toBe('offline en');
  });

  it('offline with nothing precached: the offline page for an app route, else a network error', async () => {
    const onlyOffline = async (path: string) => (path === OFFLINE_PAGES.en ? new Response('offline en') : undefined);
    const handler = navigationHandler({ fetch: offline, matchPrecache: onlyOffline });
    expect(await (await handler(navigate('/en/casino/games'))).text()).toBe('offline en');
    const none = navigationHandler({ fetch: offline, matchPrecache: async () => undefined });
    expect((await none(navigate('/'))).type).toBe('error');
  });
});
