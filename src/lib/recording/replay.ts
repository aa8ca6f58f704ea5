/**
 * Headless replay of a QA recording against the machines of the current build.
 *
 * Each machine actor of the recording is replayed on its own, as a pure fold (XState's `initialTransition` and
 * `transition`: no actor started, no action executed, no timer, no request): it starts from the input its
 * `xstate.init` event carried, then takes, one after another, the events it processed in the recording. What its
 * children did is stood in by what they answered: a promise's `xstate.done.actor.*` (with the recorded output), a
 * callback's or child machine's events, a delay's `xstate.after.*`, all recorded as events the actor processed. After
 * each event the replayed state (value and status) is compared with the recorded one; the first difference is the
 * actor's divergence (the state diverged, the event was not accepted the same way, or the machine threw).
 *
 * The fold is XState's own (`machine.getInitialSnapshot`, `machine.transition`) in an inert scope like the one
 * XState's `initialTransition`/`transition` make, with what a lone actor lacks stood in: a parent (its `sendParent`
 * resolves) and, in its system, an empty actor for every systemId of the recording outside the actor's own subtree
 * (its `sendTo(system.get(…))` resolves). Actions are collected, never executed.
 *
 * Actors are named by their path of invoke/spawn ids from the root (`app/pix`, `app/session/userChannel`), never by
 * session id, which depends on creation order. Actors that are not machines (promises, callbacks, observables) are
 * not replayed: their outputs and events are what the machines are fed.
 *
 * Limits (reported, never hidden): an entry the recorder slimmed (larger than RECORDING_MAX_ENTRY_BYTES) lost its
 * event's data; redacted values (tokens, CPF, pix keys, free text) are replayed as the redaction marker; a recording
 * whose start the ring buffer dropped cannot be replayed for the actors whose `xstate.init` is gone.
 */
import {
  createActor,
  createEmptyActor,
  type AnyActorRef,
  type AnyActorScope,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
} from 'xstate';
import { REDACTED } from '../redact';
import type { RecordedActor, RecordedEvent, Recording } from './schema';
import { formatStateValue } from '../../../shared/recording/state-value';
import { machineSignature } from './machine-signature';

export { formatStateValue };

/** The machines of this build by machine id (`machine.id`). */
export type MachinesById = ReadonlyMap<string, AnyStateMachine>;

export interface ReplayState {
  value: unknown;
  status: string;
}

export interface Divergence {
  /** The step (0: the initial state, n: after the actor's n-th event). */
  step: number;
  /** The recording entry (seq) and its time (ms since the recording started). */
  seq: number;
  t: number;
  /** The event the actor processed at that step. */
  event: string;
  recorded: ReplayState;
  /** What this build's machine reached (null when it threw). */
  replayed: ReplayState | null;
  /** Why: the states differ, or the machine threw (its message). */
  reason: 'state' | 'error';
  message?: string;
  /** The recorded event lost its data (the entry was too large for the recording). */
  slimmed?: boolean;
}

export type ActorOutcome =
  | 'same' // every step matched
  | 'diverged' // see `divergence`
  | 'missing-machine' // the machine id is not in this build
  | 'incomplete'; // its xstate.init was not recorded (dropped by the ring buffer or recorded mid-life)

export interface ActorReplay {
  /** Invoke/spawn ids from the root: `app/pix`. */
  path: string;
  machine: string;
  systemId: string | null;
  sessionId: string;
  outcome: ActorOutcome;
  /** Steps compared (the initial state included). */
  steps: number;
  divergence?: Divergence;
  /** Its machine's definition differs from the one recorded (signatures in the recording); absent when unknown. */
  changed?: boolean;
  /** The states of the replay, one per step, when asked for (`trace: true`). */
  trace?: Array<{ seq: number; event: string; recorded: ReplayState; replayed: ReplayState | null }>;
}

export interface ReplayReport {
  name: string;
  build: string;
  startedAt: string;
  brand: Recording['brand'];
  locale: Recording['locale'];
  entries: number;
  dropped: number;
  /** Machine actors replayed, ordered by their path. */
  actors: ActorReplay[];
  /** Actors that are not machines (stood in by their recorded outputs and events). */
  standIns: number;
  /** Machines (ids) whose definition changed since the recording, when the recording has their signatures. */
  changedMachines: string[];
  /** No actor diverged, none is missing from this build. */
  ok: boolean;
}

export interface ReplayOptions {
  /** Keep every step's states in the report (the inspector's step-by-step view). */
  trace?: boolean;
  /** Only these actor paths (or machine ids). */
  only?: readonly string[];
}

const stateOf = (snapshot: AnyMachineSnapshot): ReplayState => ({
  value: snapshot.value as unknown,
  status: snapshot.status,
});

