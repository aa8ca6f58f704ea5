/**
 * When the page first wants live updates (the first load at the floor of its libraries). pusher-js and
 * the event schemas are fetched only once something on the page needs them, so a guest's first screen never
 * waits for them:
 *
 * - a live widget (the home page's live bets) comes into view (`watchInView`);
 * - the visitor interacts with the page (pointer, key, touch, wheel or scroll: `watchFirstInteraction`);
 * - a player is signed in when the page starts (their balance and private channel are live at once);
 * - otherwise once the page is idle: loaded, then no resource finished for `PAGE_IDLE_QUIET_MS`
 *   (at the latest `PAGE_IDLE_LATEST_MS` after it: `watchPageIdle`), so the first screen's own requests come first.
 *
 * Until then the connection machine waits in `initialized` (pusher-js's own first state; no timers run there).
 * Once wanted, it stays wanted for the page's life.
 */
let wanted = false;
const waiting: Array<() => void> = [];

/** Something on the page needs live updates now. */
export function wantLive(): void {
  if (wanted) return;
  wanted = true;
  for (const resolve of waiting.splice(0)) resolve();
}

/** Resolves once live updates are wanted (at once when they already are). */
export function whenLiveWanted(): Promise<void> {
  return wanted ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
}

/** Tests: back to "not wanted". */
export function resetLiveDemand(): void {
  wanted = false;
  waiting.length = 0;
}

const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'wheel', 'scroll'] as const;

/** The visitor's first interaction with the page wants live updates. Returns the stop. */
export function watchFirstInteraction(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
  const stop = () => INTERACTIONS.forEach((type) => target.removeEventListener(type, onInteraction, true));
  function onInteraction() {
    stop();
    wantLive();
  }
  INTERACTIONS.forEach((type) => target.addEventListener(type, onInteraction, { capture: true, passive: true }));
  return stop;
}

/** How long after the page's load no resource must finish before the page counts as idle. */
export const PAGE_IDLE_QUIET_MS = 1500;
/** A page that never goes quiet (a slow stream of images) is taken as idle this long after its load. */
export const PAGE_IDLE_LATEST_MS = 10_000;

/**
 * Runs `run` once the page is quiet: after its load event, the first `PAGE_IDLE_QUIET_MS` in which no resource
 * finished loading (at the latest `PAGE_IDLE_LATEST_MS` after the load, or after this call when the page had already
 * loaded), then the browser's next idle period. Returns the stop.
 */
export function afterPageQuiet(win: Window, run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  let stopped = false;
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(latest);
    observer?.disconnect();
    win.removeEventListener('load', onLoad);
  };
  const idle = () => {
    stop();
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => run(), { timeout: 2000 });
    else run();
  };
  const quiet = () => {
    clearTimeout(timer);
    timer = setTimeout(idle, PAGE_IDLE_QUIET_MS);
  };
  function onLoad() {
    if (stopped) return;
    latest = setTimeout(idle, PAGE_IDLE_LATEST_MS);
    if (typeof PerformanceObserver !== 'undefined') {
      observer = new PerformanceObserver(() => quiet());
      observer.observe({ type: 'resource', buffered: false });
    }
    quiet();
  }
  if (win.document.readyState === 'complete') onLoad();
  else win.addEventListener('load', onLoad);
  return stop;
}

/** Live updates once the page is idle (`afterPageQuiet`). Returns the stop. */
export function watchPageIdle(win: Window = window): () => void {
  return afterPageQuiet(win, wantLive);
}

/** A live widget in (or near) the viewport wants live updates. Returns the stop. */
export function watchInView(element: Element | null): () => void {
  if (!element || wanted) return () => undefined;
  if (typeof IntersectionObserver === 'undefined') {
    wantLive();
    return () => undefined;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      wantLive();
    },
    { rootMargin: '0px' },
  );
  observer.observe(element);
  return () => observer.disconnect();
}
