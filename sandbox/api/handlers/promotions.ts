/**
 * Promotions (openapi listPromotions, getPromotion): each brand's promotion pages in the asked locale.
 * A regulated brand (`is_regulated`) never lists nor serves a promotion tied to a deposit (SPA/MF advertising rules,
 * art. 42) or an advance (Lei 14.790/2023, art. 29): the list names the rules that withheld any; asked directly, such
 * a promotion is not found.
 */
import type { Schema } from '../../../shared/api/types';
import { ok, type Handler } from '../context';
import { fail } from '../errors';
import { localeOf } from './site';

type Promotion = Schema<'Promotion'>;
type Rule = Schema<'RegulatedRule'>;

interface PromotionRow {
  slug: string;
  locale: 'pt' | 'en';
  title: string;
  summary: string;
  badge: string;
  theme: Promotion['theme'];
  bonus_kind: Rule | null;
  cta_path: string | null;
  html: string;
  ends_at: Date | null;
}

const SELECT = `SELECT slug, locale, title, summary, badge, theme, bonus_kind, cta_path, html, ends_at
                  FROM promotions WHERE brand_id = $1 AND locale = $2 AND active AND (ends_at IS NULL OR ends_at > $3)`;

function toPromotion(row: PromotionRow): Promotion {
  return {
    slug: row.slug,
    locale: row.locale,
    title: row.title,
    summary: row.summary,
    badge: row.badge,
    theme: row.theme,
    bonus_kind: row.bonus_kind,
    cta_path: row.cta_path,
    ends_at: row.ends_at?.toISOString() ?? null,
  };
}

export const listPromotions: Handler = async ({ db, brand, query, now }) => {
  const rows = await db.query<PromotionRow>(`${SELECT} ORDER BY position, slug`, [brand.id, localeOf(query), now]);
  const regulated = brand.features.is_regulated;
  const withheld = new Set<Rule>();
  const shown: Promotion[] = [];
  for (const row of rows) {
    if (regulated && row.bonus_kind) withheld.add(row.bonus_kind);
    else shown.push(toPromotion(row));
  }
  return ok({ data: shown, withheld: [...withheld].sort() });
};

export const getPromotion: Handler = async ({ db, brand, params, query, now }) => {
  const [row] = await db.query<PromotionRow>(`${SELECT} AND slug = $4`, [brand.id, localeOf(query), now, params.slug]);
  if (!row || (brand.features.is_regulated && row.bonus_kind)) fail(404, 'Promoção não encontrada');
  return ok({ data: { ...toPromotion(row), html: row.html } });
};
