/**
 * The model-based money test: fast-check draws random sequences of what players and a game provider do (pix
 * deposits with and without coupons, payments one by one and two at once, withdrawals and cancels, rounds with
 * debits, credits, rollbacks, retries, a rollback after the credit, a rollback racing the credit, two players on one
 * round id, expired bonuses, prize boxes bought, opened and sold, a mission completed and claimed), runs them against
 * the real sandbox, and after every step checks (1) the ledger invariant and (2) each player's cash and bonus against
 * a model of the rules of sandbox/money/bonus.ts, written here a second time. A failing sequence is shrunk and printed.
 *
 * Bounded in `npm test`: a fixed seed and MONEY_RUNS runs (default 25) of up to 30 steps. A longer run:
 * `npm run test:money -- --runs 500` (any seed: `--seed N`).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../api/test-support';
import { createMoneyHarness, type GameSession, type MoneyHarness, type Player } from './harness.fixture';
import { describeViolations, ledgerInvariant } from './invariant';
import { balancesOf } from './ledger';

const RUNS = Number(process.env.MONEY_RUNS ?? 25);
const SEED = Number(process.env.MONEY_SEED ?? 20261202);
const STEPS = Number(process.env.MONEY_STEPS ?? 30);

let h: MoneyHarness;
let serial = 0;
const uid = (prefix: string) => `${prefix}${process.pid}x${++serial}`;

beforeAll(async () => {
  h = await createMoneyHarness();
}, 90_000);
afterAll(() => h.close());

/* ------------------------------------------------------------------ the model */

interface ModelBonus {
  balance: number;
  required: number;
  wagered: number;
  status: 'active' | 'converted' | 'ended';
}

interface ModelDebit {
  txid: string;
  amount: number;
  cash: number;
  bonus: number;
  funder: ModelBonus | null;
  rolledBack: boolean;
}

interface ModelRound {
  id: string;
  debits: ModelDebit[];
  stake: number;
  stakeBonus: number;
  funder: ModelBonus | null;
  settled: boolean;
}

interface ModelPlayer {
  name: string;
  p: Player;
  azul: boolean;
  cash: number;
  /** Loyalty points (the regulated brand's mission; never staked, withdrawn or turned into cash). */
  points: number;
  bonuses: ModelBonus[];
  paidDeposits: number;
  redeemed: Set<string>;
  pending: Array<{ id: number; amount: number; coupon: string | null }>;
  withdrawals: Array<{ id: number; amount: number; open: boolean }>;
  rounds: ModelRound[];
  game: GameSession;
  boxes: number[];
  prizes: number[];
  mission: { id: number; progress: number; goal: number; reward: number; state: 'accepted' | 'completed' | 'claimed' };
}

interface Model {
  players: ModelPlayer[];
}

const COUPONS: Record<
  string,
  { percent: number; cap: number; min: number; multiple: number; first: boolean; once: boolean }
> = {
  BEMVINDO100: { percent: 100, cap: 50_000, min: 2_000, multiple: 10, first: true, once: true },
  AZUL50: { percent: 50, cap: 20_000, min: 5_000, multiple: 8, first: false, once: false },
};

const active = (m: ModelPlayer) => m.bonuses.filter((b) => b.status === 'active');
const bonusTotal = (m: ModelPlayer) => active(m).reduce((sum, b) => sum + b.balance, 0);

/** What the coupon gives on this deposit now, by its rules; null: none (and why, for the creation-time check). */
function couponOutcome(
  m: ModelPlayer,
  code: string,
  amount: number,
): 'granted' | 'below_minimum' | 'not_first_deposit' | 'already_used' {
  const c = COUPONS[code];
  if (!c) throw new Error(code);
  if (amount < c.min) return 'below_minimum';
  if (c.first && m.paidDeposits > 0) return 'not_first_deposit';
  if (c.once && m.redeemed.has(code)) return 'already_used';
  return 'granted';
}

function modelPay(m: ModelPlayer, pending: { amount: number; coupon: string | null }): string | null {
  m.cash += pending.amount;
  const outcome = pending.coupon ? couponOutcome(m, pending.coupon, pending.amount) : null;
  m.paidDeposits += 1;
  if (pending.coupon && outcome === 'granted') {
    const c = COUPONS[pending.coupon]!;
    const bonus = Math.min(c.cap, Math.floor((pending.amount * c.percent) / 100));
    m.bonuses.push({ balance: bonus, required: bonus * c.multiple, wagered: 0, status: 'active' });
    if (c.once) m.redeemed.add(pending.coupon);
  }
  return outcome;
}

