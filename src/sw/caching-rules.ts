/**
 * What the service worker (./sw.ts) may answer, and from where: pure rules, no worker globals,
 * so a test walks them (./caching-rules.test.ts).
 *
 * - API: a request under /api/ (on any origin) or carrying an Authorization header is never routed: the worker
 *   does not answer it, the browser fetches it as if there were no worker, and no cache ever holds it. The one
 *   exception is the catalogue's public game art (`/api/art/`, images without Authorization: the same bytes for
 *   everyone), cached like other art below.
 * - Navigations to an app route (src/app/routes.ts, Portuguese and /en): network first, the precached
 *   index.html when the network fails. Any other same-origin navigation (unknown paths, /sandbox, /builds/, …):
 *   network, the offline page when it fails. Never index.html for those.
 * - Images: the build's /assets/ images, the public game art and images of the configured art origins (the
 *   platform's and the game provider's), stale-while-revalidate with an expiry, 200 answers only.
 */
import { localizedRoutePath, ROUTES } from '../app/routes';
import { OFFLINE_PAGES, type OfflineLanguage } from './offline-pages';

export { OFFLINE_PAGES, OFFLINE_STYLESHEET, type OfflineLanguage } from './offline-pages';

/** The precached shell every app route starts from. */
export const SHELL_URL = '/index.html';

/** The runtime cache of images (game art, brand assets); versioned so a change of rules starts afresh. */
export const IMAGE_CACHE = 'images-v1';
export const IMAGE_CACHE_MAX_ENTRIES = 300;
export const IMAGE_CACHE_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * Paths that are never the app, whatever the route table says (API, QA panel, the offline inspection page under
 * /qa/, build files, static folders).
 */
const NOT_APP = /^\/(api|sandbox|qa|builds|assets|boot|audio|offline|icons|push-stand-in)(\/|$)/i;
/** Public images under /api/: the catalogue's game art. */
const PUBLIC_ART = /^\/api\/art\//;

function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, (c: string) => `\\${c}`),
    )
    .join('/');
  return new RegExp(`^${source === '/' ? '' : source}/?$`, 'i');
}

/** Every app route's path in both languages, as patterns (`:param` matches one segment). */
const APP_ROUTES: readonly RegExp[] = ROUTES.flatMap((entry) =>
  (['pt', 'en'] as const).map((locale) => patternOf(localizedRoutePath(entry, locale))),
);

export function isApiPath(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** Whether the request is an API call the worker must leave alone (never answered, never cached). */
export function isApiRequest(request: Pick<Request, 'headers'>, url: URL): boolean {
  return isApiPath(url.pathname) || request.headers.has('authorization');
}

/** Whether a path is one of the app's routes (what the precached index.html may answer). */
export function isAppRoute(pathname: string): boolean {
  if (NOT_APP.test(pathname)) return false;
  return APP_ROUTES.some((pattern) => pattern.test(pathname));
}

/** The navigations the worker answers (network first, then the shell or the offline page): same origin, no API. */
export function isHandledNavigation(request: Pick<Request, 'mode' | 'headers'>, url: URL, origin: string): boolean {
  return request.mode === 'navigate' && url.origin === origin && !isApiRequest(request, url);
}

/**
 * The images cached at run time: GET image requests without Authorization, from this origin's /assets/ or the
 * public game art, or from one of `artOrigins` (outside their /api/ but for the art).
 */
export function isCacheableImage(
  request: Pick<Request, 'method' | 'destination' | 'headers'>,
  url: URL,
  origin: string,
  artOrigins: readonly string[],
): boolean {
  if (request.method !== 'GET' || request.destination !== 'image') return false;
  if (request.headers.has('authorization')) return false;
  if (isApiPath(url.pathname))
    return PUBLIC_ART.test(url.pathname) && (url.origin === origin || artOrigins.includes(url.origin));
  if (url.origin === origin) return url.pathname.startsWith('/assets/');
  return artOrigins.includes(url.origin);
}

/**
 * The offline page's language: English under /en, else the first of the browser's languages (Accept-Language,
 * by weight) that the site has; Portuguese otherwise.
 */
export function offlineLanguage(pathname: string, acceptLanguage: string | null): OfflineLanguage {
  if (pathname === '/en' || pathname.startsWith('/en/')) return 'en';
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'pt' || tag.startsWith('pt-')) return 'pt-BR';
    if (tag === 'en' || tag.startsWith('en-')) return 'en';
  }
  return 'pt-BR';
}

/** What the navigation handler needs from the worker (fakes in tests). */
export interface NavigationDeps {
  fetch: (request: Request) => Promise<Response>;
  /** The precached answer for a URL of the build (workbox-precaching's matchPrecache). */
  matchPrecache: (url: string) => Promise<Response | undefined>;
}

/**
 * A navigation: the network's answer whenever there is one (any status: the server's index.html carries the
 * brand's current CSP, and a new build shows at once); when the network fails, the precached shell for an app
 * route, else the offline page in the request's language; an error when neither is precached.
 */
export function navigationHandler(deps: NavigationDeps) {
  return async ({ request, url }: { request: Request; url: URL }): Promise<Response> => {
    try {
      return await deps.fetch(request);
    } catch {
      const shell = isAppRoute(url.pathname) ? await deps.matchPrecache(SHELL_URL) : undefined;
      if (shell) return shell;
      const language = offlineLanguage(url.pathname, request.headers.get('accept-language'));
      return (await deps.matchPrecache(OFFLINE_PAGES[language])) ?? Response.error();
    }
  };
}
