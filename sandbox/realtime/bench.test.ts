import { describe, expect, it } from 'vitest';
import { benchFanout } from './bench';

describe('benchFanout', () => {
  it('measures delivery of every event to every client, with sane figures', async () => {
    const result = await benchFanout({ clients: 20, events: 5 });
    expect(result).toMatchObject({ clients: 20, events: 5 });
    expect(result.deliveredPerSecond).toBeGreaterThan(0);
    expect(result.p50Ms).toBeGreaterThanOrEqual(0);
    expect(result.p99Ms).toBeGreaterThanOrEqual(result.p50Ms);
    expect(result.p99Ms).toBeLessThan(5000);
  });

  it('refuses unbounded runs', async () => {
    await expect(benchFanout({ clients: 100_000 })).rejects.toThrow(/clients must be/);
  });
});
