import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { boxSaleMachine } from './box-sale.machine';
import type { SaleRequest, Sold } from './boxes.types';
import { apiError } from './boxes.fixture';

const settle = () => new Promise((r) => setTimeout(r, 0));

function start(sell: (request: SaleRequest) => Promise<Sold>, kind: 'box' | 'prize' = 'prize') {
  const calls: SaleRequest[] = [];
  const machine = boxSaleMachine.provide({
    actors: { sell: fromPromise(({ input }: { input: SaleRequest }) => (calls.push(input), sell(input))) },
  });
  const { actor } = createTestActor(machine, { input: { kind, id: 7, value: 1500 } });
  return { actor, calls };
}

describe('box sale machine', () => {
  it('asks to confirm with the value, sells once and ends sold with the balance', async () => {
    const { actor, calls } = start(async () => ({ balance: 26500 }));
    actor.send({ type: 'sale.start' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.value).toBe(1500);
    actor.send({ type: 'sale.confirm' });
    actor.send({ type: 'sale.confirm' });
    actor.send({ type: 'sale.cancel' });
    expect(actor.getSnapshot().value).toBe('selling');
    await settle();
    expect(calls).toEqual([{ kind: 'prize', id: 7 }]);
    expect(actor.getSnapshot().output).toEqual({ outcome: 'sold', balance: 26500 });
  });

  it('cancelled from idle or from the confirmation sells nothing', () => {
    const first = start(async () => ({ balance: 0 }), 'box');
    first.actor.send({ type: 'sale.cancel' });
    expect(first.actor.getSnapshot().value).toBe('cancelled');
    expect(first.actor.getSnapshot().output).toEqual({ outcome: 'cancelled' });
    const second = start(async () => ({ balance: 0 }), 'box');
    second.actor.send({ type: 'sale.start' });
    second.actor.send({ type: 'sale.cancel' });
    expect(second.actor.getSnapshot().value).toBe('cancelled');
    expect(second.calls).toEqual([]);
  });

  it("a refusal shows §8's text; retry sells again, cancel gives up", async () => {
    let fail = true;
    const { actor, calls } = start(async () => {
      if (fail) throw apiError(409, {}, 'Este prêmio já foi vendido.');
      return { balance: 100 };
    }, 'box');
    actor.send({ type: 'sale.start' });
    actor.send({ type: 'sale.confirm' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure?.messages).toEqual([{ text: 'Este prêmio já foi vendido.' }]);
    fail = false;
    actor.send({ type: 'sale.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('sold');
    expect(calls).toEqual([
      { kind: 'box', id: 7 },
      { kind: 'box', id: 7 },
    ]);
    const other = start(async () => {
      throw apiError(500);
    });
    other.actor.send({ type: 'sale.start' });
    other.actor.send({ type: 'sale.confirm' });
    await settle();
    other.actor.send({ type: 'sale.cancel' });
    expect(other.actor.getSnapshot().output).toEqual({ outcome: 'cancelled' });
  });
});
