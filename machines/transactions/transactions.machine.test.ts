import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectTransactions } from './transactions.connect';
import { transactionsMachine } from './transactions.machine';
import type { TransactionsPage } from './transactions.types';

const row = (id: number, status = 0) => ({
  id,
  type: 'deposit' as const,
  amount: 5000,
  status,
  created_at: '2026-11-22T12:00:00Z',
});
const pageOf = (page: number, lastPage = 3): TransactionsPage => ({ rows: [row(page * 10)], page, lastPage });
const settle = () => new Promise((r) => setTimeout(r, 0));

// Every edge leaves a state reached only when the loadPage actor settles, so these are stories on live actors.
describe('transactions machine: stories', () => {
  it('loads page 1, then the page asked for, keeping the rows on screen meanwhile', async () => {
    const asked: number[] = [];
    const machine = transactionsMachine.provide({
      actors: {
        loadPage: fromPromise(
          async ({ input }: { input: { page: number } }) => (asked.push(input.page), pageOf(input.page)),
        ),
      },
    });
    const { actor } = createTestActor(machine);
    expect(connectTransactions(actor.getSnapshot()).status).toBe('loading');
    await settle();
    expect(connectTransactions(actor.getSnapshot())).toMatchObject({
      status: 'shown',
      page: 1,
      lastPage: 3,
      canPrevious: false,
      canNext: true,
    });
    actor.send({ type: 'transactions.page', page: 2 });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(connectTransactions(actor.getSnapshot()).rows).toEqual([row(10)]);
    await settle();
    expect(connectTransactions(actor.getSnapshot())).toMatchObject({
      status: 'shown',
      page: 2,
      rows: [row(20)],
      canPrevious: true,
      canNext: true,
    });
    expect(asked).toEqual([1, 2]);
  });

  it('ignores pages out of range, not whole, or the one shown', async () => {
    const { actor } = createTestActor(
      transactionsMachine.provide({
        actors: { loadPage: fromPromise(async (_: { input: { page: number } }) => pageOf(1, 2)) },
      }),
    );
    await settle();
    for (const page of [0, 3, 1, 1.5]) actor.send({ type: 'transactions.page', page });
    expect(actor.getSnapshot().value).toBe('shown');
  });

  it('fails with a retry, and the retry loads again', async () => {
    let calls = 0;
    const machine = transactionsMachine.provide({
      actors: {
        loadPage: fromPromise(async () => {
          calls += 1;
          if (calls === 1) throw new Error('offline');
          return pageOf(1);
        }),
      },
    });
    const { actor } = createTestActor(machine);
    await settle();
    expect(connectTransactions(actor.getSnapshot())).toMatchObject({
      status: 'failed',
      canPrevious: false,
      canNext: false,
    });
    actor.send({ type: 'transactions.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('shown');
  });

  it('a failure on a later page keeps what was shown', async () => {
    let calls = 0;
    const machine = transactionsMachine.provide({
      actors: {
        loadPage: fromPromise(async ({ input }: { input: { page: number } }) => {
          calls += 1;
          if (calls > 1) throw new Error('offline');
          return pageOf(input.page);
        }),
      },
    });
    const { actor } = createTestActor(machine);
    await settle();
    actor.send({ type: 'transactions.page', page: 3 });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.rows).toEqual([row(10)]);
  });

  it('the default actor fails loudly when not provided', async () => {
    const { actor } = createTestActor(transactionsMachine);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
  });
});
