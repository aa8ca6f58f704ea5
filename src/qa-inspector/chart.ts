/**
 * A machine's chart for the offline inspection page: its states as a tree and its transitions as
 * edges, read from the machine (XState resolves every target), turned into an ELK graph (layered, hierarchical:
 * compound states are ELK compound nodes) and back from ELK's coordinates into boxes and paths to draw. ELK lays the
 * chart out; nothing here places a box.
 *
 * Pure: no DOM, no ELK instance (./layout.ts runs ELK).
 */
import { createMachine, type AnyStateMachine } from 'xstate';

export type ChartNodeType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartNode {
  /** The state node's id (`pix.awaitingPayment.waiting`, or its explicit `id`). */
  id: string;
  /** Its key in its parent (the machine's id for the root). */
  key: string;
  type: ChartNodeType;
  /** The initial child of its parent. */
  initial: boolean;
  children: ChartNode[];
}

export interface ChartEdge {
  id: string;
  source: string;
  target: string;
  /** The event, shortened for the chart (`done: createPix`, `after pixExpiry`, `always`). */
  label: string;
}

export interface Chart {
  machineId: string;
  root: ChartNode;
  edges: ChartEdge[];
}

/** The minimum of XState's StateNode the chart reads. */
interface StateNodeLike {
  id: string;
  key: string;
  type: string;
  states: Record<string, StateNodeLike>;
  initial?: { target?: ReadonlyArray<{ id: string }> } | undefined;
  transitions: Map<string, ReadonlyArray<{ target?: ReadonlyArray<{ id: string }> | undefined }>>;
  always?: ReadonlyArray<{ target?: ReadonlyArray<{ id: string }> | undefined }> | undefined;
}

