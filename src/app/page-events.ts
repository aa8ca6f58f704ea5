/**
 * What the page's tools (the new-build watch and the install prompt, src/app/page-tools.ts) must hear
 * from before they are fetched, kept from the entry's first run (the tools are not in the first load;
 * this is the little that is):
 *
 * - `beforeinstallprompt`: its default is prevented (no mini-infobar) and the event held for the install flow;
 *   `appinstalled` drops it;
 * - vite's `vite:preloadError` (a chunk of an older build that is gone): the time, for the build watch's guarded
 *   reload; it also has the tools wanted at once (`wanted`) rather than once the page is idle, as a route that
 *   shows one of them does (`want`: /install);
 * - a service worker replacing the one that controlled the page (`controllerchange` while one already did).
 *
 * Each tool takes what is kept for it once (`takeInstallEvents`, `takeBuildEvents`) and listens itself from then
 * on: the keeping stops there. When the tools cannot be fetched after a stale chunk, `reloadOnceForStaleChunk`
 * reloads the page itself, under the same 10 s guard (§9) and the same sessionStorage key as the build watch.
 */

/** sessionStorage key: when this tab last reloaded itself (ms since the epoch); the build watch uses it too. */
export const LAST_RELOAD_KEY = 'build.lastReloadAt';
/** §9 page-reload guard. */
export const RELOAD_GUARD_MS = 10_000;

type Target = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export interface EarlyInstallEvents {
  /** The held `beforeinstallprompt` (its default prevented), unless `appinstalled` came after it. */
  prompt: Event | null;
  installed: boolean;
}

export interface EarlyBuildEvents {
  /** When each `vite:preloadError` came (ms since the epoch). */
  chunkFailedAt: number[];
  /** A worker took over from one that already controlled the page. */
  workerReplaced: boolean;
}

export interface PageEvents {
  takeInstallEvents(): EarlyInstallEvents;
  takeBuildEvents(): EarlyBuildEvents;
  /** Resolves once the tools are wanted before the page is idle: a stale chunk, or `want()`. */
  wanted: Promise<void>;
  /** A route that shows a tool (the install pages) wants them now. */
  want(): void;
  /**
   * The tools could not be fetched: a stale chunk (kept, or any later one) reloads the page itself, at most once
   * per 10 s, with `reload` (the address the player was going to) or the host's.
   */
  reloadOnceForStaleChunk(reload?: () => void): void;
}

export interface PageEventsHost {
  window: Target;
  serviceWorker?:
    (Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'> & { controller: unknown }) | undefined;
  sessionStorage?: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  now(): number;
  reload(): void;
}

export function keepPageEvents(host: PageEventsHost): PageEvents {
  const install: EarlyInstallEvents = { prompt: null, installed: false };
  const build: EarlyBuildEvents = { chunkFailedAt: [], workerReplaced: false };
  let want: () => void = () => undefined;
  const wanted = new Promise<void>((resolve) => (want = resolve));
  const onPrompt = (event: Event) => {
    if (typeof (event as Event & { prompt?: unknown }).prompt !== 'function') return;
    event.preventDefault();
    install.prompt = event;
  };
  const onInstalled = () => {
    install.prompt = null;
    install.installed = true;
  };
  /** Set once the tools could not be fetched: the page reloads by itself for a stale chunk. */
  let fallback: (() => void) | null = null;
  const onChunkFailed = () => {
    build.chunkFailedAt.push(host.now());
    want();
    fallback?.();
  };
  let hadController = Boolean(host.serviceWorker?.controller);
  const onControllerChange = () => {
    if (hadController) build.workerReplaced = true;
    hadController = true;
  };
  host.window.addEventListener('beforeinstallprompt', onPrompt);
  host.window.addEventListener('appinstalled', onInstalled);
  host.window.addEventListener('vite:preloadError', onChunkFailed);
  host.serviceWorker?.addEventListener('controllerchange', onControllerChange);
  let buildTaken = false;

  return {
    takeInstallEvents() {
      host.window.removeEventListener('beforeinstallprompt', onPrompt);
      host.window.removeEventListener('appinstalled', onInstalled);
      const taken = { ...install };
      install.prompt = null;
      return taken;
    },
    takeBuildEvents() {
      buildTaken = true;
      host.window.removeEventListener('vite:preloadError', onChunkFailed);
      host.serviceWorker?.removeEventListener('controllerchange', onControllerChange);
      const taken = { chunkFailedAt: build.chunkFailedAt.splice(0), workerReplaced: build.workerReplaced };
      build.workerReplaced = false;
      return taken;
    },
    wanted,
    want: () => want(),
    reloadOnceForStaleChunk(reload = host.reload) {
      if (buildTaken) return;
      fallback = () => {
        const at = build.chunkFailedAt.at(-1);
        if (at === undefined) return;
        try {
          const stored = host.sessionStorage?.getItem(LAST_RELOAD_KEY) ?? null;
          // Without sessionStorage a loop could not be seen: no reload.
          const last = host.sessionStorage
            ? stored !== null && Number.isFinite(Number(stored))
              ? Number(stored)
              : null
            : at;
          if (last !== null && Math.abs(at - last) < RELOAD_GUARD_MS) return;
          host.sessionStorage?.setItem(LAST_RELOAD_KEY, String(host.now()));
        } catch {
          return;
        }
        fallback = null;
        reload();
      };
      fallback();
    },
  };
}

let current: PageEvents | null = null;

/** The page's kept events, started by the entry (src/main.tsx) before anything else runs. */
export function pageEvents(): PageEvents {
  current ??= keepPageEvents({
    window,
    serviceWorker: 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    sessionStorage: (() => {
      try {
        return window.sessionStorage;
      } catch {
        return undefined;
      }
    })(),
    now: () => Date.now(),
    reload: () => window.location.reload(),
  });
  return current;
}
