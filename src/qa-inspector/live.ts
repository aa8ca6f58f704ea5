/**
 * The live feed of the offline inspection page: the Stately inspector's stream the app posts to the window it
 * opened (`?inspect=local`, src/lib/inspector.ts), received with `createBrowserReceiver` (which posts
 * `@statelyai.connected` to its opener, so the app sends what it buffered and then every message), folded into
 * one model. Listeners are told at most once per task, however many messages arrive.
 */
import { createBrowserReceiver } from '@statelyai/inspect';
import { applyStep, emptyModel, LIVE_LOG_MAX, stepFromStately, type InspectorModel } from './model';

export interface LiveFeed {
  /** Whether an app opened this page (there is a stream to receive). */
  readonly opened: boolean;
  readonly model: InspectorModel;
  /** Messages received (a new number on every change: the React store's snapshot). */
  version(): number;
  subscribe(listener: () => void): () => void;
}

export function createLiveFeed(win: Window): LiveFeed {
  const model = emptyModel();
  const listeners = new Set<() => void>();
  let received = 0;
  let queued = false;
  const opened = win.self === win.top ? win.opener !== null : true;
  if (opened) {
    createBrowserReceiver({ window: win }).subscribe((message) => {
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
