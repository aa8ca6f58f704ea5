/** Types of /promotions and /promotion: the brand's promotions, a list and one by slug. */
import type { Failure } from '../kernel/api-error';

export type PromotionsLocale = 'pt' | 'en';

export interface PromotionsInput {
  locale: PromotionsLocale;
  /** `/promotion?slug=…`: one promotion; null lists them all. */
  slug: string | null;
}

export interface PromotionsContext extends PromotionsInput {
  /** The last GET /promotions body read. */
  list: unknown;
  /** The last GET /promotions/{slug} body read. */
  detail: unknown;
  failure: Failure | null;
}

export interface LoadPromotionsInput {
  locale: PromotionsLocale;
}

export interface LoadPromotionInput {
  locale: PromotionsLocale;
  slug: string;
}

export type PromotionsEvent = { type: 'promotions.retry' };
