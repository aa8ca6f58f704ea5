import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { oneQueryAtATime, PG_TYPE, parseInt8, type Db, type Queryable, type Row } from './types';

/** The database, and its whole data folder as a tarball (a template for `openPglite`). */
export interface PgliteDb extends Db {
  dump(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (WASM). `dataDir` undefined keeps everything in memory (tests, bench). `template`: a data
 * folder dumped by `dumpPglite` to start from instead of an empty cluster (tests: creating one runs initdb,
 * about 13 s on 2 cores, loading a dump about 2 s).
 */
export async function openPglite(dataDir?: string, template?: Blob): Promise<PgliteDb> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(template ? { loadDataDir: template } : {}),
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
    transaction: (fn) => pg.transaction((tx) => fn(oneQueryAtATime(wrap(tx)))),
    close: () => pg.close(),
    dump: () => pg.dumpDataDir('none'),
  };
}