/** How an event reads on an edge: XState's generated names shortened, others as they are. */
export function eventLabel(eventType: string): string {
  let m = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (m) return `done: ${m[1]}`;
  m = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (m) return `error: ${m[1]}`;
  m = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (m) return `after ${m[1]}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

function nodeType(type: string): ChartNodeType {
  return type === 'compound' || type === 'parallel' || type === 'final' || type === 'history' ? type : 'atomic';
}

/** The chart of a machine: its state tree and one edge per (source, target, event) of its transitions. */
export function chartOfMachine(machine: AnyStateMachine): Chart {
  const edges: ChartEdge[] = [];
  const seen = new Set<string>();
  const add = (source: string, target: string, label: string) => {
    const key = `${source}\u0000${target}\u0000${label}`;
    if (seen.has(key)) return;
    seen.add(key);
    edges.push({ id: `e${edges.length}`, source, target, label });
  };
  const walk = (node: StateNodeLike, initial: boolean): ChartNode => {
    for (const [eventType, transitions] of node.transitions) {
      for (const t of transitions) for (const target of t.target ?? []) add(node.id, target.id, eventLabel(eventType));
    }
    for (const t of node.always ?? []) for (const target of t.target ?? []) add(node.id, target.id, 'always');
    const initialIds = new Set((node.initial?.target ?? []).map((t) => t.id));
    return {
      id: node.id,
      key: node.key,
      type: nodeType(node.type),
      initial,
      children: Object.values(node.states).map((child) => walk(child, initialIds.has(child.id))),
    };
  };
  const root = walk(machine.root as unknown as StateNodeLike, false);
  return { machineId: machine.id, root, edges };
}

/**
 * The machine of a definition as the inspection stream sends it (the machine's config as JSON, without its
 * functions), or null when it is not a machine's (a promise or callback actor's `{id}`) or XState refuses it.
 */
export function machineOfDefinition(definition: string): AnyStateMachine | null {
  let config: unknown;
  try {
    config = JSON.parse(definition);
  } catch {
    return null;
  }
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return null;
  const c = config as Record<string, unknown>;
  if (typeof c.states !== 'object' || c.states === null) return null;
  try {
    return createMachine(c as Parameters<typeof createMachine>[0]);
  } catch {
    return null;
  }
}

/** The machine id a definition names, or null. */
export function definitionId(definition: string | undefined): string | null {
  if (!definition) return null;
  try {
    const config = JSON.parse(definition) as unknown;
    if (typeof config !== 'object' || config === null) return null;
    const { id, states } = config as { id?: unknown; states?: unknown };
    return typeof id === 'string' && typeof states === 'object' && states !== null ? id : null;
  } catch {
    return null;
  }
}

export interface ActiveStates {
  /** Every active state node: the root, each active parent and each active leaf. */
  active: Set<string>;
  /** The active leaves only (the states the actor is "in"). */
  leaves: Set<string>;
}

/**
 * The state nodes a state value makes active: `{awaitingPayment: 'waiting'}` → the root, `pix.awaitingPayment`
 * and `pix.awaitingPayment.waiting` (the leaf); a parallel state's regions each. Keys the chart does not have
 * (another build's machine) are skipped.
 */
export function activeStates(root: ChartNode, value: unknown): ActiveStates {
  const active = new Set<string>([root.id]);
  const leaves = new Set<string>();
  const walk = (node: ChartNode, v: unknown) => {
    if (typeof v === 'string') {
      const child = node.children.find((c) => c.key === v);
      if (child) {
        active.add(child.id);
        leaves.add(child.id);
      }
      return;
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return;
    const entries = Object.entries(v as Record<string, unknown>);
    for (const [key, sub] of entries) {
      const child = node.children.find((c) => c.key === key);
      if (!child) continue;
      active.add(child.id);
      if (typeof sub === 'object' && sub !== null && Object.keys(sub).length === 0) leaves.add(child.id);
      else walk(child, sub);
    }
  };
  walk(root, value);
  if (leaves.size === 0 && root.children.length === 0) leaves.add(root.id);
  return { active, leaves };
}

/** A state value as one line: `awaitingPayment.waiting`, parallel regions' leaves joined by `, `. */
export function stateValueText(value: unknown): string {
  const paths = (v: unknown): string[] => {
    if (typeof v === 'string') return [v];
    if (typeof v !== 'object' || v === null) return [];
    return Object.entries(v as Record<string, unknown>).flatMap(([key, sub]) => {
      const inner = paths(sub);
      return inner.length === 0 ? [key] : inner.map((p) => `${key}.${p}`);
    });
  };
  return paths(value).join(', ');
}

/* ---------- ELK ---------- */

/** The subset of ELK's JSON graph the chart uses (elkjs's ElkNode, structurally). */
export interface ElkGraphNode {
  id: string;
  width?: number;
  height?: number;
  x?: number;
  y?: number;
  layoutOptions?: Record<string, string>;
  children?: ElkGraphNode[];
  edges?: ElkGraphEdge[];
}

export interface ElkGraphEdge {
  id: string;
  sources: string[];
  targets: string[];
  labels?: Array<{ text: string; width: number; height: number; x?: number; y?: number }>;
  sections?: Array<{
    startPoint: { x: number; y: number };
    endPoint: { x: number; y: number };
    bendPoints?: Array<{ x: number; y: number }>;
  }>;
}

export const CHART_FONT_PX = 13;
const CHAR_PX = 7.4;
const LABEL_CHAR_PX = 6.4;
export const ATOMIC_HEIGHT = 34;
export const COMPOUND_HEADER = 30;

/** The box an atomic state needs for its name. */
export function atomicWidth(key: string): number {
  return Math.max(72, Math.ceil(key.length * CHAR_PX) + 28);
}

/**
 * Cycles are broken depth first from each level's first state (its initial state, put first), so a chart reads
 * from its initial state on the left in the order of the flow. Set on every compound node: ELK reads it per level.
 */
const FLOW_ORDER = { 'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST' } as const;

/**
 * The ELK graph of a chart: one compound node per compound or parallel state (its name in a header ELK leaves room
 * for), a sized box per leaf, every edge at the top level (ELK routes them across the hierarchy) with its event as
 * a label. Coordinates come back absolute (`elk.json.shapeCoords`/`edgeCoords` ROOT).
 */
export function toElkGraph(chart: Chart): ElkGraphNode {
  const toNode = (node: ChartNode): ElkGraphNode => {
    if (node.children.length === 0) {
      return { id: node.id, width: atomicWidth(node.key), height: ATOMIC_HEIGHT };
    }
    return {
      id: node.id,
      layoutOptions: {
        ...FLOW_ORDER,
        'elk.padding': `[top=${COMPOUND_HEADER + 8},left=14,bottom=14,right=14]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${atomicWidth(node.key) + 20},${COMPOUND_HEADER + 20})`,
      },
      // The initial state first: the stream's definitions have their keys sorted (the library's stable
      // stringify), and the depth-first cycle breaking starts from a level's first node.
      children: [...node.children].sort((a, b) => Number(b.initial) - Number(a.initial)).map(toNode),
    };
  };
  return {
    id: '__chart__',
    layoutOptions: {
      ...FLOW_ORDER,
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.nodeNode': '26',
      'elk.spacing.edgeLabel': '4',
      'elk.spacing.edgeNode': '14',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
    },
    children: [toNode(chart.root)],
    edges: chart.edges.map((e) => ({
      id: e.id,
      sources: [e.source],
      targets: [e.target],
      labels: [{ text: e.label, width: Math.ceil(e.label.length * LABEL_CHAR_PX) + 8, height: 16 }],
    })),
  };
}

export interface LaidOutNode {
  id: string;
  key: string;
  type: ChartNodeType;
  initial: boolean;
  compound: boolean;
  depth: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidOutEdge {
  id: string;
  source: string;
  target: string;
  label: string;
  points: Array<{ x: number; y: number }>;
  labelBox: { x: number; y: number; width: number; height: number } | null;
}

export interface LaidOutChart {
  machineId: string;
  /** The state tree (for the active states of a value). */
  root: ChartNode;
  width: number;
  height: number;
  /** Parents before their children (drawn in this order). */
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
}

/** ELK's answer (absolute coordinates) as boxes and polylines to draw. */
export function fromElk(chart: Chart, laid: ElkGraphNode): LaidOutChart {
  const boxes = new Map<string, ElkGraphNode>();
  const collect = (n: ElkGraphNode) => {
    boxes.set(n.id, n);
    for (const c of n.children ?? []) collect(c);
  };
  collect(laid);
  const nodes: LaidOutNode[] = [];
  const place = (node: ChartNode, depth: number) => {
    const box = boxes.get(node.id);
    nodes.push({
      id: node.id,
      key: node.key,
      type: node.type,
      initial: node.initial,
      compound: node.children.length > 0,
      depth,
      x: box?.x ?? 0,
      y: box?.y ?? 0,
      width: box?.width ?? 0,
      height: box?.height ?? 0,
    });
    for (const c of node.children) place(c, depth + 1);
  };
  place(chart.root, 0);
  const laidEdges = new Map((laid.edges ?? []).map((e) => [e.id, e]));
  const edges: LaidOutEdge[] = chart.edges.map((e) => {
    const out = laidEdges.get(e.id);
    const points = (out?.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
    const label = out?.labels?.[0];
    return {
      ...e,
      points,
      labelBox:
        label && label.x !== undefined && label.y !== undefined
          ? { x: label.x, y: label.y, width: label.width, height: label.height }
          : null,
    };
  });
  return {
    machineId: chart.machineId,
    root: chart.root,
    width: laid.width ?? 0,
    height: laid.height ?? 0,
    nodes,
    edges,
  };
}
