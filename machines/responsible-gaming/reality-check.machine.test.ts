import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { realityCheckMachine } from './reality-check.machine';
import type { RealityCheckMinutes, SessionSummary } from './responsible-gaming.types';

const settle = () => new Promise((r) => setTimeout(r, 0));
const MINUTE = 60_000;
const summary: SessionSummary = {
  startedAt: '2026-11-26T12:00:00.000Z',
  minutes: 30,
  rounds: 12,
  staked: 6000,
  won: 2500,
  net: -3500,
};

function machineWith(interval: () => Promise<RealityCheckMinutes>, load: () => Promise<SessionSummary>) {
  return realityCheckMachine.provide({
    actors: { loadInterval: fromPromise(interval), loadSummary: fromPromise(load) },
  });
}

describe('reality check machine', () => {
  it("shows the session's time and result every interval, and counts again after continue", async () => {
    let loads = 0;
    const { actor, clock } = createTestActor(
      machineWith(
        async () => 30,
        async () => (loads++, summary),
      ),
    );
    await settle();
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(30 * MINUTE - 1);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('checking');
    await settle();
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.summary).toEqual(summary);
    // The modal stays until the player answers.
    clock.increment(120 * MINUTE);
    expect(actor.getSnapshot().value).toBe('showing');
    actor.send({ type: 'realityCheck.continue' });
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(30 * MINUTE);
    await settle();
    expect(actor.getSnapshot().value).toBe('showing');
    expect(loads).toBe(2);
  });

  it('counts 60 minutes when the interval cannot be read, and shows the pause even without figures', async () => {
    const { actor, clock } = createTestActor(
      machineWith(
        async () => {
          throw new Error('offline');
        },
        async () => {
          throw Object.assign(new Error('x'), { status: 0, messages: [], fields: {} });
        },
      ),
    );
    await settle();
    expect(actor.getSnapshot().context.minutes).toBe(60);
    clock.increment(59 * MINUTE);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(MINUTE);
    await settle();
    expect(actor.getSnapshot().value).toBe('showing');
    expect(actor.getSnapshot().context.summary).toBeNull();
    expect(actor.getSnapshot().context.failure?.status).toBe(0);
  });

  it('a new interval starts the count again while waiting, and is kept for the next count otherwise', async () => {
    let release: (s: SessionSummary) => void = () => undefined;
    const { actor, clock } = createTestActor(
      machineWith(
        async () => 60,
        () => new Promise<SessionSummary>((resolve) => (release = resolve)),
      ),
    );
    await settle();
    clock.increment(50 * MINUTE);
    actor.send({ type: 'realityCheck.intervalChanged', minutes: 15 });
    clock.increment(14 * MINUTE);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(MINUTE);
    expect(actor.getSnapshot().value).toBe('checking');
    actor.send({ type: 'realityCheck.intervalChanged', minutes: 30 });
    release(summary);
    await settle();
    expect(actor.getSnapshot().value).toBe('showing');
    actor.send({ type: 'realityCheck.intervalChanged', minutes: 15 });
    expect(actor.getSnapshot().context.minutes).toBe(15);
    actor.send({ type: 'realityCheck.continue' });
    clock.increment(15 * MINUTE);
    expect(actor.getSnapshot().value).toBe('checking');
  });
});
