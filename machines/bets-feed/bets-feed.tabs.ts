/**
 * The feed's tabs as screens read them (no machine code: the home page's first load reads a feed's snapshot
 * through bets-feed.connect.ts, while the feed itself is fetched with the live flows).
 */
import type { BetsFeedTab } from './bets-feed.types';

/**
 * The high rollers' tab: bets of at least R$ 500,00 (centavos), the lower bound of §9's high band of bets
 * ("500-50000"): the spec itself splits bets there.
 */
export const HIGH_ROLLER_MIN_BET = 50_000;

/** The tab shown (for connect and tests). */
export const tabOf = (value: unknown): BetsFeedTab => {
  const tab = (value as { tab?: string } | null)?.tab;
  return tab === 'highRollers' || tab === 'mine' ? tab : 'all';
};