/** A stake: cash first, then the oldest bonuses; null when it does not fit. */
function modelStake(m: ModelPlayer, amount: number): Omit<ModelDebit, 'txid' | 'rolledBack'> | null {
  if (amount > m.cash + bonusTotal(m)) return null;
  const cash = Math.min(amount, m.cash);
  m.cash -= cash;
  let left = amount - cash;
  let funder: ModelBonus | null = null;
  for (const b of active(m)) {
    if (left === 0) break;
    const take = Math.min(left, b.balance);
    if (take <= 0) continue;
    b.balance -= take;
    funder ??= b;
    left -= take;
  }
  return { amount, cash, bonus: amount - cash, funder };
}

function modelSettle(m: ModelPlayer, round: ModelRound, win: number): void {
  const share = round.stake > 0 && round.funder ? Math.floor((win * round.stakeBonus) / round.stake) : 0;
  if (share > 0 && round.funder?.status === 'active') round.funder.balance += share;
  else m.cash += share;
  m.cash += win - share;
  if (round.settled) return;
  round.settled = true;
  let left = round.stake;
  for (const b of active(m)) {
    if (left <= 0) break;
    const counted = Math.min(left, Math.max(0, b.required - b.wagered));
    left -= counted;
    b.wagered += counted;
    if (b.wagered >= b.required) {
      m.cash += b.balance;
      b.balance = 0;
      b.status = 'converted';
    }
  }
  // The mission "Aposte R$ 50,00" (bet_total 5000, casino): a settled slot round's stake counts.
  if (m.mission.state === 'accepted') {
    m.mission.progress = Math.min(m.mission.goal, m.mission.progress + round.stake);
    if (m.mission.progress >= m.mission.goal) m.mission.state = 'completed';
  }
}

function modelRefund(m: ModelPlayer, d: ModelDebit): void {
  m.cash += d.cash;
  if (d.bonus <= 0 || !d.funder) return;
  if (d.funder.status === 'active') d.funder.balance += d.bonus;
  else if (d.funder.status === 'converted') m.cash += d.bonus;
}

/* ------------------------------------------------------------------ the real world's checks */

async function checkPlayer(m: ModelPlayer, step: string): Promise<void> {
  const { cash, bonus, points } = await balancesOf(h.api.db, m.p.id);
  const real = { cash, bonus, points };
  // Points: the model's mission points, plus what a level reached paid (not modelled here: sandbox/money/points.test.ts
  // proves the level rule; the invariant's points-apart rule holds after every step).
  const [levels] = await h.api.db.query<{ total: number }>(
    'SELECT coalesce(sum(points), 0)::int AS total FROM level_points_awards WHERE user_id = $1',
    [m.p.id],
  );
  expect(real, `${m.name} after ${step}`).toEqual({
    cash: m.cash,
    bonus: bonusTotal(m),
    points: m.points + (levels?.total ?? 0),
  });
}

async function checkAll(model: Model, step: string): Promise<void> {
  const report = await ledgerInvariant(
    h.api.db,
    model.players.map((m) => m.p.id),
  );
  expect(report.violations, `after ${step}:\n${describeViolations(report)}`).toEqual([]);
  for (const m of model.players) await checkPlayer(m, step);
}

type Cmd = fc.AsyncCommand<Model, Model, false>;

const pick = <T>(items: readonly T[], i: number): T | undefined => (items.length ? items[i % items.length] : undefined);

class Deposit implements Cmd {
  constructor(
    readonly who: number,
    readonly amount: number,
    readonly coupon: string | null,
  ) {}
  check = () => true;
  async run(model: Model) {
    const m = pick(model.players, this.who)!;
    const coupon = m.azul ? this.coupon : null;
    const made = await h.deposit(m.p, this.amount, coupon ?? undefined);
    const expected = coupon ? couponOutcome(m, coupon, this.amount) : 'granted';
    expect(made.status, `${this}: ${JSON.stringify(made.body)}`).toBe(expected === 'granted' ? 201 : 422);
    if (made.status === 201) m.pending.push({ id: made.id as number, amount: this.amount, coupon });
    await checkAll(model, this.toString());
  }
  toString = () => `deposit(${this.who}, ${this.amount}, ${this.coupon})`;
}

