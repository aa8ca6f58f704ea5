import { describe, expect, it } from 'vitest';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { controllableCallback, pending, rejects, resolves } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { messagesOf } from '../kernel/api-error';
import { checkAmount, parseReais } from '../kernel/money';
import { connectPix, formatCountdown } from './pix.connect';
import { PIX_EXPIRY_MS, pixMachine, validCouponOf } from './pix.machine';
import { connectCoupon } from '../bonus/bonus.connect';
import type { CouponCheckAnswer, CouponCheckInput } from '../bonus/bonus.types';
import { couponMachine } from '../bonus/coupon.machine';
import type { CreatePixInput, DepositTracking, PixCode, PixEmitted, PixEvent, PixInput, PixStatus } from './pix.types';

const input: PixInput = { minDeposit: 1000, maxDeposit: 5_000_000, userId: 7, depositCount: 0 };
const code: PixCode = { id: 11, txid: 'TX123', amount: 5000, qrcode: '000201…6304ABCD', expiresInMs: PIX_EXPIRY_MS };
/** Another open deposit of the same player, of the same amount. */
const other: PixCode = { id: 12, txid: 'TX456', amount: 5000, qrcode: '000201…6304EF01', expiresInMs: PIX_EXPIRY_MS };
const status = (s: number, extra: Partial<PixStatus> = {}): PixStatus => ({
  status: s,
  refused: false,
  balance: 25_000,
  depositCount: 0,
  ...extra,
});
/** A checkStatus actor answering in turn (an Error rejects). */
const answers = (list: Array<PixStatus | Error>) =>
  fromPromise<PixStatus, { id: number }>(async () => {
    const next = list.shift();
    if (next === undefined || next instanceof Error) throw next ?? new Error('no answer left');
    return next;
  });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
type Logic = Parameters<typeof pixMachine.provide>[0]['actors'];

function start(actors: Partial<NonNullable<Logic>> = {}, given: PixInput = input) {
  const channel = controllableCallback<PixEvent>();
  const tracked: DepositTracking[] = [];
  const machine = pixMachine.provide({
    actors: {
      createPix: resolves(code) as never,
      checkStatus: pending() as never,
      paymentEvents: channel.logic as never,
      trackDeposit: fromPromise<void, DepositTracking>(async ({ input: t }) => {
        tracked.push(t);
      }) as never,
      ...actors,
    },
  });
  const { actor, clock } = createTestActor(machine, { input: given });
  const reported: PixEmitted[] = [];
  actor.on('wallet.balanceReported', (e) => reported.push(e));
  return { actor, clock, channel, tracked, reported };
}

async function toAwaiting(actors: Partial<NonNullable<Logic>> = {}, given: PixInput = input) {
  const started = start(actors, given);
  started.actor.send({ type: 'pix.presetChosen', amount: 5000 });
  started.actor.send({ type: 'pix.submit' });
  await flush();
  expect(started.actor.getSnapshot().value).toEqual({ awaitingPayment: 'waiting' });
  return started;
}

describe('amount input', () => {
  it.each([
    ['50', 5000],
    ['50,5', 5050],
    ['50,00', 5000],
    ['R$ 1.234,56', 123456],
    ['1,234.56', 123456],
    ['1.000', 100000],
    ['0,01', 1],
  ])('%s is %i centavos', (text, centavos) => {
    expect(parseReais(text)).toEqual({ ok: true, centavos });
  });
  it.each([
    ['', 'required'],
    ['abc', 'invalid'],
    ['50,001', 'decimals'],
    ['1.2.3,4', 'invalid'],
    ['-5', 'invalid'],
  ])('%s is refused (%s)', (text, problem) => {
    expect(parseReais(text)).toEqual({ ok: false, problem });
  });
  it('checks the brand range', () => {
    expect(checkAmount('9,99', 1000, 2000).problem).toBe('belowMin');
    expect(checkAmount('20,01', 1000, 2000).problem).toBe('aboveMax');
    expect(checkAmount('20', 1000, 2000)).toEqual({ centavos: 2000, problem: null });
  });
  it('reads API error messages, else the §8 fallback', () => {
    expect(messagesOf({ messages: [{ text: 'Valor inválido' }, { id: 'error_messages.500' }] })).toEqual([
      { text: 'Valor inválido' },
      { id: 'error_messages.500' },
    ]);
    expect(messagesOf(new Error('x'))).toEqual([{ id: 'error_messages.unexpected' }]);
  });
});

