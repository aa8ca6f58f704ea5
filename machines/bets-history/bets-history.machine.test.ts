import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectBetsHistory } from './bets-history.connect';
import { betsHistoryMachine } from './bets-history.machine';
import type { BetRow, BetsPage } from './bets-history.types';

const settle = () => new Promise((r) => setTimeout(r, 0));
const row = (id: number, kind: BetRow['kind'] = 'casino'): BetRow => ({
  id,
  game: kind === 'sports' ? 'Apostas esportivas' : 'Frutas da Sorte',
  kind,
  settled: kind === 'casino',
  bet: 1_000,
  win: 1_500,
  createdAt: '2026-11-22T12:00:00Z',
});
const pageOf = (page: number, lastPage = 3): BetsPage => ({
  rows: [row(page * 10), row(page * 10 + 1, 'sports')],
  page,
  lastPage,
  total: lastPage * 15,
});
const offline = () => Object.assign(new Error('offline'), { status: 0, messages: [], fields: {} });

function start(load: (page: number) => Promise<BetsPage>) {
  const asked: number[] = [];
  const machine = betsHistoryMachine.provide({
    actors: {
      loadBets: fromPromise(
        async ({ input }: { input: { page: number } }) => (asked.push(input.page), load(input.page)),
      ),
    },
  });
  const { actor } = createTestActor(machine);
  return { actor, asked, view: () => connectBetsHistory(actor.getSnapshot()) };
}

describe('bets history machine', () => {
  it('loads page 1, then the page asked for, keeping the rows on screen meanwhile', async () => {
    const { actor, asked, view } = start(async (page) => pageOf(page));
    expect(view().status).toBe('loading');
    await settle();
    expect(view()).toMatchObject({
      status: 'shown',
      page: 1,
      lastPage: 3,
      total: 45,
      canPrevious: false,
      canNext: true,
    });
    actor.send({ type: 'bets.page', page: 2 });
    expect(view()).toMatchObject({ status: 'loading', rows: pageOf(1).rows, canNext: false });
    await settle();
    expect(view()).toMatchObject({ status: 'shown', page: 2, rows: pageOf(2).rows, canPrevious: true, canNext: true });
    expect(asked).toEqual([1, 2]);
  });

  it('shows the empty state when the player has no bets', async () => {
    const { view } = start(async () => ({ rows: [], page: 1, lastPage: 1, total: 0 }));
    await settle();
    expect(view()).toMatchObject({ status: 'empty', rows: [], canNext: false, canPrevious: false });
  });

  it('ignores pages out of range, not whole, or the one shown', async () => {
    const { actor, asked } = start(async () => pageOf(1, 2));
    await settle();
    for (const page of [0, 3, 1, 1.5]) actor.send({ type: 'bets.page', page });
    expect(actor.getSnapshot().value).toBe('shown');
    expect(asked).toEqual([1]);
  });

  it("fails with §8's message and a retry; the retry asks again for the page wanted, keeping what was shown", async () => {
    let calls = 0;
    const { actor, asked, view } = start(async (page) => {
      calls += 1;
      if (calls === 2) throw offline();
      return pageOf(page);
    });
    await settle();
    actor.send({ type: 'bets.page', page: 3 });
    await settle();
    expect(view()).toMatchObject({
      status: 'failed',
      rows: pageOf(1).rows,
      page: 1,
      failure: { status: 0, messages: [{ id: 'error_messages.network' }] },
    });
    actor.send({ type: 'bets.retry' });
    await settle();
    expect(view()).toMatchObject({ status: 'shown', page: 3, failure: null });
    expect(asked).toEqual([1, 3, 3]);
  });

  it('the default actor fails loudly when not provided', async () => {
    const { actor } = createTestActor(betsHistoryMachine);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
  });
});
