import type { Schema } from '../../shared/api/types';
import type { Queryable } from '../db/types';

/** Feature switches of a brand (spec §3 Site config); the QA panel edits them. */
export const FEATURE_SWITCHES = [
  'hasSports',
  'hasBoxes',
  'kyc',
  'chat_support',
  'registerCPF',
  'reg_phone',
  'login_requires_email',
  'login_requires_phone',
  'login_requires_cpf',
  'casVerifyRegistrations',
  'casAllowGoogleAuth',
  'cashback',
  'is_regulated',
] as const;
export type FeatureSwitch = (typeof FEATURE_SWITCHES)[number];
export type BrandFeatures = Record<FeatureSwitch, boolean>;

export const LIMIT_FIELDS = ['min_deposit', 'max_deposit', 'min_withdrawal', 'max_withdrawal'] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];
/** Integer centavos. */
export type BrandLimits = Record<LimitField, number>;

type Size = Schema<'Size'>;

/** Look and integrations of a brand, stored as JSON (`brands.settings`). */
export interface BrandSettings {
  siteTitle: string;
  slugTitle: string;
  apiLink: string;
  colors: Schema<'BrandColors'>;
  images: Schema<'BrandImages'>;
  icons: Record<string, string>;
  logoSizes: { desktop: Size; mobile: Size };
  boxColors: Record<'red' | 'blue' | 'pink' | 'black' | 'green' | 'yellow', string>;
  socialLinks: Record<string, string>;
  cpa_value: number;
  cashback_release_day: number;
  cashback_release_hour: number;
  cashback_conversion_percentage: number;
  googleClientId: string | null;
  turnstileSiteKey: string | null;
  jivoChat: string | null;
  gtmId: string | null;
  gtmSource: string | null;
  html: string | null;
  /**
   * The operator's legal identity (Lei 14.790/2023 art. 15); a brand seeded before it had one answers its name
   * only (`operatorOf`).
   */
  operator?: Schema<'OperatorIdentity'>;
  /** §2.3 server-provided redirects: a plain path → a path (in-app) or an absolute URL (full page load). */
  redirects?: BrandRedirect[];
  /** Extra origins absolute redirect targets may lead to, besides the brand's own. */
  redirect_origins?: string[];
  /** Texts in other languages than Portuguese (GET /site-config?locale=en); a missing one falls back to pt. */
  translations?: BrandTranslations;
}

/** The brand's own texts in English (`siteTitle` is the document title, `data.ogTitle`). */
export interface BrandTranslations {
  en?: { siteTitle?: string };
}

export type BrandRedirect = Schema<'SiteRedirect'>;

export interface Brand extends BrandLimits {
  id: number;
  name: string;
  maintenance: boolean;
  active: boolean;
  features: BrandFeatures;
  settings: BrandSettings;
}

const BRAND_COLUMNS =
  'b.id, b.name, b.maintenance, b.active, b.min_deposit, b.max_deposit, b.min_withdrawal, b.max_withdrawal, b.features, b.settings';

/** Lower-cased host without port or trailing dot; '' when there is none. */
export function normalizeDomain(host: string | undefined): string {
  if (!host) return '';
  const bare = host.trim().toLowerCase();
  const withoutPort = bare.startsWith('[') ? bare.slice(0, bare.indexOf(']') + 1) : bare.replace(/:\d+$/, '');
  return withoutPort.replace(/\.$/, '');
}

export async function findBrandByDomain(db: Queryable, domain: string): Promise<Brand | null> {
  if (!domain) return null;
  const [brand] = await db.query<Brand>(
    `SELECT ${BRAND_COLUMNS} FROM brands b JOIN brand_domains d ON d.brand_id = b.id WHERE d.domain = $1`,
    [domain],
  );
  return brand ?? null;
}

export async function listBrands(db: Queryable): Promise<(Brand & { domains: string[] })[]> {
  return db.query(
    `SELECT ${BRAND_COLUMNS},
            coalesce((SELECT array_agg(domain ORDER BY domain) FROM brand_domains WHERE brand_id = b.id), '{}') AS domains
       FROM brands b ORDER BY b.id`,
  );
}

/** The brand's operator identity; a brand without one (an older seed) names only itself. */
export function operatorOf(brand: Pick<Brand, 'name' | 'settings'>): Schema<'OperatorIdentity'> {
  return (
    brand.settings.operator ?? {
      company_name: brand.name,
      cnpj: null,
      authorisation: null,
      address: null,
      sac: { phone: null, email: null },
      ouvidoria: { phone: null, email: null },
    }
  );
}
