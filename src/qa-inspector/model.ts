/**
 * The offline inspection page's model: the inspection stream (live: the Stately inspector's
 * messages the app posts; or a QA recording's entries) as steps, folded into the actors (tree by parent, systemId,
 * machine id, definition, current state value) and the event log.
 *
 * Pure: a step is applied to a model, and a recording at position n is the fold of its first n steps.
 */
import type { RecordedEvent } from '../lib/recording/schema';
import { definitionId } from './chart';

export type StepKind = 'actor' | 'event' | 'snapshot';

export interface InspectedEvent {
  type: string;
  [key: string]: unknown;
}

/** One entry of the stream, whatever its source. */
export interface Step {
  kind: StepKind;
  sessionId: string;
  /** ms: the live message's time (epoch) or the recording's time since its start. */
  t: number;
  /** What is known of the actor (every recorded entry; a live `@xstate.actor` message). */
  actor?: {
    parentId: string | null;
    name: string;
    systemId: string | null;
    machineId: string | null;
    definition?: string;
  };
  /** kind `event`: the sender's sessionId, null from outside the system. */
  source?: string | null;
  /** kind `event`: the event sent. */
  event?: InspectedEvent | null;
  /** kinds `actor` and `snapshot`: the actor's state after it. */
  snapshot?: { value?: unknown; status?: string } | null;
}

export interface ActorView {
  sessionId: string;
  parentId: string | null;
  /** The actor's id (invoke/spawn id, or the machine's id for the root). */
  name: string;
  systemId: string | null;
  machineId: string | null;
  definition?: string;
  value?: unknown;
  status?: string;
  /** Order of appearance. */
  order: number;
}

export interface LogEntry {
  /** Position of the step in the stream. */
  index: number;
  t: number;
  type: string;
  source: string | null;
  target: string;
}

export interface InspectorModel {
  actors: Map<string, ActorView>;
  log: LogEntry[];
  /** Time of the first step (log times are shown relative to it). */
  t0: number | null;
  /** Steps applied. */
  count: number;
}

