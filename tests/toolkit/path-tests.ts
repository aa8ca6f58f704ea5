import type { AnyStateMachine, EventFromLogic, InputFrom, SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { createTestActor } from './test-actor';

export interface TransitionPath<TMachine extends AnyStateMachine> {
  /** Readable: `visible --toast.pause--> paused`. */
  description: string;
  events: Array<EventFromLogic<TMachine>>;
  expected: SnapshotFrom<TMachine>['value'];
  /** Runs the path on a live actor (with coverage recording) and returns its final snapshot. */
  run: () => SnapshotFrom<TMachine>;
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * Path tests generated with `xstate/graph`: for every state reachable with the
 * sample events, the shortest path to it, followed by every sample event that
 * some transition there accepts. Each path is replayed on a live actor.
 *
 * The expectation comes from the pure transition function, so sample only events
 * whose effect is immediate; what spawned children or timers do afterwards belongs
 * in hand-written stories on a simulated clock.
 */
export function transitionPaths<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: {
    events: Array<EventFromLogic<TMachine>>;
    input?: InputFrom<TMachine>;
    /** What makes two snapshots "the same state" for the traversal; by default the state value only. */
    serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  },
): Array<TransitionPath<TMachine>> {
  const serializeState =
    options.serializeState ?? ((s: SnapshotFrom<TMachine>) => JSON.stringify((s as { value: unknown }).value));
  const traversal = {
    events: options.events,
    input: options.input,
    serializeState,
    limit: 10_000,
  } as never;
  type Snap = { value: unknown; can(e: unknown): boolean };
  type Ev = { type: string };
  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<
    string,
    { state: Snap; transitions: Record<string, { event: Ev; state: Snap }> }
  >;
  const shortest = getShortestPaths(machine, traversal);
  const byState = new Map(shortest.map((p) => [JSON.stringify(p.state.value), p]));
  const paths: Array<TransitionPath<TMachine>> = [];
  for (const { state, transitions } of Object.values(adjacency)) {
    const prefix = byState.get(JSON.stringify(state.value));
    if (!prefix) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      if (!state.can(event)) continue;
      const events = [...prefix.steps.map((s) => s.event), event] as Array<EventFromLogic<TMachine>>;
      paths.push({
        description: `${show(state.value)} --${event.type}--> ${show(next.value)}`,
        events,
        expected: next.value as SnapshotFrom<TMachine>['value'],
        run: () => {
          const { actor } = createTestActor(machine, { input: options.input, coverageSource: 'path' } as never);
          for (const e of events) actor.send(e);
          const snapshot = actor.getSnapshot();
          actor.stop();
          return snapshot;
        },
      });
    }
  }
  return paths;
}
