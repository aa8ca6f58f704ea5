import { describe, expect, it } from 'vitest';
import { createMachine, fromCallback, type EventObject } from 'xstate';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { channelMachine } from '../realtime/channel.machine';
import type { ChannelInput, SubscriptionInput, SubscriptionReport } from '../realtime/channel.types';
import { connectBetsFeed, EMPTY_LIVE_BETS, sameLiveBets } from './bets-feed.connect';
import {
  BETS_FEED_HELD_MAX,
  BETS_FEED_SIZE,
  betsFeedMachine,
  HIGH_ROLLER_MIN_BET,
  multiplierOf,
  REAL_BETS_QUIET_MS,
  tabOf,
} from './bets-feed.machine';
import type { BetEvent, BetsFeedEvent, BetsFeedInput, ProcessedBet } from './bets-feed.types';
import { drawFictitiousBet, FICTITIOUS_BET_INTERVAL_MS } from './fictitious';
import { fictitiousBetsMachine } from './fictitious-bets.machine';

const DATE = '2025-03-01T15:04:00.000Z';
const NOW = Date.parse('2025-03-01T18:00:00.000Z');
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
const mine = (data: BetEvent, playerId = 42): BetsFeedEvent => heard(data, `private-universal.${playerId}`);

/** A stand-in for the provided channel machine: records what it was asked to subscribe to, and its stops. */
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

/** The feed with fake channels, the real generator from a fixed seed and a fixed clock (or none at all). */
function start(casinoId: number | null = 1, options: { generator?: boolean; input?: BetsFeedInput } = {}) {
  const channel = fakeChannel();
  const player = fakeChannel();
  const input: BetsFeedInput = options.input ?? { fictitious: { seed: 7, now: () => NOW } };
  const { actor, clock } = createTestActor(
    betsFeedMachine.provide({
      actors: {
        publicChannel: channel.logic as never,
        playerChannel: player.logic as never,
        fictitiousBets: (options.generator === false ? createMachine({}) : fictitiousBetsMachine) as never,
      },
    }),
    { input },
  );
  if (casinoId !== null) actor.send({ type: 'betsFeed.start', casinoId });
  const context = () => actor.getSnapshot().context;
  return {
    actor,
    clock,
    channel,
    player,
    bets: () => context().bets,
    held: () => context().held,
    value: () => actor.getSnapshot().value,
  };
}

/** `n` generator intervals on the simulated clock, one at a time (each draw schedules the next). */
const tick = (clock: { increment(ms: number): void }, n: number) => {
  for (let i = 0; i < n; i++) clock.increment(FICTITIOUS_BET_INTERVAL_MS);
};

const transactions = (list: ProcessedBet[]) => list.map((b) => b.transaction);

describe('bets feed machine: generated paths', () => {
  it('reaches every state and no path fails', () => {
    const channel = fakeChannel();
    const result = reachability(
      betsFeedMachine.provide({
        actors: {
          publicChannel: channel.logic as never,
          playerChannel: channel.logic as never,
          fictitiousBets: fictitiousBetsMachine as never,
        },
      }),
      {
        events: [
          { type: 'betsFeed.start', casinoId: 1 },
          { type: 'betsFeed.stop' },
          heard(bet('p1')),
          heard(win('p1')),
          { type: 'betsFeed.player', playerId: 42 },
          { type: 'betsFeed.player', playerId: null },
          { type: 'betsFeed.showTab', tab: 'highRollers' },
          { type: 'betsFeed.showTab', tab: 'mine' },
          { type: 'betsFeed.showTab', tab: 'all' },
        ],
        // The held bets count: a win settles only after its bet.
        serializeState: (s) => JSON.stringify([s.value, s.context.held.length]),
      },
    );
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
    expect(result.leaves).toEqual([
      'live.idle',
      'live.listening.quiet',
      'live.listening.busy',
      'mine.off',
      'mine.on',
      'tab.all',
      'tab.highRollers',
      'tab.mine',
    ]);
  });
});