describe('pix machine: generated paths', () => {
  const channel = controllableCallback<PixEvent>();
  const machine = pixMachine.provide({
    actors: {
      createPix: pending() as never,
      checkStatus: pending() as never,
      paymentEvents: channel.logic as never,
      trackDeposit: pending() as never,
    },
  });
  const checked = (s: PixStatus) => ({ type: 'xstate.done.actor.checkStatus', output: s }) as never;

  it('reaches every state of the definition by events a test can send (timers included), and no path fails', () => {
    const result = reachability(machine, {
      input,
      // The amount typed decides whether a submit generates a code: it is part of the state for the traversal.
      serializeState: (s) => JSON.stringify([s.value, s.context.amountText]),
      events: [
        { type: 'pix.amountChanged', text: '50' },
        { type: 'pix.submit' },
        { type: 'xstate.done.actor.createPix', output: code } as never,
        { type: 'xstate.error.actor.createPix', error: { messages: [{ id: 'error_messages.500' }] } } as never,
        { type: 'realtime.paymentApproved', data: { id: 11, txid: 'TX123', balance: 30000, amount: 5000 } },
        { type: 'realtime.paymentApproved', data: { balance: 30000, amount: 5000 } } as never,
        { type: 'realtime.paymentRefused', data: { id: 11, txid: 'TX123', amount: 5000, status: 2 } },
        { type: 'pix.reconnected' },
        checked(status(1)),
        checked(status(2, { refused: true })),
        checked(status(2)),
        checked(status(0)),
        { type: 'xstate.error.actor.checkStatus', error: new Error('offline') } as never,
        { type: 'pix.recheck' },
        { type: 'pix.newCode' },
        { type: 'pix.retry' },
        { type: 'pix.changeAmount' },
      ],
    });
    expect(result.unreached).toEqual([]);
    expect(result.staleExceptions).toEqual([]);
    expect(result.reached).toEqual(
      expect.arrayContaining(['paid', 'refused', 'expired.checked', 'expired.unchecked', 'failed']),
    );
    expect(result.failedPaths).toEqual([]);
  });
});

