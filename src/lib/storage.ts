/**
 * A tiny synchronous key/value store, so code that needs persisted values (the API client's token and guest id,
 * the referral code, the age gate…) never touches `window.localStorage` directly and tests can use memory.
 * Nothing here reads a browser global at import time.
 */
export interface KeyValueStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/** The local storage keys of spec §3. */
export const storageKeys = {
  auth: 'auth',
  guestId: 'guest_id',
  ref: 'ref',
  lmcp: 'lmcp',
  userCountryCode: 'userCountryCode',
  userCallingCode: 'userCallingCode',
  ageVerified: 'ageVerified',
} as const;

export function createMemoryStorage(initial: Record<string, string> = {}): KeyValueStorage {
  const values = new Map(Object.entries(initial));
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => {
      values.set(key, value);
    },
    remove: (key) => {
      values.delete(key);
    },
  };
}

/**
 * Storage backed by the Web Storage API (`localStorage` by default, resolved when called, not at import).
 * Browsers may refuse storage (private modes, blocked cookies, full quota): reads then answer null and writes are
 * dropped, so the app keeps working for the current page.
 */
export function createLocalStorage(backend?: Storage): KeyValueStorage {
  const store = (): Storage | undefined => {
    try {
      return backend ?? globalThis.localStorage;
    } catch {
      return undefined;
    }
  };
  const attempt = <T>(run: (s: Storage) => T, fallback: T): T => {
    try {
      const s = store();
      return s ? run(s) : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    get: (key) => attempt((s) => s.getItem(key), null),
    set: (key, value) => attempt((s) => s.setItem(key, value), undefined),
    remove: (key) => attempt((s) => s.removeItem(key), undefined),
  };
}
