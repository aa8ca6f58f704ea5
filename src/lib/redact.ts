/**
 * Redaction for anything that leaves the app for inspection (the Stately inspector, QA journals).
 *
 * Values are redacted, never names. Personal data is recognised by what the value is:
 * - anywhere in a string: CPF (`123.456.789-09`, `12345678909`, partly masked), CNPJ with its mask, e-mail,
 *   Brazilian phones (`+55 11 91234-5678`, `(11) 91234-5678`, `11 91234-5678`, `91234-5678`, 10 to 13 digits),
 *   random pix keys (EVP, a UUID), JWT-like tokens and `Bearer …`/`Basic …` credentials; only the match is
 *   replaced, so a message around it stays readable;
 * - whole values: `data:` and `blob:` URLs, File/Blob and binary buffers (document uploads).
 * The key a value sits under (and the type of the event that carries it) is extra signal for the value, never a
 * reason to touch a name: under password-, token- or secret-like keys every string and number is redacted; under
 * CPF, document, e-mail, phone, username, birth date, pix key and person-name keys every string (and long number)
 * is, so what is typed so far (`123.456`) does not leak either; beside such keys `name` is a person's and
 * `code` a one-time code sent to them (`{email, code}`), both redacted.
 * Booleans, null and empty strings are never personal data and pass (`login_requires_cpf: true`, `has_cpf`).
 *
 * For the inspector's messages (`redactInspectionEvent`) the structure is known: the envelope (type, name,
 * sessionId, rootId, parentId, sourceId), the machine `definition`, a snapshot's `value`, `status`, `tags`,
 * `children` and `historyValue`, and every event's `type` pass untouched; context, input, output, error and event
 * payloads are redacted as above.
 *
 * Output is plain JSON: `toJSON` honoured (a live snapshot drops its machine), functions dropped, BigInt as
 * string, Map/Set as objects and arrays, Error as {name, message, …its fields}, Date as ISO, cycles and depth cut.
 * The input is never mutated, and redacting twice gives the same result.
 */
export const REDACTED = '[redacted]';
const MAX_DEPTH = 12;

/** Where a value sits: it decides how much of it is redacted. */
type Signal = 'secret' | 'personal' | 'none';

// ---- value shapes ----------------------------------------------------------------------------------------

const B = String.raw`(?<![\w.+/-])`; // no word, dot, plus, slash or hyphen right before
const E = String.raw`(?![\w/]|[.-]\d)`; // no word or slash right after, nor a dot/hyphen followed by a digit