describe('pix machine: stories', () => {
  it('offers presets within the brand range and refuses a bad amount only after a submit', () => {
    const { actor } = start({}, { ...input, minDeposit: 3000, maxDeposit: 20_000 });
    expect(connectPix(actor.getSnapshot()).presets.map((p) => p.amount)).toEqual([5000, 10_000, 20_000]);
    actor.send({ type: 'pix.amountChanged', text: '10,005' });
    expect(connectPix(actor.getSnapshot()).amountError).toBeNull();
    actor.send({ type: 'pix.submit' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(connectPix(actor.getSnapshot()).amountError).toEqual({
      id: 'wallet.amount.decimals',
      values: { min: 3000, max: 20_000 },
    });
    actor.send({ type: 'pix.amountChanged', text: '250' });
    expect((connectPix(actor.getSnapshot()).amountError as { id: string } | null)?.id).toBe('wallet.amount.aboveMax');
    actor.send({ type: 'pix.amountChanged', text: '25' });
    expect((connectPix(actor.getSnapshot()).amountError as { id: string } | null)?.id).toBe('wallet.amount.belowMin');
  });

  it('generates a code for the chosen amount and counts down from 5:00 each second', async () => {
    let asked = 0;
    const { actor, clock } = await toAwaiting({
      createPix: fromPromise(async ({ input: i }: { input: { amount: number } }) => {
        asked = i.amount;
        return code;
      }) as never,
    });
    expect(asked).toBe(5000);
    const vm = connectPix(actor.getSnapshot());
    expect(vm).toMatchObject({
      step: 'awaitingPayment',
      countdown: '5:00',
      code: { qrcode: code.qrcode, amount: 5000 },
    });
    clock.increment(1000);
    expect(connectPix(actor.getSnapshot()).countdown).toBe('4:59');
    for (let i = 0; i < 60; i++) clock.increment(1000);
    expect(connectPix(actor.getSnapshot()).countdown).toBe('3:59');
  });

  it('is paid only by a PaymentApproved that names its deposit (id); first deposit is tracked as first_deposit and purchase', async () => {
    const { actor, channel, tracked, reported } = await toAwaiting();
    // Another deposit of the same amount is paid: not ours, nothing changes and no balance is taken from it.
    channel.emit({
      type: 'realtime.paymentApproved',
      data: { id: other.id, txid: other.txid, balance: 30_000, amount: 5000 },
    });
    expect(actor.getSnapshot().value).toEqual({ awaitingPayment: 'waiting' });
    expect(reported).toEqual([]);
    channel.emit({ type: 'realtime.paymentApproved', data: { id: code.id, balance: 35_000, amount: 5000 } });
    expect(actor.getSnapshot().value).toBe('paid');
    expect(reported).toEqual([{ type: 'wallet.balanceReported', balance: 35_000, depositCount: 1 }]);
    expect(channel.running).toBe(false);
    await flush();
    expect(tracked).toEqual([{ events: ['first_deposit', 'purchase'], amount: 5000, txid: 'TX123', depositCount: 1 }]);
  });

  it('two open deposits of the same amount: paying one marks only that one paid', async () => {
    const first = await toAwaiting();
    const second = await toAwaiting({ createPix: resolves(other) as never });
    // The bank pays the second deposit; both screens hear it on the player's channel.
    const paySecond = {
      type: 'realtime.paymentApproved',
      data: { id: other.id, txid: other.txid, balance: 30_000, amount: 5000 },
    } as const;
    first.channel.emit(paySecond);
    second.channel.emit(paySecond);
    expect(first.actor.getSnapshot().value).toEqual({ awaitingPayment: 'waiting' });
    expect(second.actor.getSnapshot().value).toBe('paid');
    // Matching by txid alone works too.
    first.channel.emit({ type: 'realtime.paymentApproved', data: { txid: code.txid, balance: 35_000, amount: 5000 } });
    expect(first.actor.getSnapshot().value).toBe('paid');
    expect(first.reported).toEqual([{ type: 'wallet.balanceReported', balance: 35_000, depositCount: 1 }]);
  });

  it('a PaymentApproved that names no deposit is not taken as ours: the status is asked instead', async () => {
    // 1st check: pending. 2nd: never answers (superseded). 3rd: approved.
    const list: Array<() => Promise<PixStatus>> = [
      async () => status(0),
      () => new Promise<PixStatus>(() => undefined),
      async () => status(1, { balance: 30_000, depositCount: 4 }),
    ];
    const { actor, channel, reported } = await toAwaiting({
      checkStatus: fromPromise<PixStatus, { id: number }>(() => (list.shift() as () => Promise<PixStatus>)()) as never,
    });
    const anonymous = { type: 'realtime.paymentApproved', data: { balance: 30_000, amount: 5000 } } as const;
    channel.emit(anonymous);
    expect(connectPix(actor.getSnapshot())).toMatchObject({
      step: 'awaitingPayment',
      checking: true,
      state: 'awaitingPayment.checking',
    });
    await flush();
    // The server says pending: keep waiting; the check's balance is reported, the event's is not.
    expect(actor.getSnapshot().value).toEqual({ awaitingPayment: 'waiting' });
    expect(reported).toEqual([{ type: 'wallet.balanceReported', balance: 25_000, depositCount: 0 }]);
    channel.emit(anonymous);
    expect(actor.getSnapshot().value).toEqual({ awaitingPayment: 'checking' });
    // Another one while that check is in flight: the check starts again (the first answer may predate it).
    channel.emit(anonymous);
    await flush();
    expect(actor.getSnapshot().value).toBe('paid');
    expect(reported.at(-1)).toEqual({ type: 'wallet.balanceReported', balance: 30_000, depositCount: 4 });
  });

  it('a later deposit is tracked as purchase only', async () => {
    const { channel, tracked } = await toAwaiting({}, { ...input, depositCount: 3 });
    channel.emit({
      type: 'realtime.paymentApproved',
      data: { id: code.id, txid: code.txid, balance: 30000, amount: 5000 },
    });
    await flush();
    expect(tracked.map((t) => t.events)).toEqual([['purchase']]);
  });

  it('refused by the bank (PaymentRefused naming it): shows refused and can start a new deposit', async () => {
    let calls = 0;
    const { actor, channel } = await toAwaiting({
      createPix: fromPromise(async () => {
        calls += 1;
        return code;
      }) as never,
    });
    channel.emit({
      type: 'realtime.paymentRefused',
      data: { id: other.id, txid: other.txid, amount: 5000, status: 2 },
    });
    expect(actor.getSnapshot().value).toEqual({ awaitingPayment: 'waiting' });
    channel.emit({ type: 'realtime.paymentRefused', data: { id: code.id, txid: code.txid, amount: 5000, status: 2 } });
    expect(connectPix(actor.getSnapshot())).toMatchObject({ step: 'refused', state: 'refused', countdown: '0:00' });
    actor.send({ type: 'pix.newCode' });
    await flush();
    expect(calls).toBe(2);
    expect(actor.getSnapshot().value).toEqual({ awaitingPayment: 'waiting' });
    channel.emit({ type: 'realtime.paymentRefused', data: { id: code.id, txid: code.txid, amount: 5000, status: 2 } });
    actor.send({ type: 'pix.changeAmount' });
    expect(connectPix(actor.getSnapshot())).toMatchObject({ step: 'choosing', code: null });
  });

  it('at the end of 5 minutes the server is asked first: still pending shows expired, and a new code can be made', async () => {
    let calls = 0;
    const { actor, clock, reported } = await toAwaiting({
      createPix: fromPromise(async () => {
        calls += 1;
        return code;
      }) as never,
      checkStatus: answers([status(0)]) as never,
    });
    clock.increment(PIX_EXPIRY_MS - 1);
    expect(actor.getSnapshot().matches('awaitingPayment')).toBe(true);
    clock.increment(1);
    // Not "expired" yet: asking the server.
    expect(connectPix(actor.getSnapshot())).toMatchObject({
      step: 'confirmingExpiry',
      checking: true,
      countdown: '0:00',
    });
    await flush();
    expect(connectPix(actor.getSnapshot())).toMatchObject({
      step: 'expired',
      state: 'expired.checked',
      expiryConfirmed: false,
      canRecheck: false,
    });
    expect(reported).toEqual([{ type: 'wallet.balanceReported', balance: 25_000, depositCount: 0 }]);
    actor.send({ type: 'pix.newCode' });
    await flush();
    expect(calls).toBe(2);
    expect(actor.getSnapshot().value).toEqual({ awaitingPayment: 'waiting' });
  });

  it('at expiry: the server says cancelled → expired, confirmed by the bank', async () => {
    const { actor, clock } = await toAwaiting({
      createPix: resolves({ ...code, expiresInMs: 8000 }) as never,
      checkStatus: answers([status(2)]) as never,
    });
    expect(connectPix(actor.getSnapshot()).countdown).toBe('0:08');
    clock.increment(8000);
    await flush();
    expect(connectPix(actor.getSnapshot())).toMatchObject({ step: 'expired', expiryConfirmed: true });
    actor.send({ type: 'pix.changeAmount' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it('at expiry: a payment whose live event was lost shows as paid (and tracked)', async () => {
    const { actor, clock, tracked, reported } = await toAwaiting({
      checkStatus: answers([status(1, { balance: 30_000, depositCount: 1 })]) as never,
    });
    clock.increment(PIX_EXPIRY_MS);
    await flush();
    expect(actor.getSnapshot().value).toBe('paid');
    expect(reported).toEqual([{ type: 'wallet.balanceReported', balance: 30_000, depositCount: 1 }]);
    await flush();
    expect(tracked[0]?.events).toEqual(['first_deposit', 'purchase']);
  });

  it('at expiry: refused by the bank while the event was lost shows refused', async () => {
    const { actor, clock } = await toAwaiting({ checkStatus: answers([status(2, { refused: true })]) as never });
    clock.increment(PIX_EXPIRY_MS);
    await flush();
    expect(connectPix(actor.getSnapshot()).step).toBe('refused');
  });

  it('at expiry the check fails: expired, with the §8 message and a way to check again', async () => {
    const { actor, clock } = await toAwaiting({
      checkStatus: answers([
        Object.assign(new Error('offline'), { messages: [{ id: 'error_messages.503' }] }),
        new Error('x'),
        status(1, { balance: 30_000, depositCount: 1 }),
      ]) as never,
    });
    clock.increment(PIX_EXPIRY_MS);
    await flush();
    expect(connectPix(actor.getSnapshot())).toMatchObject({
      step: 'expired',
      state: 'expired.unchecked',
      canRecheck: true,
      errors: [{ id: 'error_messages.503' }],
    });
    actor.send({ type: 'pix.recheck' });
    expect(connectPix(actor.getSnapshot())).toMatchObject({ step: 'confirmingExpiry', errors: [] });
    await flush();
    // A malformed or failed answer without messages: §8's fallback.
    expect(connectPix(actor.getSnapshot())).toMatchObject({
      canRecheck: true,
      errors: [{ id: 'error_messages.unexpected' }],
    });
    actor.send({ type: 'pix.recheck' });
    await flush();
    expect(actor.getSnapshot().value).toBe('paid');
  });

  it('while the server is asked at expiry the player may go back to the amount', async () => {
    const { actor, clock } = await toAwaiting();
    clock.increment(PIX_EXPIRY_MS);
    expect(actor.getSnapshot().value).toBe('confirmingExpiry');
    actor.send({ type: 'pix.changeAmount' });
    expect(connectPix(actor.getSnapshot())).toMatchObject({ step: 'choosing', code: null });
  });

  it('after a reconnect the status is checked: approved while offline shows as paid', async () => {
    const { actor, channel, tracked, reported } = await toAwaiting(
      { checkStatus: resolves(status(1, { balance: 30_000, depositCount: 4 })) as never },
      { ...input, depositCount: 3 },
    );
    channel.emit({ type: 'pix.reconnected' });
    expect(connectPix(actor.getSnapshot()).checking).toBe(true);
    await flush();
    expect(actor.getSnapshot().value).toBe('paid');
    expect(reported).toEqual([{ type: 'wallet.balanceReported', balance: 30_000, depositCount: 4 }]);
    await flush();
    expect(tracked[0]?.events).toEqual(['purchase']);
    actor.send({ type: 'pix.changeAmount' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it('after a reconnect: pending keeps waiting; a failed check keeps waiting; cancelled at expiry shows expired', async () => {
    const { actor, channel } = await toAwaiting({
      checkStatus: answers([status(0), new Error('offline'), status(2)]) as never,
    });
    channel.emit({ type: 'pix.reconnected' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ awaitingPayment: 'waiting' });
    channel.emit({ type: 'pix.reconnected' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ awaitingPayment: 'waiting' });
    channel.emit({ type: 'pix.reconnected' });
    await flush();
    expect(connectPix(actor.getSnapshot())).toMatchObject({ state: 'expired.checked', expiryConfirmed: true });
  });

  it('after a reconnect: refused while offline shows refused', async () => {
    const { actor, channel } = await toAwaiting({ checkStatus: answers([status(2, { refused: true })]) as never });
    channel.emit({ type: 'pix.reconnected' });
    await flush();
    expect(actor.getSnapshot().value).toBe('refused');
  });

  it('a failure shows the §8 message and can be retried', async () => {
    const answers: Array<PixCode | Error> = [
      Object.assign(new Error('x'), { messages: [{ id: 'error_messages.503' }] }),
      code,
    ];
    const { actor } = start({
      createPix: fromPromise(async () => {
        const next = answers.shift();
        if (next instanceof Error) throw next;
        return next as PixCode;
      }) as never,
    });
    actor.send({ type: 'pix.amountChanged', text: '50' });
    actor.send({ type: 'pix.submit' });
    await flush();
    expect(connectPix(actor.getSnapshot())).toMatchObject({ step: 'failed', errors: [{ id: 'error_messages.503' }] });
    actor.send({ type: 'pix.retry' });
    await flush();
    expect(actor.getSnapshot().matches('awaitingPayment')).toBe(true);
    actor.send({ type: 'pix.changeAmount' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.pix).toBeNull();
  });

  it('a failure can also go back to the amount', async () => {
    const { actor } = start({ createPix: rejects({ messages: [{ text: 'Limite excedido' }] }) as never });
    actor.send({ type: 'pix.amountChanged', text: '50' });
    actor.send({ type: 'pix.submit' });
    await flush();
    expect(connectPix(actor.getSnapshot()).errors).toEqual([{ text: 'Limite excedido' }]);
    actor.send({ type: 'pix.changeAmount' });
    expect(connectPix(actor.getSnapshot())).toMatchObject({ step: 'choosing', errors: [] });
  });

  it('formats the countdown', () => {
    expect(formatCountdown(300_000)).toBe('5:00');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(0)).toBe('0:00');
  });
});

describe('the coupon field', () => {
  const couponLogic = (answers: Record<string, unknown>) =>
    couponMachine.provide({
      actors: {
        checkCoupon: fromPromise<CouponCheckAnswer, CouponCheckInput>(async ({ input: { code: c } }) => {
          if (!(c in answers)) throw { status: 422, body: { errors: { coupon: ['Cupom inválido ou expirado.'] } } };
          return { coupon: answers[c] as CouponCheckAnswer['coupon'] };
        }),
      },
    });
  const withCoupon = () => {
    const sent: CreatePixInput[] = [];
    const started = start({
      depositCoupon: couponLogic({ AZUL50: { code: 'AZUL50', title: '50% de recarga' } }) as never,
      createPix: fromPromise<PixCode, CreatePixInput>(async ({ input: i }) => {
        sent.push(i);
        return code;
      }) as never,
    });
    const coupon = started.actor.getSnapshot().children.coupon as ActorRefFrom<typeof couponMachine>;
    return { ...started, coupon, sent };
  };
  const deposit = async (actor: ReturnType<typeof start>['actor']) => {
    actor.send({ type: 'pix.presetChosen', amount: 5000 });
    actor.send({ type: 'pix.submit' });
    await flush();
  };

  it('a brand that is not regulated offers the field; a valid coupon goes with the deposit', async () => {
    const t = withCoupon();
    expect(connectPix(t.actor.getSnapshot()).couponField).toBe('offered');
    t.coupon.send({ type: 'coupon.check', code: 'AZUL50' });
    await flush();
    expect(connectCoupon(t.coupon.getSnapshot())).toMatchObject({ status: 'valid', code: 'AZUL50' });
    await deposit(t.actor);
    expect(t.sent).toEqual([{ amount: 5000, coupon: 'AZUL50' }]);
  });

  it('an invalid coupon shows its error and is not sent; the deposit goes without it', async () => {
    const t = withCoupon();
    t.coupon.send({ type: 'coupon.check', code: 'NAOEXISTE' });
    await flush();
    expect(connectCoupon(t.coupon.getSnapshot()).status).toBe('invalid');
    await deposit(t.actor);
    expect(t.sent).toEqual([{ amount: 5000 }]);
  });

  it('a cleared coupon is not sent; checked again it is valid at once from the cache', async () => {
    const t = withCoupon();
    t.coupon.send({ type: 'coupon.check', code: 'AZUL50' });
    await flush();
    t.coupon.send({ type: 'coupon.clear' });
    expect(connectCoupon(t.coupon.getSnapshot()).status).toBe('idle');
    await deposit(t.actor);
    expect(t.sent).toEqual([{ amount: 5000 }]);
    t.actor.send({ type: 'pix.changeAmount' });
    t.coupon.send({ type: 'coupon.check', code: 'AZUL50' });
    expect(connectCoupon(t.coupon.getSnapshot()).status).toBe('valid');
    await deposit(t.actor);
    expect(t.sent.at(-1)).toEqual({ amount: 5000, coupon: 'AZUL50' });
  });

  it('a regulated brand has no coupon field: no coupon flow, and the panel names the rule', async () => {
    const t = start({}, { ...input, isRegulated: true });
    expect(t.actor.getSnapshot().children.coupon).toBeUndefined();
    expect(connectPix(t.actor.getSnapshot()).couponField).toBe('regulated');
    expect(validCouponOf(undefined)).toBeNull();
  });
});

describe('the paid deposit says what its coupon gave', () => {
  it('a granted coupon: the deposit and its bonus money with the rollover ("R$ 50,00 creditados + R$ 25,00 de bônus (rollover 10×)")', async () => {
    const { actor, channel } = await toAwaiting();
    channel.emit({
      type: 'realtime.paymentApproved',
      data: {
        id: code.id,
        balance: 30_000,
        amount: 5000,
        bonus_balance: 2_500,
        coupon: { code: 'BEMVINDO100', outcome: 'granted', bonus: 2_500, wagering_multiple: 10 },
      },
    });
    expect(connectPix(actor.getSnapshot()).couponResult).toEqual({
      kind: 'bonus',
      code: 'BEMVINDO100',
      bonus: 2_500,
      wageringMultiple: 10,
    });
    // A new code forgets it.
    actor.send({ type: 'pix.changeAmount' });
    expect(actor.getSnapshot().context.coupon).toBeNull();
  });

  it('a coupon that gave nothing says why; a deposit without one says nothing', async () => {
    const refused = await toAwaiting();
    refused.channel.emit({
      type: 'realtime.paymentApproved',
      data: {
        id: code.id,
        balance: 30_000,
        amount: 5000,
        coupon: { code: 'BEMVINDO100', outcome: 'not_first_deposit', bonus: 0, wagering_multiple: 10 },
      },
    });
    expect(connectPix(refused.actor.getSnapshot()).couponResult).toEqual({
      kind: 'refusal',
      code: 'BEMVINDO100',
      messageId: 'wallet.deposit.coupon.not_first_deposit',
    });
    const plain = await toAwaiting();
    plain.channel.emit({ type: 'realtime.paymentApproved', data: { id: code.id, balance: 30_000, amount: 5000 } });
    expect(connectPix(plain.actor.getSnapshot()).couponResult).toBeNull();
  });

  it('a status check that finds the deposit paid brings its coupon result', async () => {
    const { actor, channel } = await toAwaiting({
      checkStatus: answers([
        status(1, { coupon: { code: 'AZUL50', outcome: 'granted', bonus: 2_500, wageringMultiple: 8 } }),
      ]) as never,
    });
    channel.emit({ type: 'pix.reconnected' });
    await flush();
    expect(actor.getSnapshot().value).toBe('paid');
    expect(connectPix(actor.getSnapshot()).couponResult).toEqual({
      kind: 'bonus',
      code: 'AZUL50',
      bonus: 2_500,
      wageringMultiple: 8,
    });
  });
});
