import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connectInstallPrompt } from '../../machines/install/install-prompt.connect';
import { createBuildWatch, type BuildWatchPage } from './build-watch';
import { installPromptLogic } from './install';
import { keepPageEvents, LAST_RELOAD_KEY, RELOAD_GUARD_MS, type PageEventsHost } from './page-events';

/** A page whose window, worker container, storage, clock and reloads the test drives. */
function fakeHost(options: { controller?: boolean; stored?: string; storage?: 'none' | 'throws' } = {}) {
  const media = Object.assign(new EventTarget(), { matches: false });
  const win = Object.assign(new EventTarget(), { matchMedia: () => media, navigator: {} }) as unknown as Window;
  const sw = Object.assign(new EventTarget(), { controller: options.controller ? {} : null });
  const store = new Map<string, string>(options.stored ? [[LAST_RELOAD_KEY, options.stored]] : []);
  let now = 2_000_000;
  const reloads: number[] = [];
  const host: PageEventsHost = {
    window: win,
    serviceWorker: sw as unknown as PageEventsHost['serviceWorker'],
    ...(options.storage === 'none'
      ? {}
      : {
          sessionStorage: {
            getItem: (key: string) => {
              if (options.storage === 'throws') throw new Error('SecurityError');
              return store.get(key) ?? null;
            },
            setItem: (key: string, value: string) => void store.set(key, value),
          },
        }),
    now: () => now,
    reload: () => void reloads.push(now),
  };
  return { host, win, sw, store, reloads, advance: (ms: number) => (now += ms) };
}

function deferredPrompt() {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  Object.assign(event, { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'accepted' }) });
  return event;
}

/** Whether the promise has resolved by the next macrotask. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('page events kept until the page’s tools are fetched', () => {
  it('holds a beforeinstallprompt (default prevented; no mini-infobar) and hands it to the install flow once', async () => {
    const { host, win } = fakeHost();
    const events = keepPageEvents(host);
    const prompt = deferredPrompt();
    win.dispatchEvent(prompt);
    expect(prompt.defaultPrevented).toBe(true);
    // An event without prompt() is not one Chromium fires: left alone.
    const bare = new Event('beforeinstallprompt', { cancelable: true });
    win.dispatchEvent(bare);
    expect(bare.defaultPrevented).toBe(false);

    const actor = createActor(installPromptLogic(win, () => events.takeInstallEvents())).start();
    expect(connectInstallPrompt(actor.getSnapshot()).canPrompt).toBe(true);
    // From now on the flow listens itself; nothing is kept twice.
    expect(events.takeInstallEvents()).toEqual({ prompt: null, installed: false });
    actor.stop();
  });

  it('an appinstalled after the prompt drops it and is reported as installed', () => {
    const { host, win } = fakeHost();
    const events = keepPageEvents(host);
    win.dispatchEvent(deferredPrompt());
    win.dispatchEvent(new Event('appinstalled'));
    const actor = createActor(installPromptLogic(win, () => events.takeInstallEvents())).start();
    const vm = connectInstallPrompt(actor.getSnapshot());
    expect([vm.installed, vm.canPrompt]).toEqual([true, false]);
    actor.stop();
  });

  it('a stale chunk before the watch runs wants the tools at once and reloads once the watch takes it', async () => {
    const { host, win } = fakeHost();
    const events = keepPageEvents(host);
    expect(await settled(events.wanted)).toBe(false);
    win.dispatchEvent(new Event('vite:preloadError'));
    expect(await settled(events.wanted)).toBe(true);

    const page: BuildWatchPage = {
      fetch: () => Promise.reject(new Error('offline')),
      window: win,
      document: Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState }),
      now: host.now,
      reload: host.reload,
      sessionStorage: host.sessionStorage!,
      takeEarly: () => events.takeBuildEvents(),
    };
    const { logic, input } = createBuildWatch(page, 'b1');
    const reloads: number[] = [];
    const actor = createActor(logic.provide({ actions: { reload: () => void reloads.push(1) } }), { input }).start();
    expect(reloads).toEqual([1]);
    expect(actor.getSnapshot().context.cause).toBe('chunk');
    // Taken: the page keeps nothing more, and its own fallback reload stands down.
    expect(events.takeBuildEvents()).toEqual({ chunkFailedAt: [], workerReplaced: false });
    actor.stop();
  });

  it('a worker replacing the controlling one is kept for the watch; the first claim is not', () => {
    const first = fakeHost({ controller: false });
    const events = keepPageEvents(first.host);
    first.sw.dispatchEvent(new Event('controllerchange'));
    expect(events.takeBuildEvents().workerReplaced).toBe(false);
    const replaced = fakeHost({ controller: true });
    const kept = keepPageEvents(replaced.host);
    replaced.sw.dispatchEvent(new Event('controllerchange'));
    expect(kept.takeBuildEvents().workerReplaced).toBe(true);
  });

  it('the tools not fetched after a stale chunk: the page reloads itself, at most once per 10 s (§9)', () => {
    const { host, win, store, reloads } = fakeHost();
    const events = keepPageEvents(host);
    events.reloadOnceForStaleChunk();
    expect(reloads).toEqual([]); // no stale chunk: nothing to do
    win.dispatchEvent(new Event('vite:preloadError'));
    events.reloadOnceForStaleChunk();
    expect(reloads).toEqual([2_000_000]);
    expect(store.get(LAST_RELOAD_KEY)).toBe('2000000');

    // The reloaded page, 3 s later, fails again: no loop.
    const again = fakeHost({ stored: '2000000' });
    again.advance(3_000);
    const next = keepPageEvents(again.host);
    again.win.dispatchEvent(new Event('vite:preloadError'));
    next.reloadOnceForStaleChunk();
    expect(again.reloads).toEqual([]);
    again.advance(RELOAD_GUARD_MS);
    again.win.dispatchEvent(new Event('vite:preloadError'));
    next.reloadOnceForStaleChunk();
    expect(again.reloads).toEqual([2_013_000]);
  });

  it('the tools failing before the stale chunk is seen (both asked at once): the chunk’s failure reloads then', () => {
    const { host, win, reloads } = fakeHost();
    const events = keepPageEvents(host);
    const toLobby: string[] = [];
    events.reloadOnceForStaleChunk(() => toLobby.push('/casino/games'));
    expect(toLobby).toEqual([]);
    win.dispatchEvent(new Event('vite:preloadError'));
    expect(toLobby).toEqual(['/casino/games']);
    win.dispatchEvent(new Event('vite:preloadError'));
    expect(toLobby).toHaveLength(1);
    expect(reloads).toEqual([]);
  });

  it('without sessionStorage (or when it throws) the fallback never reloads: no loop it could not see', () => {
    for (const storage of ['none', 'throws'] as const) {
      const { host, win, reloads } = fakeHost({ storage });
      const events = keepPageEvents(host);
      win.dispatchEvent(new Event('vite:preloadError'));
      events.reloadOnceForStaleChunk();
      expect(reloads).toEqual([]);
    }
  });

  it('once the watch has taken the page’s events, the fallback leaves the reload to it', () => {
    const { host, win, reloads } = fakeHost();
    const events = keepPageEvents(host);
    win.dispatchEvent(new Event('vite:preloadError'));
    events.takeBuildEvents();
    events.reloadOnceForStaleChunk();
    expect(reloads).toEqual([]);
  });

  it('a route that shows a tool wants them at once', async () => {
    const events = keepPageEvents(fakeHost().host);
    events.want();
    expect(await settled(events.wanted)).toBe(true);
  });
});
