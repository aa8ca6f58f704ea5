import type { Db } from '../db/types';
import { watchWrites } from '../db/write-watch';

/**
 * Values computed from the database and kept in memory until a write to one of their tables (seen by
 * `watchWrites`, whoever writes: the API, the QA panel, a seed, a test). Concurrent misses of a key share one
 * fill; a fill that was running when a write happened is answered but not kept. Bounded: past `maxEntries`
 * the cache starts over.
 */
export class WriteCache<V> {
  private readonly entries = new Map<string, V>();
  private readonly pending = new Map<string, Promise<V>>();
  private generation = 0;

  constructor(private readonly maxEntries = 256) {}

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, fill: () => Promise<V>): V | Promise<V> {
    if (this.entries.has(key)) return this.entries.get(key) as V;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const building = fill().then(
      (value) => {
        if (this.generation === generation && this.pending.get(key) === building) {
          if (this.entries.size >= this.maxEntries) this.entries.clear();
          this.entries.set(key, value);
        }
        if (this.pending.get(key) === building) this.pending.delete(key);
        return value;
      },
      (error: unknown) => {
        if (this.pending.get(key) === building) this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, building);
    return building;
  }
}

const perDb = new WeakMap<Db, Map<string, WriteCache<unknown>>>();

/**
 * The cache named `name` of this database, emptied by every write to `tables` (registered on first use;
 * it lives as long as the database object).
 */
export function writeCacheOf<V>(db: Db, name: string, tables: readonly string[]): WriteCache<V> {
  let caches = perDb.get(db);
  if (!caches) {
    caches = new Map();
    perDb.set(db, caches);
  }
  let cache = caches.get(name) as WriteCache<V> | undefined;
  if (!cache) {
    const created = new WriteCache<V>();
    watchWrites(db, tables, () => created.invalidate());
    caches.set(name, created as WriteCache<unknown>);
    cache = created;
  }
  return cache;
}
