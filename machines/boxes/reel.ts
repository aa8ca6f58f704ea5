/**
 * The opening reel, as a pure function: the strip of tiles a box's reel shows and the offset at which it
 * stops with the drawn prize under the marker. Deterministic (same input, same strip), so a test can check every
 * landing and the screen only renders what it is given.
 */
import type { BoxPrize } from './boxes.types';
import { seededRandom } from '../../shared/seeded-random';

/** Tiles on a strip; the drawn prize sits near its end so the reel travels far before it stops. */
export const REEL_LENGTH = 48;
/** How many tiles after the drawn one (the strip must fill the window to the right of the marker). */
export const REEL_TAIL = 6;
/** Width of one tile in CSS pixels (the screen uses the same figure: `--reel-item`). */
export const REEL_ITEM_WIDTH = 132;

export type ReelPrize = Pick<BoxPrize, 'id' | 'odds_bp' | 'rarity'>;

export interface ReelInput<P extends ReelPrize> {
  prizes: readonly P[];
  drawn: P;
  itemWidth: number;
  /** Any integer: the strip and the landing point within the tile follow from it. */
  seed: number;
  length?: number;
}

export interface Reel<P extends ReelPrize> {
  tiles: P[];
  /** Index of the drawn prize's tile. */
  targetIndex: number;
  /** Distance in pixels from the strip's start to the marker once it stopped (inside the target tile). */
  offset: number;
  itemWidth: number;
}

/** The seeded generator of shared/seeded-random.ts, [0, 1). */
export { seededRandom };

/**
 * Filler tiles are drawn by the prizes' odds, flattened (square root) so rarer prizes still pass by: the reel shows
 * what the box can give, while the drawn tile alone is the platform's draw.
 */
function pick<P extends ReelPrize>(prizes: readonly P[], random: () => number): P {
  const weights = prizes.map((p) => Math.sqrt(Math.max(p.odds_bp, 1)));
  const total = weights.reduce((a, b) => a + b, 0);
  let r = random() * total;
  for (let i = 0; i < prizes.length; i += 1) {
    r -= weights[i] ?? 0;
    if (r < 0) return prizes[i] as P;
  }
  return prizes[prizes.length - 1] as P;
}

/** The tile under the marker at `offset` (the reel's strip starts at 0). */
export function tileIndexAt(offset: number, itemWidth: number): number {
  return Math.floor(offset / itemWidth);
}

export function buildReel<P extends ReelPrize>(input: ReelInput<P>): Reel<P> {
  const length = Math.max(input.length ?? REEL_LENGTH, REEL_TAIL + 2);
  const random = seededRandom(input.seed);
  const pool = input.prizes.length > 0 ? input.prizes : [input.drawn];
  const tiles = Array.from({ length }, () => pick(pool, random));
  const targetIndex = length - 1 - REEL_TAIL;
  tiles[targetIndex] = input.drawn;
  // Lands anywhere between 15% and 85% of the tile: never on a border, never the same spot twice.
  const within = 0.15 + random() * 0.7;
  const offset = Math.round((targetIndex + within) * input.itemWidth * 100) / 100;
  return { tiles, targetIndex, offset, itemWidth: input.itemWidth };
}