/** A deposit made and paid at once (the common case, so that sequences have money to move). */
class Fund implements Cmd {
  constructor(
    readonly who: number,
    readonly amount: number,
    readonly coupon: string | null,
  ) {}
  check = () => true;
  async run(model: Model) {
    const deposit = new Deposit(this.who, this.amount, this.coupon);
    await deposit.run(model);
    const m = pick(model.players, this.who)!;
    if (m.pending.length) await new Pay(this.who, m.pending.length - 1).run(model);
  }
  toString = () => `fund(${this.who}, ${this.amount}, ${this.coupon})`;
}

class Pay implements Cmd {
  constructor(
    readonly who: number,
    readonly which: number,
  ) {}
  check = () => true;
  async run(model: Model) {
    const m = pick(model.players, this.who)!;
    const i = m.pending.length ? this.which % m.pending.length : -1;
    if (i < 0) return;
    const [pending] = m.pending.splice(i, 1);
    const paid = await h.pay(pending!.id);
    expect(paid.paid).toBe(true);
    const expected = modelPay(m, pending!);
    if (paid.paid) expect(paid.coupon?.outcome ?? null, this.toString()).toBe(expected);
    await checkAll(model, this.toString());
  }
  toString = () => `pay(${this.who}, ${this.which})`;
}

/** Two pending codes paid at once: the wallet's lock orders them; the model follows the order the answers show. */
class PayTwoAtOnce implements Cmd {
  constructor(readonly who: number) {}
  check = () => true;
  async run(model: Model) {
    const m = pick(model.players, this.who)!;
    if (m.pending.length < 2) return;
    const [a, b] = m.pending.splice(0, 2) as [ModelPlayer['pending'][number], ModelPlayer['pending'][number]];
    const [pa, pb] = await Promise.all([h.pay(a.id), h.pay(b.id)]);
    const outcomes = [pa, pb].map((p) => (p.paid ? (p.coupon?.outcome ?? null) : 'unpaid'));
    // Try both orders on copies of the model: the one the server took predicts both outcomes.
    const tryOrder = (first: typeof a, second: typeof a, firstIsA: boolean) => {
      const copy = { ...m, redeemed: new Set(m.redeemed), bonuses: [...m.bonuses.map((x) => ({ ...x }))] };
      const o1 = modelPay(copy, first);
      const o2 = modelPay(copy, second);
      const got = firstIsA ? [o1, o2] : [o2, o1];
      return got[0] === outcomes[0] && got[1] === outcomes[1];
    };
    const aFirst = tryOrder(a, b, true);
    expect(aFirst || tryOrder(b, a, false), `${this}: ${JSON.stringify(outcomes)}`).toBe(true);
    if (aFirst) {
      modelPay(m, a);
      modelPay(m, b);
    } else {
      modelPay(m, b);
      modelPay(m, a);
    }
    await checkAll(model, this.toString());
  }
  toString = () => `payTwoAtOnce(${this.who})`;
}

class Withdraw implements Cmd {
  constructor(
    readonly who: number,
    readonly amount: number,
  ) {}
  check = () => true;
  async run(model: Model) {
    const m = pick(model.players, this.who)!;
    const res = await h.withdraw(m.p, this.amount);
    if (!m.azul) {
      // Sorte Verde pays only verified players (kyc): refused before anything is reserved.
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      await checkAll(model, this.toString());
      return;
    }
    const fits = m.cash >= this.amount;
    expect(res.status, `${this}: ${JSON.stringify(res.body)}`).toBe(fits ? 201 : 402);
    if (fits) {
      m.cash -= this.amount;
      m.withdrawals.push({ id: res.id as number, amount: this.amount, open: true });
    }
    await checkAll(model, this.toString());
  }
  toString = () => `withdraw(${this.who}, ${this.amount})`;
}

class CancelWithdrawal implements Cmd {
  constructor(readonly who: number) {}
  check = () => true;
  async run(model: Model) {
    const m = pick(model.players, this.who)!;
    const w = m.withdrawals.find((x) => x.open);
    if (!w) return;
    expect(await h.cancelWithdrawal(m.p, w.id)).toBe(200);
    expect(await h.cancelWithdrawal(m.p, w.id)).toBe(409);
    w.open = false;
    m.cash += w.amount;
    await checkAll(model, this.toString());
  }
  toString = () => `cancelWithdrawal(${this.who})`;
}

type Ending = 'credit' | 'rollback' | 'rollbackAfterCredit' | 'retried' | 'raceRollbackCredit' | 'open';

