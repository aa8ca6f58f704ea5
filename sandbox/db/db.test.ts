import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlatform } from '../platform';
import { SANDBOX_CAPTCHA_TOKEN } from '../api/handlers/auth';
import { TEST_CONFIG } from '../api/test-support';
import { seed } from '../seed';
import { listMigrations, migrate } from './migrate';
import { openPglite } from './pglite';
import type { Db } from './types';

let db: Db;
beforeAll(async () => {
  db = await openPglite();
  await migrate(db);
  await seed(db);
});
afterAll(() => db.close());

const count = async (table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n;

describe('migrations and seed', () => {
  it('records every migration once and applies nothing twice', async () => {
    const names = (await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map(
      (r) => r.name,
    );
    expect(names).toEqual(listMigrations().map((m) => m.name));
    expect(await migrate(db)).toEqual([]);
  });

  it('seeding again changes nothing', async () => {
    const tables = [
      'brands',
      'brand_domains',
      'users',
      'wallets',
      'banners',
      'games',
      'game_plays',
      'notifications',
      'content_pages',
    ];
    const before = await Promise.all(tables.map(count));
    await seed(db);
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });

  it('stores money as BIGINT centavos and reads it back as integers', async () => {
    const types = await db.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns
        WHERE (table_name = 'wallets' AND column_name = 'balance') OR (table_name = 'brands' AND column_name LIKE '%_deposit')`,
    );
    expect(types.every((t) => t.data_type === 'bigint')).toBe(true);
    const [wallet] = await db.query<{ balance: unknown }>('SELECT max(balance) AS balance FROM wallets');
    expect(Number.isInteger(wallet?.balance)).toBe(true);
  });
});

describe('transactions', () => {
  it('roll back every write when the function throws', async () => {
    const before = await count('brands');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(
          "INSERT INTO brands (id, name, min_deposit, max_deposit, min_withdrawal, max_withdrawal) VALUES (99, 'X', 1, 2, 1, 2)",
        );
        await tx.query("INSERT INTO brand_domains (domain, brand_id) VALUES ('x.localhost', 99)");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await count('brands')).toBe(before);
    expect(await db.query("SELECT 1 FROM brand_domains WHERE domain = 'x.localhost'")).toEqual([]);
  });

  it('leave no half-registered player when a later insert of the registration fails', async () => {
    // The same database, except that creating a wallet fails inside the transaction.
    const failingDb: Db = {
      ...db,
      transaction: (fn) =>
        db.transaction((tx) =>
          fn({
            ...tx,
            query: (sql, params) =>
              sql.startsWith('INSERT INTO wallets') ? Promise.reject(new Error('disk full')) : tx.query(sql, params),
          }),
        ),
    };
    const app = buildPlatform({ db: failingDb, config: TEST_CONFIG });
    try {
      const users = await count('users');
      const outbox = await count('outbox');
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          name: 'Meia Escrita',
          email: 'meia@exemplo.test',
          phone: '11 93333-2222',
          password: 'Segura#2024',
          password_confirmation: 'Segura#2024',
          birth_date: '1990-01-01',
          terms: true,
          captcha_token: SANDBOX_CAPTCHA_TOKEN,
        },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Erro interno do servidor. Tente novamente mais tarde.' });
      expect(await count('users')).toBe(users);
      expect(await count('outbox')).toBe(outbox);
    } finally {
      await app.close();
    }
  });
});