/** Order-insensitive deep equality of JSON values (state values are plain strings and objects). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(b, k) && sameJson((a as never)[k], (b as never)[k]));
}

const formatState = (s: ReplayState) =>
  s.status === 'active' ? formatStateValue(s.value) : `${formatStateValue(s.value)} (${s.status})`;

/** Each recorded actor's path of ids from the root; the root is named by its machine id. */
export function actorPaths(events: readonly RecordedEvent[]): Map<string, string> {
  const actors = new Map<string, RecordedActor>();
  for (const e of events) if (!actors.has(e.actor.sessionId)) actors.set(e.actor.sessionId, e.actor);
  const paths = new Map<string, string>();
  const pathOf = (sessionId: string, seen: Set<string>): string => {
    const known = paths.get(sessionId);
    if (known !== undefined) return known;
    const actor = actors.get(sessionId);
    if (!actor) return `?${sessionId}`; // a parent the recording does not have (dropped)
    const own = actor.parent === null ? (actor.machine ?? actor.id) : actor.id;
    const path =
      actor.parent === null || seen.has(actor.parent) ? own : `${pathOf(actor.parent, seen.add(sessionId))}/${own}`;
    paths.set(sessionId, path);
    return path;
  };
  for (const id of actors.keys()) pathOf(id, new Set());
  return paths;
}

/** Whether the recorder slimmed this entry (its event's data was dropped: too large). */
const isSlimmed = (entry: RecordedEvent) => entry.snapshot?.context === REDACTED;

const recordedState = (entry: RecordedEvent): ReplayState => ({
  value: entry.snapshot?.value ?? null,
  status: entry.snapshot?.status ?? 'active',
});

