import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyActorRef } from 'xstate';
import { controllableCallback } from '../../tests/toolkit/fake-actors';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { boxOpeningMachine, REDUCED_LAND_MS } from './box-opening.machine';
import { boxSaleMachine } from './box-sale.machine';
import type { BoxPrize, Opened, SaleRequest, Sold } from './boxes.types';
import { apiError, FAIRNESS, PRIZES, userBox, userPrize } from './boxes.fixture';
import { inventoryMachine, type Inventory } from './inventory.machine';

const settle = () => new Promise((r) => setTimeout(r, 0));

const FIRST: Inventory = {
  boxes: [userBox(40), userBox(39, 'sold')],
  prizes: [userPrize(70), userPrize(69, undefined, 'sold')],
};

interface OpeningFakes {
  prizes?: () => Promise<BoxPrize[]>;
  open?: () => Promise<Opened>;
  sellPrize?: () => Promise<Sold>;
}

function start(
  load: (call: number) => Promise<Inventory>,
  sell: (r: SaleRequest) => Promise<Sold> = async () => ({ balance: 500 }),
  fakes: OpeningFakes = {},
) {
  let calls = 0;
  const channel = controllableCallback<{ type: 'realtime.notifyNewUserBox' } | { type: 'inventory.channelJoined' }>();
  const sales: SaleRequest[] = [];
  const machine = inventoryMachine.provide({
    actors: {
      loadInventory: fromPromise(async () => load(++calls)),
      sale: boxSaleMachine.provide({
        actors: { sell: fromPromise(({ input }: { input: SaleRequest }) => (sales.push(input), sell(input))) },
      }),
      userChannel: channel.logic as never,
      loadPrizes: fromPromise(() => (fakes.prizes ?? (async () => PRIZES))()),
      opening: boxOpeningMachine.provide({
        actors: {
          openBox: fromPromise(() =>
            (
              fakes.open ?? (async () => ({ userBox: userBox(40, 'opened'), prize: userPrize(71), fairness: FAIRNESS }))
            )(),
          ),
          sell: fromPromise(() => (fakes.sellPrize ?? (async () => ({ balance: 1234 })))()),
          verify: fromPromise(async () => true),
        },
      }),
    },
  });
  const { actor, clock } = createTestActor(machine, {
    input: { playerId: 7, locale: 'pt' },
  });
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  const sale = () => (actor.getSnapshot().children as Record<string, AnyActorRef | undefined>).sale;
  const opening = () => (actor.getSnapshot().children as Record<string, AnyActorRef | undefined>).opening;
  return { actor, clock, channel, sales, emitted, sale, opening, calls: () => calls };
}

