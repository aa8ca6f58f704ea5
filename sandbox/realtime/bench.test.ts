import { describe, expect, it } from 'vitest';
import { benchFanout } from './bench';

describe('benchFanout', () => {
  it('measures every event to every client, paced and saturated, next to the bare ws floor', async () => {
    const result = await benchFanout({ clients: 20, events: 5, eventsPerSecond: 50 });
    expect(result).toMatchObject({ clients: 20, events: 5, clientProcesses: 2, pacedEventsPerSecond: 50 });
    for (const figures of [result.paced, result.saturated, result.floor.paced, result.floor.saturated]) {
      expect(figures.deliveredPerSecond).toBeGreaterThan(0);
      expect(figures.p50Ms).toBeGreaterThanOrEqual(0);
      expect(figures.p99Ms).toBeGreaterThanOrEqual(figures.p50Ms);
      expect(figures.p99Ms).toBeLessThan(5000);
    }
    expect(result.ratio.capacity).toBeGreaterThan(0);
    expect(result.ratio.pacedP99).toBeGreaterThan(0);
  });

  it('refuses unbounded runs', async () => {
    await expect(benchFanout({ clients: 100_000 })).rejects.toThrow(/clients must be/);
  });
});
