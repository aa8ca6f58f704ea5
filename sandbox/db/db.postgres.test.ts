import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, wipe } from './migrate';
import { openMigratedDb, testDatabaseKind } from './test-template';
import type { Db } from './types';

/** Runs only in vitest's `postgres` project: a database of this file's own on the DATABASE_URL server. */
describe('PostgreSQL (DATABASE_URL)', () => {
  let db: Db;
  beforeAll(async () => {
    if (testDatabaseKind() !== 'postgres') throw new Error('run by the postgres project (DATABASE_URL)');
    db = await openMigratedDb();
    await wipe(db);
  });
  afterAll(() => db.close());

  it('applies the migrations and answers a basic query with BIGINT as numbers', async () => {
    const applied = await migrate(db);
    expect(applied.length).toBeGreaterThan(0);
    expect(await migrate(db)).toEqual([]);
    await db.query(
      "INSERT INTO brands (id, name, min_deposit, max_deposit, min_withdrawal, max_withdrawal) VALUES (1, 'PG', 1000, 5000000, 2000, 1000000)",
    );
    const [brand] = await db.query<{ max_deposit: number }>('SELECT max_deposit FROM brands WHERE id = 1');
    expect(brand?.max_deposit).toBe(5_000_000);
  });

  it('rolls back a failed transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO brand_domains (domain, brand_id) VALUES ('pg.localhost', 1)");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query("SELECT 1 FROM brand_domains WHERE domain = 'pg.localhost'")).toEqual([]);
  });
});
