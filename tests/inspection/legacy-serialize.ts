/**
 * The inspector's serializer as it was before it sent each machine's definition once per actor (a verbatim copy of the old key-based
 * `src/lib/redact.ts`), kept only so the inspection test can measure what the app used to send for the same
 * flow. Never use it in the app: it masks by key name (so it rewrites state, action and guard names) and it
 * walks live snapshots field by field, sending the whole machine (`snapshot.machine`, `snapshot._nodes`) with
 * every `@xstate.actor` message.
 */
const REDACTED = '[redacted]';
const SECRET_KEY = /token|password|passwd|secret|cpf|document|authorization|id_?token|captcha/i;
const MAX_DEPTH = 12;

function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

function redactString(value: string): string {
  const trimmed = value.trimStart();
  if ((trimmed.startsWith('{') || trimmed.startsWith('[')) && value.length < 2_000_000) {
    try {
      return JSON.stringify(redactValue(JSON.parse(value) as unknown, 0, new WeakSet()));
    } catch {
      return value;
    }
  }
  return value;
}

function redactValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (value === null || value === undefined) return value ?? null;
  switch (typeof value) {
    case 'string':
      return redactString(value);
    case 'number':
      return Number.isFinite(value) ? value : String(value);
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    case 'function':
    case 'symbol':
      return undefined;
  }
  const obj = value as object;
  if (seen.has(obj)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[deep]';
  seen.add(obj);
  try {
    if (obj instanceof Date) return Number.isNaN(obj.getTime()) ? null : obj.toISOString();
    if (obj instanceof Error) return { name: obj.name, message: obj.message };
    if (Array.isArray(obj) || obj instanceof Set) {
      return [...(obj as Iterable<unknown>)].map((v) => redactValue(v, depth + 1, seen) ?? null);
    }
    const entries: Array<[string, unknown]> =
      obj instanceof Map ? [...obj].map(([k, v]) => [String(k), v]) : Object.entries(obj);
    const out: Record<string, unknown> = {};
    for (const [key, v] of entries) {
      if (isSecretKey(key)) {
        out[key] = v === null || v === undefined || v === '' ? (v ?? null) : REDACTED;
        continue;
      }
      const r = redactValue(v, depth + 1, seen);
      if (r !== undefined) out[key] = r;
    }
    return out;
  } finally {
    seen.delete(obj);
  }
}

export function legacySerialize<T>(value: T): T {
  return redactValue(value, 0, new WeakSet()) as T;
}
