import { describe, expect, it } from 'vitest';
import { RingBuffer } from './ring-buffer';

describe('RingBuffer', () => {
  it('keeps at most maxItems, drops the oldest first and counts them', () => {
    const ring = new RingBuffer<number>(3);
    for (let i = 1; i <= 7; i += 1) ring.push(i);
    expect(ring.toArray()).toEqual([5, 6, 7]);
    expect(ring.length).toBe(3);
    expect(ring.dropped).toBe(4);
  });

  it('keeps the total weight within maxWeight (the newest item always stays)', () => {
    const ring = new RingBuffer<string>(10, 100);
    ring.push('a', 40);
    ring.push('b', 40);
    ring.push('c', 40);
    expect(ring.toArray()).toEqual(['b', 'c']);
    expect(ring.totalWeight).toBe(80);
    ring.push('huge', 500);
    expect(ring.toArray()).toEqual(['huge']);
    expect(ring.dropped).toBe(3);
  });

  it('is bounded over a long run, in order', () => {
    const ring = new RingBuffer<number>(1000, 5000);
    for (let i = 0; i < 100_000; i += 1) ring.push(i, 7);
    const items = ring.toArray();
    expect(items.length).toBe(714); // 714 × 7 ≤ 5000
    expect(items[0]).toBe(100_000 - 714);
    expect(items.at(-1)).toBe(99_999);
    expect(ring.dropped).toBe(100_000 - 714);
  });

  it('refuses a non-positive size', () => {
    expect(() => new RingBuffer(0)).toThrow();
  });
});
