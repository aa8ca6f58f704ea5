/**
 * Loyalty points on a regulated brand (Sorte Verde), through the sandbox's real HTTP: what its levels pay is points,
 * never cash or bonus money (Portaria SPA/MF 1.231/2024 arts. 42–43; Lei 14.790/2023 art. 29); points are spent on
 * prize boxes only and never staked, withdrawn or turned into cash (art. 43: a wallet of their own); the regulated
 * brand offers no coupon and no deposit bonus. The unregulated brand (Azul Bet) pays no points. Runs on PGlite and,
 * in the `postgres` project, on PostgreSQL (vitest.config.ts MONEY_SUITES).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../api/test-support';
import { verifyPlayer } from '../api/documents-test-support';
import { describeViolations, ledgerInvariant } from './invariant';
import { balancesOf, lockWallet, post } from './ledger';
import { awardPoints, LEVEL_POINTS } from './points';
import { createMoneyHarness, type MoneyHarness, type Player } from './harness.fixture';

let h: MoneyHarness;
beforeAll(async () => {
  h = await createMoneyHarness();
});
afterAll(() => h.close());

const REGULATED = 'localhost';
let round = 0;

/** One settled round: a debit of `stake`, then a credit of `win`. */
async function play(p: Player, stake: number, win = 0) {
  const session = await h.session(p);
  round += 1;
  const debit = await session.call('debit', {
    round_id: `pts-${round}`,
    transaction_id: `pts-d${round}`,
    amount: stake,
  });
  const credit = await session.call('credit', {
    round_id: `pts-${round}`,
    transaction_id: `pts-c${round}`,
    amount: win,
  });
  return { debit, credit };
}

async function givePoints(p: Player, points: number) {
  await h.api.db.transaction(async (tx) => {
    await lockWallet(tx, p.id);
    await awardPoints(tx, { userId: p.id, points, ref: { type: 'panel', id: 'test' }, now: new Date() });
  });
}

const call = (p: Player, method: 'GET' | 'POST', url: string, payload?: object) =>
  h.api.app.inject({ method, url, headers: { host: p.host, ...bearer(p.token) }, ...(payload ? { payload } : {}) });

describe('a regulated brand rewards with loyalty points', () => {
  it('a level reached pays its points once, into the points balance, never cash or bonus', async () => {
    const p = await h.register(REGULATED);
    await h.fund(p, 150_000);
    const before = await balancesOf(h.api.db, p.id);
    // R$ 1.000,00 staked reaches level 2 (Prata): 2 × LEVEL_POINTS points.
    const first = await play(p, 100_000);
    expect(first.debit.body.status).toBe('OK');
    const after = await balancesOf(h.api.db, p.id);
    expect(after.points).toBe(2 * LEVEL_POINTS);
    expect(after.cash).toBe(before.cash - 100_000);
    expect(after.bonus).toBe(0);
    // More stakes within the same level pay nothing more.
    await play(p, 10_000);
    expect((await balancesOf(h.api.db, p.id)).points).toBe(2 * LEVEL_POINTS);
    const rows = await h.api.db.query<{ account: string; kind: string; amount: number }>(
      "SELECT account, kind, amount FROM ledger_entries WHERE user_id = $1 AND account = 'points'",
      [p.id],
    );
    expect(rows).toEqual([{ account: 'points', kind: 'points_award', amount: 200 }]);
    const wallet = (await call(p, 'GET', '/api/profile/wallet')).json() as { data: { points_balance: number } };
    expect(wallet.data.points_balance).toBe(200);
    await h.expectInvariant([p]);
  });

  it('the unregulated brand (Azul Bet) pays no points for a level', async () => {
    const p = await h.register('azul.localhost');
    await h.fund(p, 150_000);
    await play(p, 100_000);
    expect((await balancesOf(h.api.db, p.id)).points).toBe(0);
    await h.expectInvariant([p]);
  });
});

