/**
 * Types of the boxes flows (spec §1 boxes, §7 Boxes and prizes): the contract's shapes (openapi tag
 * `boxes`, money in integer centavos, odds in basis points) and what the flows keep of them.
 */
import type { Schema } from '../../shared/api/types';
import type { Failure } from '../kernel/api-error';

export type Box = Schema<'Box'>;
export type BoxColor = Schema<'BoxColor'>;
export type BoxPrize = Schema<'BoxPrize'>;
export type BoxRarity = Schema<'BoxPrizeRarity'>;
export type BoxCommitment = Schema<'BoxCommitment'>;
export type BoxFairness = Schema<'BoxFairness'>;
export type UserBox = Schema<'UserBox'>;
export type UserPrize = Schema<'UserPrize'>;

/** The six box colours of site config, in the order the crates page groups them. */
export const BOX_COLORS: readonly BoxColor[] = ['red', 'blue', 'pink', 'black', 'green', 'yellow'];
/** Rarities from the most common up; `rare` and above get confetti. */
export const RARITIES: readonly BoxRarity[] = ['common', 'rare', 'epic', 'legendary'];

/** GET /boxes/get/{id}/prizes: the box, its prizes and the signed-in player's next commitment (null for a guest). */
export interface BoxDetails {
  box: Box;
  prizes: BoxPrize[];
  fairness: BoxCommitment | null;
}

/** The box page's data: the box, and (signed in) the player's unopened boxes of it. */
export interface BoxPageData extends BoxDetails {
  owned: UserBox[];
}

/** POST /boxes/buy's answer. */
export interface Bought {
  userBox: UserBox;
  balance: number;
}

/** POST /boxes/open's answer. */
export interface Opened {
  userBox: UserBox;
  prize: UserPrize;
  fairness: BoxFairness;
}

/** A sale (POST /boxes/sell or /prizes/sell) as the sale flow asks for it, and its answer. */
export interface SaleRequest {
  kind: 'box' | 'prize';
  id: number;
}
export interface Sold {
  balance: number;
}

/** What a flow that ended hands its parent (final states' output). */
export type PurchaseOutput = { outcome: 'owned'; userBox: UserBox; balance: number } | { outcome: 'needsDeposit' };
export type OpeningOutput = { outcome: 'collected'; prize: UserPrize } | { outcome: 'sold'; balance: number };
export type SaleOutput = { outcome: 'sold'; balance: number } | { outcome: 'cancelled' };

/** Emitted by the page flows for the root: the balance the platform reported, the deposit the player needs. */
export type BoxesEmitted = { type: 'wallet.balanceReported'; balance: number } | { type: 'boxes.depositWanted' };

export interface FailureContext {
  failure: Failure | null;
}
