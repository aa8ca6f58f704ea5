import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { boxOpeningMachine, LAND_MS, MIN_SPIN_MS, REDUCED_LAND_MS, type VerifyInput } from './box-opening.machine';
import type { Opened, SaleRequest, Sold } from './boxes.types';
import { apiError, FAIRNESS, PRIZES, userBox, userPrize } from './boxes.fixture';
import { tileIndexAt } from './reel';

const settle = () => new Promise((r) => setTimeout(r, 0));

const OPENED: Opened = {
  userBox: userBox(40, 'opened'),
  prize: userPrize(70, PRIZES[2]),
  fairness: FAIRNESS,
};

/** A draw the test answers when it wants (the platform's answer arriving while the reel spins). */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(
  open: () => Promise<Opened>,
  sell: (r: SaleRequest) => Promise<Sold> = async () => ({ balance: 0 }),
  verify: (input: VerifyInput) => Promise<boolean> = async () => true,
) {
  const opens: number[] = [];
  const sales: SaleRequest[] = [];
  const machine = boxOpeningMachine.provide({
    actors: {
      openBox: fromPromise(({ input }: { input: { userBoxId: number } }) => (opens.push(input.userBoxId), open())),
      sell: fromPromise(({ input }: { input: SaleRequest }) => (sales.push(input), sell(input))),
      verify: fromPromise(({ input }: { input: VerifyInput }) => verify(input)),
    },
  });
  const { actor, clock } = createTestActor(machine, { input: { userBoxId: 40, prizes: PRIZES, seed: 99 } });
  return { actor, clock, opens, sales };
}

describe('box opening machine (simulated clock)', () => {
  it('an answer before the minimum spin: the reel lands only once the minimum time has passed', async () => {
    const { actor, clock, opens } = start(async () => OPENED);
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'opening.spin', reducedMotion: false });
    await settle();
    expect(opens).toEqual([40]);
    expect(actor.getSnapshot().value).toEqual({ spinning: { draw: 'drawn', clock: 'turning' } });
    clock.increment(MIN_SPIN_MS - 1);
    expect(actor.getSnapshot().matches('spinning')).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('landing');
    // The strip lands on the drawn prize.
    const { reel } = actor.getSnapshot().context;
    expect(reel?.tiles[tileIndexAt(reel.offset, reel.itemWidth)]?.id).toBe(PRIZES[2]!.id);
    clock.increment(LAND_MS - 1);
    expect(actor.getSnapshot().value).toBe('landing');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('revealed');
    expect(actor.getSnapshot().context.verified).toBeNull();
    await settle();
    // The draw re-computed in the browser from the revealed seed.
    expect(actor.getSnapshot().context.verified).toBe(true);
    actor.send({ type: 'opening.collect' });
    expect(actor.getSnapshot().output).toEqual({ outcome: 'collected', prize: OPENED.prize });
  });

  it('an answer after the minimum spin: the reel keeps turning until it is in', async () => {
    const draw = deferred<Opened>();
    const { actor, clock } = start(() => draw.promise);
    actor.send({ type: 'opening.spin', reducedMotion: false });
    clock.increment(MIN_SPIN_MS * 3);
    expect(actor.getSnapshot().value).toEqual({ spinning: { draw: 'waiting', clock: 'turned' } });
    expect(actor.getSnapshot().context.reel).toBeNull();
    draw.resolve(OPENED);
    await settle();
    expect(actor.getSnapshot().value).toBe('landing');
  });

  it('reduced motion: no spin, a short landing', async () => {
    const { actor, clock } = start(async () => OPENED);
    actor.send({ type: 'opening.spin', reducedMotion: true });
    await settle();
    clock.increment(0);
    expect(actor.getSnapshot().value).toBe('landing');
    clock.increment(REDUCED_LAND_MS);
    expect(actor.getSnapshot().value).toBe('revealed');
  });

  it('a refusal while spinning fails with nothing moved; retry spins again', async () => {
    let fail = true;
    const { actor, clock, opens } = start(async () => {
      if (fail) throw apiError(409, {}, 'Esta caixa já foi aberta.');
      return OPENED;
    });
    actor.send({ type: 'opening.spin', reducedMotion: false });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure?.messages).toEqual([{ text: 'Esta caixa já foi aberta.' }]);
    expect(actor.getSnapshot().context.opened).toBeNull();
    fail = false;
    actor.send({ type: 'opening.retry', reducedMotion: true });
    expect(actor.getSnapshot().context.failure).toBeNull();
    await settle();
    clock.increment(0);
    clock.increment(REDUCED_LAND_MS);
    expect(actor.getSnapshot().value).toBe('revealed');
    expect(opens).toEqual([40, 40]);
  });

  it('sells the revealed prize: a refusal goes back to revealed, then sold with the balance', async () => {
    let fail = true;
    const { actor, clock, sales } = start(
      async () => OPENED,
      async () => {
        if (fail) throw apiError(503);
        return { balance: 624500 };
      },
    );
    actor.send({ type: 'opening.spin', reducedMotion: true });
    await settle();
    clock.increment(0);
    clock.increment(REDUCED_LAND_MS);
    actor.send({ type: 'opening.sell' });
    expect(actor.getSnapshot().value).toBe('selling');
    await settle();
    expect(actor.getSnapshot().value).toBe('revealed');
    expect(actor.getSnapshot().context.failure?.status).toBe(503);
    fail = false;
    actor.send({ type: 'opening.sell' });
    await settle();
    expect(actor.getSnapshot().value).toBe('sold');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'sold', balance: 624500 });
    expect(sales).toEqual([
      { kind: 'prize', id: 70 },
      { kind: 'prize', id: 70 },
    ]);
  });
});

describe('box opening machine: the verification of the revealed draw', () => {
  it('re-computes the draw with the revealed seed and the prizes; a check that cannot run shows as not verified', async () => {
    const seen: VerifyInput[] = [];
    const { actor, clock } = start(
      async () => OPENED,
      undefined,
      async (input) => {
        seen.push(input);
        throw new Error('no Web Crypto');
      },
    );
    actor.send({ type: 'opening.spin', reducedMotion: true });
    await settle();
    clock.increment(0);
    clock.increment(REDUCED_LAND_MS);
    await settle();
    expect(seen).toEqual([{ opened: OPENED, prizes: PRIZES }]);
    expect(actor.getSnapshot().context.verified).toBe(false);
  });
});
