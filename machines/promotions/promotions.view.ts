/** What /promotions reads of the platform's promotions: plain values; HTML kept raw for the sanitiser. */
import type { RegulatedRule } from '../bonus/regulated';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const THEMES = ['welcome', 'cashback', 'spins', 'tournament', 'referral', 'missions'] as const;
export type PromotionTheme = (typeof THEMES)[number];

export const isPromotionSlug = (slug: string) => slug.length <= 80 && SLUG.test(slug);
const isRule = (v: unknown): v is RegulatedRule => v === 'deposit' || v === 'advance';
/** An in-app path only (never another site, never `//host`). */
const ctaOf = (v: unknown) =>
  typeof v === 'string' && /^\/[A-Za-z0-9/_-]*$/.test(v) && !v.startsWith('//') ? v : null;

export interface PromotionView {
  slug: string;
  title: string;
  summary: string;
  badge: string;
  theme: PromotionTheme;
  bonusKind: RegulatedRule | null;
  ctaPath: string | null;
  endsAt: string | null;
}

export interface PromotionDetailView extends PromotionView {
  /** Untrusted HTML: sanitise before rendering. */
  html: string;
}

function promotionOf(row: unknown): PromotionView | null {
  if (!isRecord(row) || typeof row.slug !== 'string' || !isPromotionSlug(row.slug) || typeof row.title !== 'string')
    return null;
  return {
    slug: row.slug,
    title: row.title,
    summary: str(row.summary),
    badge: str(row.badge),
    theme: (THEMES as readonly unknown[]).includes(row.theme) ? (row.theme as PromotionTheme) : 'welcome',
    bonusKind: isRule(row.bonus_kind) ? row.bonus_kind : null,
    ctaPath: ctaOf(row.cta_path),
    endsAt: typeof row.ends_at === 'string' ? row.ends_at : null,
  };
}

export interface PromotionListView {
  items: PromotionView[];
  /** The rules under which the platform withheld a promotion (a regulated brand). */
  withheld: RegulatedRule[];
}

/** GET /promotions: `{ data: [...], withheld: [...] }`; null when the body is not that. */
export function readPromotionList(body: unknown): PromotionListView | null {
  if (!isRecord(body) || !Array.isArray(body.data)) return null;
  return {
    items: body.data.flatMap((row: unknown) => {
      const p = promotionOf(row);
      return p ? [p] : [];
    }),
    withheld: Array.isArray(body.withheld) ? body.withheld.filter(isRule) : [],
  };
}

/** GET /promotions/{slug}: `{ data: {..., html} }`; null when the body is not that. */
export function readPromotionDetail(body: unknown): PromotionDetailView | null {
  const data = isRecord(body) ? body.data : null;
  const p = promotionOf(data);
  if (!p || !isRecord(data) || typeof data.html !== 'string') return null;
  return { ...p, html: data.html };
}
