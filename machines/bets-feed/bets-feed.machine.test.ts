import { describe, expect, it } from 'vitest';
import { fromCallback, type EventObject } from 'xstate';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { channelMachine } from '../realtime/channel.machine';
import type { ChannelInput, SubscriptionInput, SubscriptionReport } from '../realtime/channel.types';
import { connectBetsFeed, EMPTY_LIVE_BETS, sameLiveBets } from './bets-feed.connect';
import { BETS_FEED_HELD_MAX, BETS_FEED_SIZE, betsFeedMachine, multiplierOf } from './bets-feed.machine';
import type { BetEvent, BetsFeedEvent } from './bets-feed.types';

const DATE = '2025-03-01T15:04:00.000Z';
const bet = (transaction: string, amount = 500, extra: Partial<BetEvent> = {}): BetEvent => ({
  type: 'bet',
  transaction,
  game: 'Fortune Tiger',
  user: 'Ana***',
  amount,
  date: DATE,
  ...extra,
});
const win = (transaction: string, amount = 1250, extra: Partial<BetEvent> = {}): BetEvent => ({
  ...bet(transaction, amount, extra),
  type: 'win',
});
const heard = (data: BetEvent, channel = 'universal-public.1'): BetsFeedEvent => ({
  type: 'realtime.betPlaced',
  channel,
  data,
});

/** A stand-in for the provided channel machine: records what it was asked to subscribe to. */
function fakeChannel() {
  const inputs: ChannelInput[] = [];
  let stopped = 0;
  const logic = fromCallback<EventObject, ChannelInput>(({ input }) => {
    inputs.push(input);
    return () => {
      stopped += 1;
    };
  });
  return { logic, inputs, stopped: () => stopped };
}

function start(casinoId = 1) {
  const channel = fakeChannel();
  const { actor } = createTestActor(betsFeedMachine.provide({ actors: { publicChannel: channel.logic as never } }));
  actor.send({ type: 'betsFeed.start', casinoId });
  return { actor, channel, bets: () => actor.getSnapshot().context.bets, held: () => actor.getSnapshot().context.held };
}

