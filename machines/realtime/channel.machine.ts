import { assign, enqueueActions, setup } from 'xstate';
import { notSuppliedCallback } from '../kernel/not-supplied';
import { realtimeEventTypes } from './channel.types';
import type {
  ChannelContext,
  ChannelEvent,
  ChannelInput,
  RealtimeMessage,
  RealtimeParentEvent,
  SubscriptionInput,
} from './channel.types';

/** The event a parent receives for one parsed message. */
export function toParentEvent(channel: string, message: RealtimeMessage): RealtimeParentEvent {
  return { type: realtimeEventTypes[message.name], channel, data: message.data } as RealtimeParentEvent;
}

/**
 * One live-channel subscription (spec §4 Channel subscription), through the `subscription` callback actor
 * (`src/lib/realtime/pusher-adapter.ts`). Parsed events go to the parent as `realtime.*` events (and are
 * emitted for `actor.on` listeners).
 * States: pending, subscribed, failed (refused: silent for the player per §8, visible to QA), cancelled (final).
 * Stopping the actor or `channel.cancel` unsubscribes.
 */
export const channelMachine = setup({
  types: {
    context: {} as ChannelContext,
    events: {} as ChannelEvent,
    input: {} as ChannelInput,
    emitted: {} as RealtimeParentEvent,
  },
  actors: {
    // Supplied by src/lib/realtime/pusher-adapter.
    subscription: notSuppliedCallback<{ type: string }, SubscriptionInput>('realtimeChannel', 'subscription'),
  },
  actions: {
    forward: enqueueActions(({ context, event, enqueue, self }) => {
      if (event.type !== 'channel.received') return;
      const out = toParentEvent(context.channel, event.message);
      enqueue.assign({ received: context.received + 1 });
      enqueue.emit(out);
      if (self._parent) enqueue.sendParent(out);
    }),
    countDropped: assign({ dropped: ({ context }) => context.dropped + 1 }),
    recordRefusal: assign({
      refusedStatus: ({ event, context }) => (event.type === 'channel.refused' ? event.status : context.refusedStatus),
    }),
    clearRefusal: assign({ refusedStatus: null }),
    /**
     * Entering `subscribed` (every join and re-join). Nothing by default; a parent that must catch up on what it
     * missed while not listening (the pix machine asks the payment's status) provides it with `sendParent`.
     */
    announceJoined: () => undefined,
  },
}).createMachine({
  id: 'realtimeChannel',
  context: ({ input }) => ({
    channel: input.channel,
    events: input.events,
    received: 0,
    dropped: 0,
    refusedStatus: null,
  }),
  invoke: {
    id: 'subscription',
    src: 'subscription',
    input: ({ context }) => ({ channel: context.channel, events: context.events }),
  },
  initial: 'pending',
  states: {
    pending: {
      on: {
        'channel.subscribed': { target: 'subscribed', actions: 'clearRefusal' },
        'channel.refused': { target: 'failed', actions: 'recordRefusal' },
        'channel.cancel': { target: 'cancelled' },
      },
    },
    subscribed: {
      entry: 'announceJoined',
      on: {
        'channel.received': { actions: 'forward' },
        'channel.dropped': { actions: 'countDropped' },
        'channel.lost': { target: 'pending' },
        'channel.cancel': { target: 'cancelled' },
      },
    },
    /** pusher-js tries again on its next reconnect; so do we. */
    failed: {
      on: {
        'channel.subscribed': { target: 'subscribed', actions: 'clearRefusal' },
        'channel.lost': { target: 'pending' },
        'channel.cancel': { target: 'cancelled' },
      },
    },
    cancelled: { type: 'final' },
  },
});
