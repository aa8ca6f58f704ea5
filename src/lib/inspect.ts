import type { InspectionEvent, Observer } from 'xstate';
import { redact } from './redact';

/**
 * The Stately inspector for QA (ARCHITECTURE: Inspection).
 *
 * - In dev (`npm run dev` / `npm start`) it is attached to every actor; it opens
 *   the inspector window only when asked: `?inspect` in the URL.
 * - In a built app it exists only when the build asks for it
 *   (`VITE_QA_INSPECT=1 npm run build`) or the page does (`?inspect`).
 * - Everything it sends passes through `redact` in `serialize`: tokens,
 *   passwords, CPF and documents never leave the page.
 * - The inspector's code is loaded only when wanted; events seen before it
 *   arrives are buffered (up to 2000) and handed over in order.
 */
export interface AppInspector {
  inspect: Observer<InspectionEvent>;
  start(): void;
}

export function inspectorWanted(env: { DEV: boolean; VITE_QA_INSPECT?: string }, search: string): {
  attach: boolean;
  open: boolean;
} {
  const asked = new URLSearchParams(search).has('inspect');
  return { attach: env.DEV || env.VITE_QA_INSPECT === '1' || asked, open: asked };
}

export function serializeForInspector<T>(event: T): T {
  return redact(event) as T;
}

function create(): AppInspector | undefined {
  if (typeof window === 'undefined') return undefined;
  const env = import.meta.env as { DEV: boolean; VITE_QA_INSPECT?: string };
  const { attach, open } = inspectorWanted(env, window.location.search);
  if (!attach) return undefined;
  const buffer: InspectionEvent[] = [];
  let target: Observer<InspectionEvent> | undefined;
  let start: (() => void) | undefined;
  void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
    const inspector = createBrowserInspector({ autoStart: open, serialize: serializeForInspector });
    target = inspector.inspect;
    start = () => inspector.start();
    for (const event of buffer.splice(0)) target.next?.(event);
  });
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
