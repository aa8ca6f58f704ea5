/**
 * The sandbox's database seam: PGlite (embedded, default) or PostgreSQL (when DATABASE_URL is set).
 * BIGINT columns come back as JS numbers (money is integer centavos, far below 2^53); DATE columns as
 * 'YYYY-MM-DD' strings; TIMESTAMPTZ as Date.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** One statement with $1… parameters; returns its rows. */
  query<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** A script of several statements without parameters (migrations, wipes). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /** Runs fn inside BEGIN … COMMIT; any throw rolls everything back and is rethrown. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL type OIDs whose default parsing we override in both drivers. */
export const PG_TYPE = { INT8: 20, DATE: 1082 } as const;

export function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`BIGINT ${value} exceeds the safe integer range`);
  return n;
}

/**
 * A transaction's client answers one query at a time: pg 8 warns and pg 9 throws on a second query issued while one
 * is running ("client.query() when the client is already executing a query"), and on PGlite the two would interleave
 * inside one transaction. Both drivers wrap their transaction client in this guard, so such code fails in every
 * test, on either database, at the line that issued it.
 */
export function oneQueryAtATime(q: Queryable): Queryable {
  let running = false;
  const guard = async <T>(what: () => Promise<T>): Promise<T> => {
    if (running)
      throw new Error('a second query was issued on a transaction while one was running (use await in turn)');
    running = true;
    try {
      return await what();
    } finally {
      running = false;
    }
  };
  return {
    query: (sql, params) => guard(() => q.query(sql, params)),
    exec: (sql) => guard(() => q.exec(sql)),
  };
}
