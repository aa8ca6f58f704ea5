import { assign, sendTo, setup } from 'xstate';
import { notSuppliedCallback } from '../kernel/not-supplied';
import type {
  ConnectionContext,
  ConnectionEvent,
  ConnectionInput,
  PusherCommand,
  PusherConnectionInput,
} from './connection.types';

/** §9 Real-time: reconnect 1 s. Our own retries start there… */
export const REALTIME_RECONNECT_MS = 1000;
/** …and double up to this ceiling, so a player is never left disconnected for good. */
export const REALTIME_RECONNECT_MAX_MS = 30_000;

/** Wait before our retry number `retries` (0-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function reconnectDelayMs(retries: number): number {
  return Math.min(REALTIME_RECONNECT_MAX_MS, REALTIME_RECONNECT_MS * 2 ** Math.min(retries, 30));
}

/**
 * The live connection (spec §4 Real-time connection), driven by pusher-js through the `pusherConnection`
 * callback actor (`src/lib/realtime/pusher-adapter.ts`).
 * States: live.initialized, live.connecting, live.connected, live.unavailable, live.failed, live.disconnected
 * (pusher-js's own states, mirrored), and stopped (final, after `connection.stop`).
 *
 * pusher-js retries most closes by itself, but after a close it does not retry (codes 4000–4099 and ≥ 4300) it
 * stays `disconnected`, and once an attempt has failed it waits for the attempt's timeout (15 s, 30 s, 60 s)
 * before the next. So, once live updates have been interrupted, this machine asks for a fresh attempt
 * (`connection.reconnect`) whenever pusher-js sits in disconnected, unavailable or connecting: after 1 s, then
 * 2 s, 4 s … at most 30 s (`reconnectBackoff`); `connected` resets the backoff. The very first connection is
 * left to pusher-js until it reports `unavailable` (10 s). A credentials change re-creates the client
 * (re-entering `live`).
 */
export const connectionMachine = setup({
  types: {
    context: {} as ConnectionContext,
    events: {} as ConnectionEvent,
    input: {} as ConnectionInput,
  },
  actors: {
    // Supplied by src/lib/realtime/pusher-adapter.
    pusherConnection: notSuppliedCallback<PusherCommand, PusherConnectionInput>(
      'realtimeConnection',
      'pusherConnection',
    ),
  },
  delays: {
    reconnectBackoff: ({ context }) => reconnectDelayMs(context.retries),
  },
  guards: {
    wasInterrupted: ({ context }) => context.interrupted,
  },
  actions: {
    markConnected: assign({
      interrupted: false,
      retries: 0,
      socketId: ({ event }) => (event.type === 'pusher.connected' ? event.socketId : null),
    }),
    forgetSocket: assign({ socketId: null }),
    markInterrupted: assign({ interrupted: true, socketId: null }),
    requestReconnect: sendTo('pusher', { type: 'connection.reconnect' } satisfies PusherCommand),
    countRetry: assign({ retries: ({ context }) => context.retries + 1 }),
    renewCredentials: assign({
      credentialsVersion: ({ context }) => context.credentialsVersion + 1,
      interrupted: false,
      retries: 0,
      socketId: null,
    }),
    recordError: assign({
      lastErrorCode: ({ event, context }) => (event.type === 'pusher.error' ? event.code : context.lastErrorCode),
    }),
  },
}).createMachine({
  id: 'realtimeConnection',
  context: ({ input }) => ({
    key: input.key,
    host: input.host,
    credentialsVersion: 0,
    retries: 0,
    interrupted: false,
    socketId: null,
    lastErrorCode: null,
  }),
  initial: 'live',
  states: {
    live: {
      invoke: {
        id: 'pusher',
        src: 'pusherConnection',
        input: ({ context }) => ({
          key: context.key,
          host: context.host,
          credentialsVersion: context.credentialsVersion,
        }),
      },
      initial: 'initialized',
      on: {
        'pusher.connecting': { target: '.connecting', actions: 'forgetSocket' },
        'pusher.connected': { target: '.connected', actions: 'markConnected' },
        'pusher.unavailable': { target: '.unavailable', actions: 'markInterrupted' },
        'pusher.failed': { target: '.failed', actions: 'markInterrupted' },
        'pusher.disconnected': { target: '.disconnected', actions: 'markInterrupted' },
        'pusher.error': { actions: 'recordError' },
        'connection.credentialsChanged': { target: 'live', reenter: true, actions: 'renewCredentials' },
        'connection.stop': { target: 'stopped' },
      },
      states: {
        initialized: {},
        /** The first attempt is pusher-js's own; after an interruption a stalled attempt is restarted. */
        connecting: {
          after: {
            reconnectBackoff: {
              guard: 'wasInterrupted',
              target: 'connecting',
              reenter: true,
              actions: ['requestReconnect', 'countRetry'],
            },
          },
        },
        /** Leaving it means live updates stopped (a credentials change clears that again). */
        connected: { exit: 'markInterrupted' },
        /** Not connected within 10 s, or offline; pusher-js retries slowly, we restart the attempt sooner. */
        unavailable: {
          after: {
            reconnectBackoff: { target: 'unavailable', reenter: true, actions: ['requestReconnect', 'countRetry'] },
          },
        },
        /** No supported transport: nothing to retry until the credentials change. */
        failed: {},
        /** Closed and not retried by pusher-js (or pusher-js did not load): we retry with backoff. */
        disconnected: {
          after: {
            reconnectBackoff: { target: 'disconnected', reenter: true, actions: ['requestReconnect', 'countRetry'] },
          },
        },
      },
    },
    stopped: { type: 'final' },
  },
});
