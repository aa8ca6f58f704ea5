import type { AnyStateMachine, AnyStateNode, EventFromLogic, InputFrom, InspectionEvent, SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { createTestActor } from './test-actor';

/** One shortest path found by `xstate/graph`, as replayed on a live actor. */
export interface ReplayedPath {
  /** Readable: `choosing --pix.submit--> generating`. */
  description: string;
  events: string[];
  /** Leaf states (dot paths, e.g. `awaitingPayment.waiting`) the live actor was in at any microstep. */
  visited: string[];
  /** Status of the live actor at the end of the path. */
  status: string;
  /** What the live actor reported as an error, if it failed. */
  error?: unknown;
}

export interface Reachability {
  /** Every leaf state of the machine's definition (atomic and final nodes of every region), as dot paths. */
  leaves: string[];
  /** The final states among them. */
  finals: string[];
  /** Leaves some replayed path visited. */
  reached: string[];
  /** Leaves no path visited and not excused by `unreachableByEvents`: should be empty. */
  unreached: string[];
  /** Excuses that are wrong: the state is not a leaf of the machine, or a path reached it after all. Should be empty. */
  staleExceptions: string[];
  /** Paths whose live actor ended in the `error` status (an action or actor threw): should be empty. */
  failedPaths: ReplayedPath[];
  paths: ReplayedPath[];
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Atomic and final state nodes under `node` (history nodes are not states). */
function leavesOf(node: AnyStateNode): AnyStateNode[] {
  if (node.type === 'atomic' || node.type === 'final') return [node];
  return Object.values(node.states as Record<string, AnyStateNode>).flatMap(leavesOf);
}

const keyOf = (node: AnyStateNode) => node.path.join('.');

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states as Record<string, AnyStateNode>).flatMap(allNodes)];
}

/** The events the machine's own timers send (`xstate.after.<delay>.<state id>`), one per delayed transition. */
function delayEvents(machine: AnyStateMachine): Array<{ type: string }> {
  const types = allNodes(machine.root as AnyStateNode).flatMap((n) =>
    (n.after as Array<{ eventType: string }>).map((t) => t.eventType),
  );
  return [...new Set(types)].map((type) => ({ type }));
}

function activeLeaves(snapshot: unknown): string[] {
  const nodes = (snapshot as { _nodes?: AnyStateNode[] })._nodes ?? [];
  return nodes.filter((n) => n.type === 'atomic' || n.type === 'final').map(keyOf);
}

type GraphSnapshot = { value: unknown; can(event: unknown): boolean };
type GraphEvent = { type: string };

/**
 * Replays `events` on a fresh live actor (a `path` coverage source) and returns the leaf states it was in at any
 * microstep, including states left at once by an `always` transition, and the initial one.
 */
function replay(machine: AnyStateMachine, input: unknown, events: GraphEvent[], description: string): ReplayedPath {
  const visited = new Set<string>();
  const visit = (node: AnyStateNode) => {
    if (node.type === 'atomic' || node.type === 'final') visited.add(keyOf(node));
  };
  let error: unknown;
  const { actor } = createTestActor(machine, {
    input,
    coverageSource: 'path',
    inspect: (event: InspectionEvent) => {
      if (event.type !== '@xstate.microstep' || (event.actorRef as { _parent?: unknown })._parent) return;
      // The states a transition left were active too (the transient initial state of `always`, for one).
      for (const t of (event as unknown as { _transitions: Array<{ source: AnyStateNode }> })._transitions)
        visit(t.source);
      activeLeaves(event.snapshot).forEach((leaf) => visited.add(leaf));
    },
  } as never);
  const note = () => activeLeaves(actor.getSnapshot()).forEach((leaf) => visited.add(leaf));
  const subscription = actor.subscribe({ error: (e: unknown) => (error = e) });
  note();
  for (const e of events) {
    actor.send(e as never);
    note();
  }
  const snapshot = actor.getSnapshot() as { status: string; error?: unknown };
  subscription.unsubscribe();
  actor.stop();
  return {
    description,
    events: events.map((e) => e.type),
    visited: [...visited].sort(),
    status: snapshot.status,
    ...(snapshot.status === 'error' ? { error: error ?? snapshot.error } : {}),
  };
}

