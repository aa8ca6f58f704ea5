/**
 * What the boxes screens render, from the flows' snapshots: components never read a machine's context.
 */
import type { SnapshotFrom } from 'xstate';
import type { Failure } from '../kernel/api-error';
import type { boxOpeningMachine } from './box-opening.machine';
import { LAND_MS, REDUCED_LAND_MS } from './box-opening.machine';
import type { boxPageMachine } from './box-page.machine';
import type { boxPurchaseMachine } from './box-purchase.machine';
import type { boxSaleMachine } from './box-sale.machine';
import {
  BOX_COLORS,
  RARITIES,
  type Box,
  type BoxColor,
  type BoxCommitment,
  type BoxFairness,
  type BoxPrize,
  type BoxRarity,
  type UserBox,
  type UserPrize,
} from './boxes.types';
import type { cratesMachine } from './crates.machine';
import type { inventoryMachine } from './inventory.machine';
import { buildReel, REEL_ITEM_WIDTH, type Reel } from './reel';

export interface CratesView {
  status: 'loading' | 'failed' | 'ready';
  /** Boxes by colour, in site config's order; only the filtered colour when one is chosen. */
  groups: Array<{ color: BoxColor; boxes: Box[] }>;
  /** The colours that have boxes (the filter's chips). */
  colors: BoxColor[];
  color: BoxColor | null;
  failure: Failure | null;
}

export function connectCrates(snapshot: SnapshotFrom<typeof cratesMachine>): CratesView {
  const { boxes, color, failure } = snapshot.context;
  const colors = BOX_COLORS.filter((c) => boxes.some((b) => b.color === c));
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    groups: colors
      .filter((c) => color === null || c === color)
      .map((c) => ({ color: c, boxes: boxes.filter((b) => b.color === c) })),
    colors,
    color,
    failure,
  };
}

/** A rarity of `rare` or above: the reveal throws confetti. */
export const isRareOrAbove = (rarity: BoxRarity) => RARITIES.indexOf(rarity) >= RARITIES.indexOf('rare');

export interface BoxPageView {
  status: 'loading' | 'notFound' | 'failed' | 'ready';
  box: Box | null;
  prizes: BoxPrize[];
  /** The commitment the player's next purchase is bound to (null for a guest). */
  commitment: BoxCommitment | null;
  /** The player's unopened boxes of this kind. */
  owned: UserBox[];
  signedIn: boolean;
  /** The reel is up (an owned box being opened). */
  opening: boolean;
  refreshing: boolean;
  failure: Failure | null;
}

export function connectBoxPage(snapshot: SnapshotFrom<typeof boxPageMachine>): BoxPageView {
  const { data, signedIn, failure } = snapshot.context;
  return {
    status: snapshot.matches('loading')
      ? 'loading'
      : snapshot.matches('notFound')
        ? 'notFound'
        : snapshot.matches('failed')
          ? 'failed'
          : 'ready',
    box: data?.box ?? null,
    prizes: data?.prizes ?? [],
    commitment: data?.fairness ?? null,
    owned: data?.owned ?? [],
    signedIn,
    opening: snapshot.matches('opening'),
    refreshing: snapshot.matches('refreshing'),
    failure,
  };
}

export interface PurchaseView {
  status: 'idle' | 'confirming' | 'buying' | 'failed' | 'done';
  failure: Failure | null;
}

export function connectPurchase(snapshot: SnapshotFrom<typeof boxPurchaseMachine>): PurchaseView {
  const status = snapshot.status === 'done' ? 'done' : (snapshot.value as PurchaseView['status']);
  return { status, failure: snapshot.context.failure };
}

export interface OpeningView {
  status: 'ready' | 'spinning' | 'landing' | 'revealed' | 'selling' | 'failed' | 'done';
  /** The strip that turns while the draw is awaited (the box's prizes; no prize chosen yet). */
  idleStrip: BoxPrize[];
  /** The strip built for the drawn prize and where it stops, once the draw is in. */
  reel: Reel<BoxPrize> | null;
  /** How long the landing takes (the screen's animation). */
  landMs: number;
  reducedMotion: boolean;
  prize: UserPrize | null;
  fairness: BoxFairness | null;
  /** This browser re-computed the revealed draw: true (it matches), false (it does not, or could not run), null (not yet). */
  verified: boolean | null;
  failure: Failure | null;
}

export function connectOpening(snapshot: SnapshotFrom<typeof boxOpeningMachine>): OpeningView {
  const { prizes, seed, reel, opened, reducedMotion, verified, failure } = snapshot.context;
  const status: OpeningView['status'] =
    snapshot.status === 'done'
      ? 'done'
      : snapshot.matches('spinning')
        ? 'spinning'
        : (snapshot.value as Exclude<OpeningView['status'], 'spinning' | 'done'>);
  const first = prizes[0];
  return {
    status,
    idleStrip: first
      ? buildReel({ prizes, drawn: first, itemWidth: REEL_ITEM_WIDTH, seed: seed ^ 0x5bd1e995, length: 24 }).tiles
      : [],
    reel,
    landMs: reducedMotion ? REDUCED_LAND_MS : LAND_MS,
    reducedMotion,
    prize: opened?.prize ?? null,
    fairness: opened?.fairness ?? null,
    verified,
    failure,
  };
}

export interface InventoryView {
  status: 'loading' | 'failed' | 'ready';
  owned: UserBox[];
  history: UserBox[];
  ownedPrizes: UserPrize[];
  soldPrizes: UserPrize[];
  /** What is being sold, while the sale flow runs. */
  selling: { kind: 'box' | 'prize'; id: number; value: number } | null;
  /** The owned box opened here on the reel, while it is (`preparing`: its prizes are being fetched). */
  opening: UserBox | null;
  preparing: boolean;
  refreshing: boolean;
  failure: Failure | null;
}

export function connectInventory(snapshot: SnapshotFrom<typeof inventoryMachine>): InventoryView {
  const { boxes, prizes, sale, opening, failure } = snapshot.context;
  return {
    status: snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : 'ready',
    owned: boxes.filter((b) => b.status === 'owned'),
    history: boxes.filter((b) => b.status !== 'owned'),
    ownedPrizes: prizes.filter((p) => p.status === 'owned'),
    soldPrizes: prizes.filter((p) => p.status === 'sold'),
    selling: sale,
    opening,
    preparing: snapshot.matches({ opening: 'preparing' }),
    refreshing: snapshot.matches('refreshing'),
    failure,
  };
}

export interface SaleView {
  status: 'idle' | 'confirming' | 'selling' | 'failed' | 'done';
  kind: 'box' | 'prize';
  value: number;
  failure: Failure | null;
}

export function connectSale(snapshot: SnapshotFrom<typeof boxSaleMachine>): SaleView {
  const status = snapshot.status === 'done' ? 'done' : (snapshot.value as SaleView['status']);
  return { status, kind: snapshot.context.kind, value: snapshot.context.value, failure: snapshot.context.failure };
}
