import pg from 'pg';
import { oneQueryAtATime, PG_TYPE, parseInt8, type Db, type Queryable, type Row } from './types';

const typeParsers: Record<number, (value: string) => unknown> = {
  [PG_TYPE.INT8]: parseInt8,
  [PG_TYPE.DATE]: (v) => v,
};

/** A pooled PostgreSQL connection (DATABASE_URL). */
export async function openPostgres(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        typeParsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // Fail fast on a wrong URL instead of on the first request.
  await pool.query('SELECT 1');

  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T = Row>(sql: string, params: readonly unknown[] = []) {
      return (await client.query(sql, [...params])).rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });

  return {
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(oneQueryAtATime(wrap(client)));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
