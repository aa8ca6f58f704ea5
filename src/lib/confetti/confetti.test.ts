import type { GlobalOptions, Options } from 'canvas-confetti';
import { describe, expect, it } from 'vitest';
import { burstFrom, CONFETTI, originOf, type ConfettiEnvironment } from './confetti';

/** canvas-confetti faked: records what the burst asks of it. */
function fakeEnvironment(options: { reducedMotion?: boolean; colors?: string[]; failing?: boolean } = {}) {
  const log = {
    loads: 0,
    created: [] as GlobalOptions[],
    fired: [] as Options[],
    overlays: 0,
    removed: 0,
  };
  const canvas = {} as HTMLCanvasElement;
  const env: ConfettiEnvironment = {
    reducedMotion: () => options.reducedMotion ?? false,
    viewport: () => ({ width: 1000, height: 800 }),
    colors: () => options.colors ?? [],
    load: async () => {
      log.loads += 1;
      return {
        create: (target, global) => {
          expect(target).toBe(canvas);
          log.created.push(global);
          const fire = (fireOptions?: Options) => {
            log.fired.push(fireOptions ?? {});
            return options.failing ? Promise.reject(new Error('no 2d context')) : Promise.resolve(undefined);
          };
          return Object.assign(fire, { reset: () => undefined }) as never;
        },
      };
    },
    overlay: () => {
      log.overlays += 1;
      return { canvas, remove: () => (log.removed += 1) };
    },
  };
  return { env, log };
}

const button = { getBoundingClientRect: () => ({ left: 450, top: 380, width: 100, height: 40 }) as DOMRect };

describe('confetti burst (§2.3: 40 rectangles, 20 dots)', () => {
  it('the constants are the spec’s', () => {
    expect(CONFETTI).toEqual({ rectangles: 40, dots: 20 });
  });

  it('throws exactly 40 rectangles and 20 dots from the element’s centre, then takes its canvas away', async () => {
    const { env, log } = fakeEnvironment();
    await expect(burstFrom(button, env)).resolves.toBe('fired');
    expect(log.loads).toBe(1);
    expect(log.fired.map((o) => [o.particleCount, o.shapes])).toEqual([
      [40, ['square']],
      [20, ['circle']],
    ]);
    const total = log.fired.reduce((sum, o) => sum + (o.particleCount ?? 0), 0);
    expect(total).toBe(CONFETTI.rectangles + CONFETTI.dots);
    for (const o of log.fired) expect(o.origin).toEqual({ x: 0.5, y: 0.5 });
    expect(log.overlays).toBe(1);
    expect(log.removed).toBe(1);
  });

  it('never uses the library’s worker (a blob: URL the CSP refuses) and lets the library respect reduced motion too', async () => {
    const { env, log } = fakeEnvironment();
    await burstFrom(button, env);
    expect(log.created).toEqual([{ resize: true, useWorker: false, disableForReducedMotion: true }]);
  });

  it('with reduced motion nothing is fetched, drawn or laid over the page', async () => {
    const { env, log } = fakeEnvironment({ reducedMotion: true });
    await expect(burstFrom(button, env)).resolves.toBe('reduced-motion');
    expect(log).toEqual({ loads: 0, created: [], fired: [], overlays: 0, removed: 0 });
  });

  it('paints the pieces in the brand’s colours when it has them, the library’s otherwise', async () => {
    const branded = fakeEnvironment({ colors: ['#1f8a4c', '#f5c542'] });
    await burstFrom(button, branded.env);
    for (const o of branded.log.fired) expect(o.colors).toEqual(['#1f8a4c', '#f5c542']);
    const plain = fakeEnvironment();
    await burstFrom(button, plain.env);
    for (const o of plain.log.fired) expect(o).not.toHaveProperty('colors');
  });

  it('a burst that fails still takes its canvas away', async () => {
    const { env, log } = fakeEnvironment({ failing: true });
    await expect(burstFrom(button, env)).rejects.toThrow('no 2d context');
    expect(log.removed).toBe(1);
  });

  it('the origin is the element’s centre in fractions of the viewport, kept on screen (the middle when unknown)', () => {
    const viewport = { width: 400, height: 800 };
    expect(originOf({ left: 0, top: 0, width: 100, height: 100 }, viewport)).toEqual({ x: 0.125, y: 0.0625 });
    expect(originOf({ left: 900, top: -300, width: 20, height: 20 }, viewport)).toEqual({ x: 1, y: 0 });
    expect(originOf({ left: 10, top: 10, width: 10, height: 10 }, { width: 0, height: 0 })).toEqual({ x: 0.5, y: 0.5 });
  });
});
