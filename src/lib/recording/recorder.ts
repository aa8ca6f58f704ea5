/**
 * The QA recorder: every inspection event of every actor of the app's system (actor creation,
 * events, snapshots) kept, redacted as it arrives, in a bounded ring buffer (./ring-buffer.ts: RECORDING_MAX_EVENTS
 * entries and RECORDING_MAX_BUFFER_BYTES of JSON, oldest dropped and counted), and turned into one recording file
 * (./schema.ts) on demand.
 *
 * Redaction is the inspector's (src/lib/redact.ts: tokens, passwords, CPF, e-mail, phone, pix keys, documents
 * recognised by value) plus text people write and file names (`freeText`: chat messages, drafts), since a chat
 * message is only known by where it sits. Nothing unredacted is kept: an entry is built and redacted when its event
 * arrives. Loaded only when recording is on (src/lib/inspector.ts), never in a player's first load.
 */
import type { AnyActorRef, InspectionEvent } from 'xstate';
import { redactEvent, redactSnapshot, REDACTED } from '../redact';
import { RingBuffer } from './ring-buffer';
import {
  RECORDING_FORMAT,
  RECORDING_MAX_BUFFER_BYTES,
  RECORDING_MAX_ENTRY_BYTES,
  RECORDING_MAX_EVENTS,
  RECORDING_NAME_MAX,
  RECORDING_VERSION,
  utf8Bytes,
} from './format';
import type { RecordedActor, RecordedEvent, RecordedSnapshot, Recording } from './schema';
import { isStateMachine, machineSignature } from './machine-signature';

export interface RecorderOptions {
  maxEvents?: number;
  maxBytes?: number;
  /** A monotonic clock in ms (performance.now in the page). */
  now?: () => number;
  /** When the recording started on that clock (default: now); earlier events count from it as 0. */
  start?: number;
  /** The wall-clock start (the file's `startedAt`). */
  startedAt?: Date;
}

/** What the file says about where it was recorded. */
export interface RecordingMeta {
  name: string;
  build: string;
  brand: { domain: string; name: string | null };
  locale: 'pt' | 'en';
}

export interface Recorder {
  /** Records one inspection event; `at` is when it happened on the recorder's clock (default: now). */
  record(event: InspectionEvent, at?: number): void;
  /** Entries held now. */
  readonly count: number;
  /** Entries dropped by the ring buffer so far. */
  readonly dropped: number;
  /** The root of the system recorded (its first actor without a parent), for the brand. */
  readonly root: AnyActorRef | undefined;
  /** The recorder's clock (for events seen before it loaded). */
  now(): number;
  /** Called after each entry recorded (the overlay's count); returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** The recording file's object (JSON.stringify it to download). */
  toRecording(meta: RecordingMeta): Recording;
}

const OPTIONS = { freeText: true } as const;

type Inspected = InspectionEvent & { actorRef: AnyActorRef };

