import { describe, expect, it } from 'vitest';
import { pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { controllableCalls, flush } from '../games/calls.fixture';
import { connectRank } from './rank.connect';
import { rankMachine } from './rank.machine';
import type { RankAnswer, RankInput } from './rank.types';

const LEVELS = [
  { level: 1, name: 'Bronze', totalBet: 0, perks: ['missions'] },
  { level: 2, name: 'Prata', totalBet: 100_000, perks: ['missions', 'chat_badge'] },
  { level: 3, name: 'Ouro', totalBet: 500_000 },
];
const vip = (level: number, totalBet: number, extra: Record<string, unknown> = {}) => ({
  data: {
    level,
    name: LEVELS[level - 1]?.name ?? '',
    points: Math.floor(totalBet / 100),
    total_bet: totalBet,
    next_level: null,
    percent: 0,
    needed: null,
    ...extra,
  },
});

function start(input: RankInput = { player: true }) {
  const loadRank = controllableCalls<RankAnswer, RankInput>();
  const loadVip = controllableCalls<unknown, unknown>();
  const { actor } = createTestActor(
    rankMachine.provide({ actors: { loadRank: loadRank.logic as never, loadVip: loadVip.logic as never } }),
    { input },
  );
  const snap = () => actor.getSnapshot();
  return { actor, loadRank, loadVip, snap, view: () => connectRank(snap()) };
}

async function ready(totalBet = 50_000, level = 1) {
  const t = start();
  t.loadRank.last.resolve({ levels: { data: LEVELS }, vip: vip(level, totalBet) });
  await flush();
  return t;
}

describe('rank: generated paths', () => {
  it('reaches every state, and no path fails', () => {
    const result = reachability(
      rankMachine.provide({ actors: { loadRank: pending() as never, loadVip: pending() as never } }),
      {
        input: { player: true },
        events: [
          { type: 'rank.refresh' },
          { type: 'rank.retry' },
          { type: 'rank.dismiss' },
          { type: 'xstate.done.actor.loadRank', output: { levels: LEVELS, vip: vip(1, 0) } } as never,
          { type: 'xstate.error.actor.loadRank', error: { status: 500 } } as never,
          { type: 'xstate.done.actor.loadVip', output: vip(2, 100_000) } as never,
          { type: 'xstate.error.actor.loadVip', error: { status: 503 } } as never,
        ],
      },
    );
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('rank: stories', () => {
  it('a player: the levels and the standing; progress per §4 (rounded, clamped), the badge, what is left', async () => {
    const t = start();
    expect(t.view().status).toBe('loading');
    expect(t.loadRank.last.input).toEqual({ player: true });
    t.loadRank.last.resolve({ levels: { data: LEVELS }, vip: vip(1, 33_333) });
    await flush();
    const view = t.view();
    expect(view.status).toBe('ready');
    expect(view.progress).toEqual({
      level: 1,
      nextLevel: 2,
      percent: 33,
      needed: 66_667,
      badge: '/assets/images/ranks/1.webp',
    });
    expect(view.levelName).toBe('Bronze');
    expect(view.nextName).toBe('Prata');
    expect(view.levels.map((l) => [l.level, l.reached, l.current, l.perks.length])).toEqual([
      [1, true, true, 1],
      [2, false, false, 2],
      [3, false, false, 0],
    ]);
    expect(t.snap().value).toEqual({ data: 'ready', moment: 'idle' });
    // What each level gives: the second adds to the first (it gives all of the first's); the third names none.
    expect(view.levels.map((l) => l.adds)).toEqual([
      null,
      { below: { level: 1, name: 'Bronze' }, perks: ['chat_badge'] },
      null,
    ]);
  });

  it('at the top level: 100 % and no needed bet', async () => {
    const t = await ready(900_000, 3);
    expect(t.view().progress).toMatchObject({ level: 3, nextLevel: null, percent: 100, needed: null });
  });

  it('a guest: the levels only (no standing asked), and a refresh does nothing', async () => {
    const t = start({ player: false });
    expect(t.loadRank.last.input).toEqual({ player: false });
    t.loadRank.last.resolve({ levels: LEVELS, vip: null });
    await flush();
    expect(t.view()).toMatchObject({ status: 'ready', player: false, progress: null, vip: null });
    t.actor.send({ type: 'rank.refresh' });
    expect(t.snap().value).toEqual({ data: 'ready', moment: 'idle' });
    expect(t.loadVip.calls).toHaveLength(0);
  });

  it('a body that is no list, or a malformed standing, is a failure; a retry loads again', async () => {
    const t = start();
    t.loadRank.last.resolve({ levels: { data: 'x' }, vip: vip(1, 0) });
    await flush();
    expect(t.view().status).toBe('failed');
    expect(t.view().messages).toEqual([{ id: 'error_messages.unexpected' }]);
    t.actor.send({ type: 'rank.retry' });
    t.loadRank.last.resolve({ levels: LEVELS, vip: { data: { level: 0 } } });
    await flush();
    expect(t.view().status).toBe('failed');
  });

  it('a failed load keeps the failure (§8 message); retry', async () => {
    const t = start();
    t.loadRank.last.reject({ status: 503 });
    await flush();
    expect(t.view()).toMatchObject({ status: 'failed', messages: [{ id: 'error_messages.503' }] });
    t.actor.send({ type: 'rank.retry' });
    expect(t.view().status).toBe('loading');
  });

  it('a bet moves the progress: a refresh reads the standing again, the last one shown meanwhile', async () => {
    const t = await ready(10_000);
    t.actor.send({ type: 'rank.refresh' });
    expect(t.view().refreshing).toBe(true);
    expect(t.view().progress?.percent).toBe(10);
    t.loadVip.last.resolve(vip(1, 60_000));
    await flush();
    expect(t.view()).toMatchObject({ refreshing: false, celebration: null });
    expect(t.view().progress?.percent).toBe(60);
  });

  it('a refresh asked during a refresh starts over (the older answer is dropped)', async () => {
    const t = await ready();
    t.actor.send({ type: 'rank.refresh' });
    const first = t.loadVip.last;
    t.actor.send({ type: 'rank.refresh' });
    expect(first.signal.aborted).toBe(true);
    expect(t.loadVip.calls).toHaveLength(2);
  });

  it('a failed or malformed refresh keeps the last standing', async () => {
    const t = await ready(20_000);
    t.actor.send({ type: 'rank.refresh' });
    t.loadVip.last.reject({ status: 500 });
    await flush();
    expect(t.snap().context.refreshFailure?.status).toBe(500);
    expect(t.view().progress?.percent).toBe(20);
    t.actor.send({ type: 'rank.refresh' });
    t.loadVip.last.resolve({ data: { level: 'x' } });
    await flush();
    expect(t.snap().context.refreshFailure?.status).toBe(0);
    expect(t.view().vip?.totalBet).toBe(20_000);
  });

  it('the level-up moment: a refresh finding a higher level celebrates it until dismissed', async () => {
    const t = await ready(90_000);
    t.actor.send({ type: 'rank.refresh' });
    t.loadVip.last.resolve(vip(2, 120_000));
    await flush();
    expect(t.snap().value).toEqual({ data: 'ready', moment: 'celebrating' });
    expect(t.view().celebration).toEqual({ from: 1, to: 2, name: 'Prata', badge: '/assets/images/ranks/2.webp' });
    expect(t.view().progress).toMatchObject({ level: 2, nextLevel: 3, percent: 5 });
    // Another rise while celebrating: the new level is shown.
    t.actor.send({ type: 'rank.refresh' });
    t.loadVip.last.resolve(vip(3, 600_000));
    await flush();
    expect(t.view().celebration).toMatchObject({ from: 2, to: 3, name: 'Ouro' });
    t.actor.send({ type: 'rank.dismiss' });
    expect(t.snap().value).toEqual({ data: 'ready', moment: 'idle' });
    expect(t.view().celebration).toBeNull();
  });

  it('the same level (or a lower one) is no level-up', async () => {
    const t = await ready(120_000, 2);
    t.actor.send({ type: 'rank.refresh' });
    t.loadVip.last.resolve(vip(1, 0));
    await flush();
    expect(t.snap().value).toEqual({ data: 'ready', moment: 'idle' });
  });

  it('the VIP part of the standing: points, perks and the manager when the contract gives one', async () => {
    const t = start();
    t.loadRank.last.resolve({
      levels: LEVELS,
      vip: vip(2, 150_000, { perks: ['vip_manager', 3], manager: { name: 'VIP', email: 'vip@x.example' } }),
    });
    await flush();
    expect(t.view().vip).toEqual({
      level: 2,
      name: 'Prata',
      points: 1500,
      totalBet: 150_000,
      perks: ['vip_manager'],
      manager: { name: 'VIP', email: 'vip@x.example' },
    });
  });
});
