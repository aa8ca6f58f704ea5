import { describe, expect, it } from 'vitest';
import { WriteCache } from './write-cache';

describe('WriteCache', () => {
  it('fills once for concurrent misses and answers from memory after', async () => {
    const cache = new WriteCache<number>();
    let fills = 0;
    const fill = async () => ++fills;
    expect(await Promise.all([cache.get('a', fill), cache.get('a', fill)])).toEqual([1, 1]);
    expect(cache.get('a', fill)).toBe(1);
    expect(fills).toBe(1);
  });

  it('does not keep a fill that was running when a write happened', async () => {
    const cache = new WriteCache<string>();
    let release: (value: string) => void = () => {};
    const slow = cache.get('a', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate();
    release('old');
    expect(await slow).toBe('old'); // answered to its caller…
    expect(cache.size).toBe(0); // …but not kept
    expect(await cache.get('a', async () => 'new')).toBe('new');
    expect(cache.get('a', async () => 'newer')).toBe('new');
  });

  it('forgets a failed fill', async () => {
    const cache = new WriteCache<string>();
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 'up')).toBe('up');
  });

  it('is bounded', async () => {
    const cache = new WriteCache<number>(2);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => 1);
    expect(cache.size).toBeLessThanOrEqual(2);
  });
});
