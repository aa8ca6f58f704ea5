import type { Db, Queryable } from './types';

/**
 * Tells listeners when a statement may have changed some tables: every `query` whose SQL writes (INSERT, UPDATE,
 * DELETE, MERGE, TRUNCATE, DDL) and names one of the tables, and every `exec` (scripts: migrations, wipes). The
 * Db object is patched in place, once, so whoever holds it (the API, the QA panel, a seed, a test writing
 * directly) is seen. Inside a transaction a listener hears the statement and again once the transaction ends
 * (commit or rollback), so a reader that cached the old rows meanwhile is told again.
 */
export type WriteListener = () => void;

interface Watch {
  listeners: Set<{ tables: RegExp; listener: WriteListener }>;
}

const WRITE = /\b(insert|update|delete|merge|truncate|drop|alter|create)\b/i;
const watches = new WeakMap<Db, Watch>();

export function watchWrites(db: Db, tables: readonly string[], listener: WriteListener): () => void {
  let watch = watches.get(db);
  if (!watch) {
    watch = { listeners: new Set() };
    watches.set(db, watch);
    patch(db, watch);
  }
  const entry = { tables: new RegExp(`\\b(${tables.map(escape).join('|')})\\b`, 'i'), listener };
  watch.listeners.add(entry);
  return () => void watch.listeners.delete(entry);
}

function escape(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function patch(db: Db, watch: Watch): void {
  /** The listeners a statement concerns (every one for a script). */
  const concerned = (sql: string | null) =>
    [...watch.listeners].filter((l) => sql === null || (WRITE.test(sql) && l.tables.test(sql)));
  const notify = (listeners: Iterable<{ listener: WriteListener }>) => {
    for (const l of listeners) l.listener();
  };
  const watched = (q: Queryable, seen?: Set<{ listener: WriteListener }>): Queryable => ({
    async query(sql, params) {
      const hit = concerned(sql);
      try {
        return await q.query(sql, params);
      } finally {
        notify(hit);
        for (const l of hit) seen?.add(l);
      }
    },
    async exec(sql) {
      const hit = concerned(null);
      try {
        await q.exec(sql);
      } finally {
        notify(hit);
        for (const l of hit) seen?.add(l);
      }
    },
  });
  const plain = { query: db.query.bind(db), exec: db.exec.bind(db), transaction: db.transaction.bind(db) };
  const top = watched(plain);
  db.query = top.query.bind(top) as Db['query'];
  db.exec = top.exec.bind(top);
  db.transaction = async (fn) => {
    const seen = new Set<{ listener: WriteListener }>();
    try {
      return await plain.transaction((tx) => fn(watched(tx, seen)));
    } finally {
      notify(seen);
    }
  };
}
