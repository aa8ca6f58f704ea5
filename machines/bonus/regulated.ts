import type { Schema } from '../../shared/api/types';

type Banner = Schema<'Banner'>;

/** Why a regulated brand does not offer a bonus: the rule a compliance reviewer can look up. */
export type RegulatedRule = 'deposit' | 'advance';

/** A banner the brand's rules hid, with the rule that hid it (never shown as a banner; named in a note). */
export interface HiddenBonus {
  id: number;
  title: string;
  rule: RegulatedRule;
}

export interface OfferedBanners {
  banners: Banner[];
  hidden: HiddenBonus[];
}

/**
 * On a brand whose site config has `is_regulated` true, a banner the platform marks as a deposit
 * bonus (the SPA/MF advertising rule: no bonus tied to deposits, art. 42) or an advance (Lei 14.790/2023, art. 29)
 * is not offered; it is listed in `hidden` with its rule instead. Any other brand shows every banner.
 */
export function offeredBanners(banners: readonly Banner[], isRegulated: boolean): OfferedBanners {
  if (!isRegulated) return { banners: [...banners], hidden: [] };
  const shown: Banner[] = [];
  const hidden: HiddenBonus[] = [];
  for (const banner of banners) {
    const kind = banner.bonus_kind ?? null;
    if (kind === null) shown.push(banner);
    else hidden.push({ id: banner.id, title: banner.title, rule: kind });
  }
  return { banners: shown, hidden };
}

/** The catalogue key of the note naming a rule (core catalogue: the home page shows it). */
export const REGULATED_RULE_TEXT: Record<RegulatedRule, string> = {
  deposit: 'home.regulated.rule_deposit',
  advance: 'home.regulated.rule_advance',
};

/**
 * The regulated-brand rule for anything the platform marks with a `bonusKind` (the promotions of /promotions): on a regulated
 * brand, what is a deposit bonus or an advance is not offered, and the rules that withheld any are named (each once,
 * with those the platform already withheld). Any other brand offers everything.
 */
export function offeredByRules<T extends { bonusKind: RegulatedRule | null }>(
  items: readonly T[],
  isRegulated: boolean,
  withheld: readonly RegulatedRule[] = [],
): { offered: T[]; rules: RegulatedRule[] } {
  if (!isRegulated) return { offered: [...items], rules: [] };
  const rules = new Set<RegulatedRule>(withheld);
  const offered: T[] = [];
  for (const item of items) {
    if (item.bonusKind === null) offered.push(item);
    else rules.add(item.bonusKind);
  }
  return { offered, rules: (['deposit', 'advance'] as const).filter((r) => rules.has(r)) };
}
