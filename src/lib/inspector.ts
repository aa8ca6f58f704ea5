import type { InspectionEvent, Observer } from 'xstate';

/**
 * The app's inspector hook (ARCHITECTURE: Inspection): whether the Stately inspector is attached, and a buffer that
 * hands the actors' events to it once loaded. Everything else (the inspector, the redacting serializer) is
 * `./inspect.ts`, loaded with `import()` only when inspection is on, so it stays out of the page's first load.
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
} {
  const asked = new URLSearchParams(search).has('inspect');
  return { attach: env.DEV || env.VITE_QA_INSPECT === '1' || asked, open: asked };
}

function create(): AppInspector | undefined {
  if (typeof window === 'undefined') return undefined;
  const env = import.meta.env as { DEV: boolean; VITE_QA_INSPECT?: string };
  const { attach, open } = inspectorWanted(env, window.location.search);
  if (!attach) return undefined;
  const buffer: InspectionEvent[] = [];
  let target: Observer<InspectionEvent> | undefined;
  let start: (() => void) | undefined;
  // The inspector, its serializer and the redaction load only when inspection is on (issue 11: first load).
  void Promise.all([import('@statelyai/inspect'), import('./inspect')]).then(
    ([{ createBrowserInspector }, { inspectorOptions }]) => {
      // Messages are small now (no machine in them, a definition once per actor): the window opened later gets
      // the last 2000 of them, not the library's 200, so it still has the actors' definitions.
      const inspector = createBrowserInspector({ autoStart: open, maxDeferredEvents: 2000, ...inspectorOptions() });
      target = inspector.inspect;
      start = () => inspector.start();
      for (const event of buffer.splice(0)) target.next?.(event);
    },
  );
  return {
    inspect: {
      next: (event) => {
        if (target) target.next?.(event);
        else if (buffer.length < 2000) buffer.push(event);
      },
    },
    start: () => start?.(),
  };
}

export const inspector: AppInspector | undefined = create();
