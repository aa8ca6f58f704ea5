/**
 * A state value as one line: `awaitingPayment.waiting`, `{a: x, b: y}` for parallel states (the replay's report
 * and the sandbox's compliance timeline print states the same way).
 */
export function formatStateValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? String(value);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 1) {
    const [key, inner] = entries[0] as [string, unknown];
    return typeof inner === 'object' && inner !== null && Object.keys(inner).length === 0
      ? key
      : `${key}.${formatStateValue(inner)}`;
  }
  return `{${entries.map(([k, v]) => `${k}: ${formatStateValue(v)}`).join(', ')}}`;
}