export function emptyModel(): InspectorModel {
  return { actors: new Map(), log: [], t0: null, count: 0 };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

const STATELY_KINDS: Record<string, StepKind> = {
  '@xstate.actor': 'actor',
  '@xstate.event': 'event',
  '@xstate.snapshot': 'snapshot',
};

function eventOf(v: unknown): InspectedEvent | null {
  return isRecord(v) && typeof v.type === 'string' ? (v as InspectedEvent) : null;
}

function snapshotOf(v: unknown): Step['snapshot'] {
  if (!isRecord(v)) return null;
  return { value: v.value, status: str(v.status) ?? undefined };
}

/**
 * A message of the Stately inspector's stream (what `createBrowserReceiver` hands over) as a step; null for
 * anything else. The app adds `systemId` to `@xstate.actor` messages (src/lib/inspect.ts).
 */
export function stepFromStately(message: unknown): Step | null {
  if (!isRecord(message)) return null;
  const kind = typeof message.type === 'string' ? STATELY_KINDS[message.type] : undefined;
  const sessionId = str(message.sessionId);
  if (!kind || sessionId === null) return null;
  const created = Number(message.createdAt);
  const step: Step = { kind, sessionId, t: Number.isFinite(created) ? created : 0 };
  if (kind === 'actor') {
    const definition = str(message.definition) ?? undefined;
    step.actor = {
      parentId: str(message.parentId),
      name: str(message.name) ?? sessionId,
      systemId: str(message.systemId),
      machineId: definitionId(definition),
      ...(definition ? { definition } : {}),
    };
    step.snapshot = snapshotOf(message.snapshot);
  } else if (kind === 'event') {
    step.source = str(message.sourceId);
    step.event = eventOf(message.event);
  } else {
    step.snapshot = snapshotOf(message.snapshot);
  }
  return step;
}

/** A QA recording's entry (src/lib/recording/schema.ts) as a step. Recordings carry no definitions. */
export function stepFromRecorded(entry: RecordedEvent): Step {
  return {
    kind: entry.kind,
    sessionId: entry.actor.sessionId,
    t: entry.t,
    actor: {
      parentId: entry.actor.parent,
      name: entry.actor.id,
      systemId: entry.actor.systemId,
      machineId: entry.actor.machine,
    },
    source: entry.source,
    event: entry.event as InspectedEvent | null,
    snapshot: entry.snapshot ? { value: entry.snapshot.value, status: entry.snapshot.status } : null,
  };
}

/** The most entries the live log keeps (the oldest go first). */
export const LIVE_LOG_MAX = 5000;

/** Applies one step to the model (in place; the model's arrays and maps are its own). */
export function applyStep(model: InspectorModel, step: Step, logMax = Infinity): void {
  const index = model.count;
  model.count += 1;
  if (model.t0 === null) model.t0 = step.t;
  let actor = model.actors.get(step.sessionId);
  if (!actor) {
    actor = {
      sessionId: step.sessionId,
      parentId: null,
      name: step.sessionId,
      systemId: null,
      machineId: null,
      order: model.actors.size,
    };
    model.actors.set(step.sessionId, actor);
  }
  const info = step.actor;
  if (info) {
    // A registration says everything; a recorded entry repeats it (keep what is known).
    actor.parentId = info.parentId ?? actor.parentId;
    actor.name = info.name || actor.name;
    actor.systemId = info.systemId ?? actor.systemId;
    actor.machineId = info.machineId ?? actor.machineId;
    if (info.definition) actor.definition = info.definition;
  }
  if (step.snapshot) {
    if (step.snapshot.value !== undefined) actor.value = step.snapshot.value;
    if (step.snapshot.status !== undefined) actor.status = step.snapshot.status;
  }
  if (step.kind === 'event' && step.event) {
    model.log.push({ index, t: step.t, type: step.event.type, source: step.source ?? null, target: step.sessionId });
    if (model.log.length > logMax) model.log.splice(0, model.log.length - logMax);
  }
}

/** The model after the first `n` steps (a recording at position n). */
export function foldSteps(steps: readonly Step[], n: number = steps.length): InspectorModel {
  const model = emptyModel();
  const end = Math.max(0, Math.min(n, steps.length));
  for (let i = 0; i < end; i += 1) applyStep(model, steps[i] as Step);
  return model;
}

/** A position moved by a key or button, kept within 0…total. */
export function stepPosition(position: number, total: number, move: 'first' | 'prev' | 'next' | 'last'): number {
  if (move === 'first') return 0;
  if (move === 'last') return total;
  const next = position + (move === 'next' ? 1 : -1);
  return Math.max(0, Math.min(total, next));
}

export interface ActorRow {
  actor: ActorView;
  depth: number;
}

/** The actors as a tree by parent (depth-first, each level in order of appearance); orphans are roots. */
export function actorTree(actors: ReadonlyMap<string, ActorView>): ActorRow[] {
  const children = new Map<string | null, ActorView[]>();
  for (const actor of actors.values()) {
    const parent = actor.parentId !== null && actors.has(actor.parentId) ? actor.parentId : null;
    const list = children.get(parent) ?? [];
    list.push(actor);
    children.set(parent, list);
  }
  const rows: ActorRow[] = [];
  const visit = (parent: string | null, depth: number) => {
    for (const actor of (children.get(parent) ?? []).sort((a, b) => a.order - b.order)) {
      rows.push({ actor, depth });
      visit(actor.sessionId, depth + 1);
    }
  };
  visit(null, 0);
  return rows;
}

/** The log entries that concern an actor (sent to it or by it); all of them for null. */
export function filterLog(log: readonly LogEntry[], sessionId: string | null): LogEntry[] {
  return sessionId === null ? [...log] : log.filter((e) => e.target === sessionId || e.source === sessionId);
}

/** The actor's label in the tree and the log: its systemId when it has one, else its id. */
export function actorLabel(actor: ActorView | undefined, sessionId: string): string {
  if (!actor) return sessionId;
  return actor.systemId ?? actor.name;
}