class Round implements Cmd {
  constructor(
    readonly who: number,
    readonly stake: number,
    readonly win: number,
    readonly ending: Ending,
    readonly shareWith: number | null,
  ) {}
  check = () => true;
  async run(model: Model) {
    const m = pick(model.players, this.who)!;
    const roundId = uid('r');
    const round: ModelRound = { id: roundId, debits: [], stake: 0, stakeBonus: 0, funder: null, settled: false };
    const txid = uid('d');
    const debit = { transaction_id: txid, round_id: roundId, amount: this.stake };
    const answer = await m.game.call('debit', debit);
    const paid = modelStake(m, this.stake);
    if (!paid) {
      expect(answer.body.code, this.toString()).toBe('INSUFFICIENT_FUNDS');
      await checkAll(model, this.toString());
      return;
    }
    expect(answer.status, `${this}: ${JSON.stringify(answer.body)}`).toBe(200);
    const d: ModelDebit = { txid, ...paid, rolledBack: false };
    round.debits.push(d);
    round.stake = d.amount;
    round.stakeBonus = d.bonus;
    round.funder = d.funder;
    m.rounds.push(round);
    // Another player on the same round id: their own round (a debit and a loss), nothing of this one.
    if (this.shareWith !== null) {
      const other = pick(model.players, this.shareWith)!;
      if (other !== m) {
        const theirs = await other.game.call('debit', { transaction_id: uid('o'), round_id: roundId, amount: 100 });
        const took = modelStake(other, 100);
        expect(theirs.status).toBe(took ? 200 : 402);
        if (took) {
          const r: ModelRound = {
            id: roundId,
            debits: [],
            stake: 100,
            stakeBonus: took.bonus,
            funder: took.funder,
            settled: false,
          };
          other.rounds.push(r);
          await other.game.call('credit', { transaction_id: uid('oc'), round_id: roundId, amount: 0 });
          modelSettle(other, r, 0);
        }
      }
    }
    const credit = () => m.game.call('credit', { transaction_id: uid('c'), round_id: roundId, amount: this.win });
    const rollback = () =>
      m.game.call('rollback', { transaction_id: uid('rb'), round_id: roundId, reference_transaction_id: txid });
    if (this.ending === 'credit' || this.ending === 'retried') {
      if (this.ending === 'retried') expect(await m.game.call('debit', debit)).toEqual(answer);
      expect((await credit()).status).toBe(200);
      modelSettle(m, round, this.win);
      if (this.ending === 'retried') expect(await m.game.call('debit', debit)).toEqual(answer);
    } else if (this.ending === 'rollback') {
      expect((await rollback()).status).toBe(200);
      d.rolledBack = true;
      modelRefund(m, d);
    } else if (this.ending === 'rollbackAfterCredit') {
      expect((await credit()).status).toBe(200);
      modelSettle(m, round, this.win);
      expect((await rollback()).body.code).toBe('ROUND_ALREADY_SETTLED');
    } else if (this.ending === 'raceRollbackCredit') {
      const [c, r] = await Promise.all([credit(), rollback()]);
      if (c.status === 200) {
        expect(r.body.code).toBe('ROUND_ALREADY_SETTLED');
        modelSettle(m, round, this.win);
      } else {
        expect(c.body.code).toBe('UNKNOWN_TRANSACTION');
        expect(r.status).toBe(200);
        d.rolledBack = true;
        modelRefund(m, d);
      }
    }
    await checkAll(model, this.toString());
  }
  toString = () => `round(${this.who}, ${this.stake}, ${this.win}, ${this.ending}, ${this.shareWith})`;
}

/** A bonus's time runs out; the next request that names the player forfeits what is left of it. */
class ExpireBonus implements Cmd {
  constructor(readonly who: number) {}
  check = () => true;
  async run(model: Model) {
    const m = pick(model.players, this.who)!;
    const b = active(m)[0];
    if (!b) return;
    const [row] = await h.api.db.query<{ id: number }>(
      "SELECT id FROM player_bonuses WHERE user_id = $1 AND status = 'active' ORDER BY id LIMIT 1",
      [m.p.id],
    );
    await h.api.db.query("UPDATE player_bonuses SET expires_at = now() - interval '1 second' WHERE id = $1", [row?.id]);
    const wallet = await h.api.app.inject({
      url: '/api/profile/wallet',
      headers: { host: m.p.host, ...bearer(m.p.token) },
    });
    expect(wallet.statusCode).toBe(200);
    b.balance = 0;
    b.status = 'ended';
    expect((wallet.json() as { data: { bonus_balance: number } }).data.bonus_balance).toBe(bonusTotal(m));
    await checkAll(model, this.toString());
  }
  toString = () => `expireBonus(${this.who})`;
}

