/**
 * The new-build watch's browser side (machines/build-watch/): this page's build id, reading builds/latest.json
 * (no-store; a missing, malformed or oversized file is nothing, silently), the page's events (the tab becoming
 * visible, a new service worker taking control from an active one, vite's `vite:preloadError` for a chunk that
 * could not be fetched) and the guarded reload (the time kept in sessionStorage for §9's page-reload guard).
 * Everything browser-side comes in as `BuildWatchPage`, so tests hand in fakes.
 */
import { fromCallback, fromPromise } from 'xstate';
import { BUILD_WATCH, buildWatchMachine } from '../../machines/build-watch/build-watch.machine';
import type { BuildWatchEvent, BuildWatchInput } from '../../machines/build-watch/build-watch.types';
import { LAST_RELOAD_KEY, type EarlyBuildEvents } from './page-events';

/** This page's build (scripts/lib/build-id.ts); "dev" on the dev server and in tests. */
export const BUILD_ID: string = (import.meta.env.VITE_BUILD_ID as string | undefined) ?? 'dev';
export const LATEST_BUILD_URL = '/builds/latest.json';
export { LAST_RELOAD_KEY };

const ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** The build id latest.json names, or null when it is not a small JSON object with a well-formed `id`. */
export function parseLatestBuild(text: string): string | null {
  if (text.length > BUILD_WATCH.maxLatestBytes) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' && ID_PATTERN.test(id) ? id : null;
}

/** The body as text, or null once it grows past `max` bytes (the rest is never read). */
async function readCapped(response: Response, max: number): Promise<string | null> {
  if (!response.body) {
    const text = await response.text();
    return text.length > max ? null : text;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(all);
}

/** Reads latest.json: the id it names, or null for anything else (never throws, never logs). */
export async function fetchLatestBuild(fetchFn: typeof fetch, signal?: AbortSignal): Promise<string | null> {
  try {
    const response = await fetchFn(LATEST_BUILD_URL, {
      cache: 'no-store',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
    if (!response.ok) return null;
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > BUILD_WATCH.maxLatestBytes) return null;
    const text = await readCapped(response, BUILD_WATCH.maxLatestBytes);
    return text === null ? null : parseLatestBuild(text);
  } catch {
    return null;
  }
}

type Listener = (event: Event) => void;
interface EventSource {
  addEventListener(type: string, listener: Listener): void;
  removeEventListener(type: string, listener: Listener): void;
}

/** What the watch needs of the page (the real one: `browserPage()`). */
export interface BuildWatchPage {
  fetch: typeof fetch;
  window: EventSource;
  document: EventSource & { visibilityState: DocumentVisibilityState };
  /** navigator.serviceWorker where there is one. */
  serviceWorker?: EventSource & { controller: unknown };
  sessionStorage?: Pick<Storage, 'getItem' | 'setItem'>;
  now(): number;
  reload(): void;
  /**
   * What came before the watch started (src/app/page-events.ts): failed chunks and a replaced worker, taken once
   * as it starts. Absent: nothing.
   */
  takeEarly?: () => EarlyBuildEvents;
}

export function browserPage(): BuildWatchPage {
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  return {
    fetch: (...args) => fetch(...args),
    window,
    document,
    ...('serviceWorker' in navigator ? { serviceWorker: navigator.serviceWorker } : {}),
    ...(storage ? { sessionStorage: storage } : {}),
    now: () => Date.now(),
    reload: () => window.location.reload(),
  };
}

/**
 * When this tab last reloaded itself. Without sessionStorage the page's start counts as one (a reload loop is
 * then still at most one per 10 s).
 */
function readLastReload(page: BuildWatchPage): number | null {
  try {
    if (!page.sessionStorage) return page.now();
    const stored = page.sessionStorage.getItem(LAST_RELOAD_KEY);
    return stored !== null && Number.isFinite(Number(stored)) ? Number(stored) : null;
  } catch {
    return page.now();
  }
}

/** The machine with the page's actors and reload, and its input (this build, this tab's last reload). */
export function createBuildWatch(page: BuildWatchPage, buildId: string = BUILD_ID) {
  const logic = buildWatchMachine.provide({
    actors: {
      fetchLatest: fromPromise<string | null>(({ signal }) => fetchLatestBuild(page.fetch, signal)),
      browserEvents: fromCallback<BuildWatchEvent>(({ sendBack }) => {
        const onVisibility = () => {
          if (page.document.visibilityState === 'visible') sendBack({ type: 'build.visible' });
        };
        const onChunkFailed = () => sendBack({ type: 'build.chunkFailed', at: page.now() });
        // What the page kept for the watch until it was fetched, then its own listeners.
        const early = page.takeEarly?.() ?? { chunkFailedAt: [], workerReplaced: false };
        for (const at of early.chunkFailedAt) sendBack({ type: 'build.chunkFailed', at });
        if (early.workerReplaced) sendBack({ type: 'build.workerReplaced' });
        // The first worker's claim is no replacement: only a change while a worker already controls the page.
        let hadController = Boolean(page.serviceWorker?.controller);
        const onControllerChange = () => {
          if (hadController) sendBack({ type: 'build.workerReplaced' });
          hadController = true;
        };
        page.document.addEventListener('visibilitychange', onVisibility);
        page.window.addEventListener('vite:preloadError', onChunkFailed);
        page.serviceWorker?.addEventListener('controllerchange', onControllerChange);
        return () => {
          page.document.removeEventListener('visibilitychange', onVisibility);
          page.window.removeEventListener('vite:preloadError', onChunkFailed);
          page.serviceWorker?.removeEventListener('controllerchange', onControllerChange);
        };
      }),
    },
    actions: {
      reload: () => {
        try {
          page.sessionStorage?.setItem(LAST_RELOAD_KEY, String(page.now()));
        } catch {
          // Storage refused: the reload still happens; the next page counts its own start as the last reload.
        }
        page.reload();
      },
    },
  });
  const input: BuildWatchInput = { buildId, lastReloadAt: readLastReload(page) };
  return { logic, input };
}
