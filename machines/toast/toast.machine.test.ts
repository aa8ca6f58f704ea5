import { describe, expect, it } from 'vitest';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { toastMachine } from './toast.machine';
import type { ToastInput } from './toast.types';

const input: ToastInput = {
  toast: { id: 't1', kind: 'info', messageId: 'toast.test' },
  at: 0,
  defaultDurationMs: 5000,
};

describe('toast machine: generated paths', () => {
  it('reaches every state, the final dismissed included, and no path fails', () => {
    const result = reachability(toastMachine, {
      input,
      events: [{ type: 'toast.pause', at: 1000 }, { type: 'toast.resume', at: 2000 }, { type: 'toast.dismiss' }],
    });
    expect(result.leaves).toEqual(['visible', 'paused', 'dismissed']);
    expect(result.finals).toEqual(['dismissed']);
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('toast machine: stories', () => {
  it('is dismissed at once by the player, visible or paused, before its time', () => {
    const visible = createTestActor(toastMachine, { input });
    visible.actor.send({ type: 'toast.dismiss' });
    expect(visible.actor.getSnapshot().value).toBe('dismissed');
    expect(visible.actor.getSnapshot().status).toBe('done');
    const paused = createTestActor(toastMachine, { input });
    paused.actor.send({ type: 'toast.pause', at: 1000 });
    paused.actor.send({ type: 'toast.dismiss' });
    expect(paused.actor.getSnapshot().value).toBe('dismissed');
    expect(paused.actor.getSnapshot().status).toBe('done');
  });

  it('is dismissed by itself after the default 5000 ms', () => {
    const { actor, clock } = createTestActor(toastMachine, { input });
    clock.increment(4999);
    expect(actor.getSnapshot().value).toBe('visible');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('dismissed');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('honours a duration of its own', () => {
    const { actor, clock } = createTestActor(toastMachine, {
      input: { ...input, toast: { ...input.toast, durationMs: 6000 } },
    });
    clock.increment(5000);
    expect(actor.getSnapshot().value).toBe('visible');
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('dismissed');
  });

  it('stays while paused, however long, then resumes with the time it had left', () => {
    const { actor, clock } = createTestActor(toastMachine, { input });
    clock.increment(3000);
    actor.send({ type: 'toast.pause', at: 3000 });
    expect(actor.getSnapshot().context.remainingMs).toBe(2000);
    clock.increment(60_000);
    expect(actor.getSnapshot().value).toBe('paused');
    actor.send({ type: 'toast.resume', at: 63_000 });
    clock.increment(1999);
    expect(actor.getSnapshot().value).toBe('visible');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('dismissed');
  });

  it('ignores a resume while visible and a pause while paused', () => {
    const { actor } = createTestActor(toastMachine, { input });
    actor.send({ type: 'toast.resume', at: 10 });
    expect(actor.getSnapshot().value).toBe('visible');
    actor.send({ type: 'toast.pause', at: 100 });
    actor.send({ type: 'toast.pause', at: 900 });
    expect(actor.getSnapshot().context.remainingMs).toBe(4900);
  });
});
