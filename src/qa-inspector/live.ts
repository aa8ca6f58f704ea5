/**
 * The live feed of the offline inspection page: the Stately inspector's stream the app posts to the window it
 * opened (`?inspect=local`, src/lib/inspector.ts), folded into one model. Listeners are told at most once per
 * task, however many messages arrive.
 *
 * Received as `@statelyai/inspect`'s `createBrowserReceiver` does (it posts `@statelyai.connected` to its opener,
 * so the app sends what it buffered and then every message), with what that receiver does not check: a message
 * counts only when it comes from the window that opened this page, on this page's own origin. Another site or
 * window (one that opened this page itself, or a frame) cannot feed the inspector states or events of its own.
 */
import { applyStep, emptyModel, LIVE_LOG_MAX, stepFromStately, type InspectorModel } from './model';

export interface LiveFeed {
  /** Whether an app opened this page (there is a stream to receive). */
  readonly opened: boolean;
  readonly model: InspectorModel;
  /** Messages received (a new number on every change: the React store's snapshot). */
  version(): number;
  subscribe(listener: () => void): () => void;
}

/** What the Stately inspector's receiver posts to the window that sends (the app then sends its buffer). */
export const CONNECTION_EVENT = '@statelyai.connected';

/** A message of the Stately inspector's wire format (`type` and the library's `_version`). */
function isInspectionMessage(value: unknown): value is Parameters<typeof stepFromStately>[0] {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { type?: unknown; _version?: unknown };
  return typeof v.type === 'string' && typeof v._version === 'string';
}

export function createLiveFeed(win: Window): LiveFeed {
  const model = emptyModel();
  const listeners = new Set<() => void>();
  let received = 0;
  let queued = false;
  const app = (win.self === win.top ? win.opener : win.parent) as MessageEventSource | null;
  const opened = app !== null && app !== win;
  if (opened) {
    win.addEventListener('message', (event: MessageEvent) => {
      if (event.source !== app || event.origin !== win.location.origin) return;
      const message: unknown = event.data;
      if (!isInspectionMessage(message)) return;
      received += 1;
      const step = stepFromStately(message);
      if (step) applyStep(model, step, LIVE_LOG_MAX);
      if (queued) return;
      queued = true;
      win.setTimeout(() => {
        queued = false;
        for (const listener of listeners) listener();
      }, 0);
    });
    (app as Window).postMessage({ type: CONNECTION_EVENT }, win.location.origin);
  }
  return {
    opened,
    model,
    version: () => received,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
