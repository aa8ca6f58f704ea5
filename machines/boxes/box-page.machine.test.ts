import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyActorRef } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { boxOpeningMachine, REDUCED_LAND_MS } from './box-opening.machine';
import { boxPageMachine, reelSeedOf, type BoxPageInput } from './box-page.machine';
import { boxPurchaseMachine } from './box-purchase.machine';
import type { BoxPageData, Bought, Opened, Sold } from './boxes.types';
import { apiError, BOX, FAIRNESS, PRIZES, userBox, userPrize } from './boxes.fixture';

const settle = () => new Promise((r) => setTimeout(r, 0));

const DATA: BoxPageData = {
  box: BOX,
  prizes: PRIZES,
  fairness: { server_seed_hash: 'c'.repeat(64), client_seed: 'client-seed-1', nonce: 41 },
  owned: [userBox(40)],
};
const OPENED: Opened = { userBox: userBox(40, 'opened'), prize: userPrize(70), fairness: FAIRNESS };

interface Fakes {
  load?: (input: BoxPageInput, call: number) => Promise<BoxPageData>;
  buy?: () => Promise<Bought>;
  open?: () => Promise<Opened>;
  sell?: () => Promise<Sold>;
}

function start(fakes: Fakes = {}, input: Partial<BoxPageInput> = {}) {
  const loads: BoxPageInput[] = [];
  const opens: number[] = [];
  const machine = boxPageMachine.provide({
    actors: {
      loadBoxPage: fromPromise(({ input }: { input: BoxPageInput }) => {
        loads.push(input);
        return fakes.load ? fakes.load(input, loads.length) : Promise.resolve(DATA);
      }),
      purchase: boxPurchaseMachine.provide({
        actors: { buyBox: fromPromise(() => (fakes.buy ?? (async () => ({ userBox: userBox(41), balance: 100 })))()) },
      }),
      opening: boxOpeningMachine.provide({
        actors: {
          openBox: fromPromise(({ input }: { input: { userBoxId: number } }) => {
            opens.push(input.userBoxId);
            return (fakes.open ?? (async () => OPENED))();
          }),
          sell: fromPromise(() => (fakes.sell ?? (async () => ({ balance: 999 })))()),
        },
      }),
    },
  });
  const { actor, clock } = createTestActor(machine, {
    input: { name: 'caixa-rubi', locale: 'pt', signedIn: true, ...input },
  });
  const emitted: unknown[] = [];
  actor.on('*', (event) => emitted.push(event));
  const child = (id: 'purchase' | 'opening') =>
    (actor.getSnapshot().children as Record<string, AnyActorRef | undefined>)[id];
  return { actor, clock, loads, opens, emitted, child };
}

/** Spins the open reel with reduced motion and lets it land. */
async function spinToRevealed(ctx: ReturnType<typeof start>) {
  ctx.child('opening')?.send({ type: 'opening.spin', reducedMotion: true });
  await settle();
  ctx.clock.increment(0);
  ctx.clock.increment(REDUCED_LAND_MS);
}

describe('box page machine', () => {
  it('loads the box by its name in the page language; unknown → notFound', async () => {
    const { actor, loads } = start({
      load: async () => {
        throw apiError(404);
      },
    });
    await settle();
    expect(loads).toEqual([{ name: 'caixa-rubi', locale: 'pt', signedIn: true }]);
    expect(actor.getSnapshot().value).toBe('notFound');
  });

  it("a failed load shows §8's text and retries", async () => {
    const { actor } = start({
      load: async (_, call) => {
        if (call === 1) throw apiError(500);
        return DATA;
      },
    });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure?.status).toBe(500);
    actor.send({ type: 'boxPage.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.data).toEqual(DATA);
  });

  it('buying reports the balance and opens the reel for the new box; collecting fetches the page again', async () => {
    const ctx = start();
    const { actor, emitted, opens, loads } = ctx;
    await settle();
    ctx.child('purchase')?.send({ type: 'purchase.start' });
    ctx.child('purchase')?.send({ type: 'purchase.confirm', requestId: 'req-0001' });
    await settle();
    expect(actor.getSnapshot().value).toBe('opening');
    expect(actor.getSnapshot().context.opening?.id).toBe(41);
    expect(emitted).toEqual([{ type: 'wallet.balanceReported', balance: 100 }]);
    const seeded = ctx.child('opening')?.getSnapshot().context as { seed: number; prizes: unknown };
    expect(seeded.seed).toBe(reelSeedOf(userBox(41)));
    expect(seeded.prizes).toBe(PRIZES);
    await spinToRevealed(ctx);
    expect(opens).toEqual([41]);
    ctx.child('opening')?.send({ type: 'opening.collect' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(actor.getSnapshot().context.opening).toBeNull();
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(loads).toHaveLength(2);
  });

  it('not enough balance asks the app for the deposit and starts a fresh purchase', async () => {
    const ctx = start({
      buy: async () => {
        throw apiError(422, { balance: ['Saldo insuficiente.'] });
      },
    });
    await settle();
    const first = ctx.child('purchase');
    first?.send({ type: 'purchase.start' });
    first?.send({ type: 'purchase.confirm', requestId: 'req-0001' });
    await settle();
    expect(ctx.emitted).toEqual([{ type: 'boxes.depositWanted' }]);
    expect(ctx.actor.getSnapshot().value).toBe('ready');
    expect(ctx.child('purchase')).not.toBe(first);
    expect(ctx.child('purchase')?.getSnapshot().value).toBe('idle');
  });

  it('opens one of the unopened boxes; selling the prize reports the balance', async () => {
    const ctx = start();
    await settle();
    ctx.actor.send({ type: 'boxPage.open', userBoxId: 999 });
    expect(ctx.actor.getSnapshot().value).toBe('ready');
    ctx.actor.send({ type: 'boxPage.open', userBoxId: 40 });
    expect(ctx.actor.getSnapshot().value).toBe('opening');
    await spinToRevealed(ctx);
    ctx.child('opening')?.send({ type: 'opening.sell' });
    await settle();
    expect(ctx.emitted).toEqual([{ type: 'wallet.balanceReported', balance: 999 }]);
    expect(ctx.opens).toEqual([40]);
    await settle();
    expect(ctx.actor.getSnapshot().value).toBe('ready');
  });

  it('leaving the reel before spinning keeps the box; a failed refresh keeps the page and says why', async () => {
    const ctx = start({
      load: async (_, call) => {
        if (call === 2) throw apiError(503);
        return DATA;
      },
    });
    await settle();
    ctx.actor.send({ type: 'boxPage.open', userBoxId: 40 });
    ctx.actor.send({ type: 'boxPage.later' });
    expect(ctx.actor.getSnapshot().value).toBe('refreshing');
    await settle();
    expect(ctx.actor.getSnapshot().value).toBe('ready');
    expect(ctx.actor.getSnapshot().context.data).toEqual(DATA);
    expect(ctx.actor.getSnapshot().context.failure?.status).toBe(503);
    expect(ctx.opens).toEqual([]);
  });
});