describe('points are never staked, withdrawn or turned into cash or bonus', () => {
  it('a stake with only points is refused (INSUFFICIENT_FUNDS) and the points stay', async () => {
    const p = await h.register(REGULATED);
    await givePoints(p, 5_000);
    const { debit } = await play(p, 1_000);
    expect(debit.body).toMatchObject({ status: 'ERROR', code: 'INSUFFICIENT_FUNDS' });
    expect(await balancesOf(h.api.db, p.id)).toMatchObject({ cash: 0, bonus: 0, points: 5_000 });
    await h.expectInvariant([p]);
  });

  it('a withdrawal cannot take points: with only points, refused and nothing moves', async () => {
    const p = await h.register(REGULATED);
    await verifyPlayer(h.api.db, p.id);
    await givePoints(p, 5_000);
    const res = await h.withdraw(p, 2_000);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ errors: { amount: ['Saldo insuficiente para este saque.'] } });
    expect(await balancesOf(h.api.db, p.id)).toMatchObject({ cash: 0, points: 5_000 });
    await h.expectInvariant([p]);
  });

  it('points buy a box; the box and its prize sell back for points, never cash', async () => {
    const p = await h.register(REGULATED);
    const [box] = await h.api.db.query<{ id: number; price: number; sell_value: number }>(
      'SELECT id, price, sell_value FROM boxes WHERE brand_id = 1 AND published ORDER BY price, id LIMIT 1',
    );
    if (!box) throw new Error('no box on the regulated brand');
    // Not enough points: 422 on pay_with, nothing moves.
    const short = await call(p, 'POST', '/api/boxes/buy', { box_id: box.id, pay_with: 'points' });
    expect(short.statusCode).toBe(422);
    expect((short.json() as { errors: Record<string, string[]> }).errors.pay_with?.[0]).toMatch(/Pontos insuficientes/);

    await givePoints(p, box.price * 2);
    const bought = await call(p, 'POST', '/api/boxes/buy', { box_id: box.id, pay_with: 'points' });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(await balancesOf(h.api.db, p.id)).toMatchObject({ cash: 0, points: box.price });
    const first = (bought.json() as { user_box: { id: number } }).user_box.id;
    const sold = await call(p, 'POST', '/api/boxes/sell', { id: first });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await balancesOf(h.api.db, p.id)).toMatchObject({ cash: 0, bonus: 0, points: box.price + box.sell_value });

    const again = await call(p, 'POST', '/api/boxes/buy', { box_id: box.id, pay_with: 'points' });
    expect(again.statusCode, again.body).toBe(201);
    const second = (again.json() as { user_box: { id: number } }).user_box.id;
    const opened = await call(p, 'POST', '/api/boxes/open', { box_id: second });
    expect(opened.statusCode, opened.body).toBe(200);
    const prize = (opened.json() as { prize: { id: number } }).prize;
    const pointsBefore = (await balancesOf(h.api.db, p.id)).points;
    const prizeSale = await call(p, 'POST', '/api/prizes/sell', { id: prize.id });
    expect(prizeSale.statusCode, prizeSale.body).toBe(200);
    const end = await balancesOf(h.api.db, p.id);
    expect(end.cash).toBe(0);
    expect(end.bonus).toBe(0);
    expect(end.points).toBeGreaterThanOrEqual(pointsBefore);
    const cashRows = await h.api.db.query("SELECT 1 FROM ledger_entries WHERE user_id = $1 AND account <> 'points'", [
      p.id,
    ]);
    expect(cashRows).toEqual([]);
    await h.expectInvariant([p]);
  });

  it('the ledger and the database refuse a points kind on cash or bonus, and cash kinds on points', async () => {
    const p = await h.register(REGULATED);
    await h.api.db.transaction(async (tx) => {
      await lockWallet(tx, p.id);
      const now = new Date();
      await expect(post(tx, { userId: p.id, account: 'cash', kind: 'points_award', amount: 100, now })).rejects.toThrow(
        /cannot move the cash account/,
      );
      await expect(post(tx, { userId: p.id, account: 'points', kind: 'win', amount: 100, now })).rejects.toThrow(
        /cannot move the points account/,
      );
    });
    // Past the ledger's own check: the table's constraint (migration 027) refuses the row.
    await expect(
      h.api.db.query(
        `INSERT INTO ledger_entries (user_id, account, kind, amount, balance_after, created_at)
         VALUES ($1, 'cash', 'points_award', 100, 100, now())`,
        [p.id],
      ),
    ).rejects.toThrow();
  });

  it('the invariant names a box bought with points that was sold for cash (points-apart)', async () => {
    const p = await h.register(REGULATED);
    const [box] = await h.api.db.query<{ id: number; price: number }>(
      'SELECT id, price FROM boxes WHERE brand_id = 1 AND published ORDER BY price, id LIMIT 1',
    );
    await givePoints(p, box!.price);
    const bought = await call(p, 'POST', '/api/boxes/buy', { box_id: box!.id, pay_with: 'points' });
    const userBox = (bought.json() as { user_box: { id: number } }).user_box.id;
    // A broken sale path, forced by hand: cash credited for the points box.
    await h.api.db.transaction(async (tx) => {
      await lockWallet(tx, p.id);
      await post(tx, {
        userId: p.id,
        account: 'cash',
        kind: 'prize_sale',
        amount: 100,
        ref: { type: 'player_box', id: userBox },
        now: new Date(),
      });
    });
    const report = await ledgerInvariant(h.api.db, [p.id]);
    expect(
      report.violations.map((v) => v.rule),
      describeViolations(report),
    ).toEqual(['points-apart']);
    // Undo, so the rest of the file's invariant checks are about their own players.
    await h.api.db.query("DELETE FROM ledger_entries WHERE user_id = $1 AND kind = 'prize_sale'", [p.id]);
    await h.api.db.query('UPDATE wallets SET balance = 0 WHERE user_id = $1', [p.id]);
  });
});

describe('the regulated brand offers no coupon and no deposit bonus', () => {
  it('a deposit with a coupon is refused on `coupon`, by code, for each kind (deposit match, advance, free spins)', async () => {
    const p = await h.register(REGULATED);
    for (const coupon of ['BEMVINDO100', 'ADIANTA20', 'GIROS10']) {
      const res = await h.deposit(p, 5_000, coupon);
      expect(res.status, coupon).toBe(422);
      expect(JSON.stringify(res.body)).toContain('art. 42');
    }
    const listed = (await call(p, 'GET', '/api/bonuses/coupons')).json() as { data: unknown[] };
    expect(listed.data).toEqual([]);
    // A deposit without a coupon is plain cash: no bonus appears.
    await h.fund(p, 5_000);
    expect(await balancesOf(h.api.db, p.id)).toMatchObject({ cash: 5_000, bonus: 0, points: 0 });
    await h.expectInvariant([p]);
  });
});
