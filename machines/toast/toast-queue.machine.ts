import { assign, enqueueActions, setup, stopChild, type ActorRefFrom } from 'xstate';
import { TOAST_DEFAULT_DURATION_MS, toastMachine } from './toast.machine';
import type { ToastQueueEvent, ToastQueueInput } from './toast.types';

export type ToastRef = ActorRefFrom<typeof toastMachine>;

export interface ToastQueueContext {
  toasts: ToastRef[];
  defaultDurationMs: number;
  maxVisible: number;
}

type DoneEvent = { type: `xstate.done.actor.${string}` };

const childId = (id: string) => `toast:${id}`;
const idOfDoneEvent = (type: string) => type.replace('xstate.done.actor.toast:', '');

/**
 * The toast queue: several toasts at once, each its own `toast` actor.
 * States: empty, showing.
 */
export const toastQueueMachine = setup({
  types: {
    context: {} as ToastQueueContext,
    events: {} as ToastQueueEvent | DoneEvent,
    input: {} as ToastQueueInput,
  },
  actors: { toast: toastMachine },
  guards: {
    isLastToast: ({ context, event }) =>
      context.toasts.length === 1 && context.toasts[0]?.id === childId(idOfDoneEvent(event.type)),
  },
  actions: {
    addToast: assign({
      toasts: ({ context, event, spawn }) => {
        if (event.type !== 'toast.show') return context.toasts;
        const others = context.toasts.filter((t) => t.id !== childId(event.toast.id));
        const ref = spawn('toast', {
          id: childId(event.toast.id),
          input: { toast: event.toast, at: event.at, defaultDurationMs: context.defaultDurationMs },
        });
        return [...others, ref];
      },
    }),
    dismissOverflow: enqueueActions(({ context, enqueue }) => {
      const overflow = context.toasts.length - context.maxVisible;
      for (const ref of context.toasts.slice(0, Math.max(0, overflow))) {
        enqueue.sendTo(ref, { type: 'toast.dismiss' });
      }
    }),
    forward: enqueueActions(({ context, event, enqueue }) => {
      if (!('id' in event)) return;
      const ref = context.toasts.find((t) => t.id === childId(event.id));
      if (!ref) return;
      const { id: _id, ...rest } = event;
      enqueue.sendTo(ref, rest);
    }),
    removeToast: enqueueActions(({ context, event, enqueue }) => {
      const id = childId(idOfDoneEvent(event.type));
      enqueue.assign({ toasts: context.toasts.filter((t) => t.id !== id) });
      enqueue(stopChild(id));
    }),
  },
}).createMachine({
  id: 'toastQueue',
  context: ({ input }) => ({
    toasts: [],
    defaultDurationMs: input.defaultDurationMs ?? TOAST_DEFAULT_DURATION_MS,
    maxVisible: input.maxVisible ?? 3,
  }),
  initial: 'empty',
  states: {
    empty: {
      on: {
        'toast.show': { target: 'showing', actions: 'addToast' },
      },
    },
    showing: {
      on: {
        'toast.show': { actions: ['addToast', 'dismissOverflow'] },
        'toast.pause': { actions: 'forward' },
        'toast.resume': { actions: 'forward' },
        'toast.dismiss': { actions: 'forward' },
        'xstate.done.actor.*': [
          { guard: 'isLastToast', target: 'empty', actions: 'removeToast' },
          { actions: 'removeToast' },
        ],
      },
    },
  },
});