/** Sorte Verde's prize boxes: bought with cash, opened, the box or the prize sold back. */
class Box implements Cmd {
  constructor(
    readonly who: number,
    readonly action: 'buy' | 'open' | 'sellBox' | 'sellPrize',
  ) {}
  check = () => true;
  async run(model: Model) {
    const m = pick(model.players, this.who)!;
    if (m.azul) return;
    const post = (url: string, payload: object) =>
      h.api.app.inject({ method: 'POST', url, headers: { host: m.p.host, ...bearer(m.p.token) }, payload });
    if (this.action === 'buy') {
      const [box] = await h.api.db.query<{ id: number; price: number }>(
        'SELECT id, price FROM boxes WHERE brand_id = 1 AND published ORDER BY price LIMIT 1',
      );
      const res = await post('/api/boxes/buy', { box_id: box!.id, request_id: uid('buy') });
      if (m.cash >= box!.price) {
        expect(res.statusCode, res.body).toBe(201);
        m.cash -= box!.price;
        m.boxes.push((res.json() as { user_box: { id: number } }).user_box.id);
      } else expect(res.statusCode, res.body).toBe(422);
    } else if (this.action === 'open' || this.action === 'sellBox') {
      const boxId = m.boxes.shift();
      if (boxId === undefined) return;
      if (this.action === 'open') {
        const res = await post('/api/boxes/open', { box_id: boxId });
        expect(res.statusCode, res.body).toBe(200);
        m.prizes.push((res.json() as { prize: { id: number } }).prize.id);
      } else {
        const [row] = await h.api.db.query<{ sell_value: number }>(
          'SELECT b.sell_value FROM player_boxes pb JOIN boxes b ON b.id = pb.box_id WHERE pb.id = $1',
          [boxId],
        );
        expect((await post('/api/boxes/sell', { id: boxId })).statusCode).toBe(200);
        m.cash += row!.sell_value;
      }
    } else {
      const prizeId = m.prizes.shift();
      if (prizeId === undefined) return;
      const [row] = await h.api.db.query<{ sell_value: number }>(
        'SELECT p.sell_value FROM player_prizes pp JOIN box_prizes p ON p.id = pp.prize_id WHERE pp.id = $1',
        [prizeId],
      );
      expect((await post('/api/prizes/sell', { id: prizeId })).statusCode).toBe(200);
      m.cash += row!.sell_value;
    }
    await checkAll(model, this.toString());
  }
  toString = () => `box(${this.who}, ${this.action})`;
}

/**
 * The mission "Aposte R$ 50,00", once completed: its R$ 5,00 in bonus money on Azul Bet; on Sorte Verde, regulated,
 * 500 loyalty points and no cash or bonus (Portaria SPA/MF 1.231/2024 arts. 42–43).
 */
class ClaimMission implements Cmd {
  constructor(readonly who: number) {}
  check = () => true;
  async run(model: Model) {
    const m = pick(model.players, this.who)!;
    const res = await h.api.app.inject({
      method: 'POST',
      url: `/api/missions/${m.mission.id}/claim`,
      headers: { host: m.p.host, ...bearer(m.p.token) },
    });
    const expected = m.mission.state === 'completed' ? 200 : m.mission.state === 'claimed' ? 409 : 422;
    expect(res.statusCode, `${this}: ${res.body}`).toBe(expected);
    if (expected === 200) {
      m.mission.state = 'claimed';
      if (m.azul)
        m.bonuses.push({ balance: m.mission.reward, required: m.mission.reward, wagered: 0, status: 'active' });
      else m.points += m.mission.reward;
    }
    await checkAll(model, this.toString());
  }
  toString = () => `claimMission(${this.who})`;
}

const who = fc.nat({ max: 2 });
const fund = fc
  .tuple(who, fc.constantFrom(5_000, 10_000, 30_000), fc.constantFrom(null, 'BEMVINDO100', 'AZUL50'))
  .map(([w, a, c]) => new Fund(w, a, c));
const round = fc
  .tuple(
    who,
    fc.constantFrom(100, 1_000, 2_500, 7_000),
    fc.constantFrom(0, 0, 500, 3_000, 15_000),
    fc.constantFrom<Ending>(
      'credit',
      'credit',
      'rollback',
      'rollbackAfterCredit',
      'retried',
      'raceRollbackCredit',
      'open',
    ),
    fc.option(who, { nil: null, freq: 4 }),
  )
  .map(([w, s, win, e, share]) => new Round(w, s, win, e, share));
