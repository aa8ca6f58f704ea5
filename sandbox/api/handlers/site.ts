import type { SandboxConfig } from '../../config';
import type { Queryable } from '../../db/types';
import type { Brand } from '../brands';
import { ok, type BrandOptionalHandler, type Handler } from '../context';
import { ApiError, fail, MESSAGES } from '../errors';
import { escapeHtml } from '../../html';

interface BannerRow {
  id: number;
  title: string;
  image: string;
  image_mobile: string;
  link: string | null;
  position: string;
  sort_order: number;
}

async function bannersOf(db: Queryable, brandId: number) {
  const rows = await db.query<BannerRow>(
    'SELECT id, title, image, image_mobile, link, position, sort_order FROM banners WHERE brand_id = $1 ORDER BY sort_order, id',
    [brandId],
  );
  return rows.map(({ sort_order, ...banner }) => ({ ...banner, order: sort_order }));
}

/** §7 Live channels: the public key and where the sandbox's realtime server listens (never the secret). */
export function realtimeSettingsOf(config: SandboxConfig) {
  const wildcard = ['0.0.0.0', '::', ''].includes(config.realtimeHost.trim());
  return {
    key: config.pusher.key,
    cluster: 'mt1' as const,
    // Bound to every interface: the socket goes to the page's own host (a phone on the LAN, a brand's IP).
    ...(wildcard ? {} : { wsHost: config.realtimeHost }),
    wsPort: config.realtimePort,
  };
}

async function siteConfigOf(db: Queryable, brand: Brand, config: SandboxConfig) {
  const { settings, features } = brand;
  return {
    systemExists: true as const,
    maintenanceMode: false,
    active: brand.active,
    data: { ogTitle: settings.siteTitle },
    casino_id: brand.id,
    siteName: brand.name,
    ...settings,
    ...features,
    min_deposit: brand.min_deposit,
    max_deposit: brand.max_deposit,
    min_withdrawal: brand.min_withdrawal,
    max_withdrawal: brand.max_withdrawal,
    banners: await bannersOf(db, brand.id),
    realtime: realtimeSettingsOf(config),
  };
}

export const getSiteConfig: BrandOptionalHandler = async ({ db, brand, config }) => {
  const headers = { 'cache-control': 'no-store' };
  if (!brand) {
    return { status: 200, headers, body: { systemExists: false, maintenanceMode: false, message: 'Plataforma não encontrada' } };
  }
  if (brand.maintenance) {
    throw new ApiError(402, { message: MESSAGES.maintenance, maintenanceMode: true, systemExists: true });
  }
  return { status: 200, headers, body: await siteConfigOf(db, brand, config) };
};

/** The sandbox has no geo database: every caller is in Brazil (the spec's defaults). */
export const getGeoIp: Handler = async () => ok({ countryCode: 'BR', callingCode: '55' });

export const listCategories: Handler = async ({ db }) => {
  const rows = await db.query<{ id: number; slug: string; name_pt: string; name_en: string; icon: string; sort_order: number }>(
    'SELECT id, slug, name_pt, name_en, icon, sort_order FROM categories ORDER BY sort_order, id',
  );
  return ok({
    data: rows.map((c) => ({ id: c.id, slug: c.slug, name: c.name_pt, names: { pt: c.name_pt, en: c.name_en }, icon: c.icon, order: c.sort_order })),
  });
};

export const listBanners: Handler = async ({ db, brand }) => ok({ data: await bannersOf(db, brand.id) });

export const listProviders: Handler = async ({ db }) => {
  const rows = await db.query<{ id: number; code: string; name: string; image: string; games_count: number }>(
    `SELECT p.id, p.code, p.name, p.image, (SELECT count(*)::int FROM games g WHERE g.provider_id = p.id) AS games_count
       FROM providers p ORDER BY p.sort_order, p.id`,
  );
  return ok({ data: rows });
};

export const getContentPage: Handler = async ({ db, brand, params, query }) => {
  const locale = query.locale === 'en' ? 'en' : 'pt';
  const [page] = await db.query<{ slug: string; locale: 'pt' | 'en'; title: string; html: string; updated_at: Date }>(
    'SELECT slug, locale, title, html, updated_at FROM content_pages WHERE slug = $1 AND locale = $2',
    [params.slug, locale],
  );
  if (!page) fail(404, 'Página não encontrada');
  const fill = (text: string) => text.replaceAll('{{siteName}}', escapeHtml(brand.name));
  return ok({ data: { ...page, title: fill(page.title), html: fill(page.html), updated_at: page.updated_at.toISOString() } });
};
