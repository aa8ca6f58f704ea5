import { describe, expect, it } from 'vitest';
import { createMachine, fromPromise, setup, type AnyActorRef } from 'xstate';
import { controllableCallback, pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectBuildBanner } from './build-watch.connect';
import { BUILD_WATCH, buildWatchMachine, reloadTooSoon } from './build-watch.machine';
import type { BuildWatchEvent, BuildWatchInput } from './build-watch.types';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const input: BuildWatchInput = { buildId: 'b1', lastReloadAt: null };

/** latest.json's answers, one per read (`Error` rejects); what was read is counted. */
function latest(...answers: Array<string | null | Error>) {
  const reads = { count: 0 };
  const logic = fromPromise<string | null>(async () => {
    const answer = answers[reads.count++];
    if (answer instanceof Error) throw answer;
    return answer ?? null;
  });
  return { logic, reads };
}

function start(options: { answers?: Array<string | null | Error>; input?: BuildWatchInput } = {}) {
  const { logic, reads } = latest(...(options.answers ?? []));
  const events = controllableCallback<BuildWatchEvent>();
  const reloads: string[] = [];
  const machine = buildWatchMachine.provide({
    actors: { fetchLatest: logic, browserEvents: events.logic as never },
    actions: { reload: ({ context }) => void reloads.push(context.cause ?? 'none') },
  });
  const test = createTestActor(machine, { input: options.input ?? input });
  return { ...test, reads, events, reloads };
}

