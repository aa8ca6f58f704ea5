/** A source of uniformly distributed numbers in [0, 1), injectable so tests can be deterministic. */
export type Random = () => number;

/** Cryptographically strong default, resolved when called (never at import time). */
export const cryptoRandom: Random = () => {
  const [value = 0] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return value / 2 ** 32;
};
