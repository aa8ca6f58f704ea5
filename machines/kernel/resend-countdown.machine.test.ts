import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { resendCountdownMachine, type CountdownTick } from './resend-countdown.machine';

/** A parent that invokes the countdown and keeps what it is told, as the code flows do. */
function parentOf(seconds: number) {
  const ticks: number[] = [];
  const parent = createMachine({
    types: {} as { events: CountdownTick },
    initial: 'counting',
    states: {
      counting: {
        invoke: { src: resendCountdownMachine, input: { seconds }, onDone: 'ready' },
        on: { 'countdown.tick': { actions: ({ event }) => ticks.push(event.seconds) } },
      },
      ready: {},
    },
  });
  const { actor, clock } = createTestActor(parent);
  return { actor, clock, ticks };
}

describe('resend countdown (§9: 20 s before another code)', () => {
  it('counts 20 s down a second at a time, telling its parent each second, and then ends', () => {
    const { actor, clock, ticks } = parentOf(20);
    expect(actor.getSnapshot().value).toBe('counting');
    clock.increment(999);
    expect(ticks).toEqual([]);
    clock.increment(1);
    expect(ticks).toEqual([19]);
    for (let i = 0; i < 18; i += 1) clock.increment(1000);
    expect(ticks.at(-1)).toBe(1);
    expect(actor.getSnapshot().value).toBe('counting');
    clock.increment(1000);
    expect(ticks).toEqual([19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it("starts from the platform's figure, rounded up to whole seconds", () => {
    const { actor, clock, ticks } = parentOf(2.2);
    clock.increment(1000);
    expect(ticks).toEqual([2]);
    clock.increment(1000);
    clock.increment(1000);
    expect(ticks).toEqual([2, 1, 0]);
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('ends at once on no wait, a negative one or a nonsensical one', () => {
    for (const seconds of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      const { actor, ticks } = parentOf(seconds);
      expect(actor.getSnapshot().value).toBe('ready');
      expect(ticks).toEqual([]);
    }
  });
});