function actorOf(ref: AnyActorRef): RecordedActor {
  const r = ref as AnyActorRef & {
    _parent?: AnyActorRef;
    logic?: { id?: unknown };
    systemId?: unknown;
    options?: { systemId?: unknown };
  };
  const machine = r.logic && typeof r.logic.id === 'string' ? r.logic.id : null;
  // `@xstate.actor` comes from the actor's constructor, before its systemId is set (its options have it).
  const systemId = r.systemId ?? r.options?.systemId;
  return {
    sessionId: ref.sessionId,
    id: String(ref.id),
    systemId: typeof systemId === 'string' ? systemId : null,
    parent: r._parent?.sessionId ?? null,
    machine,
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function snapshotOf(snapshot: unknown): RecordedSnapshot {
  const plain = redactSnapshot(snapshot, OPTIONS);
  const s = isRecord(plain) ? plain : {};
  const out: RecordedSnapshot = { status: typeof s.status === 'string' ? s.status : 'active' };
  if (s.value !== undefined && s.value !== null) out.value = s.value;
  if (Array.isArray(s.tags) && s.tags.length > 0) out.tags = s.tags.filter((t): t is string => typeof t === 'string');
  for (const key of ['context', 'input', 'output', 'error'] as const) {
    if (s[key] !== undefined && s[key] !== null) out[key] = s[key];
  }
  return out;
}

function eventOf(event: unknown): RecordedEvent['event'] {
  const plain = redactEvent(event, OPTIONS);
  if (!isRecord(plain) || typeof plain.type !== 'string') return null;
  return plain as RecordedEvent['event'];
}

/** An entry too large keeps its names (actor, event type, state value) and loses its data. */
function slim(entry: RecordedEvent): RecordedEvent {
  const snapshot = entry.snapshot && {
    status: entry.snapshot.status,
    ...(entry.snapshot.value !== undefined ? { value: entry.snapshot.value } : {}),
    ...(entry.snapshot.context !== undefined ? { context: REDACTED } : {}),
  };
  return { ...entry, event: entry.event && { type: entry.event.type }, snapshot };
}

export function createRecorder(options: RecorderOptions = {}): Recorder {
  const now = options.now ?? (() => (typeof performance === 'undefined' ? Date.now() : performance.now()));
  const start = options.start ?? now();
  const startedAt = options.startedAt ?? new Date();
  const buffer = new RingBuffer<RecordedEvent>(
    options.maxEvents ?? RECORDING_MAX_EVENTS,
    options.maxBytes ?? RECORDING_MAX_BUFFER_BYTES,
  );
  let seq = 0;
  let root: AnyActorRef | undefined;
  /** Each machine's definition signature, once per machine id (the replay tells what changed since). */
  const signatures = new Map<string, string>();
  const listeners = new Set<() => void>();

  function record(inspection: InspectionEvent, at = now()): void {
    if (
      inspection.type !== '@xstate.actor' &&
      inspection.type !== '@xstate.event' &&
      inspection.type !== '@xstate.snapshot'
    ) {
      return; // microsteps and actions: their effects are in the snapshots and events
    }
    const { actorRef } = inspection as Inspected;
    if (!actorRef) return;
    const actor = actorOf(actorRef);
    if (!root && actor.parent === null) root = actorRef;
    let entry: RecordedEvent;
    const base = { seq, t: Math.max(0, Math.round((at - start) * 10) / 10), actor };
    if (inspection.type === '@xstate.actor') {
      const { logic } = actorRef as AnyActorRef & { logic?: unknown };
      if (actor.machine !== null && !signatures.has(actor.machine) && isStateMachine(logic)) {
        try {
          signatures.set(actor.machine, machineSignature(logic));
        } catch {
          // a definition it cannot read: no signature, the replay says nothing about it
        }
      }
      // Its first snapshot is not made yet: the `xstate.init` snapshot that follows carries it.
      entry = { ...base, kind: 'actor', source: null, event: null, snapshot: null };
    } else if (inspection.type === '@xstate.event') {
      entry = {
        ...base,
        kind: 'event',
        source: inspection.sourceRef?.sessionId ?? null,
        event: eventOf(inspection.event),
        snapshot: null,
      };
    } else {
      entry = {
        ...base,
        kind: 'snapshot',
        source: null,
        event: eventOf(inspection.event),
        snapshot: snapshotOf(inspection.snapshot),
      };
    }
    seq += 1;
    let bytes = utf8Bytes(JSON.stringify(entry));
    if (bytes > RECORDING_MAX_ENTRY_BYTES) {
      entry = slim(entry);
      bytes = utf8Bytes(JSON.stringify(entry));
    }
    buffer.push(entry, bytes);
    for (const listener of listeners) listener();
  }

  return {
    record,
    get count() {
      return buffer.length;
    },
    get dropped() {
      return buffer.dropped;
    },
    get root() {
      return root;
    },
    now,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toRecording(meta) {
      const name = meta.name.trim().slice(0, RECORDING_NAME_MAX) || 'recording';
      return {
        format: RECORDING_FORMAT,
        version: RECORDING_VERSION,
        name,
        build: meta.build,
        brand: meta.brand,
        locale: meta.locale,
        startedAt: startedAt.toISOString(),
        dropped: buffer.dropped,
        machines: Object.fromEntries(signatures),
        events: buffer.toArray(),
      };
    },
  };
}

/** A file name for a recording's name: letters, digits and hyphens, with `.json`. */
export function recordingFileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'recording'}.json`;
}
