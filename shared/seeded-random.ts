/**
 * The one seeded random generator of the app and the sandbox (mulberry32): deterministic for a seed, so a test, a
 * seeded catalogue or a replayed reel draws the same numbers every time. Pure: no imports.
 */

/** A 32-bit seed from any number (`crypto.getRandomValues`, `Math.random() * 2 ** 32`, a hash). */
export const toSeed = (n: number): number => (Number.isFinite(n) ? Math.trunc(n) >>> 0 : 0);

/** One uniform draw in [0, 1) and the seed after it (for state kept in a machine's context). */
export function nextRandom(seed: number): [value: number, next: number] {
  const next = (seed + 0x6d2b79f5) >>> 0;
  let r = Math.imul(next ^ (next >>> 15), next | 1);
  r ^= r + Math.imul(r ^ (r >>> 7), r | 61);
  return [((r ^ (r >>> 14)) >>> 0) / 4294967296, next];
}

/** A generator of uniform draws in [0, 1) from a seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    const [value, next] = nextRandom(state);
    state = next;
    return value;
  };
}

/** 32-bit FNV-1a of a string: a seed from a name. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
