import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { BUILD_WATCH } from '../../machines/build-watch/build-watch.machine';
import {
  createBuildWatch,
  fetchLatestBuild,
  LAST_RELOAD_KEY,
  LATEST_BUILD_URL,
  parseLatestBuild,
  type BuildWatchPage,
} from './build-watch';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fetch that answers latest.json with `body` (a string, or a stream of `chunks`) and `headers`. */
function answering(body: BodyInit | null, init: ResponseInit = {}) {
  const asked: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetchFn = vi.fn(async (url: RequestInfo | URL, request?: RequestInit) => {
    asked.push({ url: String(url), init: request });
    return new Response(body, init);
  }) as unknown as typeof fetch;
  return { fetchFn, asked };
}

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let pulled = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[pulled++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
  });
}

describe('latest.json: only a small JSON object with a well-formed id counts (bad input ignored silently)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the id of a well-formed file, asking past every cache', async () => {
    const { fetchFn, asked } = answering('{"id":"mj2k3-1a2b3c4d","builtAt":"2026-11-27T02:00:00.000Z"}', {
      headers: { 'content-type': 'application/json' },
    });
    expect(await fetchLatestBuild(fetchFn)).toBe('mj2k3-1a2b3c4d');
    expect(asked[0]?.url).toBe(LATEST_BUILD_URL);
    expect(asked[0]?.init?.cache).toBe('no-store');
  });

  it('a missing, malformed, wrongly shaped or huge file, or a failed fetch, is null, with nothing on the console', async () => {
    const console_ = ['error', 'warn', 'log', 'info'].map((m) =>
      vi.spyOn(console, m as 'error').mockImplementation(() => undefined),
    );
    const huge = JSON.stringify({ id: 'b2', padding: 'x'.repeat(BUILD_WATCH.maxLatestBytes) });
    const answers: Array<[string, typeof fetch]> = [
      ['404', answering('not found', { status: 404 }).fetchFn],
      ['html', answering('<!doctype html><html></html>').fetchFn],
      ['array', answering('["b2"]').fetchFn],
      ['null', answering('null').fetchFn],
      ['no id', answering('{"build":"b2"}').fetchFn],
      ['numeric id', answering('{"id":2}').fetchFn],
      ['odd id', answering('{"id":"b2\\"><script>"}').fetchFn],
      ['declared too large', answering('{"id":"b2"}', { headers: { 'content-length': '5000' } }).fetchFn],
      [
        'streamed too large',
        answering(streamOf(['{"id":"b2","p":"', 'x'.repeat(3000), 'x'.repeat(3000), '"}'])).fetchFn,
      ],
      ['huge text', answering(huge).fetchFn],
      [
        'offline',
        vi.fn(async () => {
          throw new TypeError('Failed to fetch');
        }) as unknown as typeof fetch,
      ],
    ];
    for (const [name, fetchFn] of answers) expect([name, await fetchLatestBuild(fetchFn)]).toEqual([name, null]);
    expect(parseLatestBuild('x'.repeat(BUILD_WATCH.maxLatestBytes + 1))).toBeNull();
    for (const spy of console_) expect(spy).not.toHaveBeenCalled();
  });
});

/** A page whose events, clock, storage and reloads the test drives. */
function fakePage(
  options: { controller?: boolean; stored?: string | null; storage?: 'none' | 'throws'; latest?: string } = {},
) {
  const listeners = new Map<string, Set<(event: Event) => void>>();
  const source = (prefix: string) => ({
    addEventListener: (type: string, fn: (event: Event) => void) => {
      const key = `${prefix}:${type}`;
      listeners.set(key, (listeners.get(key) ?? new Set()).add(fn));
    },
    removeEventListener: (type: string, fn: (event: Event) => void) => listeners.get(`${prefix}:${type}`)?.delete(fn),
  });
  const fire = (key: string) => listeners.get(key)?.forEach((fn) => fn(new Event(key.split(':')[1] ?? '')));
  const store = new Map<string, string>();
  if (options.stored != null) store.set(LAST_RELOAD_KEY, options.stored);
  let now = 1_000_000;
  const reloads: number[] = [];
  const doc = { ...source('document'), visibilityState: 'visible' as DocumentVisibilityState };
  const page: BuildWatchPage = {
    fetch: answering(JSON.stringify({ id: options.latest ?? 'b1' })).fetchFn,
    window: source('window'),
    document: doc,
    serviceWorker: { ...source('sw'), controller: options.controller ? {} : null },
    ...(options.storage === 'none'
      ? {}
      : {
          sessionStorage: {
            getItem: (key: string) => {
              if (options.storage === 'throws') throw new Error('SecurityError');
              return store.get(key) ?? null;
            },
            setItem: (key: string, value: string) => {
              if (options.storage === 'throws') throw new Error('SecurityError');
              store.set(key, value);
            },
          },
        }),
    now: () => now,
    reload: () => void reloads.push(now),
  };
  return {
    page,
    doc,
    store,
    reloads,
    fire,
    listening: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
    advance: (ms: number) => (now += ms),
  };
}