// Weighted by repetition: rounds are most of what players do, then deposits and boxes.
const commands = [
  fund,
  fund,
  round,
  round,
  round,
  round,
  fc
    .tuple(who, fc.constantFrom(2_000, 5_000, 10_000, 30_000), fc.constantFrom(null, 'BEMVINDO100', 'AZUL50'))
    .map(([w, a, c]) => new Deposit(w, a, c)),
  fc.tuple(who, fc.nat({ max: 3 })).map(([w, i]) => new Pay(w, i)),
  who.map((w) => new PayTwoAtOnce(w)),
  fc.tuple(who, fc.constantFrom(5_000, 10_000, 20_000)).map(([w, a]) => new Withdraw(w, a)),
  who.map((w) => new CancelWithdrawal(w)),
  who.map((w) => new ExpireBonus(w)),
  fc
    .tuple(fc.constant(2), fc.constantFrom('buy', 'buy', 'open', 'sellBox', 'sellPrize') as fc.Arbitrary<Box['action']>)
    .map(([w, a]) => new Box(w, a)),
  who.map((w) => new ClaimMission(w)),
];

async function newWorld(): Promise<Model> {
  const hosts = ['azul.localhost', 'azul.localhost', 'localhost'];
  const players: ModelPlayer[] = [];
  for (const [i, host] of hosts.entries()) {
    const p = await h.register(host);
    const brandId = host === 'localhost' ? 1 : 2;
    const [mission] = await h.api.db.query<{ id: number; goal: number; reward: number }>(
      "SELECT id, goal, reward FROM missions WHERE brand_id = $1 AND slug = 'aposte-50'",
      [brandId],
    );
    const accepted = await h.api.app.inject({
      method: 'POST',
      url: `/api/missions/${mission!.id}/accept`,
      headers: { host, ...bearer(p.token) },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    players.push({
      name: `player ${i} (${host})`,
      p,
      azul: host !== 'localhost',
      cash: 0,
      points: 0,
      bonuses: [],
      paidDeposits: 0,
      redeemed: new Set(),
      pending: [],
      withdrawals: [],
      rounds: [],
      game: await h.session(p),
      boxes: [],
      prizes: [],
      mission: { id: mission!.id, progress: 0, goal: mission!.goal, reward: mission!.reward, state: 'accepted' },
    });
  }
  const model = { players };
  // Each world starts with money to move: a first deposit with the welcome coupon on Azul Bet (its bonus, rollover
  // 10×), a plain one on Sorte Verde.
  await new Fund(0, 10_000, 'BEMVINDO100').run(model);
  await new Fund(1, 5_000, null).run(model);
  await new Fund(2, 20_000, null).run(model);
  return model;
}

describe('random sequences of money movements (fast-check, against the real sandbox)', () => {
  it(
    `keep the ledger invariant and the model's balances after every step (${RUNS} runs, seed ${SEED})`,
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: STEPS, size: 'max' }), async (cmds) => {
          const model = await newWorld();
          await fc.asyncModelRun(() => ({ model, real: model }), cmds);
          if (process.env.MONEY_DEBUG) console.log(String(cmds));
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: process.env.MONEY_SHRINK === '0' },
      );
      // The whole database too (every player of every run, the seeded ones included).
      const report = await ledgerInvariant(h.api.db);
      expect(report.violations, describeViolations(report)).toEqual([]);
      expect(report.rows).toBeGreaterThan(0);
      // What the runs did, as the ledger saw it (a run that moved no money would prove nothing).
      const kinds = await h.api.db.query<{ kind: string; n: number }>(
        `SELECT kind, count(*)::int AS n FROM ledger_entries WHERE kind <> 'opening_balance' AND user_id IN
         (SELECT id FROM users WHERE email LIKE 'dinheiro%') GROUP BY kind ORDER BY kind`,
      );
      console.log(`ledger rows by kind: ${kinds.map((k) => `${k.kind} ${k.n}`).join(', ')}`);
      for (const kind of ['deposit', 'withdrawal', 'bet', 'win', 'bet_refund', 'bonus_grant', 'box_purchase'])
        expect(
          kinds.map((k) => k.kind),
          kind,
        ).toContain(kind);
    },
    Math.max(600_000, RUNS * 5_000),
  );
});
