import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Connect, Plugin } from 'vite';

/**
 * The web app manifest per brand (§2.3 install to home screen), served by the app's own server
 * (the dev and preview servers: `GET /manifest.webmanifest`, linked from index.html) for the brand of the Host, from
 * its site config (§3): name from `siteTitle`, short name from `siteName`, theme and background colours from
 * `colors.background` (the page's theme-color), icons from public/brand-icons/<slugTitle>/ (the brand's favicon
 * as 192 and 512 px PNGs and a 512 px maskable one, written by scripts/brand-icons.ts). A domain without a brand, or
 * a platform that does not answer, gets a neutral manifest (never an error: the page is not broken by it).
 */

/** What of the brand's site config the manifest uses. */
export interface ManifestBrand {
  siteName?: string | null;
  siteTitle?: string | null;
  slugTitle?: string | null;
  colors?: { background?: string | null; primary?: string | null } | null;
}

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }>;
}

const DEFAULT = { name: 'Cassino', background: '#0f141b', icons: 'default' };
const HEX = /^#[0-9a-f]{6}$/i;
const SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The manifest of a brand (null: the neutral one). `iconSets` are the folders of public/brand-icons. */
export function buildManifest(brand: ManifestBrand | null, iconSets: ReadonlySet<string>): WebManifest {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const shortName = text(brand?.siteName) ?? DEFAULT.name;
  const name = text(brand?.siteTitle) ?? shortName;
  const background = brand?.colors?.background && HEX.test(brand.colors.background) ? brand.colors.background : null;
  const slug = text(brand?.slugTitle);
  const icons = slug && SLUG.test(slug) && iconSets.has(slug) ? slug : DEFAULT.icons;
  const base = `/brand-icons/${icons}`;
  return {
    id: '/',
    name,
    short_name: shortName,
    lang: 'pt-BR',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: background ?? DEFAULT.background,
    background_color: background ?? DEFAULT.background,
    icons: [
      { src: `${base}/icon-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: `${base}/icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: `${base}/maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** The icon sets present under `<publicDir>/brand-icons` (each a folder with the three PNGs). */
export function iconSetsIn(publicDir: string): Set<string> {
  const root = resolve(publicDir, 'brand-icons');
  if (!existsSync(root)) return new Set();
  return new Set(
    readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(resolve(root, d.name, 'maskable-512.png')))
      .map((d) => d.name),
  );
}

export const MANIFEST_PATH = '/manifest.webmanifest';
/** How long a brand's settings are reused (as the security headers do). */
const TTL_MS = 5_000;

export function webManifestPlugin(options: { platformOrigin: string; fetch?: typeof fetch }): Plugin {
  const doFetch = options.fetch ?? fetch;
  const cache = new Map<string, { at: number; brand: ManifestBrand | null }>();
  let iconSets: Set<string> = new Set();

  async function brandOf(hostname: string): Promise<ManifestBrand | null> {
    const hit = cache.get(hostname);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.brand;
    let brand: ManifestBrand | null = null;
    try {
      const url = `${options.platformOrigin}/api/site-config?domain=${encodeURIComponent(hostname)}`;
      const res = await doFetch(url, { signal: AbortSignal.timeout(3000) });
      if (res.ok) brand = (await res.json()) as ManifestBrand;
    } catch {
      brand = null;
    }
    cache.set(hostname, { at: Date.now(), brand });
    return brand;
  }

  const middleware: Connect.NextHandleFunction = (req, res, next) => {
    if (req.url?.split('?')[0] !== MANIFEST_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const hostname = (req.headers.host ?? 'localhost').replace(/:\d+$/, '').toLowerCase();
    brandOf(hostname)
      .then((brand) => {
        res.statusCode = 200;
        res.setHeader('Content-Type', 'application/manifest+json; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        res.setHeader('Vary', 'Host');
        res.end(req.method === 'HEAD' ? undefined : JSON.stringify(buildManifest(brand, iconSets)));
      })
      .catch(next);
  };

  return {
    name: 'web-manifest',
    configResolved(config) {
      iconSets = iconSetsIn(config.publicDir);
    },
    configureServer(server) {
      server.middlewares.use(middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
  };
}