describe('bets feed machine: stories (§4 Bets feed)', () => {
  it('listens to the brand public channel for BetPlaced only while listening', () => {
    const { actor, channel, value } = start(7);
    expect(channel.inputs).toEqual([{ channel: 'universal-public.7', events: ['BetPlaced'] }]);
    expect(value()).toMatchObject({ live: { listening: 'quiet' }, mine: 'off', tab: 'all' });
    actor.send({ type: 'betsFeed.stop' });
    expect(value()).toMatchObject({ live: 'idle' });
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

  it('holds a win that came before its bet, and settles it when the bet comes; a repeat shows nothing new', () => {
    const { actor, bets, held } = start();
    actor.send(heard(win('early', 3000)));
    expect(bets()).toEqual([]);
    expect(held().map((h) => [h.transaction, h.type])).toEqual([['early', 'win']]);
    actor.send(heard(bet('early', 1000)));
    expect(bets()).toMatchObject([{ transaction: 'early', bet_amount: 1000, win_amount: 3000, multiplier: 3 }]);
    actor.send(heard(win('early', 3000)));
    actor.send(heard(bet('early', 1000)));
    expect(transactions(bets())).toEqual(['early']);
    expect(held()).toEqual([]);
  });

  it('ignores events of another channel (a stale brand) and events heard while stopped', () => {
    const { actor, bets, held } = start(1);
    actor.send(heard(bet('x', 100), 'universal-public.9'));
    actor.send(heard(win('x', 100), 'universal-public.9'));
    expect(held()).toEqual([]);
    actor.send({ type: 'betsFeed.stop' });
    actor.send(heard(bet('y')));
    expect(held()).toEqual([]);
    expect(bets()).toEqual([]);
  });

  it('keeps only the last 5 processed bets, newest first', () => {
    const { actor, bets } = start();
    for (let i = 1; i <= 7; i++) {
      actor.send(heard(bet(`t${i}`, i * 100)));
      actor.send(heard(win(`t${i}`, 0)));
    }
    expect(BETS_FEED_SIZE).toBe(5);
    expect(transactions(bets())).toEqual(['t7', 't6', 't5', 't4', 't3']);
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

  it('keeps one held event per transaction and type (a repeat replaces it) and at most BETS_FEED_HELD_MAX', () => {
    const { actor, held } = start();
    actor.send(heard(bet('same', 100)));
    actor.send(heard(bet('same', 300)));
    expect(held()).toEqual([bet('same', 300)]);
    for (let i = 0; i < BETS_FEED_HELD_MAX + 3; i++) actor.send(heard(bet(`h${i}`)));
    expect(held()).toHaveLength(BETS_FEED_HELD_MAX);
    expect(held()[0]?.transaction).toBe('h3');
  });

  it('keeps the lists when stopped, forgets held bets, and re-subscribes on a new start', () => {
    const { actor, channel, bets, held } = start(1, { generator: false });
    actor.send(heard(bet('t1')));
    actor.send(heard(win('t1')));
    actor.send(heard(bet('t2')));
    actor.send({ type: 'betsFeed.stop' });
    expect(held()).toEqual([]);
    actor.send({ type: 'betsFeed.start', casinoId: 2 });
    actor.send(heard(bet('t3'), 'universal-public.2'));
    actor.send({ type: 'betsFeed.start', casinoId: 3 });
    expect(held()).toEqual([]);
    expect(channel.inputs.map((i) => i.channel)).toEqual([
      'universal-public.1',
      'universal-public.2',
      'universal-public.3',
    ]);
    expect(actor.getSnapshot().context.casinoId).toBe(3);
    expect(transactions(bets())).toEqual(['t1']);
  });

  it('multiplier: two decimals, 0 for a zero bet', () => {
    expect(multiplierOf(300, 1000)).toBe(3.33);
    expect(multiplierOf(0, 1000)).toBe(0);
  });
});

describe('bets feed machine: the fictitious generator (§9)', () => {
  it('adds a drawn bet every 1500 ms while the feed is quiet, the seed going on from one draw to the next', () => {
    const { clock, bets, actor } = start(1);
    clock.increment(FICTITIOUS_BET_INTERVAL_MS - 1);
    expect(bets()).toEqual([]);
    clock.increment(1);
    const first = drawFictitiousBet(7, NOW);
    expect(bets()).toEqual([first.bet]);
    clock.increment(FICTITIOUS_BET_INTERVAL_MS);
    const second = drawFictitiousBet(first.seed, NOW);
    expect(bets()).toEqual([second.bet, first.bet]);
    expect(actor.getSnapshot().context.fictitious.seed).toBe(second.seed);
    tick(clock, 10);
    expect(bets()).toHaveLength(BETS_FEED_SIZE);
    expect(bets().every((b) => b.fictitious === true && b.date === new Date(NOW).toISOString())).toBe(true);
  });

  it('a real settled bet rests the generator for 30 s after the last real one; then it draws again', () => {
    const { actor, clock, bets, value } = start(1);
    clock.increment(FICTITIOUS_BET_INTERVAL_MS);
    expect(bets()).toHaveLength(1);
    actor.send(heard(bet('r1', 1000)));
    expect(value()).toMatchObject({ live: { listening: 'quiet' } });
    actor.send(heard(win('r1', 0)));
    expect(value()).toMatchObject({ live: { listening: 'busy' } });
    clock.increment(REAL_BETS_QUIET_MS - 1);
    // Another real bet while busy: held, then settled, which restarts the 30 s.
    actor.send(heard(bet('r2', 1000)));
    actor.send(heard(win('r2', 2000)));
    clock.increment(REAL_BETS_QUIET_MS - 1);
    expect(transactions(bets()).slice(0, 2)).toEqual(['r2', 'r1']);
    expect(bets()).toHaveLength(3);
    clock.increment(1);
    expect(value()).toMatchObject({ live: { listening: 'quiet' } });
    clock.increment(FICTITIOUS_BET_INTERVAL_MS);
    expect(bets()).toHaveLength(4);
    expect(bets()[0]?.fictitious).toBe(true);
  });

  it('keeps drawing from its seed across a restart, and stops drawing while stopped', () => {
    const { actor, clock, bets } = start(1);
    clock.increment(FICTITIOUS_BET_INTERVAL_MS);
    actor.send({ type: 'betsFeed.stop' });
    tick(clock, 3);
    expect(bets()).toHaveLength(1);
    actor.send({ type: 'betsFeed.start', casinoId: 1 });
    clock.increment(FICTITIOUS_BET_INTERVAL_MS);
    const first = drawFictitiousBet(7, NOW);
    expect(bets()).toEqual([drawFictitiousBet(first.seed, NOW).bet, first.bet]);
  });

  it('without an input: a fixed seed and the system clock', () => {
    const { clock, bets } = start(1, { input: {} as BetsFeedInput });
    const before = Date.now();
    clock.increment(FICTITIOUS_BET_INTERVAL_MS);
    expect(bets()).toHaveLength(1);
    expect(Date.parse(bets()[0]?.date ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('bets feed machine: high rollers', () => {
  it('keeps the last 5 bets of at least R$ 500 apart, real and fictitious', () => {
    const { actor, clock } = start(1);
    expect(HIGH_ROLLER_MIN_BET).toBe(50_000);
    actor.send(heard(bet('small', HIGH_ROLLER_MIN_BET - 1)));
    actor.send(heard(win('small', 0)));
    actor.send(heard(bet('big', HIGH_ROLLER_MIN_BET)));
    actor.send(heard(win('big', 0)));
    expect(transactions(actor.getSnapshot().context.highRollers)).toEqual(['big']);
    for (let i = 0; i < 6; i++) {
      actor.send(heard(bet(`hr${i}`, 100_000 + i)));
      actor.send(heard(win(`hr${i}`, 0)));
    }
    expect(transactions(actor.getSnapshot().context.highRollers)).toEqual(['hr5', 'hr4', 'hr3', 'hr2', 'hr1']);
    // Fictitious high bets join them once the feed is quiet again.
    clock.increment(REAL_BETS_QUIET_MS);
    let seed = 7;
    let highs = 0;
    for (let i = 0; i < 30; i++) {
      const draw = drawFictitiousBet(seed, NOW);
      if (draw.bet.bet_amount >= HIGH_ROLLER_MIN_BET) highs += 1;
      seed = draw.seed;
    }
    tick(clock, 30);
    const fictitiousHigh = actor.getSnapshot().context.highRollers.filter((b) => b.fictitious).length;
    expect(fictitiousHigh).toBe(Math.min(highs, BETS_FEED_SIZE));
  });
});

describe('bets feed machine: my bets (the player channel)', () => {
  it('joins the player channel when the root names a player, pairs their own bets apart, and forgets them when they leave', () => {
    const { actor, player, value } = start(1, { generator: false });
    actor.send({ type: 'betsFeed.player', playerId: null });
    expect(value()).toMatchObject({ mine: 'off' });
    actor.send({ type: 'betsFeed.player', playerId: 42 });
    expect(value()).toMatchObject({ mine: 'on' });
    expect(player.inputs).toEqual([{ channel: 'private-universal.42', events: ['BetPlaced'] }]);
    actor.send(mine(bet('m1', 2000, { user: 'Ana' })));
    actor.send(mine(win('m1', 5000, { user: 'Ana' })));
    // Another player's channel name is not theirs: ignored.
    actor.send(mine(bet('other', 100), 43));
    actor.send(mine(win('other', 100), 43));
    const context = actor.getSnapshot().context;
    expect(context.mine).toMatchObject([{ transaction: 'm1', user: 'Ana', bet_amount: 2000, multiplier: 2.5 }]);
    // The player's own bets are not the public list's (the public channel brings the masked copy).
    expect(context.bets).toEqual([]);
    // The same player again (a balance change reported by the session): nothing changes.
    actor.send({ type: 'betsFeed.player', playerId: 42 });
    expect(player.inputs).toHaveLength(1);
    expect(actor.getSnapshot().context.mine).toHaveLength(1);
    actor.send(mine(bet('m2', 100)));
    actor.send({ type: 'betsFeed.player', playerId: null });
    expect(value()).toMatchObject({ mine: 'off' });
    expect(player.stopped()).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ mine: [], mineHeld: [], playerId: null });
  });

  it('another player straight away: the channel is joined again for them and the first one is forgotten', () => {
    const { actor, player } = start(1, { generator: false });
    actor.send({ type: 'betsFeed.player', playerId: 42 });
    actor.send(mine(bet('m1', 100)));
    actor.send(mine(win('m1', 100)));
    actor.send({ type: 'betsFeed.player', playerId: 77 });
    expect(player.inputs.map((i) => i.channel)).toEqual(['private-universal.42', 'private-universal.77']);
    expect(player.stopped()).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ mine: [], playerId: 77 });
    actor.send(mine(bet('m9', 100), 77));
    actor.send(mine(win('m9', 0), 77));
    expect(transactions(actor.getSnapshot().context.mine)).toEqual(['m9']);
  });

  it('listens to the player channel even before the brand is known (the feed not started)', () => {
    const { actor, player } = start(null);
    actor.send({ type: 'betsFeed.player', playerId: 5 });
    actor.send(mine(bet('m1', 100), 5));
    actor.send(mine(win('m1', 300), 5));
    expect(player.inputs).toHaveLength(1);
    expect(transactions(actor.getSnapshot().context.mine)).toEqual(['m1']);
  });
});

describe('bets feed machine: tabs', () => {
  it('shows all bets, the high rollers, or the player own bets', () => {
    const { actor, value } = start(1, { generator: false });
    expect(tabOf(value())).toBe('all');
    actor.send({ type: 'betsFeed.showTab', tab: 'highRollers' });
    expect(tabOf(value())).toBe('highRollers');
    actor.send({ type: 'betsFeed.showTab', tab: 'mine' });
    expect(tabOf(value())).toBe('mine');
    actor.send({ type: 'betsFeed.showTab', tab: 'all' });
    expect(tabOf(value())).toBe('all');
    expect(tabOf(null)).toBe('all');
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
    const { actor } = createTestActor(
      betsFeedMachine.provide({
        actors: {
          publicChannel: liveChannel,
          playerChannel: liveChannel,
          fictitiousBets: fictitiousBetsMachine as never,
        },
      }),
      { input: { fictitious: { seed: 1, now: () => NOW } } },
    );
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
    const { actor } = start(1, { generator: false });
    expect(connectBetsFeed(actor.getSnapshot(), 'pt-BR')).toMatchObject({
      bets: [],
      isEmpty: true,
      listening: true,
      tab: 'all',
      empty: { id: 'home.live_bets.empty' },
    });
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
      profit: true,
      fictitious: false,
      dateTime: DATE,
    });
    expect(pt.bets[0]?.time).toMatch(/^\d{2}:\d{2}$/);
    const en = connectBetsFeed(actor.getSnapshot(), 'en');
    expect(en.bets[0]).toMatchObject({ betAmount: 'R$1,234.56', winAmount: 'R$2,500.00', multiplier: '2.03×' });
    // A row is formatted once per bet and locale: the same object while the bet stays.
    expect(connectBetsFeed(actor.getSnapshot(), 'pt-BR').bets[0]).toBe(pt.bets[0]);
  });

  it('marks a loss and compares view-models by their rows', () => {
    const { actor } = start(1, { generator: false });
    const before = connectBetsFeed(actor.getSnapshot(), 'pt-BR');
    actor.send(heard(bet('t1', 100, { date: 'not a date' })));
    actor.send(heard(win('t1', 0, { date: 'not a date' })));
    const after = connectBetsFeed(actor.getSnapshot(), 'pt-BR');
    expect(after.bets[0]).toMatchObject({ won: false, profit: false, dateTime: '', time: '' });
    expect(sameLiveBets(before, after)).toBe(false);
    expect(sameLiveBets(after, connectBetsFeed(actor.getSnapshot(), 'pt-BR'))).toBe(true);
    expect(sameLiveBets(EMPTY_LIVE_BETS, before)).toBe(false);
  });

  it('per tab: the rows, the selected tab, what an empty tab says, and a guest asked to sign in for their bets', () => {
    const { actor } = start(1, { generator: false });
    actor.send({ type: 'betsFeed.showTab', tab: 'highRollers' });
    const high = connectBetsFeed(actor.getSnapshot(), 'pt-BR');
    expect(high.tabs.map((t) => [t.id, t.selected])).toEqual([
      ['all', false],
      ['highRollers', true],
      ['mine', false],
    ]);
    expect(high.empty).toEqual({ id: 'home.live_bets.empty_high_rollers', values: { amount: 'R$\u00a0500,00' } });
    actor.send(heard(bet('big', 60_000)));
    actor.send(heard(win('big', 0)));
    expect(connectBetsFeed(actor.getSnapshot(), 'pt-BR').bets.map((b) => b.transaction)).toEqual(['big']);
    actor.send({ type: 'betsFeed.showTab', tab: 'mine' });
    const guest = connectBetsFeed(actor.getSnapshot(), 'pt-BR');
    expect(guest).toMatchObject({
      isEmpty: true,
      signInForMine: true,
      empty: { id: 'home.live_bets.empty_mine_guest' },
    });
    expect(sameLiveBets(guest, connectBetsFeed(actor.getSnapshot(), 'pt-BR', { signedIn: true }))).toBe(false);
    actor.send({ type: 'betsFeed.player', playerId: 42 });
    actor.send(mine(bet('m1', 100, { user: 'Ana' })));
    actor.send(mine(win('m1', 0, { user: 'Ana' })));
    const player = connectBetsFeed(actor.getSnapshot(), 'pt-BR', { signedIn: true });
    expect(player).toMatchObject({ signInForMine: false, empty: { id: 'home.live_bets.empty_mine' } });
    expect(player.bets.map((b) => [b.transaction, b.user])).toEqual([['m1', 'Ana']]);
  });
});