const run = (fake: ReturnType<typeof fakePage>) => {
  const { logic, input } = createBuildWatch(fake.page, 'b1');
  return { actor: createActor(logic, { input }).start(), input };
};

describe('the page side of the build watch', () => {
  it('reads latest.json when the tab becomes visible (not when it is hidden) and offers the reload of a new build', async () => {
    const fake = fakePage({ latest: 'b2' });
    const { actor } = run(fake);
    fake.doc.visibilityState = 'hidden';
    fake.fire('document:visibilitychange');
    await flush();
    expect(actor.getSnapshot().context.latestId).toBeNull();
    fake.doc.visibilityState = 'visible';
    fake.fire('document:visibilitychange');
    await flush();
    expect(actor.getSnapshot().matches({ reload: { watching: 'offered' } })).toBe(true);
    actor.send({ type: 'build.accept' });
    expect(fake.reloads).toEqual([1_000_000]);
    expect(fake.store.get(LAST_RELOAD_KEY)).toBe('1000000');
    actor.stop();
    expect(fake.listening()).toBe(0);
  });

  it('a new worker reloads only when one already controlled the page (the first claim is no replacement)', () => {
    const first = fakePage({ controller: false });
    run(first);
    first.fire('sw:controllerchange');
    expect(first.reloads).toEqual([]);
    first.fire('sw:controllerchange');
    expect(first.reloads).toHaveLength(1);
    const replaced = fakePage({ controller: true });
    run(replaced);
    replaced.fire('sw:controllerchange');
    expect(replaced.reloads).toHaveLength(1);
  });

  it('§9: a stale chunk reloads at most once per 10 s, remembered across the reload in sessionStorage', () => {
    // The first page: never reloaded, a chunk fails → reload, its time stored.
    const before = fakePage();
    run(before);
    before.fire('window:vite:preloadError');
    expect(before.reloads).toEqual([1_000_000]);
    // The reloaded page (same tab: the stored time) 3 s later: the chunk fails again → no reload (no loop).
    const after = fakePage({ stored: before.store.get(LAST_RELOAD_KEY) ?? null });
    const { actor, input } = run(after);
    expect(input.lastReloadAt).toBe(1_000_000);
    after.advance(3_000);
    after.fire('window:vite:preloadError');
    expect(after.reloads).toEqual([]);
    // 10 s after the last reload, another failure may reload again.
    after.advance(BUILD_WATCH.reloadGuardMs - 3_000);
    after.fire('window:vite:preloadError');
    expect(after.reloads).toEqual([1_010_000]);
    expect(actor.getSnapshot().matches({ reload: 'reloading' })).toBe(true);
  });

  it('without sessionStorage the page start counts as the last reload (still at most one per 10 s)', () => {
    for (const storage of ['none', 'throws'] as const) {
      const fake = fakePage({ storage });
      const { input } = run(fake);
      expect(input.lastReloadAt).toBe(1_000_000);
      fake.fire('window:vite:preloadError');
      expect(fake.reloads).toEqual([]);
      fake.advance(BUILD_WATCH.reloadGuardMs);
      fake.fire('window:vite:preloadError');
      expect(fake.reloads).toEqual([1_010_000]);
    }
    const garbage = fakePage({ stored: 'soon' });
    expect(run(garbage).input.lastReloadAt).toBeNull();
  });
});