describe('inventory machine', () => {
  it("loads the player's boxes and prizes; a failed load retries", async () => {
    const { actor } = start(async (call) => {
      if (call === 1) throw apiError(503);
      return FIRST;
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'inventory.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.boxes).toEqual(FIRST.boxes);
    expect(actor.getSnapshot().context.prizes).toEqual(FIRST.prizes);
  });

  it('sells an owned prize after the confirmation, reports the balance and fetches the lists again', async () => {
    const ctx = start(async () => FIRST);
    await settle();
    // Only what the player owns can be sold.
    ctx.actor.send({ type: 'inventory.sell', kind: 'prize', id: 69 });
    ctx.actor.send({ type: 'inventory.sell', kind: 'box', id: 39 });
    expect(ctx.actor.getSnapshot().value).toBe('ready');
    ctx.actor.send({ type: 'inventory.sell', kind: 'prize', id: 70 });
    expect(ctx.actor.getSnapshot().value).toBe('selling');
    expect(ctx.sale()?.getSnapshot().value).toBe('confirming');
    expect(ctx.actor.getSnapshot().context.sale).toEqual({ kind: 'prize', id: 70, value: 1500 });
    ctx.sale()?.send({ type: 'sale.confirm' });
    await settle();
    expect(ctx.sales).toEqual([{ kind: 'prize', id: 70 }]);
    expect(ctx.emitted).toEqual([{ type: 'wallet.balanceReported', balance: 500 }]);
    await settle();
    expect(ctx.actor.getSnapshot().value).toBe('ready');
    expect(ctx.calls()).toBe(2);
  });

  it('a cancelled sale of a box goes back to the lists', async () => {
    const ctx = start(async () => FIRST);
    await settle();
    ctx.actor.send({ type: 'inventory.sell', kind: 'box', id: 40 });
    expect(ctx.actor.getSnapshot().context.sale).toEqual({ kind: 'box', id: 40, value: 2000 });
    ctx.sale()?.send({ type: 'sale.cancel' });
    expect(ctx.actor.getSnapshot().value).toBe('ready');
    expect(ctx.actor.getSnapshot().context.sale).toBeNull();
    expect(ctx.sales).toEqual([]);
  });

  it("a box granted on the player's channel fetches the lists again (after a sale when busy); a failed refresh keeps them", async () => {
    const ctx = start(async (call) => {
      if (call === 3) throw apiError(500);
      return call === 1 ? FIRST : { ...FIRST, boxes: [userBox(41), ...FIRST.boxes] };
    });
    await settle();
    ctx.channel.emit({ type: 'realtime.notifyNewUserBox' });
    expect(ctx.actor.getSnapshot().value).toBe('refreshing');
    await settle();
    expect(ctx.actor.getSnapshot().context.boxes.map((b) => b.id)).toEqual([41, 40, 39]);
    ctx.actor.send({ type: 'inventory.sell', kind: 'box', id: 41 });
    ctx.channel.emit({ type: 'realtime.notifyNewUserBox' });
    expect(ctx.actor.getSnapshot().value).toBe('selling');
    ctx.sale()?.send({ type: 'sale.cancel' });
    expect(ctx.actor.getSnapshot().value).toBe('refreshing');
    await settle();
    expect(ctx.actor.getSnapshot().value).toBe('ready');
    expect(ctx.actor.getSnapshot().context.failure?.status).toBe(500);
    expect(ctx.actor.getSnapshot().context.boxes.map((b) => b.id)).toEqual([41, 40, 39]);
  });
});

describe('inventory machine: the channel joins after the lists were fetched', () => {
  it('fetches the lists again on every join: a box granted before it listened is shown', async () => {
    const ctx = start(async (call) => (call === 1 ? FIRST : { ...FIRST, boxes: [userBox(41), ...FIRST.boxes] }));
    await settle();
    expect(ctx.actor.getSnapshot().context.boxes.map((b) => b.id)).toEqual([40, 39]);
    // Granted between the first fetch and the join: no NotifyNewUserBox was heard.
    ctx.channel.emit({ type: 'inventory.channelJoined' });
    expect(ctx.actor.getSnapshot().value).toBe('refreshing');
    await settle();
    expect(ctx.calls()).toBe(2);
    expect(ctx.actor.getSnapshot().context.boxes.map((b) => b.id)).toEqual([41, 40, 39]);
  });

  it("the player's sell or open during a refresh is taken at once, and the lists are fetched again after", async () => {
    const ctx = start(async () => FIRST);
    await settle();
    ctx.channel.emit({ type: 'inventory.channelJoined' });
    expect(ctx.actor.getSnapshot().value).toBe('refreshing');
    // A box the lists do not have: ignored, the refresh goes on.
    ctx.actor.send({ type: 'inventory.sell', kind: 'box', id: 99 });
    expect(ctx.actor.getSnapshot().value).toBe('refreshing');
    ctx.actor.send({ type: 'inventory.sell', kind: 'prize', id: 70 });
    expect(ctx.actor.getSnapshot().value).toBe('selling');
    expect(ctx.actor.getSnapshot().context.sale).toEqual({ kind: 'prize', id: 70, value: 1500 });
    ctx.sale()?.send({ type: 'sale.cancel' });
    // The dropped refresh is done again.
    expect(ctx.actor.getSnapshot().value).toBe('refreshing');
    ctx.actor.send({ type: 'inventory.open', id: 39 });
    expect(ctx.actor.getSnapshot().value).toBe('refreshing');
    ctx.actor.send({ type: 'inventory.open', id: 40 });
    expect(ctx.actor.getSnapshot().value).toEqual({ opening: 'preparing' });
    expect(ctx.actor.getSnapshot().context.opening?.id).toBe(40);
    expect(ctx.actor.getSnapshot().context.stale).toBe(true);
    // The first fetch and the two refreshes left for the player's actions; the lists come again once it is over.
    expect(ctx.calls()).toBe(3);
  });
});

describe('inventory machine: opening an owned box on the reel', () => {
  it("fetches the box's prizes, opens it on the reel, and fetches the lists again once the prize is kept", async () => {
    const ctx = start(async () => FIRST);
    await settle();
    ctx.actor.send({ type: 'inventory.open', id: 39 });
    expect(ctx.actor.getSnapshot().value).toBe('ready');
    ctx.actor.send({ type: 'inventory.open', id: 40 });
    expect(ctx.actor.getSnapshot().value).toEqual({ opening: 'preparing' });
    await settle();
    expect(ctx.actor.getSnapshot().value).toEqual({ opening: 'running' });
    expect(ctx.opening()?.getSnapshot().context.prizes).toEqual(PRIZES);
    ctx.opening()?.send({ type: 'opening.spin', reducedMotion: true });
    await settle();
    ctx.clock.increment(0);
    ctx.clock.increment(REDUCED_LAND_MS);
    ctx.opening()?.send({ type: 'opening.collect' });
    expect(ctx.actor.getSnapshot().value).toBe('refreshing');
    expect(ctx.actor.getSnapshot().context.opening).toBeNull();
    await settle();
    expect(ctx.calls()).toBe(2);
  });

  it('a prize sold from the reel reports the balance; the reel closed before spinning keeps the box', async () => {
    const ctx = start(async () => FIRST);
    await settle();
    ctx.actor.send({ type: 'inventory.open', id: 40 });
    await settle();
    ctx.opening()?.send({ type: 'opening.spin', reducedMotion: true });
    await settle();
    ctx.clock.increment(0);
    ctx.clock.increment(REDUCED_LAND_MS);
    ctx.opening()?.send({ type: 'opening.sell' });
    await settle();
    expect(ctx.emitted).toEqual([{ type: 'wallet.balanceReported', balance: 1234 }]);
    await settle();
    expect(ctx.actor.getSnapshot().value).toBe('ready');
    ctx.actor.send({ type: 'inventory.open', id: 40 });
    await settle();
    ctx.actor.send({ type: 'inventory.closeOpening' });
    expect(ctx.actor.getSnapshot().value).toBe('refreshing');
  });

  it("a box whose prizes cannot be fetched stays unopened, with §8's text", async () => {
    const ctx = start(async () => FIRST, undefined, {
      prizes: async () => {
        throw apiError(503);
      },
    });
    await settle();
    ctx.actor.send({ type: 'inventory.open', id: 40 });
    await settle();
    expect(ctx.actor.getSnapshot().value).toBe('ready');
    expect(ctx.actor.getSnapshot().context.failure?.status).toBe(503);
    expect(ctx.actor.getSnapshot().context.opening).toBeNull();
  });
});
