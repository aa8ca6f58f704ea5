import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { controllableCallback, pending, rejects, resolves } from '../../tests/toolkit/fake-actors';
import { transitionPaths } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { checkAmount, messagesOf, parseReais } from './amount';
import { connectPix, formatCountdown } from './pix.connect';
import { PIX_EXPIRY_MS, pixMachine } from './pix.machine';
import type { DepositTracking, PixCode, PixEvent, PixInput, PixStatus } from './pix.types';

const input: PixInput = { minDeposit: 1000, maxDeposit: 5_000_000, userId: 7, depositCount: 0 };
const code: PixCode = { id: 11, txid: 'TX123', amount: 5000, qrcode: '000201…6304ABCD', expiresInMs: PIX_EXPIRY_MS };
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
  return { actor, clock, channel, tracked };
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
  const paths = transitionPaths(machine, {
    input,
    events: [
      { type: 'pix.amountChanged', text: '50' },
      { type: 'pix.submit' },
      { type: 'xstate.done.actor.createPix', output: code } as never,
      { type: 'xstate.error.actor.createPix', error: { messages: [{ id: 'error_messages.500' }] } } as never,
      { type: 'realtime.paymentApproved', data: { balance: 30000, amount: 5000 } },
      { type: 'pix.reconnected' },
      { type: 'pix.retry' },
      { type: 'pix.changeAmount' },
    ],
  });
  it.each(paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    expect(path.run().value).toEqual(path.expected);
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
    expect(connectPix(actor.getSnapshot()).amountError).toEqual({ id: 'wallet.amount.decimals', values: { min: 3000, max: 20_000 } });
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
    expect(vm).toMatchObject({ step: 'awaitingPayment', countdown: '5:00', code: { qrcode: code.qrcode, amount: 5000 } });
    clock.increment(1000);
    expect(connectPix(actor.getSnapshot()).countdown).toBe('4:59');
    for (let i = 0; i < 60; i++) clock.increment(1000);
    expect(connectPix(actor.getSnapshot()).countdown).toBe('3:59');
  });

  it('is paid when PaymentApproved arrives on the channel; first deposit is tracked as first_deposit and purchase', async () => {
    const { actor, channel, tracked } = await toAwaiting();
    channel.emit({ type: 'realtime.paymentApproved', data: { balance: 1000, amount: 999 } });
    expect(actor.getSnapshot().value).toEqual({ awaitingPayment: 'waiting' });
    expect(actor.getSnapshot().context.balance).toBe(1000);
    channel.emit({ type: 'realtime.paymentApproved', data: { balance: 30000, amount: 5000 } });
    expect(actor.getSnapshot().value).toBe('paid');
    expect(connectPix(actor.getSnapshot()).balance).toBe(30000);
    expect(channel.running).toBe(false);
    await flush();
    expect(tracked).toEqual([{ events: ['first_deposit', 'purchase'], amount: 5000, txid: 'TX123', depositCount: 1 }]);
  });

  it('a later deposit is tracked as purchase only', async () => {
    const { channel, tracked } = await toAwaiting({}, { ...input, depositCount: 3 });
    channel.emit({ type: 'realtime.paymentApproved', data: { balance: 30000, amount: 5000 } });
    await flush();
    expect(tracked.map((t) => t.events)).toEqual([['purchase']]);
  });

  it('expires after 5 minutes and offers a new code', async () => {
    let calls = 0;
    const { actor, clock } = await toAwaiting({
      createPix: fromPromise(async () => {
        calls += 1;
        return code;
      }) as never,
    });
    clock.increment(PIX_EXPIRY_MS - 1);
    expect(actor.getSnapshot().matches('awaitingPayment')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(connectPix(actor.getSnapshot()).countdown).toBe('0:00');
    actor.send({ type: 'pix.newCode' });
    await flush();
    expect(calls).toBe(2);
    expect(actor.getSnapshot().value).toEqual({ awaitingPayment: 'waiting' });
  });

  it('honours a shorter expiry given by the server', async () => {
    const { actor, clock } = await toAwaiting({ createPix: resolves({ ...code, expiresInMs: 8000 }) as never });
    expect(connectPix(actor.getSnapshot()).countdown).toBe('0:08');
    clock.increment(8000);
    expect(actor.getSnapshot().value).toBe('expired');
    actor.send({ type: 'pix.changeAmount' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it('after a reconnect the status is checked: approved while offline shows as paid', async () => {
    const status: PixStatus = { status: 1, balance: 30000, depositCount: 4 };
    const { actor, channel, tracked } = await toAwaiting({ checkStatus: resolves(status) as never }, { ...input, depositCount: 3 });
    channel.emit({ type: 'pix.reconnected' });
    expect(connectPix(actor.getSnapshot()).checking).toBe(true);
    await flush();
    expect(actor.getSnapshot().value).toBe('paid');
    expect(actor.getSnapshot().context.balance).toBe(30000);
    await flush();
    expect(tracked[0]?.events).toEqual(['purchase']);
    actor.send({ type: 'pix.changeAmount' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it('after a reconnect: still pending keeps waiting; cancelled (expired) shows expired; a failed check keeps waiting', async () => {
    const answers: Array<PixStatus | Error> = [{ status: 0, balance: 0, depositCount: 0 }, new Error('offline'), { status: 2, balance: 0, depositCount: 0 }];
    const { actor, channel } = await toAwaiting({
      checkStatus: fromPromise(async () => {
        const next = answers.shift();
        if (next instanceof Error) throw next;
        return next as PixStatus;
      }) as never,
    });
    channel.emit({ type: 'pix.reconnected' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ awaitingPayment: 'waiting' });
    channel.emit({ type: 'pix.reconnected' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ awaitingPayment: 'waiting' });
    channel.emit({ type: 'pix.reconnected' });
    await flush();
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('a failure shows the §8 message and can be retried', async () => {
    const answers: Array<PixCode | Error> = [Object.assign(new Error('x'), { messages: [{ id: 'error_messages.503' }] }), code];
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
