import type { Schema } from '../../../shared/api/types';
import type { SandboxConfig } from '../../config';
import type { Queryable } from '../../db/types';
import { operatorOf, type Brand } from '../brands';
import { ok, type BrandOptionalHandler, type Handler } from '../context';
import { ApiError, fail, MESSAGES } from '../errors';
import { escapeHtml } from '../../html';
import { offeredGames } from './games';

/** The contract's `Language`: the `locale` query parameter of the calls that carry operator-authored texts. */
export type Locale = Schema<'Language'>;

/** The asked locale (the contract defaults it to pt). */
export function localeOf(query: Record<string, unknown>): Locale {
  return query.locale === 'en' ? 'en' : 'pt';
}

interface BannerRow {
  id: number;
  title: string;
  image: string;
  image_mobile: string;
  title_en: string | null;
  image_en: string | null;
  image_mobile_en: string | null;
  link: string | null;
  position: string;
  sort_order: number;
  /** The linked coupon's rule flags, null when the banner links to no coupon of its brand. */
  requires_deposit: boolean | null;
  coupon_kind: string | null;
  advance: boolean | null;
}

/**
 * A banner linking to one of its brand's coupons (`/bonus?coupon=CODE`) advertises that coupon; a coupon
 * tied to a deposit is a `deposit` bonus, one credited ahead of any bet an `advance` (the rules a regulated brand
 * follows, as the coupon check does in sandbox/api/rewards.ts).
 */
function bonusKindOf(row: BannerRow): 'deposit' | 'advance' | null {
  if (row.requires_deposit || row.coupon_kind === 'deposit_match') return 'deposit';
  if (row.advance) return 'advance';
  return null;
}

/** The brand's banners in `locale`: an untranslated banner keeps its Portuguese title and artwork. */
async function bannersOf(db: Queryable, brandId: number, locale: Locale) {
  const rows = await db.query<BannerRow>(
    `SELECT b.id, b.title, b.image, b.image_mobile, b.title_en, b.image_en, b.image_mobile_en, b.link, b.position,
            b.sort_order, c.requires_deposit, c.kind AS coupon_kind, c.advance
       FROM banners b
       LEFT JOIN coupons c ON c.brand_id = b.brand_id AND b.link = '/bonus?coupon=' || c.code
      WHERE b.brand_id = $1 ORDER BY b.sort_order, b.id`,
    [brandId],
  );
  return rows.map((row) => {
    const english = locale === 'en' && row.title_en !== null;
    return {
      id: row.id,
      title: english ? (row.title_en ?? row.title) : row.title,
      image: english ? (row.image_en ?? row.image) : row.image,
      image_mobile: english ? (row.image_mobile_en ?? row.image_mobile) : row.image_mobile,
      link: row.link,
      position: row.position,
      order: row.sort_order,
      bonus_kind: bonusKindOf(row),
    };
  });
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

async function siteConfigOf(db: Queryable, brand: Brand, config: SandboxConfig, locale: Locale) {
  const { features } = brand;
  const { translations, ...settings } = brand.settings;
  const siteTitle = (locale === 'en' ? translations?.en?.siteTitle : undefined) ?? settings.siteTitle;
  return {
    systemExists: true as const,
    maintenanceMode: false,
    active: brand.active,
    data: { ogTitle: siteTitle },
    casino_id: brand.id,
    siteName: brand.name,
    ...settings,
    siteTitle,
    ...features,
    // A regulated brand offers no cashback of losses (Portaria SPA/MF 1.231/2024), whatever its switch says.
    cashback: features.cashback && !features.is_regulated,
    min_deposit: brand.min_deposit,
    max_deposit: brand.max_deposit,
    min_withdrawal: brand.min_withdrawal,
    max_withdrawal: brand.max_withdrawal,
    operator: operatorOf(brand),
    banners: await bannersOf(db, brand.id, locale),
    realtime: realtimeSettingsOf(config),
  };
}

export const getSiteConfig: BrandOptionalHandler = async ({ db, brand, config, query }) => {
  const headers = { 'cache-control': 'no-store' };
  if (!brand) {
    return {
      status: 200,
      headers,
      body: { systemExists: false, maintenanceMode: false, message: 'Plataforma não encontrada' },
    };
  }
  if (brand.maintenance) {
    throw new ApiError(402, { message: MESSAGES.maintenance, maintenanceMode: true, systemExists: true });
  }
  return { status: 200, headers, body: await siteConfigOf(db, brand, config, localeOf(query)) };
};

/** The sandbox has no geo database: every caller is in Brazil (the spec's defaults). */
export const getGeoIp: Handler = async () => ok({ countryCode: 'BR', callingCode: '55' });

export const listCategories: Handler = async ({ db }) => {
  const rows = await db.query<{
    id: number;
    slug: string;
    name_pt: string;
    name_en: string;
    icon: string;
    sort_order: number;
  }>('SELECT id, slug, name_pt, name_en, icon, sort_order FROM categories ORDER BY sort_order, id');
  return ok({
    data: rows.map((c) => ({
      id: c.id,
      slug: c.slug,
      name: c.name_pt,
      names: { pt: c.name_pt, en: c.name_en },
      icon: c.icon,
      order: c.sort_order,
    })),
  });
};

export const listBanners: Handler = async ({ db, brand, query }) =>
  ok({ data: await bannersOf(db, brand.id, localeOf(query)) });

export const listProviders: Handler = async ({ db, brand }) => {
  const offered = offeredGames('g', brand.features.is_regulated === true);
  const rows = await db.query<{ id: number; code: string; name: string; image: string; games_count: number }>(
    `SELECT p.id, p.code, p.name, p.image, (SELECT count(*)::int FROM games g WHERE g.provider_id = p.id AND ${offered}) AS games_count
       FROM providers p
      WHERE EXISTS (SELECT 1 FROM games g WHERE g.provider_id = p.id AND ${offered})
      ORDER BY p.sort_order, p.id`,
  );
  return ok({ data: rows });
};

export const getContentPage: Handler = async ({ db, brand, params, query }) => {
  const locale = localeOf(query);
  const [page] = await db.query<{ slug: string; locale: 'pt' | 'en'; title: string; html: string; updated_at: Date }>(
    'SELECT slug, locale, title, html, updated_at FROM content_pages WHERE slug = $1 AND locale = $2',
    [params.slug, locale],
  );
  if (!page) fail(404, 'Página não encontrada');
  const fill = (text: string) => text.replaceAll('{{siteName}}', escapeHtml(brand.name));
  return ok({
    data: { ...page, title: fill(page.title), html: fill(page.html), updated_at: page.updated_at.toISOString() },
  });
};
