import { describe, expect, it } from 'vitest';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { toastQueueMachine } from './toast-queue.machine';
import type { ToastRequest } from './toast.types';

const toast = (id: string, extra: Partial<ToastRequest> = {}): ToastRequest => ({
  id,
  kind: 'info',
  messageId: 'toast.test',
  ...extra,
});
const ids = (snapshot: { context: { toasts: Array<{ id: string }> } }) => snapshot.context.toasts.map((t) => t.id);
const childState = (snapshot: { children: Record<string, unknown> }, id: string) =>
  (snapshot.children[`toast:${id}`] as { getSnapshot(): { value: unknown } } | undefined)?.getSnapshot().value;

describe('toast queue machine: generated paths', () => {
  it('reaches every state (empty, showing) and no path fails', () => {
    const result = reachability(toastQueueMachine, {
      input: {},
      events: [
        { type: 'toast.show', toast: toast('a'), at: 0 },
        { type: 'toast.pause', id: 'a', at: 10 },
        { type: 'toast.resume', id: 'a', at: 20 },
        { type: 'toast.dismiss', id: 'a' },
        { type: 'xstate.done.actor.toast:a' } as never,
      ],
    });
    expect(result.leaves).toEqual(['empty', 'showing']);
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('toast queue machine: stories', () => {
  it('shows several toasts at once and empties as each one times out', () => {
    const { actor, clock } = createTestActor(toastQueueMachine, { input: {} });
    actor.send({ type: 'toast.show', toast: toast('a'), at: 0 });
    clock.increment(1000);
    actor.send({ type: 'toast.show', toast: toast('b'), at: 1000 });
    expect(ids(actor.getSnapshot())).toEqual(['toast:a', 'toast:b']);
    clock.increment(4000);
    expect(ids(actor.getSnapshot())).toEqual(['toast:b']);
    expect(actor.getSnapshot().value).toBe('showing');
    clock.increment(1000);
    expect(ids(actor.getSnapshot())).toEqual([]);
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('pauses, resumes and dismisses the toast named in the event only', () => {
    const { actor, clock } = createTestActor(toastQueueMachine, { input: {} });
    actor.send({ type: 'toast.show', toast: toast('a'), at: 0 });
    actor.send({ type: 'toast.show', toast: toast('b'), at: 0 });
    actor.send({ type: 'toast.pause', id: 'a', at: 100 });
    clock.increment(10_000);
    expect(ids(actor.getSnapshot())).toEqual(['toast:a']);
    expect(childState(actor.getSnapshot(), 'a')).toBe('paused');
    actor.send({ type: 'toast.resume', id: 'a', at: 10_000 });
    clock.increment(4899);
    expect(childState(actor.getSnapshot(), 'a')).toBe('visible');
    actor.send({ type: 'toast.dismiss', id: 'a' });
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('ignores events for toasts it does not hold', () => {
    const { actor } = createTestActor(toastQueueMachine, { input: {} });
    actor.send({ type: 'toast.show', toast: toast('a'), at: 0 });
    actor.send({ type: 'toast.dismiss', id: 'zzz' });
    expect(ids(actor.getSnapshot())).toEqual(['toast:a']);
  });

  it('dismisses the oldest beyond the visible limit and replaces a toast shown again with the same id', () => {
    const { actor } = createTestActor(toastQueueMachine, { input: { maxVisible: 2 } });
    actor.send({ type: 'toast.show', toast: toast('a'), at: 0 });
    actor.send({ type: 'toast.show', toast: toast('b'), at: 0 });
    actor.send({ type: 'toast.show', toast: toast('c'), at: 0 });
    expect(ids(actor.getSnapshot())).toEqual(['toast:b', 'toast:c']);
    actor.send({ type: 'toast.show', toast: toast('c', { messageId: 'toast.other' }), at: 0 });
    expect(ids(actor.getSnapshot())).toEqual(['toast:b', 'toast:c']);
  });

  it('uses the configured default duration', () => {
    const { actor, clock } = createTestActor(toastQueueMachine, { input: { defaultDurationMs: 4000 } });
    actor.send({ type: 'toast.show', toast: toast('a'), at: 0 });
    clock.increment(4000);
    expect(actor.getSnapshot().value).toBe('empty');
  });
});
