import { assign, setup } from 'xstate';
import type { ToastContext, ToastEvent, ToastInput } from './toast.types';

export const TOAST_DEFAULT_DURATION_MS = 5000;

/**
 * One toast on screen (spec §4 Toasts).
 * States: visible (counting down), paused (hovered or focused), dismissed (final).
 */
export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
    input: {} as ToastInput,
  },
  delays: {
    remaining: ({ context }) => context.remainingMs,
  },
  actions: {
    startCountdown: assign({
      visibleSince: ({ event, context }) => ('at' in event ? event.at : context.visibleSince),
    }),
    keepRemaining: assign({
      remainingMs: ({ context, event }) =>
        'at' in event ? Math.max(0, context.remainingMs - (event.at - context.visibleSince)) : context.remainingMs,
    }),
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => ({
    toast: input.toast,
    remainingMs: input.toast.durationMs ?? input.defaultDurationMs,
    visibleSince: input.at,
  }),
  initial: 'visible',
  states: {
    visible: {
      after: { remaining: { target: 'dismissed' } },
      on: {
        'toast.pause': { target: 'paused', actions: 'keepRemaining' },
        'toast.dismiss': { target: 'dismissed' },
      },
    },
    paused: {
      on: {
        'toast.resume': { target: 'visible', actions: 'startCountdown' },
        'toast.dismiss': { target: 'dismissed' },
      },
    },
    dismissed: { type: 'final' },
  },
});
