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
