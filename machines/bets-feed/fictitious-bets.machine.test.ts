import { describe, expect, it } from 'vitest';
import { createMachine, setup, type AnyActorRef } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import type { BetsFeedEvent } from './bets-feed.types';
import { fictitiousBetsMachine } from './fictitious-bets.machine';
import { drawFictitiousBet, FICTITIOUS_BET_INTERVAL_MS } from './fictitious';

const NOW = Date.parse('2025-03-01T18:00:00.000Z');

/** A parent that invokes the generator and records what it sends. */
function parentOf(input: { seed: number; now: () => number; games?: string[] }) {
  const received: BetsFeedEvent[] = [];
  const parent = setup({ actors: { generator: fictitiousBetsMachine } }).createMachine({
    invoke: { id: 'generator', src: 'generator', input },
    on: { '*': { actions: ({ event }) => received.push(event as BetsFeedEvent) } },
  });
  const { actor, clock } = createTestActor(parent);
  return { actor, clock, received };
}

describe('fictitious bets machine (§9 generator)', () => {
  it('sends its parent one drawn bet every 1500 ms, each from the seed the previous draw left', () => {
    let now = NOW;
    const { clock, received } = parentOf({ seed: 99, now: () => now });
    clock.increment(FICTITIOUS_BET_INTERVAL_MS - 1);
    expect(received).toEqual([]);
    clock.increment(1);
    const first = drawFictitiousBet(99, NOW);
    expect(received).toEqual([{ type: 'betsFeed.fictitious', bet: first.bet, seed: first.seed }]);
    now += FICTITIOUS_BET_INTERVAL_MS;
    clock.increment(FICTITIOUS_BET_INTERVAL_MS);
    const second = drawFictitiousBet(first.seed, now);
    expect(received[1]).toEqual({ type: 'betsFeed.fictitious', bet: second.bet, seed: second.seed });
    expect(second.bet.date).toBe(new Date(NOW + FICTITIOUS_BET_INTERVAL_MS).toISOString());
  });

  it('run on its own (the app fetches it in a chunk): its bets are emitted to `actor.on` listeners', () => {
    const { actor, clock } = createTestActor(fictitiousBetsMachine, { input: { seed: 5, now: () => NOW } });
    const heard: unknown[] = [];
    actor.on('betsFeed.fictitious', (event) => heard.push(event));
    clock.increment(FICTITIOUS_BET_INTERVAL_MS);
    const draw = drawFictitiousBet(5, NOW);
    expect(heard).toEqual([{ type: 'betsFeed.fictitious', bet: draw.bet, seed: draw.seed }]);
  });

  it('draws from the game titles it is given', () => {
    const { clock, received } = parentOf({ seed: 3, now: () => NOW, games: ['Jogo da Marca'] });
    for (let i = 0; i < 5; i++) clock.increment(FICTITIOUS_BET_INTERVAL_MS);
    expect(received).toHaveLength(5);
    expect(received.every((e) => e.type === 'betsFeed.fictitious' && e.bet.game === 'Jogo da Marca')).toBe(true);
  });

  it('stops drawing when its parent stops it', () => {
    const received: unknown[] = [];
    const parent = createMachine(
      {
        initial: 'on',
        states: {
          on: { invoke: { id: 'g', src: 'generator', input: { seed: 1, now: () => NOW } }, on: { off: 'off' } },
          off: {},
        },
        on: { 'betsFeed.fictitious': { actions: ({ event }) => received.push(event) } },
      },
      { actors: { generator: fictitiousBetsMachine } },
    );
    const { actor, clock } = createTestActor(parent);
    clock.increment(FICTITIOUS_BET_INTERVAL_MS);
    actor.send({ type: 'off' });
    clock.increment(FICTITIOUS_BET_INTERVAL_MS * 2);
    expect(received).toHaveLength(1);
    expect((actor.getSnapshot().children as Record<string, AnyActorRef | undefined>).g).toBeUndefined();
  });
});
