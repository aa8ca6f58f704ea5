import { describe, expect, it } from 'vitest';
import { pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { controllableCalls, flush } from '../games/calls.fixture';
import type { CashbackClaimInput, CashbackItem } from './bonus.types';
import { cashbackMachine, NOTHING_AVAILABLE } from './cashback.machine';

/** 13:00 in São Paulo (UTC−3) on 10 March 2026: the calendar item of the day has its 12:01 slot. */
const NOW = Date.parse('2026-03-10T16:00:00Z');
const today: CashbackItem = { id: 1, available_at: '2026-03-10', type: 'calendar', claimed: 0 };
const claimedAll: CashbackItem = { id: 2, available_at: '2026-03-09', type: 'immediate', claimed: 1 };
const tomorrow: CashbackItem = { id: 3, available_at: '2026-03-11', type: 'calendar', claimed: 0 };

function start(now = NOW) {
  const load = controllableCalls<unknown, unknown>();
  const claim = controllableCalls<unknown, CashbackClaimInput>();
  const { actor } = createTestActor(
    cashbackMachine.provide({ actors: { loadCashback: load.logic as never, claimCashback: claim.logic as never } }),
    { input: { now } },
  );
  return { actor, load, claim, state: () => actor.getSnapshot().value, ctx: () => actor.getSnapshot().context };
}

async function ready(items: CashbackItem[] = [today, claimedAll, tomorrow]) {
  const t = start();
  t.load.last.resolve({ data: items });
  await flush();
  return t;
}

describe('cashback: generated paths', () => {
  it('reaches every state and no path fails', () => {
    const result = reachability(
      cashbackMachine.provide({ actors: { loadCashback: pending() as never, claimCashback: pending() as never } }),
      {
        input: { now: NOW },
        events: [
          { type: 'cashback.claim', id: 1 },
          { type: 'cashback.tick', now: NOW + 1000 },
          { type: 'cashback.retry' },
          { type: 'cashback.reload' },
          { type: 'xstate.done.actor.loadCashback', output: [today] } as never,
          { type: 'xstate.error.actor.loadCashback', error: { status: 500 } } as never,
          { type: 'xstate.done.actor.claimCashback', output: {} } as never,
          { type: 'xstate.error.actor.claimCashback', error: { status: 409 } } as never,
        ],
        // The guard reads the list and the time: states differ by context.
        serializeState: (s) => JSON.stringify([s.value, s.context.items.length, s.context.claiming]),
      },
    );
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('cashback: stories (§4 Cashback, §9)', () => {
  it('loads the list and counts it at now', async () => {
    const t = await ready();
    expect(t.state()).toBe('ready');
    expect(t.ctx().items).toEqual([today, claimedAll, tomorrow]);
    expect(t.ctx().summary).toEqual({
      total: 7,
      unlocked: 2,
      available: 1,
      upcoming: 1,
      nextUnlockAt: Date.parse('2026-03-10T21:01:00Z'),
    });
  });

  it('reads the array itself too, leaving malformed rows out', async () => {
    const t = start();
    t.load.last.resolve([today, { id: 9, type: 'weekly' }]);
    await flush();
    expect(t.ctx().items).toEqual([today]);
  });

  it('recounts as time passes (18:01 unlocks the second slot)', async () => {
    const t = await ready([today]);
    t.actor.send({ type: 'cashback.tick', now: Date.parse('2026-03-10T21:00:59Z') });
    expect(t.ctx().summary.available).toBe(1);
    t.actor.send({ type: 'cashback.tick', now: Date.parse('2026-03-10T21:01:00Z') });
    expect(t.ctx().summary.available).toBe(2);
    t.actor.send({ type: 'cashback.tick', now: Number.NaN });
    expect(t.ctx().now).toBe(Date.parse('2026-03-10T21:01:00Z'));
  });

  it('a claim is sent, then the list is reloaded', async () => {
    const t = await ready();
    t.actor.send({ type: 'cashback.claim', id: 1 });
    expect(t.state()).toBe('claiming');
    expect(t.claim.calls.map((c) => c.input)).toEqual([{ id: 1 }]);
    // A second tap while it is in flight is ignored.
    t.actor.send({ type: 'cashback.claim', id: 1 });
    expect(t.claim.calls).toHaveLength(1);
    t.claim.last.resolve({ message: 'ok' });
    await flush();
    expect(t.state()).toBe('loading');
    expect(t.load.calls).toHaveLength(2);
    // Nor while the list reloads.
    t.actor.send({ type: 'cashback.claim', id: 1 });
    expect(t.claim.calls).toHaveLength(1);
    t.load.last.resolve([{ ...today, claimed: 1 }, claimedAll, tomorrow]);
    await flush();
    expect(t.state()).toBe('ready');
    expect(t.ctx()).toMatchObject({ claiming: null, claimFailure: null });
    expect(t.ctx().summary.available).toBe(0);
  });

  it('a refused claim keeps the list and the failure; the next claim clears it', async () => {
    const t = await ready();
    t.actor.send({ type: 'cashback.claim', id: 1 });
    t.claim.last.reject({ status: 409, messages: [{ text: 'Já resgatado.' }] });
    await flush();
    expect(t.state()).toBe('ready');
    expect(t.ctx()).toMatchObject({
      items: [today, claimedAll, tomorrow],
      claiming: null,
      claimFailure: { status: 409, messages: [{ text: 'Já resgatado.' }], fields: {} },
    });
    t.actor.send({ type: 'cashback.claim', id: 1 });
    expect(t.ctx().claimFailure).toBeNull();
    expect(t.claim.calls).toHaveLength(2);
  });

  it('a claim of an item with nothing available, or not in the list, is refused here', async () => {
    const t = await ready();
    for (const id of [2, 3, 99, '1']) {
      t.actor.send({ type: 'cashback.claim', id });
      expect(t.state()).toBe('ready');
      expect(t.ctx().claimFailure).toEqual(NOTHING_AVAILABLE);
    }
    expect(t.claim.calls).toEqual([]);
  });

  it('a failed load is stored as error state; a retry loads again', async () => {
    const t = start();
    t.load.last.reject({ status: 0 });
    await flush();
    expect(t.state()).toBe('failed');
    expect(t.ctx().failure?.messages).toEqual([{ id: 'error_messages.network' }]);
    t.actor.send({ type: 'cashback.retry' });
    expect(t.state()).toBe('loading');
    t.load.last.resolve({ data: [] });
    await flush();
    expect(t.ctx()).toMatchObject({ items: [], failure: null });
  });

  it('a body that is no list is a failure', async () => {
    const t = start();
    t.load.last.resolve({ data: { cashback: [] } });
    await flush();
    expect(t.state()).toBe('failed');
  });

  it('a reload keeps the list shown while it loads', async () => {
    const t = await ready([today]);
    t.actor.send({ type: 'cashback.reload' });
    expect(t.state()).toBe('loading');
    expect(t.ctx().items).toEqual([today]);
  });
});
