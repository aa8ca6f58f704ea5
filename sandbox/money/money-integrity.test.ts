/**
 * Money integrity: the sequences a hostile player or a hostile game provider tried, each of which created money
 * or put a stake where it did not belong before the ledger, the bonus balance and rounds keyed by player. Every
 * test ends with the ledger invariant (sandbox/money/invariant.ts). Runs on PGlite and, in the `postgres` project,
 * on PostgreSQL, where the concurrent calls really are concurrent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../api/test-support';
import { lossBetween } from '../api/rewards';
import { createMoneyHarness, type MoneyHarness } from './harness.fixture';

let h: MoneyHarness;
let n = 0;
const id = (prefix: string) => `${prefix}-${process.pid}-${++n}`;

beforeAll(async () => {
  h = await createMoneyHarness();
}, 90_000);
afterAll(() => h.close());

describe('a first-deposit coupon (BEMVINDO100: 100 % of the first deposit, as bonus money with a 10× rollover)', () => {
  it('pays its bonus on the first paid deposit only, into the bonus balance, and the bonus cannot be withdrawn', async () => {
    const ana = await h.register();
    // Three codes made before any is paid (each passes the check at creation: no deposit is paid yet).
    const codes = [];
    for (let i = 0; i < 3; i += 1) {
      const made = await h.deposit(ana, 10_000, 'BEMVINDO100');
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      codes.push(made.id as number);
    }
    const paid = [];
    for (const code of codes) paid.push(await h.pay(code));
    expect(paid.map((p) => (p.paid ? p.coupon?.outcome : p.reason))).toEqual([
      'granted',
      'not_first_deposit',
      'not_first_deposit',
    ]);
    // R$ 300,00 deposited is R$ 300,00 of cash; the bonus is R$ 100,00, apart.
    expect(await h.balances(ana)).toEqual({ cash: 30_000, bonus: 10_000 });
    const bonuses = await h.api.app.inject({
      url: '/api/wallet/bonuses',
      headers: { host: ana.host, ...bearer(ana.token) },
    });
    const rows = (bonuses.json() as { data: Array<Record<string, unknown>> }).data;
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'deposit_coupon',
        account: 'bonus',
        amount: 10_000,
        balance: 10_000,
        status: 'active',
        wagering_multiple: 10,
        wagering_required: 100_000,
        wagered: 0,
        coupon_code: 'BEMVINDO100',
      }),
    ]);
    // R$ 500,00 asked: only the R$ 300,00 of cash could leave.
    const tooMuch = await h.withdraw(ana, 50_000);
    expect(tooMuch.status).toBe(402);
    const cashOnly = await h.withdraw(ana, 30_000);
    expect(cashOnly.status, JSON.stringify(cashOnly.body)).toBe(201);
    expect(await h.balances(ana)).toEqual({ cash: 0, bonus: 10_000 });
    expect((await h.withdraw(ana, 10_000)).status).toBe(402);
    await h.expectInvariant([ana]);
  });

  it('refuses the coupon at once when the first deposit is already paid, saying why', async () => {
    const bia = await h.register();
    await h.fund(bia, 5_000);
    const again = await h.deposit(bia, 10_000, 'BEMVINDO100');
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ errors: { coupon: ['Este cupom vale só no primeiro depósito.'] } });
    await h.expectInvariant([bia]);
  });

  it('two pending codes with the coupon paid at once credit one bonus', async () => {
    const caio = await h.register();
    const a = await h.deposit(caio, 10_000, 'BEMVINDO100');
    const b = await h.deposit(caio, 20_000, 'BEMVINDO100');
    const results = await Promise.all([h.pay(a.id as number), h.pay(b.id as number)]);
    const outcomes = results.map((r) => (r.paid ? r.coupon?.outcome : r.reason)).sort();
    expect(outcomes).toEqual(['granted', 'not_first_deposit']);
    const { cash, bonus } = await h.balances(caio);
    expect(cash).toBe(30_000);
    expect([10_000, 20_000]).toContain(bonus);
    await h.expectInvariant([caio]);
  });

  it('fifty codes with the coupon paid at once: one bonus, fifty deposits of cash', async () => {
    const eli = await h.register();
    const codes: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const made = await h.deposit(eli, 2_000, 'BEMVINDO100');
      expect(made.status).toBe(201);
      codes.push(made.id as number);
    }
    const results = await Promise.all(codes.map((code) => h.pay(code)));
    const granted = results.filter((r) => r.paid && r.coupon?.outcome === 'granted');
    expect(granted).toHaveLength(1);
    expect(await h.balances(eli)).toEqual({ cash: 100_000, bonus: 2_000 });
    await h.expectInvariant([eli]);
  });

  it('a reload coupon (AZUL50, not once per player) gives its bonus on each deposit it is sent with', async () => {
    const duda = await h.register();
    await h.fund(duda, 10_000, 'AZUL50');
    await h.fund(duda, 10_000, 'AZUL50');
    expect(await h.balances(duda)).toEqual({ cash: 20_000, bonus: 10_000 });
    await h.expectInvariant([duda]);
  });
});

describe('stakes and wins with bonus money', () => {
  it('a stake spends cash first, then bonus; a win is split as the stake was; the rollover met turns the bonus into cash', async () => {
    const eva = await h.register();
    await h.fund(eva, 2_000, 'BEMVINDO100'); // R$ 20,00 cash + R$ 20,00 bonus, rollover 10× = R$ 200,00
    expect(await h.balances(eva)).toEqual({ cash: 2_000, bonus: 2_000 });
    const game = await h.session(eva);
    // R$ 30,00 staked: R$ 20,00 of cash, R$ 10,00 of bonus; it wins R$ 60,00: R$ 40,00 cash, R$ 20,00 bonus.
    const round = id('r');
    const debit = await game.call('debit', { transaction_id: id('d'), round_id: round, amount: 3_000 });
    expect(debit.body).toMatchObject({ status: 'OK', balance: 1_000, bonus_balance: 1_000 });
    const credit = await game.call('credit', { transaction_id: id('c'), round_id: round, amount: 6_000 });
    expect(credit.body).toMatchObject({ status: 'OK', balance: 7_000, bonus_balance: 3_000 });
    expect(await h.balances(eva)).toEqual({ cash: 4_000, bonus: 3_000 });
    // R$ 170,00 more of settled stakes meets the rollover (R$ 30,00 + R$ 170,00 = R$ 200,00): the bonus left is cash.
    for (let i = 0; i < 17; i += 1) {
      const r = id('r');
      await game.call('debit', { transaction_id: id('d'), round_id: r, amount: 1_000 });
      await game.call('credit', { transaction_id: id('c'), round_id: r, amount: 1_000 });
    }
    const after = await h.balances(eva);
    expect(after.bonus).toBe(0);
    expect(after.cash).toBe(7_000);
    const [bonus] = await h.api.db.query<{ status: string; converted_amount: number }>(
      'SELECT status, converted_amount FROM player_bonuses WHERE user_id = $1',
      [eva.id],
    );
    expect(bonus).toEqual({ status: 'converted', converted_amount: 3_000 });
    await h.expectInvariant([eva]);
  });

  it('an expired bonus is forfeited with a ledger row, before the next stake', async () => {
    const fabio = await h.register();
    await h.fund(fabio, 2_000, 'BEMVINDO100');
    await h.api.db.query("UPDATE player_bonuses SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      fabio.id,
    ]);
    const game = await h.session(fabio);
    const refused = await game.call('debit', { transaction_id: id('d'), round_id: id('r'), amount: 3_000 });
    expect(refused.body).toMatchObject({ code: 'INSUFFICIENT_FUNDS', balance: 2_000, bonus_balance: 0 });
    const [row] = await h.api.db.query<{ kind: string; amount: number }>(
      "SELECT kind, amount FROM ledger_entries WHERE user_id = $1 AND account = 'bonus' ORDER BY id DESC LIMIT 1",
      [fabio.id],
    );
    expect(row).toEqual({ kind: 'bonus_expired', amount: -2_000 });
    await h.expectInvariant([fabio]);
  });
});

describe('the seamless wallet settles rounds, not calls', () => {
  it('a rollback of a debit whose round was credited is refused (ROUND_ALREADY_SETTLED): +2000, never +3000', async () => {
    const gil = await h.register();
    await h.fund(gil, 10_000);
    const game = await h.session(gil);
    const round = id('R');
    const d = id('R-d');
    expect((await game.call('debit', { transaction_id: d, round_id: round, amount: 1_000 })).status).toBe(200);
    expect((await game.call('credit', { transaction_id: id('R-c'), round_id: round, amount: 3_000 })).status).toBe(200);
    const rollback = await game.call('rollback', {
      transaction_id: id('R-rb'),
      round_id: round,
      reference_transaction_id: d,
    });
    expect(rollback).toEqual({
      status: 409,
      body: { status: 'ERROR', code: 'ROUND_ALREADY_SETTLED', balance: 12_000, bonus_balance: 0 },
    });
    // A new stake on the settled round is refused too.
    const late = await game.call('debit', { transaction_id: id('R-d2'), round_id: round, amount: 500 });
    expect(late.body).toMatchObject({ code: 'ROUND_ALREADY_SETTLED' });
    expect(await h.balances(gil)).toEqual({ cash: 12_000, bonus: 0 });
    await h.expectInvariant([gil]);
  });

  it('a rollback racing the credit of its round: exactly one of them wins, money is never made', async () => {
    const hugo = await h.register();
    await h.fund(hugo, 10_000);
    const game = await h.session(hugo);
    for (let i = 0; i < 10; i += 1) {
      const round = id('race');
      const d = id('race-d');
      await game.call('debit', { transaction_id: d, round_id: round, amount: 1_000 });
      const [credit, rollback] = await Promise.all([
        game.call('credit', { transaction_id: id('race-c'), round_id: round, amount: 3_000 }),
        game.call('rollback', { transaction_id: id('race-rb'), round_id: round, reference_transaction_id: d }),
      ]);
      // Either the round settled (+2000) and the rollback was refused, or it was rolled back (0) and the credit found
      // no stake to pay.
      const settled = credit.status === 200;
      expect(settled ? rollback.body.code : credit.body.code).toBe(
        settled ? 'ROUND_ALREADY_SETTLED' : 'UNKNOWN_TRANSACTION',
      );
    }
    const { cash } = await h.balances(hugo);
    expect((cash - 10_000) % 2_000).toBe(0);
    expect(cash).toBeLessThanOrEqual(10_000 + 10 * 2_000);
    await h.expectInvariant([hugo]);
  });

  it('fifty rounds whose credit and rollback are sent at once (100 calls): each round settles or is refunded, never both', async () => {
    const ines = await h.register();
    await h.fund(ines, 100_000);
    const game = await h.session(ines);
    const rounds = Array.from({ length: 50 }, () => ({ round: id('burst'), debit: id('burst-d') }));
    for (const r of rounds) await game.call('debit', { transaction_id: r.debit, round_id: r.round, amount: 1_000 });
    const answers = await Promise.all(
      rounds.flatMap((r) => [
        game.call('credit', { transaction_id: id('burst-c'), round_id: r.round, amount: 3_000 }),
        game.call('rollback', { transaction_id: id('burst-rb'), round_id: r.round, reference_transaction_id: r.debit }),
      ]),
    );
    let settled = 0;
    for (let i = 0; i < answers.length; i += 2) {
      const [credit, rollback] = [answers[i], answers[i + 1]];
      const won = credit?.status === 200;
      // Exactly one of the two took effect for each round.
      expect(won ? rollback?.body.code : credit?.body.code).toBe(won ? 'ROUND_ALREADY_SETTLED' : 'UNKNOWN_TRANSACTION');
      if (won) settled += 1;
    }
    // 50 stakes of R$ 10,00 taken; each settled round paid R$ 30,00, each rolled-back one gave its R$ 10,00 back.
    expect(await h.balances(ines)).toEqual({
      cash: 100_000 - 50_000 + settled * 3_000 + (50 - settled) * 1_000,
      bonus: 0,
    });
    await h.expectInvariant([ines]);
  });

  it("another player's calls on the same round id are that player's own round", async () => {
    const ana = await h.register();
    const bob = await h.register();
    await h.fund(ana, 10_000);
    await h.fund(bob, 10_000);
    const anaGame = await h.session(ana);
    const bobGame = await h.session(bob);
    const round = id('shared');
    await anaGame.call('debit', { transaction_id: id('a-d'), round_id: round, amount: 100 });
    await anaGame.call('credit', { transaction_id: id('a-c'), round_id: round, amount: 0 });
    expect((await bobGame.call('debit', { transaction_id: id('b-d'), round_id: round, amount: 400 })).status).toBe(200);
    expect((await bobGame.call('credit', { transaction_id: id('b-c'), round_id: round, amount: 5_000 })).status).toBe(
      200,
    );
    const rows = await h.api.db.query<{ user_id: number; bet_amount: number; win_amount: number }>(
      'SELECT user_id, bet_amount, win_amount FROM bets WHERE round_id = $1 ORDER BY user_id',
      [round],
    );
    expect(rows).toEqual([
      { user_id: ana.id, bet_amount: 100, win_amount: 0 },
      { user_id: bob.id, bet_amount: 400, win_amount: 5_000 },
    ]);
    // Bob's stake is in his own play (his loss limit and cashback read it), not in Ana's.
    const since = new Date(Date.now() - 3_600_000);
    const until = new Date(Date.now() + 60_000);
    expect(await lossBetween(h.api.db, ana.id, since, until)).toBe(100);
    const [bobPlay] = await h.api.db.query<{ staked: number }>(
      'SELECT sum(bet_amount)::bigint AS staked FROM bets WHERE user_id = $1',
      [bob.id],
    );
    expect(bobPlay?.staked).toBe(400);
    await h.expectInvariant([ana, bob]);
  });
});

describe('a retried wallet call gets its first answer, whatever happened since', () => {
  it('after the game session expired, after the player self-excluded, after the balance changed', async () => {
    const ivo = await h.register();
    await h.fund(ivo, 10_000);
    const game = await h.session(ivo);
    const debit = { transaction_id: id('retry-d'), round_id: id('retry'), amount: 1_500 };
    const first = await game.call('debit', debit);
    expect(first).toEqual({
      status: 200,
      body: { status: 'OK', balance: 8_500, bonus_balance: 0, transaction_id: debit.transaction_id },
    });
    // The balance changes (another round), then the session expires, then the player self-excludes.
    const other = id('other');
    await game.call('debit', { transaction_id: id('other-d'), round_id: other, amount: 500 });
    await h.api.db.query("UPDATE game_sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      ivo.id,
    ]);
    expect(await game.call('debit', debit)).toEqual(first);
    await h.api.db.query("UPDATE users SET self_excluded_at = now() - interval '1 minute' WHERE id = $1", [ivo.id]);
    expect(await game.call('debit', debit)).toEqual(first);
    // A new debit is refused (the session is over), and that refusal is not kept: nothing moved.
    const fresh = { transaction_id: id('fresh-d'), round_id: id('fresh'), amount: 100 };
    expect((await game.call('debit', fresh)).body.code).toBe('SESSION_EXPIRED');
    expect(await h.balances(ivo)).toEqual({ cash: 8_000, bonus: 0 });
    await h.expectInvariant([ivo]);
  });

  it('the same debit sent 100 times at once debits once; every answer is the first', async () => {
    const jo = await h.register();
    await h.fund(jo, 10_000);
    const game = await h.session(jo);
    const debit = { transaction_id: id('many-d'), round_id: id('many'), amount: 700 };
    const answers = await Promise.all(Array.from({ length: 100 }, () => game.call('debit', debit)));
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]?.body).toMatchObject({ status: 'OK', balance: 9_300 });
    expect(await h.balances(jo)).toEqual({ cash: 9_300, bonus: 0 });
    await h.expectInvariant([jo]);
  });
});

describe('missions count what they say', () => {
  it('"Jogue 10 rodadas em qualquer slot" advances on settled slot rounds only (not crash, not sports)', async () => {
    const kai = await h.register();
    await h.fund(kai, 10_000);
    const [mission] = await h.api.db.query<{ id: number }>(
      "SELECT id FROM missions WHERE brand_id = 2 AND slug = 'dez-rodadas'",
    );
    const accept = await h.api.app.inject({
      method: 'POST',
      url: `/api/missions/${mission?.id}/accept`,
      headers: { host: kai.host, ...bearer(kai.token) },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const progress = async () =>
      (
        await h.api.db.query<{ progress: number }>(
          'SELECT progress FROM player_missions WHERE user_id = $1 AND mission_id = $2',
          [kai.id, mission?.id],
        )
      )[0]?.progress;
    const play = async (gameCode: string | undefined, settle: boolean) => {
      const game = await h.session(kai, gameCode);
      const round = id('m');
      await game.call('debit', { transaction_id: id('m-d'), round_id: round, amount: 100 });
      if (settle) await game.call('credit', { transaction_id: id('m-c'), round_id: round, amount: 0 });
    };
    await play('foguete-2x', true); // crash
    expect(await progress()).toBe(0);
    await play(undefined, false); // a slot round not settled yet
    expect(await progress()).toBe(0);
    await play(undefined, true); // a settled slot round
    expect(await progress()).toBe(1);
    await h.expectInvariant([kai]);
  });
});

describe('out-of-range integers are refused with the field named, never a 500', () => {
  it.each([
    ['POST', '/api/profile/show', { user_id: 1e308 }, 'user_id'],
    ['POST', '/api/main-gateway/consult-status-transaction', { id: 1e308 }, 'id'],
    ['POST', '/api/main-gateway/user-cancel-withdrawal', { id: 1e308 }, 'id'],
    ['POST', '/api/main-gateway/consult-status-transaction', { id: 2_147_483_648 }, 'id'],
    ['POST', '/api/wallet/withdraw/request', { amount: 10_000, address_id: 2 ** 53, method_id: 1 }, 'address_id'],
  ] as const)('%s %s %j', async (method, url, payload, field) => {
    const lia = await h.register();
    const res = await h.api.app.inject({ method, url, headers: { host: lia.host, ...bearer(lia.token) }, payload });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys((res.json() as { errors: Record<string, unknown> }).errors)).toContain(field);
  });

  it('GET /boxes/get/2147483648/prizes is a 422 on `id`, not a 500', async () => {
    const res = await h.api.app.inject({
      url: '/api/boxes/get/2147483648/prizes',
      headers: { host: 'azul.localhost' },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys((res.json() as { errors: Record<string, unknown> }).errors)).toContain('id');
  });
});
