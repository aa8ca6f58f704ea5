import { describe, expect, it } from 'vitest';
import { createLocalStorage, createMemoryStorage } from '../../src/lib/storage';

/** A Web Storage stand-in (Node has no localStorage). */
function webStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => {
      values.delete(key);
    },
    setItem: (key, value) => {
      values.set(key, value);
    },
  };
}

describe('KeyValueStorage', () => {
  it.each([
    ['memory', () => createMemoryStorage()],
    ['web storage', () => createLocalStorage(webStorage())],
  ])('%s: get, set, remove', (_name, make) => {
    const storage = make();
    expect(storage.get('auth')).toBeNull();
    storage.set('auth', 't');
    expect(storage.get('auth')).toBe('t');
    storage.remove('auth');
    expect(storage.get('auth')).toBeNull();
  });

  it('memory storage starts from initial values', () => {
    expect(createMemoryStorage({ lmcp: 'x' }).get('lmcp')).toBe('x');
  });

  it('web storage degrades to nothing when the browser refuses storage', () => {
    const refusing = webStorage();
    refusing.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    refusing.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const storage = createLocalStorage(refusing);
    expect(() => storage.set('a', 'b')).not.toThrow();
    expect(storage.get('a')).toBeNull();
  });

  it('resolves localStorage only when used (none in Node)', () => {
    const storage = createLocalStorage();
    expect(storage.get('auth')).toBeNull();
    expect(() => storage.set('auth', 'x')).not.toThrow();
  });
});
