import { describe, expect, it } from 'vitest';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectLoadingBar } from './loading-bar.connect';
import { LOADING_BAR, loadingBarMachine } from './loading-bar.machine';

describe('loading bar: generated paths', () => {
  it('reaches every state of the definition by events a test can send (timers included), and no path fails', () => {
    const result = reachability(loadingBarMachine, {
      events: [{ type: 'bar.start' }, { type: 'bar.done' }, { type: 'bar.fail' }],
    });
    expect(result.leaves).toEqual(['idle', 'waiting', 'running', 'finishing', 'failed', 'hiding']);
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('loading bar: stories (§9: throttle 200, duration 2000, height 3, hide 500, reset 400)', () => {
  it('shows a render error at once, from idle or before the throttle, in the error colour, and a new start begins again', () => {
    const fromIdle = createTestActor(loadingBarMachine);
    fromIdle.actor.send({ type: 'bar.fail' });
    expect(connectLoadingBar(fromIdle.actor.getSnapshot())).toMatchObject({
      phase: 'failed',
      visible: true,
      error: true,
      progress: 100,
    });
    fromIdle.actor.send({ type: 'bar.start' });
    expect(fromIdle.actor.getSnapshot().value).toBe('waiting');
    expect(connectLoadingBar(fromIdle.actor.getSnapshot()).error).toBe(false);
    const waiting = createTestActor(loadingBarMachine);
    waiting.actor.send({ type: 'bar.start' });
    waiting.clock.increment(LOADING_BAR.throttleMs - 1);
    waiting.actor.send({ type: 'bar.fail' });
    expect(connectLoadingBar(waiting.actor.getSnapshot())).toMatchObject({
      phase: 'failed',
      visible: true,
      error: true,
    });
  });

  it('stays hidden for a navigation shorter than the throttle', () => {
    const { actor, clock } = createTestActor(loadingBarMachine);
    actor.send({ type: 'bar.start' });
    clock.increment(LOADING_BAR.throttleMs - 1);
    expect(connectLoadingBar(actor.getSnapshot()).visible).toBe(false);
    actor.send({ type: 'bar.done' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('crawls during a slow navigation, fills, hides after 500 ms and resets after 400 ms', () => {
    const { actor, clock } = createTestActor(loadingBarMachine);
    actor.send({ type: 'bar.start' });
    clock.increment(LOADING_BAR.throttleMs);
    expect(connectLoadingBar(actor.getSnapshot())).toEqual({
      phase: 'running',
      visible: true,
      error: false,
      progress: 90,
      transitionMs: 2000,
      heightPx: 3,
    });
    actor.send({ type: 'bar.done' });
    expect(connectLoadingBar(actor.getSnapshot()).progress).toBe(100);
    clock.increment(LOADING_BAR.hideMs);
    expect(actor.getSnapshot().value).toBe('hiding');
    expect(connectLoadingBar(actor.getSnapshot()).visible).toBe(false);
    clock.increment(LOADING_BAR.resetMs);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('turns to the error colour on a render error, then hides', () => {
    const { actor, clock } = createTestActor(loadingBarMachine);
    actor.send({ type: 'bar.start' });
    clock.increment(LOADING_BAR.throttleMs);
    actor.send({ type: 'bar.fail' });
    expect(connectLoadingBar(actor.getSnapshot()).error).toBe(true);
    clock.increment(LOADING_BAR.hideMs);
    expect(actor.getSnapshot().value).toBe('hiding');
    actor.send({ type: 'bar.start' });
    expect(actor.getSnapshot().value).toBe('waiting');
  });

  it('a new navigation while finishing starts over', () => {
    const { actor, clock } = createTestActor(loadingBarMachine);
    actor.send({ type: 'bar.start' });
    clock.increment(LOADING_BAR.throttleMs);
    actor.send({ type: 'bar.done' });
    actor.send({ type: 'bar.start' });
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(LOADING_BAR.throttleMs);
    actor.send({ type: 'bar.fail' });
    clock.increment(LOADING_BAR.hideMs);
    clock.increment(LOADING_BAR.resetMs);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a render error while the bar finishes or hides shows the error colour', () => {
    const { actor, clock } = createTestActor(loadingBarMachine);
    actor.send({ type: 'bar.start' });
    clock.increment(LOADING_BAR.throttleMs);
    actor.send({ type: 'bar.done' });
    actor.send({ type: 'bar.fail' });
    expect(actor.getSnapshot().value).toBe('failed');
    clock.increment(LOADING_BAR.hideMs);
    actor.send({ type: 'bar.fail' });
    expect(connectLoadingBar(actor.getSnapshot()).error).toBe(true);
  });
});
