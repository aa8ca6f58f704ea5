import type { InspectionEvent, Observer } from 'xstate';
import { redactInspectionEvent } from './redact';

/**
 * The Stately inspector for QA (ARCHITECTURE: Inspection).
 *
 * - In dev (`npm run dev` / `npm start`) it is attached to every actor; it opens
 *   the inspector window only when asked: `?inspect` in the URL.
 * - In a built app it exists only when the build asks for it
 *   (`VITE_QA_INSPECT=1 npm run build`) or the page does (`?inspect`).
 * - Everything it sends passes through `redactInspectionEvent` in `serialize`:
 *   personal data (CPF, e-mail, phone, birth date, pix keys, tokens, passwords,
 *   documents) is recognised by value and never leaves the page, while state,
 *   action, guard, actor and event names and the machine definition pass intact.
 * - A machine's definition is sent once per actor (its first message); a live
 *   snapshot is sent as its JSON, never with the machine it belongs to.
 * - The inspector's code is loaded only when wanted; events seen before it
 *   arrives are buffered (up to 2000) and handed over in order.
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

/**
 * Deep enough for the definition of the deepest machine (the login modal's config is 18 levels deep):
 * the library's default (10) cuts definitions and the inspector would draw them without their inner states.
 */
export const INSPECTION_DEPTH_LIMIT = 64;

export interface InspectionSerializerOptions {
  /**
   * true (the app): a machine's `definition` goes with the first message of each actor (sessionId) only.
   * false: only to measure what sending the definition with every message of the actor would cost.
   */
  definitionOnce?: boolean;
}

type Message = Record<string, unknown> & { type?: unknown; sessionId?: unknown; definition?: unknown };

/**
 * The `serialize` the inspector is given: redacts each message and sends a definition once per actor.
 * Idempotent: the browser adapter serializes what it was handed again (and again when it replays its buffer on
 * connecting); a message this serializer produced is returned as it is.
 */
export function createInspectionSerializer(options: InspectionSerializerOptions = {}): <T>(event: T) => T {
  const definitionOnce = options.definitionOnce ?? true;
  const produced = new WeakSet<object>();
  /** Actors whose definition was sent (with it, when every message is to carry it). */
  const sent = new Map<string, string | undefined>();
  return <T>(event: T): T => {
    if (typeof event === 'object' && event !== null && produced.has(event)) return event;
    const out = redactInspectionEvent(event) as Message;
    if (typeof out !== 'object' || out === null) return out as T;
    const sessionId = typeof out.sessionId === 'string' ? out.sessionId : undefined;
    if (sessionId !== undefined) {
      if (typeof out.definition === 'string' && !sent.has(sessionId)) {
        sent.set(sessionId, definitionOnce ? undefined : out.definition);
      } else if (definitionOnce) {
        delete out.definition;
      } else if (sent.get(sessionId) !== undefined) {
        out.definition = sent.get(sessionId);
      }
    }
    produced.add(out);
    return out as T;
  };
}

/** The options the app's inspector is created with (also used by the inspection test with its own adapter). */
export function inspectorOptions(options: InspectionSerializerOptions = {}) {
  return { serialize: createInspectionSerializer(options), serializationDepthLimit: INSPECTION_DEPTH_LIMIT };
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
    // Messages are small now (no machine in them, a definition once per actor): the window opened later gets
    // the last 2000 of them, not the library's 200, so it still has the actors' definitions.
    const inspector = createBrowserInspector({ autoStart: open, maxDeferredEvents: 2000, ...inspectorOptions() });
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
