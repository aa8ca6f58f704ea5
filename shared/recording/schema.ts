/**
 * The QA recording file: what the recorder (src/lib/recording/recorder.ts) downloads, what
 * `npm run replay` and the sandbox's compliance view load.
 *
 * One JSON object: the format's name and version, the recording's name, the app's build id, the brand (domain and
 * site name), the locale, the start time (ISO) and the redacted inspection stream, oldest first, each entry with its
 * time in ms since the start, the actor it concerns (sessionId, invoke id, systemId, parent's sessionId, machine id),
 * the sender of an event (a sessionId; null from outside the system), the event (its type and redacted payload) and
 * the snapshot (status, state value, tags; context, input, output and error redacted).
 *
 * `parseRecording` refuses, with a code and a message, anything that is not such a file: too large (checked before
 * parsing), empty, truncated, not JSON, hostile (a `__proto__`, `constructor` or `prototype` key anywhere: refused
 * while parsing, never assigned), of another version, or not of this shape. Loaded from a file, `parseRecordingFile`
 * checks the size before reading it.
 */
import * as z from 'zod/mini';
import {
  HOSTILE_KEYS,
  RECORDING_FORMAT,
  RECORDING_MAX_FILE_BYTES,
  RECORDING_NAME_MAX,
  RECORDING_VERSION,
  utf8Bytes,
} from './format';

// The file's constants come with its schema (one import for the replay, the recorder's tests, the sandbox).
export * from './format';

const text = (max: number) => z.string().check(z.maxLength(max));
const nonNegativeInt = z.int().check(z.gte(0));

const actor = z.object({
  sessionId: text(64),
  /** The invoke/spawn id (`0.payment.charging` when generated). */
  id: text(512),
  systemId: z.nullable(text(256)),
  /** The parent's sessionId; null for the root. */
  parent: z.nullable(text(64)),
  /** The machine's id; null for promise and callback actors. */
  machine: z.nullable(text(256)),
});

const snapshot = z.object({
  status: text(32),
  value: z.optional(z.unknown()),
  tags: z.optional(z.array(text(256))),
  context: z.optional(z.unknown()),
  input: z.optional(z.unknown()),
  output: z.optional(z.unknown()),
  error: z.optional(z.unknown()),
});

const event = z.looseObject({ type: text(512) });

export const recordedEventSchema = z.object({
  /** Position in the whole session (gaps before the first: entries dropped by the ring buffer). */
  seq: nonNegativeInt,
  /** Milliseconds since the recording started. */
  t: z.number().check(z.gte(0)),
  kind: z.enum(['actor', 'event', 'snapshot']),
  actor,
  /** The sender's sessionId (kind `event`); null when sent from outside the system or not an event. */
  source: z.nullable(text(64)),
  event: z.nullable(event),
  snapshot: z.nullable(snapshot),
});

export const recordingSchema = z.object({
  format: z.literal(RECORDING_FORMAT),
  version: z.literal(RECORDING_VERSION),
  name: text(RECORDING_NAME_MAX),
  build: text(128),
  brand: z.object({ domain: text(253), name: z.nullable(text(256)) }),
  locale: z.enum(['pt', 'en']),
  startedAt: z.iso.datetime(),
  /** Entries the ring buffer dropped (oldest first) before the download. */
  dropped: nonNegativeInt,
  /**
   * Each recorded machine's definition signature by machine id (src/lib/recording/machine-signature.ts): the replay
   * says which machines changed since the recording. Optional (older recordings have none).
   */
  machines: z.optional(z.record(text(256), text(16))),
  events: z.array(recordedEventSchema).check(z.maxLength(100_000)),
});

export type RecordedEvent = z.infer<typeof recordedEventSchema>;
export type RecordedActor = RecordedEvent['actor'];
export type RecordedSnapshot = NonNullable<RecordedEvent['snapshot']>;
export type Recording = z.infer<typeof recordingSchema>;

export type RecordingErrorCode =
  'too_large' | 'empty' | 'truncated' | 'malformed' | 'hostile' | 'version' | 'invalid' | 'unreadable';

export interface RecordingError {
  code: RecordingErrorCode;
  /** For QA and the replay command's output (English; the UI shows `qa.recording.error.<code>`). */
  message: string;
}

export type ParsedRecording = { ok: true; recording: Recording } | { ok: false; error: RecordingError };

const fail = (code: RecordingErrorCode, message: string): ParsedRecording => ({ ok: false, error: { code, message } });

const MB = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** Whether JSON text ends inside a string or with brackets left open: a cut-off file rather than a wrong one. */
function looksTruncated(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') depth -= 1;
  }
  return inString || depth > 0;
}

class HostileKey extends Error {}

/** Validates a recording's text; never assigns a hostile key and never runs anything in it. */
export function parseRecording(text: unknown): ParsedRecording {
  if (typeof text !== 'string') return fail('unreadable', 'The recording is not text.');
  // Size first: a UTF-8 byte is at least one UTF-16 unit, so a long text is refused without counting.
  if (text.length > RECORDING_MAX_FILE_BYTES || utf8Bytes(text) > RECORDING_MAX_FILE_BYTES) {
    return fail('too_large', `The recording is larger than ${MB(RECORDING_MAX_FILE_BYTES)}.`);
  }
  if (text.trim() === '') return fail('empty', 'The recording is empty.');
  let value: unknown;
  try {
    value = JSON.parse(text, (key, v: unknown) => {
      if (HOSTILE_KEYS.has(key)) throw new HostileKey(key);
      return v;
    });
  } catch (error) {
    if (error instanceof HostileKey) {
      return fail('hostile', `The recording has a forbidden key "${error.message}": it was not loaded.`);
    }
    if (error instanceof SyntaxError && looksTruncated(text)) {
      return fail('truncated', 'The recording is cut off (incomplete JSON).');
    }
    return fail('malformed', 'The recording is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail('invalid', 'The recording is not a JSON object.');
  }
  const record = value as Record<string, unknown>;
  if (record.format !== RECORDING_FORMAT)
    return fail('invalid', `This is not a recording ("format" is not "${RECORDING_FORMAT}").`);
  if (record.version !== RECORDING_VERSION) {
    return fail(
      'version',
      `Recording version ${JSON.stringify(record.version)} is not supported (expected ${RECORDING_VERSION}).`,
    );
  }
  const parsed = recordingSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : 'the file';
    return fail('invalid', `The recording is not valid at ${where}: ${issue?.message ?? 'unexpected shape'}.`);
  }
  return { ok: true, recording: parsed.data };
}

/** A file (an upload, a download in a test): its size is checked before a byte of it is read. */
export async function parseRecordingFile(file: Blob): Promise<ParsedRecording> {
  if (file.size > RECORDING_MAX_FILE_BYTES) {
    return fail('too_large', `The recording is larger than ${MB(RECORDING_MAX_FILE_BYTES)}.`);
  }
  let text: string;
  try {
    text = await file.text();
  } catch {
    return fail('unreadable', 'The recording could not be read.');
  }
  return parseRecording(text);
}