const TEXT_PATTERNS: readonly RegExp[] = [
  // JWT-like (three base64url parts, the first a JSON header) and HTTP credentials.
  /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g,
  /\b(?:Bearer|Basic)\s+\S+/gi,
  /\b\d+\|[A-Za-z0-9]{20,}/g,
  // E-mail.
  /[\w.%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi,
  // Random pix key (EVP) and any UUID.
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
  // CNPJ with its mask; CPF with, without or with part of its mask (11 digits).
  new RegExp(String.raw`${B}\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}${E}`, 'g'),
  new RegExp(String.raw`${B}\d{3}\.?\d{3}\.?\d{3}-?\d{2}${E}`, 'g'),
  // Phones: +55…, (DD) …, DD 9…, 9xxxx-xxxx, and bare digits (mobile 11 or 13 with 55; landline 10 or 12).
  /\+55[\s.-]?\(?\d{2}\)?[\s.-]?9?\d{4}[\s.-]?\d{4}(?!\d)/g,
  /\(\d{2}\)[\s.-]?9?\d{4}[\s.-]?\d{4}(?!\d)/g,
  new RegExp(String.raw`${B}\d{2}[\s.-]9?\d{4}[\s.-]\d{4}${E}`, 'g'),
  new RegExp(String.raw`${B}9\d{4}-\d{4}${E}`, 'g'),
  new RegExp(String.raw`${B}(?:55)?\d{2}(?:9\d{8}|[2-5]\d{7})${E}`, 'g'),
];

/** A whole value that is a document or other file (data:/blob: URL). */
const FILE_URL = /^\s*(?:data:|blob:)/i;

/** Replaces every piece of personal data found in free text. */
export function redactText(text: string): string {
  let out = text;
  for (const pattern of TEXT_PATTERNS) out = out.replace(pattern, REDACTED);
  return out;
}

// ---- key and event-type signals --------------------------------------------------------------------------

const normalise = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

const SECRET_KEY =
  /password|passwd|senha|^pin$|token|secret|authorization|apikey|credential|captcha|^otp|otp$|recoverycode|verificationcode|cookie/;
const PERSONAL_KEY =
  /cpf|cnpj|^rg$|document|email|phone|telefone|celular|mobile|whatsapp|username|birth|^dob$|nascimento|pixkey|chavepix|^chave$|^key$|keytext|firstname|lastname|fullname|^nome$|sobrenome|socialname|mothername|nomemae/;
/** Keys whose presence beside `name` says the object is a person. */
const IDENTITY_KEY = /cpf|email|phone|telefone|celular|username|birth|^dob$|firstname|lastname/;
/** Event types whose payload is something the player types about themselves (`withdrawal.keyChanged`). */
const PERSONAL_EVENT = /key|cpf|cnpj|document|password|senha|email|phone|birth|token|secret|code/i;

/**
 * Text people write (chat messages, a draft, a comment) and file names: redacted only where asked
 * (`{ freeText: true }`, the QA recordings of src/lib/recording/), since another player's chat text is recognised by
 * where it sits, not by what it is.
 */
const FREE_TEXT_KEY =
  /^(text|draft|body|content|caption|comment|comments|bio|about|nickname|displayname)$|filename|originalname/;

/**
 * A typed amount under a free-text key (the deposit field's `text`: "50", "1.234,56", "R$ 50,00") is not something
 * a person wrote about themselves: kept, and still judged by value (a CPF or phone typed there is redacted), so a
 * replay of the recording sees the amount the player typed.
 */
const AMOUNT_TEXT = /^\s*(?:R\$\s*)?[\d.,\s]{0,20}$/;

export interface RedactOptions {
  /** Also redact text people write and file names (keys `text`, `draft`, `body`, `fileName`, …). */
  freeText?: boolean;
}

function signalOfKey(key: string, inherited: Signal, freeText = false, value?: unknown): Signal {
  if (inherited === 'secret') return 'secret';
  const k = normalise(key);
  if (SECRET_KEY.test(k)) return 'secret';
  if (PERSONAL_KEY.test(k)) return 'personal';
  if (freeText && FREE_TEXT_KEY.test(k) && !(typeof value === 'string' && AMOUNT_TEXT.test(value))) return 'personal';
  return inherited;
}

/** The signal an event's type gives its payload (`xstate.*` events carry actors' data, judged by value). */
export function signalOfEventType(type: unknown): Signal {
  if (typeof type !== 'string' || type.startsWith('xstate.')) return 'none';
  const last = type.slice(type.lastIndexOf('.') + 1);
  return PERSONAL_EVENT.test(last) ? 'personal' : 'none';
}

// ---- the walker ------------------------------------------------------------------------------------------

interface Walk {
  /** false: only make plain JSON (names, definitions, state values). */
  redact: boolean;
  seen: WeakSet<object>;
  freeText?: boolean;
}

function isBinary(obj: object): boolean {
  if (typeof Blob !== 'undefined' && obj instanceof Blob) return true;
  return obj instanceof ArrayBuffer || ArrayBuffer.isView(obj);
}

function walkString(value: string, signal: Signal, w: Walk): string {
  if (!w.redact || value === '' || value === REDACTED) return value;
  if (signal !== 'none' || FILE_URL.test(value)) return REDACTED;
  const trimmed = value.trimStart();
  if ((trimmed.startsWith('{') || trimmed.startsWith('[')) && value.length < 2_000_000) {
    try {
      return JSON.stringify(walk(JSON.parse(value) as unknown, 'none', 0, w));
    } catch {
      // not JSON: free text
    }
  }
  return redactText(value);
}

function walkNumber(value: number, signal: Signal, w: Walk): number | string {
  if (!Number.isFinite(value)) return String(value);
  if (!w.redact) return value;
  if (signal === 'secret') return REDACTED;
  // A CPF or phone kept as a number.
  if (signal === 'personal' && Math.abs(value) >= 10_000_000) return REDACTED;
  return value;
}

function walk(value: unknown, signal: Signal, depth: number, w: Walk): unknown {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return walkString(value, signal, w);
    case 'number':
      return walkNumber(value, signal, w);
    case 'boolean':
      return value;
    case 'bigint':
      return w.redact && signal !== 'none' ? REDACTED : value.toString();
    case 'function':
    case 'symbol':
      return undefined;
  }
  const obj = value as object;
  if (w.seen.has(obj)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[deep]';
  w.seen.add(obj);
  try {
    if (obj instanceof Date) return Number.isNaN(obj.getTime()) ? null : walk(obj.toISOString(), signal, depth, w);
    if (isBinary(obj)) return w.redact ? REDACTED : '[binary]';
    if (obj instanceof Error) {
      const fields: Record<string, unknown> = { name: obj.name, message: obj.message };
      for (const [k, v] of Object.entries(obj)) if (k !== 'stack') fields[k] = v;
      return walkObject(Object.entries(fields), signal, depth, w);
    }
    const toJSON = (obj as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') {
      let json: unknown;
      try {
        json = (toJSON as () => unknown).call(obj);
      } catch {
        return null;
      }
      return json === obj ? walkObject(Object.entries(obj), signal, depth, w) : walk(json, signal, depth + 1, w);
    }
    if (Array.isArray(obj) || obj instanceof Set) {
      // A list under a personal key is judged item by item (`fields.email: ['…taken']` is a message, not an e-mail).
      const itemSignal = signal === 'personal' ? 'none' : signal;
      return [...(obj as Iterable<unknown>)].map((v) => walk(v, itemSignal, depth + 1, w) ?? null);
    }
    const entries: Array<[string, unknown]> =
      obj instanceof Map ? [...obj].map(([k, v]) => [String(k), v]) : Object.entries(obj);
    return walkObject(entries, signal, depth, w);
  } finally {
    w.seen.delete(obj);
  }
}

function walkObject(
  entries: Array<[string, unknown]>,
  signal: Signal,
  depth: number,
  w: Walk,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const person = w.redact && entries.some(([k, v]) => IDENTITY_KEY.test(normalise(k)) && typeof v === 'string');
  for (const [key, v] of entries) {
    let own = w.redact ? signalOfKey(key, signal, w.freeText, v) : 'none';
    // Beside an e-mail, phone or CPF: `name` is a person's, `code` a one-time code sent to them.
    if (person && normalise(key) === 'name' && own === 'none') own = 'personal';
    if (person && normalise(key) === 'code') own = 'secret';
    const r = walk(v, own, depth + 1, w);
    if (r === undefined) continue;
    // A key can itself be personal data (a map by e-mail or CPF).
    let outKey = w.redact ? redactText(key) : key;
    for (let n = 2; outKey !== key && outKey in out; n += 1) outKey = `${redactText(key)} #${n}`;
    out[outKey] = r;
  }
  return out;
}

/** Deep, value-based redaction of data (context, events, inputs, outputs) into plain JSON. */
export function redact<T>(value: T, options: RedactOptions = {}): unknown {
  return walk(value, 'none', 0, { redact: true, seen: new WeakSet(), freeText: options.freeText });
}

/** Plain JSON without redaction: for names, state values and definitions, which pass untouched. */
export function toPlainJson(value: unknown): unknown {
  return walk(value, 'none', 0, { redact: false, seen: new WeakSet() });
}

// ---- the inspector's messages ----------------------------------------------------------------------------

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Fields of an inspection message that are names and ids: never redacted. */
const ENVELOPE = new Set([
  'type',
  'name',
  'sessionId',
  'rootId',
  'parentId',
  'sourceId',
  'id',
  'createdAt',
  '_version',
]);
/** Fields of a snapshot that describe where the actor is (state names, child ids): never redacted. */
const SNAPSHOT_NAMES = new Set(['status', 'value', 'tags', 'children']);

/** An XState event: its `type` (and an `actorId`) are names; the rest is payload, judged by value. */
export function redactEvent(event: unknown, options: RedactOptions = {}): unknown {
  if (!isRecord(event)) return typeof event === 'string' ? event : redact(event, options);
  const signal = signalOfEventType(event.type);
  const w: Walk = { redact: true, seen: new WeakSet([event]), freeText: options.freeText };
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(event)) {
    if (key === 'type' || key === 'actorId') {
      out[key] = toPlainJson(v);
      continue;
    }
    const r = walk(v, signalOfKey(key, signal, w.freeText, v), 1, w);
    if (r !== undefined) out[redactText(key)] = r;
  }
  return out;
}

