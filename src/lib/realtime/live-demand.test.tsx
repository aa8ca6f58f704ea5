import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PAGE_IDLE_LATEST_MS,
  PAGE_IDLE_QUIET_MS,
  resetLiveDemand,
  wantLive,
  watchFirstInteraction,
  watchInView,
  watchPageIdle,
  whenLiveWanted,
} from './live-demand';

const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

afterEach(() => {
  resetLiveDemand();
  vi.useRealTimers();
});

describe('live demand (pusher-js is fetched once the page wants live updates)', () => {
  it('waits until something wants live updates, then stays wanted', async () => {
    const waiting = whenLiveWanted();
    expect(await settled(waiting)).toBe(false);
    wantLive();
    expect(await settled(waiting)).toBe(true);
    expect(await settled(whenLiveWanted())).toBe(true);
  });

  it("the visitor's first interaction wants them", async () => {
    const target = new EventTarget() as unknown as Window;
    watchFirstInteraction(target);
    expect(await settled(whenLiveWanted())).toBe(false);
    target.dispatchEvent(new Event('pointerdown'));
    expect(await settled(whenLiveWanted())).toBe(true);
  });

  it('a live widget wants them (at once where IntersectionObserver is missing)', async () => {
    const original = globalThis.IntersectionObserver;
    // @ts-expect-error: a browser without IntersectionObserver
    delete globalThis.IntersectionObserver;
    try {
      watchInView(document.createElement('section'));
      expect(await settled(whenLiveWanted())).toBe(true);
    } finally {
      if (original) globalThis.IntersectionObserver = original;
    }
  });

  it('an idle page wants them: quiet after its load, or at the latest some seconds after it', async () => {
    vi.useFakeTimers();
    const stop = watchPageIdle(window);
    vi.advanceTimersByTime(PAGE_IDLE_QUIET_MS - 1);
    expect(await settled(whenLiveWanted())).toBe(false);
    vi.advanceTimersByTime(1 + 2000);
    expect(await settled(whenLiveWanted())).toBe(true);
    stop();
    expect(PAGE_IDLE_LATEST_MS).toBeGreaterThan(PAGE_IDLE_QUIET_MS);
  });
});
