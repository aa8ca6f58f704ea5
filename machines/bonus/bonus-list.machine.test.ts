import { describe, expect, it } from 'vitest';
import { pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { controllableCalls, flush } from '../games/calls.fixture';
import type { BonusListInput } from './bonus.types';
import { bonusListMachine } from './bonus-list.machine';
import { readCashbackItems, readList } from './read-list';

function start(input: BonusListInput = { kind: 'ranking' }) {
  const load = controllableCalls<unknown, BonusListInput>();
  const { actor } = createTestActor(bonusListMachine.provide({ actors: { loadList: load.logic as never } }), { input });
  return { actor, load, state: () => actor.getSnapshot().value, ctx: () => actor.getSnapshot().context };
}

const levels = [
  { level: 1, name: 'Bronze', totalBet: 0 },
  { level: 2, name: 'Prata', totalBet: 10_000 },
];

describe('bonus list: generated paths', () => {
  it('reaches loading, loaded and failed, and no path fails', () => {
    const result = reachability(bonusListMachine.provide({ actors: { loadList: pending() as never } }), {
      input: { kind: 'coupons' },
      events: [
        { type: 'list.retry' },
        { type: 'list.reload' },
        { type: 'xstate.done.actor.loadList', output: [] } as never,
        { type: 'xstate.error.actor.loadList', error: { status: 500 } } as never,
      ],
    });
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('bonus list: stories', () => {
  it('loads the list of its kind, read from the data body', async () => {
    const t = start();
    expect(t.state()).toBe('loading');
    expect(t.load.last.input).toEqual({ kind: 'ranking' });
    t.load.last.resolve({ data: levels });
    await flush();
    expect(t.state()).toBe('loaded');
    expect(t.ctx()).toEqual({ kind: 'ranking', items: levels, failure: null });
  });

  it('or from the array itself', async () => {
    const t = start({ kind: 'coupons' });
    t.load.last.resolve([{ code: 'BEMVINDO' }]);
    await flush();
    expect(t.ctx().items).toEqual([{ code: 'BEMVINDO' }]);
  });

  it('a failure is stored as error state; a retry loads again and clears it', async () => {
    const t = start();
    t.load.last.reject({ status: 503 });
    await flush();
    expect(t.state()).toBe('failed');
    expect(t.ctx().failure).toEqual({ status: 503, messages: [{ id: 'error_messages.503' }], fields: {} });
    t.actor.send({ type: 'list.retry' });
    expect(t.state()).toBe('loading');
    t.load.last.resolve(levels);
    await flush();
    expect(t.ctx()).toMatchObject({ items: levels, failure: null });
  });

  it('a body that is no list is a failure', async () => {
    const t = start();
    t.load.last.resolve({ data: 'levels' });
    await flush();
    expect(t.state()).toBe('failed');
    expect(t.ctx().failure?.messages).toEqual([{ id: 'error_messages.unexpected' }]);
  });

  it('a reload keeps the list shown while it loads and when it fails', async () => {
    const t = start();
    t.load.last.resolve(levels);
    await flush();
    t.actor.send({ type: 'list.reload' });
    expect(t.state()).toBe('loading');
    expect(t.ctx().items).toEqual(levels);
    t.load.last.reject({ status: 0 });
    await flush();
    expect(t.ctx()).toMatchObject({ items: levels, failure: { status: 0 } });
    expect(t.load.calls).toHaveLength(2);
  });
});

describe('readList (§7 Bonuses)', () => {
  it('reads the data body or the array itself, nothing else', () => {
    expect(readList([1, 2])).toEqual([1, 2]);
    expect(readList({ data: [3] })).toEqual([3]);
    for (const body of [null, undefined, 'x', 42, {}, { data: {} }, { data: null }, { items: [] }]) {
      expect(readList(body)).toBeNull();
    }
  });

  it('keeps the well-formed cashback rows', () => {
    expect(
      readCashbackItems([
        { id: 1, available_at: '2026-03-10', type: 'calendar', claimed: 1, amount: 500 },
        { id: 'c-2', available_at: '2026-03-10', type: 'immediate' },
        { id: 1.5, available_at: '2026-03-10', type: 'calendar', claimed: 0 },
        { id: '', available_at: '2026-03-10', type: 'calendar', claimed: 0 },
        { id: 3, available_at: 20260310, type: 'calendar', claimed: 0 },
        { id: 4, available_at: '2026-03-10', type: 'weekly', claimed: 0 },
        null,
        'row',
      ]),
    ).toEqual([
      { id: 1, available_at: '2026-03-10', type: 'calendar', claimed: 1 },
      { id: 'c-2', available_at: '2026-03-10', type: 'immediate', claimed: 0 },
    ]);
  });
});
