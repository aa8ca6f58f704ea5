import { createBrowserInspector } from '@statelyai/inspect';
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
  const inspector = createBrowserInspector({ autoStart: open, serialize: serializeForInspector });
  return { inspect: inspector.inspect, start: () => inspector.start() };
}

export const inspector: AppInspector | undefined = create();
