import { redactInspectionEvent } from './redact';

export { inspector, inspectorWanted, type AppInspector } from './inspector';

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
  /**
   * The systemId of an actor by its sessionId: added to its `@xstate.actor` message as `systemId` (the Stately
   * format has none; the offline inspection page, src/qa-inspector/, lists actors by it).
   */
  systemIdOf?: (sessionId: string) => string | undefined;
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
    if (sessionId !== undefined && out.type === '@xstate.actor' && options.systemIdOf && out.systemId === undefined) {
      const systemId = options.systemIdOf(sessionId);
      if (systemId !== undefined) out.systemId = systemId;
    }
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
