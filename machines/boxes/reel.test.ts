import { describe, expect, it } from 'vitest';
import { buildReel, REEL_LENGTH, seededRandom, tileIndexAt } from './reel';

const prize = (id: number, odds_bp: number, rarity: 'common' | 'rare' | 'epic' | 'legendary' = 'common') => ({
  id,
  odds_bp,
  rarity,
});

describe('reel', () => {
  it('is deterministic for a seed', () => {
    const prizes = [prize(1, 9000), prize(2, 900, 'rare'), prize(3, 100, 'legendary')];
    const a = buildReel({ prizes, drawn: prizes[2]!, itemWidth: 132, seed: 7 });
    const b = buildReel({ prizes, drawn: prizes[2]!, itemWidth: 132, seed: 7 });
    expect(a).toEqual(b);
    expect(a.tiles).toHaveLength(REEL_LENGTH);
    expect(buildReel({ prizes, drawn: prizes[2]!, itemWidth: 132, seed: 8 }).tiles).not.toEqual(a.tiles);
  });

  it('always lands on the drawn prize, whatever the prizes, seed and tile width (property)', () => {
    const random = seededRandom(2026);
    for (let run = 0; run < 2000; run += 1) {
      const count = 1 + Math.floor(random() * 15);
      const prizes = Array.from({ length: count }, (_, i) => prize(100 + i, 1 + Math.floor(random() * 5000)));
      const drawn = prizes[Math.floor(random() * count)]!;
      const itemWidth = 40 + Math.floor(random() * 200);
      const seed = Math.floor(random() * 2 ** 32);
      const length = random() < 0.5 ? undefined : 1 + Math.floor(random() * 80);
      const reel = buildReel({ prizes, drawn, itemWidth, seed, ...(length ? { length } : {}) });
      const under = tileIndexAt(reel.offset, itemWidth);
      expect(under).toBe(reel.targetIndex);
      expect(reel.tiles[under]).toBe(drawn);
      // Well inside the tile: never on a border.
      const within = reel.offset / itemWidth - under;
      expect(within).toBeGreaterThanOrEqual(0.14);
      expect(within).toBeLessThanOrEqual(0.86);
      // Tiles fill the window after the marker.
      expect(reel.tiles.length - 1 - reel.targetIndex).toBeGreaterThanOrEqual(6);
      expect(reel.tiles.every((t) => prizes.includes(t))).toBe(true);
    }
  });

  it('shows a prize that is not in the list (a stale list) and works with no prizes at all', () => {
    const drawn = prize(9, 10000);
    const reel = buildReel({ prizes: [], drawn, itemWidth: 100, seed: 1 });
    expect(reel.tiles.every((t) => t === drawn)).toBe(true);
    expect(reel.tiles[tileIndexAt(reel.offset, 100)]).toBe(drawn);
  });

  it('lets rarer prizes pass by (weights flattened) while following the odds', () => {
    const prizes = [prize(1, 9900), prize(2, 100, 'legendary')];
    let rare = 0;
    for (let seed = 0; seed < 200; seed += 1) {
      rare += buildReel({ prizes, drawn: prizes[0]!, itemWidth: 100, seed }).tiles.filter((t) => t.id === 2).length;
    }
    const share = rare / (200 * (REEL_LENGTH - 1));
    expect(share).toBeGreaterThan(0.03);
    expect(share).toBeLessThan(0.2);
  });
});
