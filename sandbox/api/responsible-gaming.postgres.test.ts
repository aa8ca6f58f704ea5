/**
 * Responsible gaming on a real PostgreSQL (vitest's `postgres` project: a database of this file's own on the
 * DATABASE_URL server): concurrent limit changes end in one consistent state, audited once each in order, and
 * concurrent pix deposits never pass the deposit limit together (row locks, not PGlite's single connection).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openMigratedDb, testDatabaseKind } from '../db/test-template';
import type { Db } from '../db/types';
import { seed } from '../seed';
import { buildPlatform } from '../platform';
import { SANDBOX_CAPTCHA_TOKEN } from './handlers/auth';
import { bearer, markProfileChosen, TEST_CONFIG } from './test-support';
import { createGameSession } from './game-sessions';
import { WALLET_PREFIX } from './provider-wallet';
import { providerOf } from '../config';
import { signBody } from '../provider/signature';

describe('responsible gaming on PostgreSQL (DATABASE_URL)', () => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    // Only the `postgres` project runs this file (vitest.config.ts): its point is PostgreSQL's row locks.
    if (testDatabaseKind() !== 'postgres') throw new Error('run by the postgres project (DATABASE_URL)');
    db = await openMigratedDb();
    await seed(db);
    app = buildPlatform({
      db,
      config: TEST_CONFIG,
      validateResponses: true,
      authRateLimit: { max: 10_000, timeWindowMs: 60_000 },
    });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  let serial = 0;
  async function newPlayer() {
    serial += 1;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { host: 'localhost' },
      payload: {
        name: 'Pg',
        surname: 'Jogadora',
        email: `pg${serial}@exemplo.test`,
        phone: `11 9${String(82_000_000 + serial).padStart(8, '0')}`,
        password: 'Segura#2024',
        password_confirmation: 'Segura#2024',
        birth_date: '1990-01-15',
        terms: true,
        captcha_token: SANDBOX_CAPTCHA_TOKEN,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Sorte Verde asks gender and limits first (Portaria SPA/MF 2.579/2025): chosen, no limit yet.
    await markProfileChosen(db, `pg${serial}@exemplo.test`);
    return res.json() as { data: { id: number }; token: string };
  }
  const post = (path: string, token: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api${path}`, headers: { host: 'localhost', ...bearer(token) }, payload });

  it('ten concurrent limit changes: one consistent state, one audit entry each, in order', async () => {
    const p = await newPlayer();
    const amounts = [5_000, 7_000, 3_000, 9_000, 4_000, 12_000, 2_500, 8_000, 6_000, 1_500];
    const answers = await Promise.all(
      amounts.map((amount) => post('/profile/limits', p.token, { kind: 'loss', period: 'day', amount })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(amounts.map(() => 200));
    const [stored] = await db.query<{
      amount: number | null;
      pending_amount: number | null;
      pending_from: Date | null;
    }>("SELECT amount, pending_amount, pending_from FROM player_limits WHERE user_id = $1 AND kind = 'loss'", [
      p.data.id,
    ]);
    const view = {
      amount: stored?.amount ?? null,
      pending: stored?.pending_from ? { amount: stored.pending_amount, from: stored.pending_from.toISOString() } : null,
    };
    const answered = answers.map((r) => {
      const l = (
        r.json() as { data: { limits: { kind: string; period: string; amount: number | null; pending: unknown }[] } }
      ).data.limits.find((x) => x.kind === 'loss' && x.period === 'day');
      return { amount: l?.amount ?? null, pending: l?.pending ?? null };
    });
    expect(answered).toContainEqual(view);
    const audit = await db.query<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      "SELECT before, after FROM audit_log WHERE user_id = $1 AND action LIKE 'limit.%' ORDER BY id",
      [p.data.id],
    );
    expect(audit).toHaveLength(amounts.length);
    for (let i = 1; i < audit.length; i += 1) {
      const { requested: _r, ...after } = audit[i - 1]?.after ?? {};
      expect(audit[i]?.before).toEqual(after);
    }
  });

  it('concurrent deposits never pass the daily deposit limit together', async () => {
    const p = await newPlayer();
    expect(
      (await post('/profile/limits', p.token, { kind: 'deposit', period: 'day', amount: 10_000 })).statusCode,
    ).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post('/main-gateway/qrcode-pix', p.token, { amount: 3_000 })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 422)).toHaveLength(3);
    const [sum] = await db.query<{ total: number }>(
      "SELECT coalesce(sum(amount), 0)::bigint AS total FROM wallet_transactions WHERE user_id = $1 AND type = 'deposit'",
      [p.data.id],
    );
    expect(sum?.total).toBe(9_000);
  });

  it('concurrent debits never pass the loss limit together', async () => {
    const p = await newPlayer();
    await db.query('UPDATE wallets SET balance = 100000 WHERE user_id = $1', [p.data.id]);
    expect((await post('/profile/limits', p.token, { kind: 'loss', period: 'day', amount: 10_000 })).statusCode).toBe(
      200,
    );
    const [game] = await db.query<{ id: number; gamecode: string }>(
      'SELECT id, gamecode FROM games WHERE in_lobby ORDER BY id LIMIT 1',
    );
    if (!game) throw new Error('no game');
    const { token } = await createGameSession(db, {
      userId: p.data.id,
      brandId: 1,
      gameId: game.id,
      origin: null,
      now: new Date(),
    });
    const secret = providerOf(TEST_CONFIG).secret;
    const call = (operation: string, payload: Record<string, unknown>) => {
      const raw = JSON.stringify(payload);
      return app.inject({
        method: 'POST',
        url: `${WALLET_PREFIX}/${operation}`,
        headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, raw) },
        payload: raw,
      });
    };
    expect((await call('authenticate', { session_token: token, game_code: game.gamecode })).statusCode).toBe(200);
    const debits = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('debit', {
          session_token: token,
          game_code: game.gamecode,
          round_id: `pg-round-${i}`,
          transaction_id: `pg-tx-${i}`,
          amount: 3_000,
          currency: 'BRL',
        }),
      ),
    );
    expect(debits.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(debits.filter((r) => r.statusCode === 402)).toHaveLength(3);
    const [wallet] = await db.query<{ balance: number }>('SELECT balance FROM wallets WHERE user_id = $1', [p.data.id]);
    expect(wallet?.balance).toBe(91_000);
  });
});
