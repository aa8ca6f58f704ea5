import type { InspectionEvent, Observer } from 'xstate';

/**
 * The app's inspector hook (ARCHITECTURE: Inspection): whether the Stately inspector and the QA recorder are attached,
 * and a buffer that hands the actors' events to them once loaded. Everything else (the inspector, the redacting
 * serializer, the recorder and its overlay) is `./inspect.ts` and `./recording/`, loaded with `import()` only when
 * inspection or recording is on, so it stays out of the page's first load.
 *
 * `?inspect` opens the hosted Stately inspector (it needs the internet); `?inspect=local` opens the offline inspection
 * page of this build instead (`/qa/inspector.html`, src/qa-inspector/), fed by the same stream.
 *
 * Recording: `?record` (the recorder alone), `?inspect` or a QA build (`VITE_QA_INSPECT=1`); Alt+Shift+R
 * opens the recorder's overlay (src/lib/recording/qa-recorder.ts).
 */
export interface AppInspector {
  inspect: Observer<InspectionEvent>;
  start(): void;
}

export function inspectorWanted(
  env: { DEV: boolean; VITE_QA_INSPECT?: string },
  search: string,
): {
  attach: boolean;
  open: boolean;
  record: boolean;
  /** Where the inspector window opens: the hosted inspector (undefined: the library's default) or ours. */
  url?: string;
} {
  const params = new URLSearchParams(search);
  const asked = params.has('inspect');
  const qa = env.VITE_QA_INSPECT === '1';
  // `?record` records without the hosted inspector (which needs the internet): the recorder alone.
  const local = params.get('inspect') === 'local';
  return {
    attach: env.DEV || qa || asked,
    open: asked,
    record: qa || asked || params.has('record'),
    ...(local ? { url: LOCAL_INSPECTOR_PATH } : {}),
  };
}

/** The offline inspection page (qa/inspector.html), on the app's own origin. */
export const LOCAL_INSPECTOR_PATH = '/qa/inspector.html';

/** Where the actors' events go once loaded: the Stately inspector, the QA recorder, or both. */
interface Target {
  next(event: InspectionEvent, at: number): void;
}

function create(): AppInspector | undefined {
  if (typeof window === 'undefined') return undefined;
  const env = import.meta.env as { DEV: boolean; VITE_QA_INSPECT?: string };
  const { attach, open, record, url } = inspectorWanted(env, window.location.search);
  if (!attach && !record) return undefined;
  const now = () => performance.now();
  // The recording starts with the page's first actor, not when the recorder's chunk arrives.
  const startedAt = new Date();
  const t0 = now();
  const buffer: Array<{ event: InspectionEvent; at: number }> = [];
  const targets: Target[] = [];
  let loading = (attach ? 1 : 0) + (record ? 1 : 0);
  let start: (() => void) | undefined;
  const loaded = (target: Target | undefined) => {
    if (target) targets.push(target);
    loading -= 1;
    // Every target gets the events seen before the last of them loaded, in order.
    if (loading === 0) for (const { event, at } of buffer.splice(0)) for (const t of targets) t.next(event, at);
  };
  // The inspector, its serializer and the redaction load only when inspection is on (first load).
  if (attach) {
    void Promise.all([import('@statelyai/inspect'), import('./inspect')])
      .then(([{ createBrowserInspector }, { inspectorOptions }]) => {
        // Messages are small now (no machine in them, a definition once per actor): the window opened later gets
        // the last 2000 of them, not the library's 200, so it still has the actors' definitions.
        // The actors' systemIds (the Stately format has none), for the offline page's actor list.
        const systemIds = new Map<string, string>();
        const inspector = createBrowserInspector({
          autoStart: open,
          maxDeferredEvents: 2000,
          ...(url ? { url: new URL(url, window.location.origin).href } : {}),
          ...inspectorOptions({ systemIdOf: (sessionId) => systemIds.get(sessionId) }),
        });
        start = () => inspector.start();
        loaded({
          next: (event) => {
            if (event.type === '@xstate.actor') {
              const ref = event.actorRef as typeof event.actorRef & {
                systemId?: unknown;
                options?: { systemId?: unknown };
              };
              // `@xstate.actor` comes from the actor's constructor, before its systemId is set (its options have it).
              const systemId = ref.systemId ?? ref.options?.systemId;
              if (typeof systemId === 'string') systemIds.set(ref.sessionId, systemId);
            }
            inspector.inspect.next?.(event);
          },
        });
      })
      .catch(() => loaded(undefined));
  }
  // The QA recorder: its ring buffer, its shortcut and overlay, a chunk of their own.
  if (record) {
    void import('./recording/qa-recorder')
      .then(({ startQaRecorder }) => {
        const recorder = startQaRecorder(window, { now, start: t0, startedAt });
        loaded({ next: (event, at) => recorder.record(event, at) });
      })
      .catch(() => loaded(undefined));
  }
  return {
    inspect: {
      next: (event) => {
        const at = now();
        if (loading === 0) for (const t of targets) t.next(event, at);
        else if (buffer.length < 2000) buffer.push({ event, at });
      },
    },
    start: () => start?.(),
  };
}

export const inspector: AppInspector | undefined = create();