/**
 * Reachability check generated with `xstate/graph`. It explores the machine from its initial state with the
 * sample events (the pure transition function only finds the paths), replays the shortest path to each state it
 * found on a live actor (recorded as a `path` source: reported beside the stories, never counted), then, while some
 * leaf is still not visited, each accepted event after those paths (a state passed through by an `always`
 * transition lies on no shortest path); and compares the leaf states the live actors visited with the leaf states
 * of the machine's definition.
 *
 * What it checks that the machine does not compute itself: that every state written in the definition (every
 * region's leaves, every final state) can be entered by the events a test can send, and that no path makes the
 * live actor fail. The machine's own timer events (`xstate.after.*`) are sampled too, unless `delays` is false.
 * States only a child actor can reach, and that the sample events cannot stand in for, are listed in
 * `unreachableByEvents` with the reason; prefer sampling `xstate.done.actor.*` / `xstate.error.actor.*` events
 * over listing exceptions.
 */
export function reachability<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: {
    events: Array<EventFromLogic<TMachine>>;
    input?: InputFrom<TMachine>;
    /** Several starting inputs (a state may be reachable from one only): explored in turn, reached states shared. */
    inputs?: Array<InputFrom<TMachine>>;
    /** Leaf state (dot path) → why the sample events cannot reach it. */
    unreachableByEvents?: Record<string, string>;
    /** What makes two snapshots "the same state" for the traversal; by default the state value only. */
    serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
    /** Sample the machine's own timer events too (default true): a delay then needs no exception. */
    delays?: boolean;
  },
): Reachability {
  const serializeState =
    options.serializeState ?? ((s: SnapshotFrom<TMachine>) => JSON.stringify((s as { value: unknown }).value));
  const all = leavesOf(machine.root as AnyStateNode);
  const leaves = all.map(keyOf);
  const reachedSoFar = new Set<string>();
  const paths: ReplayedPath[] = [];
  const allReached = () => leaves.every((leaf) => reachedSoFar.has(leaf));
  const run = (input: unknown, events: GraphEvent[], description: string) => {
    const path = replay(machine, input, events, description);
    path.visited.forEach((leaf) => reachedSoFar.add(leaf));
    paths.push(path);
  };
  const explorations = (options.inputs ?? [options.input]).map((input) => {
    const traversal = {
      events: [...options.events, ...(options.delays === false ? [] : delayEvents(machine))],
      input,
      serializeState,
      limit: 100_000,
    } as never;
    const shortest = getShortestPaths(machine, traversal) as unknown as Array<{
      state: GraphSnapshot;
      steps: Array<{ event: GraphEvent }>;
    }>;
    const prefixes = shortest.map(({ state, steps }) => ({
      state,
      events: steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init'),
    }));
    return { input, traversal, prefixes };
  });
  // First the shortest path to every state found, from every input.
  for (const { input, prefixes } of explorations) {
    for (const { state, events } of prefixes) {
      const last = events.at(-1);
      run(input, events, last ? `--${last.type}--> ${show(state.value)}` : `initial ${show(state.value)}`);
    }
  }
  // Then, while a leaf is missing, every accepted event after those paths.
  for (const { input, traversal, prefixes } of explorations) {
    if (allReached()) break;
    const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<
      string,
      { transitions: Record<string, { event: GraphEvent; state: GraphSnapshot }> }
    >;
    for (const { state, events } of prefixes) {
      for (const { event, state: next } of Object.values(
        adjacency[serializeState(state as never)]?.transitions ?? {},
      )) {
        if (allReached()) break;
        if (!state.can(event)) continue;
        run(input, [...events, event], `${show(state.value)} --${event.type}--> ${show(next.value)}`);
      }
    }
  }

  const finals = all.filter((n) => n.type === 'final').map(keyOf);
  const reached = reachedSoFar;
  const excused = options.unreachableByEvents ?? {};
  return {
    leaves,
    finals,
    reached: leaves.filter((l) => reached.has(l)),
    unreached: leaves.filter((l) => !reached.has(l) && !(l in excused)),
    staleExceptions: Object.keys(excused).filter((l) => !leaves.includes(l) || reached.has(l)),
    failedPaths: paths.filter((p) => p.status === 'error'),
    paths,
  };
}
