import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';

export interface MachineEdge {
  /** Same id scheme as `toDirectedGraph`: `${sourceId}:${transitionIndex}:${targetIndex}`. */
  id: string;
  source: string;
  target: string;
  event: string;
  guard: string | undefined;
  actions: string[];
  delay: string | undefined;
  kind: 'event' | 'after' | 'done' | 'error' | 'always';
}

export function describeGuard(t: AnyTransitionDefinition): string | undefined {
  const g = t.guard as unknown;
  if (g === undefined) return undefined;
  if (typeof g === 'string') return g;
  if (typeof g === 'function') return g.name || 'inline guard';
  if (g && typeof g === 'object' && 'type' in g) return String((g as { type: unknown }).type);
  return 'guard';
}

export function describeActions(t: AnyTransitionDefinition): string[] {
  return (t.actions as unknown[]).map((a) => {
    if (typeof a === 'string') return a;
    if (typeof a === 'function') return (a as { type?: string }).type ?? a.name ?? 'inline action';
    if (a && typeof a === 'object' && 'type' in a) return String((a as { type: unknown }).type);
    return 'action';
  });
}

export function edgeKind(eventType: string): MachineEdge['kind'] {
  if (eventType.startsWith('xstate.after.')) return 'after';
  if (eventType.startsWith('xstate.done.')) return 'done';
  if (eventType.startsWith('xstate.error.')) return 'error';
  return 'event';
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(allStateNodes)];
}

/** The `always` (eventless) transitions of a node, which `toDirectedGraph` leaves out. */
function alwaysEdges(node: AnyStateNode): MachineEdge[] {
  const always = (node.always ?? []) as AnyTransitionDefinition[];
  return always.flatMap((t, index) =>
    (t.target ?? [node]).map((target, targetIndex) => ({
      id: `${node.id}:always:${index}:${targetIndex}`,
      source: node.id,
      target: (target as AnyStateNode).id,
      event: 'always',
      guard: describeGuard(t),
      actions: describeActions(t),
      delay: undefined,
      kind: 'always' as const,
    })),
  );
}

/** All edges of `toDirectedGraph(machine)` and every `always` transition, flattened, with readable labels. */
export function listEdges(machine: AnyStateMachine): MachineEdge[] {
  const out: MachineEdge[] = [];
  const visit = (node: DirectedGraphNode) => {
    for (const e of node.edges) {
      const t = e.transition;
      const delay = (t as { delay?: number | string }).delay;
      out.push({
        id: e.id,
        source: e.source.id,
        target: e.target.id,
        event: t.eventType,
        guard: describeGuard(t),
        actions: describeActions(t),
        delay: delay === undefined ? undefined : String(delay),
        kind: edgeKind(t.eventType),
      });
    }
    node.children.forEach(visit);
  };
  visit(toDirectedGraph(machine));
  for (const node of allStateNodes(machine.root)) out.push(...alwaysEdges(node));
  return out;
}

/**
 * The edge ids a taken transition corresponds to, computed from its source node
 * exactly as `toDirectedGraph` numbers them, so it also holds for `.provide()` copies.
 */
export function edgeIdsOfTransition(t: AnyTransitionDefinition): string[] {
  const source = t.source as AnyStateNode;
  const alwaysIndex = ((source.always ?? []) as AnyTransitionDefinition[]).indexOf(t);
  if (alwaysIndex >= 0)
    return (t.target ?? [source]).map((_, targetIndex) => `${source.id}:always:${alwaysIndex}:${targetIndex}`);
  const all = [...source.transitions.values()].flat();
  const index = all.indexOf(t);
  if (index < 0) return [];
  const targets = t.target ?? [source];
  return targets.map((_, targetIndex) => `${source.id}:${index}:${targetIndex}`);
}
