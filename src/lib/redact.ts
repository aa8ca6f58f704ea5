/**
 * Redaction for anything that leaves the app for inspection (the Stately
 * inspector, QA journals): deep, key-based masking on plain JSON.
 *
 * - keys that look like token, password, cpf or document (any case, inside longer
 *   names too: `accessToken`, `password_confirmation`, `documentNumber`) are masked;
 * - values that are JSON strings (the inspector's `definition`) are parsed, masked
 *   and re-stringified;
 * - output is plain JSON: functions dropped, BigInt as string, Map/Set as objects
 *   and arrays, Error as {name, message}, Date as ISO, cycles and depth cut;
 * - the input is never mutated, and redacting twice gives the same result.
 */
export const REDACTED = '[redacted]';
const SECRET_KEY = /token|password|passwd|secret|cpf|document|authorization|id_?token|captcha/i;
const MAX_DEPTH = 12;

export function isSecretKey(key: string): boolean {
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
        out[key] = v === null || v === undefined || v === '' ? v ?? null : REDACTED;
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

export function redact<T>(value: T): unknown {
  return redactValue(value, 0, new WeakSet());
}
