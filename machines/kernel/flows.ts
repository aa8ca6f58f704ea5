/**
 * Flows fetched with their code (a chunk of their own) and spawned by the machine that asked for them: one typed
 * way to read what a loader brought, to spawn it under the ids and systemIds the screens know, and to stop it.
 */
import type { AnyActorLogic, AnyActorRef, DoneActorEvent, EventObject } from 'xstate';

/** A fetched flow: its logic, with the input it starts with when the fetch chose one. */
export type FlowLogic = AnyActorLogic | { logic: AnyActorLogic; input?: unknown };

/** What a loader of flows brings: flows by name (a page's loader may bring more than the page runs). */
export type NamedFlows = Readonly<Partial<Record<string, FlowLogic>>>;

/** A child to spawn: its logic, its id (also its systemId unless told otherwise), its input. */
export interface ChildFlow {
  id: string;
  logic: AnyActorLogic;
  /** The systemId it runs under; `false`: none (a child nobody looks up). Unset: its id. */
  systemId?: string | false;
  input?: unknown;
}

const isLogicWithInput = (flow: FlowLogic): flow is { logic: AnyActorLogic; input?: unknown } =>
  typeof flow === 'object' && flow !== null && 'logic' in flow && !('transition' in flow);

/** A named flow as a child under `id`, with the input the fetch chose merged under `input` (the root's wins). */
export function childOf(
  flow: FlowLogic | undefined,
  id: string,
  input?: unknown,
  systemId?: string | false,
): ChildFlow | null {
  if (!flow) return null;
  if (!isLogicWithInput(flow)) return { id, logic: flow, input, ...(systemId !== undefined ? { systemId } : {}) };
  const given = flow.input;
  const merged =
    input === undefined
      ? given
      : typeof given === 'object' && given !== null && typeof input === 'object' && input !== null
        ? { ...given, ...input }
        : input;
  return { id, logic: flow.logic, input: merged, ...(systemId !== undefined ? { systemId } : {}) };
}

/**
 * The output of a loader's done event. A named action reads its event as the machine's own events, which do not
 * list the done events of its invokes: the loader's declared output (`notSupplied<T>` in setup) is the type.
 */
export function outputOf<T>(event: EventObject): T {
  if (!('output' in event)) throw new Error(`outputOf: ${event.type} is not a done event`);
  return (event as DoneActorEvent<T>).output;
}

/**
 * What `enqueueActions` offers to spawn with. XState types a logic known only at run time (a fetched chunk) as
 * spawnable without an id; these children need theirs (the root sends to and stops them by id).
 */
type SpawnFlow = (logic: AnyActorLogic, options: { id: string; systemId?: string; input?: unknown }) => void;

/** Spawns every child (skipping the nulls: a flow the loader did not bring). */
export function spawnFlows(enqueue: { spawnChild: unknown }, children: ReadonlyArray<ChildFlow | null>): void {
  const spawn = enqueue.spawnChild as SpawnFlow;
  for (const child of children) {
    if (!child) continue;
    const systemId = child.systemId === false ? undefined : (child.systemId ?? child.id);
    spawn(child.logic, {
      id: child.id,
      ...(systemId !== undefined ? { systemId } : {}),
      ...(child.input !== undefined ? { input: child.input } : {}),
    });
  }
}

/** Stops the children with these ids that run (a flow not started is no error). */
export function stopFlows(
  enqueue: { stopChild: (id: string) => void },
  self: { getSnapshot(): { children: unknown } },
  ids: readonly string[],
): void {
  const children = self.getSnapshot().children as Record<string, AnyActorRef | undefined>;
  for (const id of ids) if (children[id]) enqueue.stopChild(id);
}

/** Whether a child with this id runs. */
export function runs(self: { getSnapshot(): { children: unknown } }, id: string): boolean {
  return Boolean((self.getSnapshot().children as Record<string, AnyActorRef | undefined>)[id]);
}

/** The error of a failed invoke's event (a named action reads its event as the machine's own events). */
export function errorOfEvent(event: EventObject): unknown {
  return 'error' in event ? event.error : undefined;
}
