import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Connect, Plugin } from 'vite';
import { tagManagerScriptUrl } from '../../shared/tag-manager.ts';

/**
 * The security headers of the built app, as the preview server sends them with every answer
 * (`npm start -- --preview`, and so every Playwright run). docs/security-headers.md explains each choice.
 *
 * The policy is computed per brand (the Host), because what a page may load depends on the brand's settings:
 * the tag manager's host only when the brand has `gtmId` and `gtmSource`, the chat's hosts only when it has
 * `jivoChat`, Google sign-in's when `casAllowGoogleAuth` and `googleClientId`, the captcha's when
 * `turnstileSiteKey`; and the live connection's socket host and port from its `realtime` settings.
 */

/** What of the brand's site config (§3) the policy depends on. */
export interface CspBrandSettings {
  gtmId?: string | null;
  gtmSource?: string | null;
  jivoChat?: string | null;
  googleClientId?: string | null;
  casAllowGoogleAuth?: boolean | null;
  turnstileSiteKey?: string | null;
  realtime?: { wsHost?: string; wsPort?: number } | null;
}

export interface CspInput {
  /** The page's hostname (the brand's domain), for the socket host when the brand names none. */
  pageHostname: string;
  /** The page is served over https (sockets then use wss). */
  secure: boolean;
  /** Hashes (`sha256-…`) of the `<style>` elements of the built index.html. */
  styleHashes: string[];
  /** The brand's settings; null when they could not be read (then no third party is allowed). */
  brand: CspBrandSettings | null;
  /**
   * Origins of the game providers whose games (and sportsbook) the pages frame: the operator's integrations, the
   * same for every brand (the sandbox's provider in development and tests).
   */
  gameOrigins?: string[];
}

const LOCAL_HOSTS = /^(localhost|127\.0\.0\.1|\[::1\]|.+\.localhost)$/;

/** `https://host` of a configured source (a URL or a bare host); null when it is neither. */
export function originOf(source: string): string | null {
  const text = source.trim();
  if (text === '') return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Where the live connection's socket goes (§7 Connection): the brand's wsHost/wsPort, else the page's host. */
export function socketSources(input: Pick<CspInput, 'pageHostname' | 'secure' | 'brand'>): string[] {
  const realtime = input.brand?.realtime;
  const host = realtime?.wsHost || input.pageHostname;
  const local = LOCAL_HOSTS.test(host);
  const port = realtime?.wsPort ?? (local ? 6001 : undefined);
  const schemes = input.secure ? ['wss'] : ['ws', 'wss'];
  return schemes.map((scheme) => `${scheme}://${host}${port ? `:${port}` : ''}`);
}

type Directives = Record<string, string[]>;

/** The Content-Security-Policy value: no inline script, no eval, third parties only when the brand has them. */
export function buildCsp(input: CspInput): string {
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", ...input.styleHashes.map((h) => `'${h}'`)],
    // blob: the preview of a document the player chose (an object URL of this page's own, never fetched).
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...socketSources(input)],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  const allow = (directive: string, ...sources: string[]) => {
    const list = directives[directive] ?? [];
    directives[directive] = [...list.filter((s) => s !== "'none'"), ...sources.filter((s) => !list.includes(s))];
  };
  const games = (input.gameOrigins ?? []).map(originOf).filter((o): o is string => o !== null);
  if (games.length > 0) allow('frame-src', ...games);
  const brand = input.brand;
  // §5: only a valid GTM id with an http(s) source opens the policy (the same rule the app loads the script by).
  const gtmScript = brand ? tagManagerScriptUrl(brand) : null;
  const gtm = gtmScript ? new URL(gtmScript).origin : null;
  if (gtm) {
    allow('script-src', gtm);
    allow('connect-src', gtm);
    allow('frame-src', gtm);
  }
  if (brand?.jivoChat) {
    allow('script-src', 'https://code.jivosite.com', 'https://*.jivosite.com');
    allow('style-src', 'https://*.jivosite.com');
    allow('connect-src', 'https://*.jivosite.com', 'wss://*.jivosite.com');
    allow('frame-src', 'https://*.jivosite.com');
  }
  if (brand?.casAllowGoogleAuth && brand.googleClientId) {
    allow('script-src', 'https://accounts.google.com/gsi/client');
    allow('style-src', 'https://accounts.google.com/gsi/style');
    allow('connect-src', 'https://accounts.google.com/gsi/');
    allow('frame-src', 'https://accounts.google.com/gsi/');
  }
  if (brand?.turnstileSiteKey) {
    allow('script-src', 'https://challenges.cloudflare.com');
    allow('frame-src', 'https://challenges.cloudflare.com');
  }
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The headers sent with every answer of the built app. */
export function securityHeaders(csp: string): Record<string, string> {
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  };
}

/** `sha256-…` of each inline `<style>` element of a page (what the policy allows of inline CSS). */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/gi)].map(
    (m) =>
      `sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}`,
  );
}

interface CachedBrand {
  at: number;
  brand: CspBrandSettings | null;
}

/** How long a brand's settings are reused by the preview server (a panel change shows within this). */
export const BRAND_SETTINGS_TTL_MS = 5_000;

/**
 * The preview server's headers (`vite preview`): the policy of the request's brand, read from the platform's
 * site config (cached for a few seconds per host; unreadable → no third party), with the hashes of the built
 * index.html's `<style>` elements.
 */
export function securityHeadersPlugin(options: {
  platformOrigin: string;
  gameOrigins?: string[];
  fetch?: typeof fetch;
}): Plugin {
  const doFetch = options.fetch ?? fetch;
  const cache = new Map<string, CachedBrand>();

  async function brandOf(hostname: string): Promise<CspBrandSettings | null> {
    const hit = cache.get(hostname);
    if (hit && Date.now() - hit.at < BRAND_SETTINGS_TTL_MS) return hit.brand;
    let brand: CspBrandSettings | null = null;
    try {
      const url = `${options.platformOrigin}/api/site-config?domain=${encodeURIComponent(hostname)}`;
      const res = await doFetch(url, { signal: AbortSignal.timeout(3000) });
      if (res.ok) brand = (await res.json()) as CspBrandSettings;
    } catch {
      brand = null;
    }
    cache.set(hostname, { at: Date.now(), brand });
    return brand;
  }

  return {
    name: 'security-headers',
    configurePreviewServer(server) {
      const outDir = server.config.build.outDir;
      let styleHashes: string[] | null = null;
      const hashes = () => {
        if (styleHashes === null) {
          styleHashes = inlineStyleHashes(readFileSync(resolve(server.config.root, outDir, 'index.html'), 'utf8'));
        }
        return styleHashes;
      };
      const middleware: Connect.NextHandleFunction = (req, res, next) => {
        // The platform's answers (proxied) are its own business.
        if (req.url?.startsWith('/api/') || req.url === '/api') return next();
        const hostname = (req.headers.host ?? 'localhost').replace(/:\d+$/, '');
        brandOf(hostname)
          .then((brand) => {
            const csp = buildCsp({
              pageHostname: hostname,
              secure: false,
              styleHashes: hashes(),
              brand,
              gameOrigins: options.gameOrigins ?? [],
            });
            for (const [name, value] of Object.entries(securityHeaders(csp))) res.setHeader(name, value);
            next();
          })
          .catch(next);
      };
      server.middlewares.use(middleware);
    },
  };
}