describe('build watch: generated paths', () => {
  it('reaches every state by events a test can send (timers included), and no path fails', () => {
    const machine = buildWatchMachine.provide({
      actors: { fetchLatest: pending<string | null>() },
      actions: { reload: () => undefined },
    });
    const result = reachability(machine, {
      input,
      events: [
        { type: 'build.visible' },
        { type: 'build.accept' },
        { type: 'build.dismiss' },
        { type: 'build.workerReplaced' },
        { type: 'build.chunkFailed', at: 1 },
        { type: 'build.depositChanged', open: true },
        { type: 'build.depositChanged', open: false },
        { type: 'xstate.done.actor.fetchLatest', output: 'b2' } as never,
        { type: 'xstate.done.actor.fetchLatest', output: 'b1' } as never,
        { type: 'xstate.error.actor.fetchLatest', error: new Error('x') } as never,
      ],
      serializeState: (s) => JSON.stringify([s.value, s.context.depositOpen, s.context.latestId]),
    });
    expect(result.leaves).toEqual([
      'poll.waiting',
      'poll.checking',
      'poll.found',
      'reload.watching.idle',
      'reload.watching.offered',
      'reload.watching.dismissed',
      'reload.pending',
      'reload.held',
      'reload.reloading',
    ]);
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('build watch: stories (§7 latest.json polled every 5 min and on a visible tab)', () => {
  it('reads latest.json every 5 minutes and when the tab becomes visible; the same id, nothing or a failure changes nothing', async () => {
    const { actor, clock, reads } = start({ answers: ['b1', null, new Error('offline')] });
    expect(actor.getSnapshot().matches({ poll: 'waiting' })).toBe(true);
    clock.increment(BUILD_WATCH.pollMs - 1);
    expect(reads.count).toBe(0);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ poll: 'checking' })).toBe(true);
    await flush();
    expect(reads.count).toBe(1);
    expect(actor.getSnapshot().matches({ poll: 'waiting' })).toBe(true);
    actor.send({ type: 'build.visible' });
    await flush();
    expect(reads.count).toBe(2);
    expect(actor.getSnapshot().matches({ poll: 'waiting' })).toBe(true);
    clock.increment(BUILD_WATCH.pollMs);
    await flush();
    expect(reads.count).toBe(3);
    expect(actor.getSnapshot().matches({ poll: 'waiting' })).toBe(true);
    expect(connectBuildBanner(actor.getSnapshot())).toEqual({ kind: 'none' });
  });

  it('offers a reload once latest.json names another build, reads no more, and reloads when the player accepts', async () => {
    const { actor, clock, reads, reloads } = start({ answers: ['b2'] });
    actor.send({ type: 'build.visible' });
    await flush();
    expect(actor.getSnapshot().matches({ poll: 'found', reload: { watching: 'offered' } })).toBe(true);
    expect(actor.getSnapshot().context.latestId).toBe('b2');
    expect(connectBuildBanner(actor.getSnapshot())).toEqual({
      kind: 'offer',
      messageId: 'build.offer.text',
      actionId: 'build.offer.reload',
      closeId: 'build.offer.close',
    });
    actor.send({ type: 'build.visible' });
    clock.increment(BUILD_WATCH.pollMs * 3);
    await flush();
    expect(reads.count).toBe(1);
    actor.send({ type: 'build.accept' });
    expect(reloads).toEqual(['newBuild']);
    expect(actor.getSnapshot().matches({ reload: 'reloading' })).toBe(true);
    expect(connectBuildBanner(actor.getSnapshot())).toEqual({ kind: 'none' });
  });

  it('hides the offer for good when the player closes it', async () => {
    const { actor, reloads } = start({ answers: ['b2'] });
    actor.send({ type: 'build.visible' });
    await flush();
    actor.send({ type: 'build.dismiss' });
    expect(actor.getSnapshot().matches({ reload: { watching: 'dismissed' } })).toBe(true);
    expect(connectBuildBanner(actor.getSnapshot())).toEqual({ kind: 'none' });
    expect(reloads).toEqual([]);
  });
});

describe('build watch: stories (§2.3 a new worker while one was active; the deposit in progress)', () => {
  it('reloads at once when a new worker takes over and no deposit is awaiting payment', () => {
    const { actor, events, reloads } = start();
    events.emit({ type: 'build.workerReplaced' });
    expect(reloads).toEqual(['worker']);
    // Reloading: nothing asks for a second reload.
    events.emit({ type: 'build.workerReplaced' });
    events.emit({ type: 'build.chunkFailed', at: 50_000 });
    expect(reloads).toEqual(['worker']);
    expect(actor.getSnapshot().matches({ reload: 'reloading' })).toBe(true);
  });

  it('waits while a deposit is awaiting payment, says why, and reloads once the deposit is no longer awaiting payment', async () => {
    const { actor, events, reloads } = start({ answers: ['b2'] });
    events.emit({ type: 'build.depositChanged', open: true });
    actor.send({ type: 'build.visible' });
    await flush();
    actor.send({ type: 'build.dismiss' });
    events.emit({ type: 'build.workerReplaced' });
    expect(reloads).toEqual([]);
    expect(actor.getSnapshot().matches({ reload: 'held' })).toBe(true);
    expect(connectBuildBanner(actor.getSnapshot())).toEqual({ kind: 'held', messageId: 'build.held.text' });
    events.emit({ type: 'build.workerReplaced' });
    events.emit({ type: 'build.depositChanged', open: true });
    expect(reloads).toEqual([]);
    events.emit({ type: 'build.depositChanged', open: false });
    expect(reloads).toEqual(['worker']);
  });

  it('an accepted offer waits for the deposit too', async () => {
    const { actor, events, reloads } = start({ answers: ['b2'] });
    actor.send({ type: 'build.visible' });
    await flush();
    events.emit({ type: 'build.depositChanged', open: true });
    actor.send({ type: 'build.accept' });
    expect(connectBuildBanner(actor.getSnapshot()).kind).toBe('held');
    events.emit({ type: 'build.depositChanged', open: false });
    expect(reloads).toEqual(['newBuild']);
  });
});

describe('build watch: stories (§9 page-reload guard: a stale chunk reloads at most once per 10 s)', () => {
  it('reloads on a failed chunk when this tab has not reloaded yet', () => {
    const { events, reloads } = start();
    events.emit({ type: 'build.chunkFailed', at: 1_000_000 });
    expect(reloads).toEqual(['chunk']);
  });

  it('does not reload again within 10 s of the last reload (no loop), and does after', () => {
    const last = 1_000_000;
    const soon = start({ input: { buildId: 'b1', lastReloadAt: last } });
    soon.events.emit({ type: 'build.chunkFailed', at: last + BUILD_WATCH.reloadGuardMs - 1 });
    expect(soon.reloads).toEqual([]);
    expect(soon.actor.getSnapshot().matches({ reload: { watching: 'idle' } })).toBe(true);
    soon.events.emit({ type: 'build.chunkFailed', at: last + BUILD_WATCH.reloadGuardMs });
    expect(soon.reloads).toEqual(['chunk']);
  });

  it('a failed chunk while the offer shows reloads too (after the deposit)', async () => {
    const { actor, events, reloads } = start({ answers: ['b2'] });
    actor.send({ type: 'build.visible' });
    await flush();
    events.emit({ type: 'build.depositChanged', open: true });
    events.emit({ type: 'build.chunkFailed', at: 5 });
    expect(connectBuildBanner(actor.getSnapshot()).kind).toBe('held');
    events.emit({ type: 'build.depositChanged', open: false });
    expect(reloads).toEqual(['chunk']);
  });

  it('the guard: within 10 s either way of the last reload is too soon; never reloaded is never too soon', () => {
    expect(reloadTooSoon(null, 0)).toBe(false);
    expect(reloadTooSoon(100_000, 109_999)).toBe(true);
    expect(reloadTooSoon(100_000, 110_000)).toBe(false);
    // A clock set back: still guarded within 10 s.
    expect(reloadTooSoon(100_000, 95_000)).toBe(true);
  });
});

describe('build watch: the deposit watch follows the pix flow in the actor system', () => {
  const fakePix = createMachine({
    id: 'pix',
    initial: 'choosing',
    states: {
      choosing: { on: { 'pix.submit': 'awaitingPayment' } },
      awaitingPayment: { on: { 'pix.paid': 'paid' } },
      paid: {},
    },
  });
  const root = setup({
    actors: {
      buildWatch: buildWatchMachine.provide({ actions: { reload: () => undefined } }),
      pix: fakePix,
    },
  }).createMachine({
    invoke: { id: 'buildWatch', systemId: 'buildWatch', src: 'buildWatch', input },
    initial: 'closed',
    states: {
      closed: { on: { open: 'open' } },
      open: {
        invoke: { id: 'pix', systemId: 'pix', src: 'pix' },
        on: {
          close: 'closed',
          'pix.submit': { actions: ({ system }) => (system.get('pix') as AnyActorRef).send({ type: 'pix.submit' }) },
          'pix.paid': { actions: ({ system }) => (system.get('pix') as AnyActorRef).send({ type: 'pix.paid' }) },
        },
      },
    },
  });

  it('open while pix is awaiting payment; closed once paid, or once pix stops', () => {
    const { actor } = createTestActor(root, { systemId: 'app' });
    const watch = () => actor.system.get('buildWatch') as AnyActorRef;
    const depositOpen = () => (watch().getSnapshot() as { context: { depositOpen: boolean } }).context.depositOpen;
    expect(depositOpen()).toBe(false);
    actor.send({ type: 'open' });
    expect(depositOpen()).toBe(false);
    actor.send({ type: 'pix.submit' });
    expect(depositOpen()).toBe(true);
    actor.send({ type: 'pix.paid' });
    expect(depositOpen()).toBe(false);
    actor.send({ type: 'close' });
    actor.send({ type: 'open' });
    actor.send({ type: 'pix.submit' });
    expect(depositOpen()).toBe(true);
    actor.send({ type: 'close' });
    expect(depositOpen()).toBe(false);
  });

  it('watches nothing outside the app system (no root under systemId app)', () => {
    const { actor } = createTestActor(root);
    actor.send({ type: 'open' });
    actor.send({ type: 'pix.submit' });
    const watch = actor.system.get('buildWatch') as AnyActorRef;
    expect((watch.getSnapshot() as { context: { depositOpen: boolean } }).context.depositOpen).toBe(false);
  });
});