/** An inert scope for one step: a fresh system with stand-ins for the other actors, a parent, no execution. */
function inertScope(machine: AnyStateMachine, others: readonly string[]): AnyActorScope {
  const self = createActor(machine) as unknown as AnyActorRef & {
    _parent?: AnyActorRef;
    system: AnyActorRef['system'];
  };
  // A fresh system (the actor's constructor registered its eager initial state's children in its own).
  const system = createEmptyActor().system as AnyActorRef['system'] & { _set(id: string, ref: AnyActorRef): void };
  self.system = system;
  self._parent = createEmptyActor();
  for (const systemId of others) system._set(systemId, createEmptyActor());
  return {
    self,
    defer: () => {},
    id: '',
    logger: () => {},
    sessionId: '',
    stopChild: () => {},
    system,
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as AnyActorScope;
}

function replayActor(
  machine: AnyStateMachine,
  steps: readonly RecordedEvent[],
  base: Omit<ActorReplay, 'outcome' | 'steps'>,
  trace: boolean,
  others: readonly string[],
): ActorReplay {
  const report: ActorReplay = { ...base, outcome: 'same', steps: 0, ...(trace ? { trace: [] } : {}) };
  let snapshot: AnyMachineSnapshot | undefined;
  for (let step = 0; step < steps.length; step += 1) {
    const entry = steps[step] as RecordedEvent;
    const event = (entry.event ?? { type: 'unknown' }) as EventObject & { input?: unknown };
    const recorded = recordedState(entry);
    let replayed: ReplayState | null = null;
    let message: string | undefined;
    try {
      const scope = inertScope(machine, others);
      if (step === 0) snapshot = machine.getInitialSnapshot(scope, event.input) as AnyMachineSnapshot;
      else if (snapshot) snapshot = machine.transition(snapshot, event, scope) as AnyMachineSnapshot;
      if (snapshot) {
        replayed = stateOf(snapshot);
        if (snapshot.status === 'error') message = String((snapshot as { error?: unknown }).error);
      }
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    report.trace?.push({ seq: entry.seq, event: event.type, recorded, replayed });
    report.steps = step + 1;
    // A stopped actor's last snapshot is its parent's doing (it left the state that ran it), not a step.
    if (recorded.status === 'stopped') continue;
    const same = replayed !== null && replayed.status === recorded.status && sameJson(replayed.value, recorded.value);
    if (!same) {
      report.outcome = 'diverged';
      report.divergence = {
        step,
        seq: entry.seq,
        t: entry.t,
        event: event.type,
        recorded,
        replayed,
        reason: replayed === null || replayed.status === 'error' ? 'error' : 'state',
        ...(message ? { message } : {}),
        ...(isSlimmed(entry) ? { slimmed: true } : {}),
      };
      if (!trace) break;
      return report;
    }
  }
  return report;
}

/** Replays every machine actor of a (validated) recording against `machines`. */
export function replayRecording(
  recording: Recording,
  machines: MachinesById,
  options: ReplayOptions = {},
): ReplayReport {
  const { events } = recording;
  const paths = actorPaths(events);
  const byActor = new Map<string, { actor: RecordedActor; steps: RecordedEvent[] }>();
  let standIns = 0;
  for (const entry of events) {
    let group = byActor.get(entry.actor.sessionId);
    if (!group) {
      group = { actor: entry.actor, steps: [] };
      byActor.set(entry.actor.sessionId, group);
      if (entry.actor.machine === null) standIns += 1;
    }
    if (entry.kind === 'snapshot') group.steps.push(entry);
  }
  // Every systemId of the recording, and the actors under each actor (their systemIds are its own to register).
  const systemIds = new Map<string, string>();
  for (const { actor } of byActor.values()) if (actor.systemId) systemIds.set(actor.sessionId, actor.systemId);
  const isUnder = (sessionId: string, ancestor: string): boolean => {
    for (let at: string | null | undefined = sessionId, n = 0; at && n < 64; n += 1) {
      if (at === ancestor) return true;
      at = byActor.get(at)?.actor.parent;
    }
    return false;
  };
  const actors: ActorReplay[] = [];
  for (const { actor, steps } of byActor.values()) {
    if (actor.machine === null) continue;
    const path = paths.get(actor.sessionId) ?? actor.id;
    if (options.only && !options.only.includes(path) && !options.only.includes(actor.machine)) continue;
    const machine = machines.get(actor.machine);
    const recordedSignature = recording.machines?.[actor.machine];
    const changed =
      machine && recordedSignature !== undefined ? machineSignature(machine) !== recordedSignature : undefined;
    const base = {
      path,
      machine: actor.machine,
      systemId: actor.systemId,
      sessionId: actor.sessionId,
      ...(changed === undefined ? {} : { changed }),
    };
    if (!machine) {
      actors.push({ ...base, outcome: 'missing-machine', steps: 0 });
      continue;
    }
    if (steps[0]?.event?.type !== 'xstate.init') {
      actors.push({ ...base, outcome: 'incomplete', steps: 0 });
      continue;
    }
    const others = [...systemIds].filter(([sessionId]) => !isUnder(sessionId, actor.sessionId)).map(([, id]) => id);
    actors.push(replayActor(machine, steps, base, options.trace ?? false, [...new Set(others)]));
  }
  actors.sort((a, b) => (a.path === b.path ? 0 : a.path < b.path ? -1 : 1));
  return {
    name: recording.name,
    build: recording.build,
    startedAt: recording.startedAt,
    brand: recording.brand,
    locale: recording.locale,
    entries: events.length,
    dropped: recording.dropped,
    actors,
    standIns,
    changedMachines: [...new Set(actors.filter((a) => a.changed).map((a) => a.machine))].sort(),
    ok: actors.every((a) => a.outcome === 'same' || a.outcome === 'incomplete'),
  };
}

/** The report as text (the replay command's output; a test's failure message). */
export function formatReplayReport(report: ReplayReport, options: { currentBuild?: string } = {}): string {
  const lines: string[] = [];
  const brand = report.brand.name ? `${report.brand.name} (${report.brand.domain})` : report.brand.domain;
  lines.push(
    `Replay of "${report.name}" — recorded on build ${report.build}, ${report.startedAt}, ${brand}, ${report.locale}` +
      (options.currentBuild ? `; replayed on build ${options.currentBuild}` : ''),
  );
  const diverged = report.actors.filter((a) => a.outcome === 'diverged' || a.outcome === 'missing-machine');
  const incomplete = report.actors.filter((a) => a.outcome === 'incomplete');
  lines.push(
    `${report.entries} entries; ${report.actors.length} machine actors replayed, ${report.standIns} other actors ` +
      `(promises, callbacks) stood in by their recorded outputs and events` +
      (report.dropped > 0 ? `; ${report.dropped} earliest entries were dropped by the recorder` : ''),
  );
  if (report.changedMachines.length > 0) {
    lines.push(`Changed since the recording (definition): ${report.changedMachines.join(', ')}`);
  }
  const width = Math.min(48, Math.max(...report.actors.map((a) => a.path.length), 4));
  for (const a of report.actors) {
    const name =
      `${a.path.padEnd(width)}  ${a.machine === a.path.split('/').pop() ? '' : `(${a.machine}) `}` +
      (a.changed ? '[changed] ' : '');
    if (a.outcome === 'same') lines.push(`  ok    ${name}${a.steps} ${a.steps === 1 ? 'step' : 'steps'}`);
    else if (a.outcome === 'incomplete')
      lines.push(`  skip  ${name}its start is not in the recording (dropped by the ring buffer)`);
    else if (a.outcome === 'missing-machine')
      lines.push(`  FAIL  ${name}machine "${a.machine}" is not in this build (renamed or removed)`);
    else if (a.divergence) {
      const d = a.divergence;
      const at =
        d.step === 0 ? 'at its start' : `at step ${d.step} (entry ${d.seq}, ${Math.round(d.t)} ms) after "${d.event}"`;
      const got = d.replayed ? formatState(d.replayed) : 'nothing';
      lines.push(`  FAIL  ${name}diverged ${at}: recorded ${formatState(d.recorded)}, replayed ${got}`);
      if (d.message) lines.push(`        the machine failed: ${d.message}`);
      if (d.slimmed) lines.push('        (this entry was too large for the recording: its event lost its data)');
    }
  }
  lines.push(
    diverged.length === 0
      ? `No divergence: ${report.actors.length - incomplete.length} actors replayed the recorded states.`
      : `${diverged.length} of ${report.actors.length} actors diverged.`,
  );
  return lines.join('\n');
}
