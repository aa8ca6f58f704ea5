import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PG_TYPE, parseInt8, type Db, type Queryable, type Row } from './types';

/** Embedded PostgreSQL (WASM). `dataDir` undefined keeps everything in memory (tests, bench). */
export async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    // Trigram indexes for the games search (migration 004).
    extensions: { pg_trgm },
    parsers: { [PG_TYPE.INT8]: parseInt8, [PG_TYPE.DATE]: (v: string) => v },
  });

  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T = Row>(sql: string, params: readonly unknown[] = []) {
      return (await q.query<T>(sql, [...params])).rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });

  return {
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