describe('bets feed machine: generated paths', () => {
  const channel = fakeChannel();

  it('reaches every state (idle and listening) and no path fails', () => {
    const result = reachability(betsFeedMachine.provide({ actors: { publicChannel: channel.logic as never } }), {
      events: [{ type: 'betsFeed.start', casinoId: 1 }, { type: 'betsFeed.stop' }, heard(bet('p1'))],
    });
    expect(result.leaves).toEqual(['idle', 'listening']);
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('bets feed machine: stories (§4 Bets feed)', () => {
  it('listens to the brand public channel for BetPlaced only while listening', () => {
    const { actor, channel } = start(7);
    expect(channel.inputs).toEqual([{ channel: 'universal-public.7', events: ['BetPlaced'] }]);
    actor.send({ type: 'betsFeed.stop' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(channel.stopped()).toBe(1);
  });

  it('holds a bet until its win, then shows one processed bet and forgets the held one', () => {
    const { actor, bets, held } = start();
    actor.send(heard(bet('t1', 500)));
    expect(held().map((b) => b.transaction)).toEqual(['t1']);
    expect(bets()).toEqual([]);
    actor.send(heard(win('t1', 1250)));
    expect(held()).toEqual([]);
    expect(bets()).toEqual([
      {
        transaction: 't1',
        game: 'Fortune Tiger',
        user: 'Ana***',
        bet_amount: 500,
        win_amount: 1250,
        multiplier: 2.5,
        date: DATE,
      },
    ]);
  });

  it('ignores a win without its bet and a repeated win, so a bet shows exactly once', () => {
    const { actor, bets, held } = start();
    actor.send(heard(win('orphan')));
    expect(bets()).toEqual([]);
    actor.send(heard(bet('t1')));
    actor.send(heard(win('t1')));
    actor.send(heard(win('t1')));
    expect(bets().map((b) => b.transaction)).toEqual(['t1']);
    expect(held()).toEqual([]);
  });

  it('keeps only the last 5 processed bets, newest first', () => {
    const { actor, bets } = start();
    for (let i = 1; i <= 7; i++) {
      actor.send(heard(bet(`t${i}`, i * 100)));
      actor.send(heard(win(`t${i}`, 0)));
    }
    expect(BETS_FEED_SIZE).toBe(5);
    expect(bets().map((b) => b.transaction)).toEqual(['t7', 't6', 't5', 't4', 't3']);
    expect(bets()[0]).toMatchObject({ bet_amount: 700, win_amount: 0, multiplier: 0 });
  });

  it('settles bets in the order their wins arrive, with interleaved bets held by transaction', () => {
    const { actor, bets, held } = start();
    actor.send(heard(bet('a', 1000)));
    actor.send(heard(bet('b', 200)));
    actor.send(heard(win('b', 50)));
    expect(held().map((h) => h.transaction)).toEqual(['a']);
    actor.send(heard(win('a', 3000, { date: '2025-03-01T15:05:00.000Z' })));
    expect(bets().map((x) => [x.transaction, x.multiplier, x.date])).toEqual([
      ['a', 3, '2025-03-01T15:05:00.000Z'],
      ['b', 0.25, DATE],
    ]);
  });

  it('keeps one held bet per transaction (a repeat replaces it) and at most BETS_FEED_HELD_MAX', () => {
    const { actor, held } = start();
    actor.send(heard(bet('same', 100)));
    actor.send(heard(bet('same', 300)));
    expect(held()).toEqual([bet('same', 300)]);
    for (let i = 0; i < BETS_FEED_HELD_MAX + 3; i++) actor.send(heard(bet(`h${i}`)));
    expect(held()).toHaveLength(BETS_FEED_HELD_MAX);
    expect(held()[0]?.transaction).toBe('h3');
  });

  it('keeps the list when stopped, forgets held bets, and re-subscribes on a new start', () => {
    const { actor, channel, bets, held } = start(1);
    actor.send(heard(bet('t1')));
    actor.send(heard(win('t1')));
    actor.send(heard(bet('t2')));
    actor.send({ type: 'betsFeed.stop' });
    expect(held()).toEqual([]);
    actor.send(heard(bet('t3')));
    expect(held()).toEqual([]);
    actor.send({ type: 'betsFeed.start', casinoId: 2 });
    actor.send({ type: 'betsFeed.start', casinoId: 3 });
    expect(channel.inputs.map((i) => i.channel)).toEqual([
      'universal-public.1',
      'universal-public.2',
      'universal-public.3',
    ]);
    expect(actor.getSnapshot().context.casinoId).toBe(3);
    expect(bets().map((b) => b.transaction)).toEqual(['t1']);
  });

  it('multiplier: two decimals, 0 for a zero bet', () => {
    expect(multiplierOf(300, 1000)).toBe(3.33);
    expect(multiplierOf(0, 1000)).toBe(0);
  });
});

describe('bets feed with the real channel machine', () => {
  it('receives BetPlaced through the channel subscription and feeds the list', () => {
    let report: ((e: SubscriptionReport) => void) | undefined;
    const subscriptions: SubscriptionInput[] = [];
    const liveChannel = channelMachine.provide({
      actors: {
        subscription: fromCallback<EventObject, SubscriptionInput>(({ input, sendBack }) => {
          subscriptions.push(input);
          report = sendBack;
        }),
      },
    });
    const { actor } = createTestActor(betsFeedMachine.provide({ actors: { publicChannel: liveChannel } }));
    actor.send({ type: 'betsFeed.start', casinoId: 4 });
    expect(subscriptions).toEqual([{ channel: 'universal-public.4', events: ['BetPlaced'] }]);
    report?.({ type: 'channel.subscribed' });
    report?.({ type: 'channel.received', message: { name: 'BetPlaced', data: bet('x1', 1000) } });
    report?.({ type: 'channel.received', message: { name: 'BetPlaced', data: win('x1', 1500) } });
    expect(actor.getSnapshot().context.bets).toMatchObject([
      { transaction: 'x1', bet_amount: 1000, win_amount: 1500, multiplier: 1.5 },
    ]);
  });
});

describe('connectBetsFeed', () => {
  it('formats money from centavos in BRL for the locale, the multiplier and the time', () => {
    const { actor } = start();
    expect(connectBetsFeed(actor.getSnapshot(), 'pt-BR')).toEqual({ bets: [], isEmpty: true, listening: true });
    actor.send(heard(bet('t1', 123_456)));
    actor.send(heard(win('t1', 250_000)));
    const pt = connectBetsFeed(actor.getSnapshot(), 'pt-BR');
    expect(pt.isEmpty).toBe(false);
    expect(pt.bets[0]).toMatchObject({
      transaction: 't1',
      game: 'Fortune Tiger',
      user: 'Ana***',
      betAmount: 'R$\u00a01.234,56',
      winAmount: 'R$\u00a02.500,00',
      multiplier: '2,03×',
      won: true,
      dateTime: DATE,
    });
    expect(pt.bets[0]?.time).toMatch(/^\d{2}:\d{2}$/);
    const en = connectBetsFeed(actor.getSnapshot(), 'en');
    expect(en.bets[0]).toMatchObject({ betAmount: 'R$1,234.56', winAmount: 'R$2,500.00', multiplier: '2.03×' });
  });

  it('marks a loss and compares view-models by their rows', () => {
    const { actor } = start();
    const before = connectBetsFeed(actor.getSnapshot(), 'pt-BR');
    actor.send(heard(bet('t1', 100, { date: 'not a date' })));
    actor.send(heard(win('t1', 0, { date: 'not a date' })));
    const after = connectBetsFeed(actor.getSnapshot(), 'pt-BR');
    expect(after.bets[0]).toMatchObject({ won: false, dateTime: '', time: '' });
    expect(sameLiveBets(before, after)).toBe(false);
    expect(sameLiveBets(after, connectBetsFeed(actor.getSnapshot(), 'pt-BR'))).toBe(true);
    expect(sameLiveBets(EMPTY_LIVE_BETS, before)).toBe(false);
  });
});
