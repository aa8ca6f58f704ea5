import { describe, expect, it } from 'vitest';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { toastQueueMachine } from './toast-queue.machine';
import { connectToastQueue, isDismissKey } from './toast.connect';

describe('toast view-model', () => {
  it('lists toasts with their state and role', () => {
    const { actor } = createTestActor(toastQueueMachine, { input: {} });
    expect(connectToastQueue(actor.getSnapshot())).toEqual({ toasts: [], hasToasts: false });
    actor.send({ type: 'toast.show', toast: { id: 'a', kind: 'error', messageId: 'm', values: { n: 1 } }, at: 0 });
    actor.send({ type: 'toast.pause', id: 'a', at: 5 });
    expect(connectToastQueue(actor.getSnapshot())).toEqual({
      hasToasts: true,
      toasts: [{ id: 'a', kind: 'error', messageId: 'm', values: { n: 1 }, state: 'paused', role: 'alert' }],
    });
  });

  it('dismisses on Enter and Space only', () => {
    expect(isDismissKey('Enter')).toBe(true);
    expect(isDismissKey(' ')).toBe(true);
    expect(isDismissKey('Escape')).toBe(false);
    expect(isDismissKey('a')).toBe(false);
  });
});