/** A snapshot (live or already JSON): state value, status, tags, children and history pass; the data is redacted. */
export function redactSnapshot(snapshot: unknown, options: RedactOptions = {}): unknown {
  let s = snapshot;
  const toJSON = isRecord(s) ? s.toJSON : undefined;
  if (typeof toJSON === 'function') {
    try {
      s = (toJSON as () => unknown).call(s);
    } catch {
      s = {};
    }
  }
  if (!isRecord(s)) return redact(s, options);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(s)) {
    let r: unknown;
    if (SNAPSHOT_NAMES.has(key)) r = toPlainJson(v);
    else if (key === 'historyValue') r = historyIds(v);
    else r = redact(v, options);
    if (r !== undefined) out[key] = r;
  }
  return out;
}

/** A live history value holds state nodes: send their ids. */
function historyIds(value: unknown): unknown {
  if (!isRecord(value)) return toPlainJson(value);
  const out: Record<string, unknown> = {};
  for (const [key, nodes] of Object.entries(value)) {
    out[key] = Array.isArray(nodes)
      ? nodes.map((n: unknown) => (isRecord(n) && typeof n.id === 'string' ? n.id : toPlainJson(n)))
      : toPlainJson(nodes);
  }
  return out;
}

/**
 * One message of the Stately inspector (`@xstate.actor`, `@xstate.event`, `@xstate.snapshot`, or what its
 * `actor()`/`event()`/`snapshot()` send): names, ids and the `definition` untouched; snapshot and event data
 * redacted by value. Plain JSON; idempotent.
 */
export function redactInspectionEvent(message: unknown): unknown {
  if (!isRecord(message)) return redact(message);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(message)) {
    let r: unknown;
    if (key === 'definition') r = typeof v === 'string' ? v : toPlainJson(v);
    else if (ENVELOPE.has(key)) r = toPlainJson(v);
    else if (key === 'snapshot') r = redactSnapshot(v);
    else if (key === 'event') r = redactEvent(v);
    else r = redact(v);
    if (r !== undefined) out[key] = r;
  }
  return out;
}
