import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { boxPurchaseMachine, isShortOfFunds, type BuyRequest } from './box-purchase.machine';
import type { Bought } from './boxes.types';
import { apiError, userBox } from './boxes.fixture';

const settle = () => new Promise((r) => setTimeout(r, 0));

function start(buy: (boxId: number) => Promise<Bought>) {
  const calls: BuyRequest[] = [];
  const machine = boxPurchaseMachine.provide({
    actors: {
      buyBox: fromPromise(({ input }: { input: BuyRequest }) => (calls.push(input), buy(input.boxId))),
    },
  });
  const { actor } = createTestActor(machine, { input: { boxId: 3 } });
  return { actor, calls };
}

describe('box purchase machine', () => {
  it('asks to confirm, buys once and ends owned with the box and the balance', async () => {
    const { actor, calls } = start(async () => ({ userBox: userBox(40), balance: 22500 }));
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'purchase.start' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'purchase.confirm', requestId: 'req-0001' });
    expect(actor.getSnapshot().value).toBe('buying');
    // One purchase at a time.
    actor.send({ type: 'purchase.confirm', requestId: 'req-0001' });
    actor.send({ type: 'purchase.start' });
    await settle();
    expect(calls).toEqual([{ boxId: 3, requestId: 'req-0001' }]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().value).toBe('owned');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'owned', userBox: userBox(40), balance: 22500 });
  });

  it('cancel from the confirmation buys nothing', () => {
    const { actor, calls } = start(async () => ({ userBox: userBox(40), balance: 0 }));
    actor.send({ type: 'purchase.start' });
    actor.send({ type: 'purchase.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual([]);
  });

  it('not enough balance (422 on balance) ends asking for the deposit', async () => {
    const { actor } = start(async () => {
      throw apiError(422, { balance: ['Saldo insuficiente.'] });
    });
    actor.send({ type: 'purchase.start' });
    actor.send({ type: 'purchase.confirm', requestId: 'req-0001' });
    await settle();
    expect(actor.getSnapshot().value).toBe('needsDeposit');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'needsDeposit' });
  });

  it("another refusal shows §8's text; retry buys again, dismiss goes back", async () => {
    let fail = true;
    const { actor, calls } = start(async () => {
      if (fail) throw apiError(503);
      return { userBox: userBox(41), balance: 100 };
    });
    actor.send({ type: 'purchase.start' });
    actor.send({ type: 'purchase.confirm', requestId: 'req-0001' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure?.messages).toEqual([{ id: 'error_messages.503' }]);
    actor.send({ type: 'purchase.dismiss' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.failure).toBeNull();
    actor.send({ type: 'purchase.start' });
    actor.send({ type: 'purchase.confirm', requestId: 'req-0001' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    fail = false;
    actor.send({ type: 'purchase.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('owned');
    // A retry keeps the confirmation's key: a purchase that went through is not bought twice.
    expect(calls.map((c) => c.requestId)).toEqual(['req-0001', 'req-0001', 'req-0001']);
  });

  it('reads only a 422 that names the balance as lack of money', () => {
    expect(isShortOfFunds(apiError(422, { balance: ['x'] }))).toBe(true);
    expect(isShortOfFunds(apiError(422, { box_id: ['x'] }))).toBe(false);
    expect(isShortOfFunds(apiError(403))).toBe(false);
    expect(isShortOfFunds(new Error('x'))).toBe(false);
  });
});
