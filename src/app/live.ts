/**
 * The app's live updates (spec §4 Real-time, §7 Live channels): one pusher-js adapter, the channel machine provided
 * with it (the session, the wallet and the bets feed invoke channels), and how to fetch the connection and the bets
 * feed (./live-flows.ts, not in the first load: the root spawns them once the site is ready, with the site config's
 * `realtime` settings, and the page wants live updates).
 *
 * pusher-js itself is not imported here: the adapter loads it with `import()` on the first connection, so it
 * stays out of the initial bundle.
 */
import { fromCallback, type ActorRefFrom, type EventObject } from 'xstate';
import type { LiveFlows } from '../../machines/app/app.machine';
import type { betsFeedMachine } from '../../machines/bets-feed/bets-feed.machine';
import { channelMachine } from '../../machines/realtime/channel.machine';
import type { SubscriptionInput, SubscriptionReport } from '../../machines/realtime/channel.types';
import type { connectionMachine } from '../../machines/realtime/connection.machine';
import { whenLiveWanted } from '../lib/realtime/live-demand';
import type { LoadedPusherRealtime, PusherRealtime } from '../lib/realtime/pusher-adapter';
import type { KeyValueStorage } from '../lib/storage';

export type ConnectionRef = ActorRefFrom<typeof connectionMachine>;
export type BetsFeedRef = ActorRefFrom<typeof betsFeedMachine>;

// The settings and how they are read from the site live with the root machine (one definition).
export { liveSettingsOf, sameLiveSettings } from '../../machines/app/app.machine';
export type { LiveSettings } from '../../machines/app/app.types';

export interface LiveServices {
  /** The channel machine with the adapter's `subscription`: provide it to machines that invoke a channel. */
  channelLogic: typeof channelMachine;
  /**
   * The connection (with the adapter's `pusherConnection`) and the bets feed (with its channels and fictitious
   * generator), fetched in a chunk of their own (./live-flows.ts) once the page wants live updates, once a page:
   * the root spawns them once the site is ready.
   */
  flows(): Promise<LiveFlows>;
  /** Channels are authorised at `${apiBaseUrl}/broadcasting/auth`. */
  apiBaseUrl: string;
}

export interface LiveServicesOptions {
  storage: KeyValueStorage;
  /** Channels are authorised at `${apiBaseUrl}/broadcasting/auth`. */
  apiBaseUrl: string;
  /** Tests: a pusher-js adapter of their own (used at once: the live flows are fetched at once, not when wanted). */
  adapter?: PusherRealtime;
  /** Tests: false leaves out the bets feed's fictitious generator (only the bets the test reports are listed). */
  fictitiousBets?: boolean;
}

/**
 * The pusher-js adapter (src/lib/realtime/pusher-adapter.ts, with its auth headers and socket options) is fetched
 * once the page wants live updates, with pusher-js: one adapter per app. Until then a channel invoked by a flow
 * (the session's guest channel at start) waits in a stand-in subscription that runs the adapter's once it is
 * there, as the adapter itself waits for pusher-js.
 */
function lazyAdapter(storage: KeyValueStorage) {
  let loading: Promise<LoadedPusherRealtime> | undefined;
  const load = () => {
    loading ??= whenLiveWanted()
      .then(() => Promise.all([import('../lib/realtime/pusher-adapter'), import('../lib/realtime/auth-headers')]))
      .then(([adapter, headers]) =>
        adapter.createPusherRealtime({ authHeaders: headers.realtimeAuthHeaders(storage), load: adapter.loadPusher }),
      );
    // A failed fetch may be tried again (by the next channel, or the next live flows' fetch).
    loading.catch(() => (loading = undefined));
    return loading;
  };
  const subscription = fromCallback<EventObject, SubscriptionInput>(({ input, sendBack }) => {
    let stopped = false;
    let stop: (() => void) | undefined;
    load().then(
      (adapter) => {
        if (!stopped) stop = adapter.subscribe(input, (event: SubscriptionReport) => sendBack(event));
      },
      () => undefined, // not fetched (offline): the channel stays unjoined, like a connection that never connects
    );
    return () => {
      stopped = true;
      stop?.();
    };
  });
  return { load, subscription };
}

export function createLiveServices(options: LiveServicesOptions): LiveServices {
  // pusher-js and the adapter are fetched once the page wants live updates (src/lib/realtime/live-demand.ts).
  const given = options.adapter;
  const lazy = given ? undefined : lazyAdapter(options.storage);
  const loadAdapter = (): Promise<Pick<PusherRealtime, 'pusherConnection'>> =>
    lazy ? lazy.load() : Promise.resolve(given as PusherRealtime);
  const channelLogic = channelMachine.provide({
    actors: { subscription: lazy ? lazy.subscription : (given as PusherRealtime).subscription },
  });
  let loading: Promise<LiveFlows> | undefined;
  return {
    channelLogic,
    flows() {
      // Not before the page wants live updates: the adapter and the flows' chunk side by side then.
      loading ??= (given ? Promise.resolve() : whenLiveWanted())
        .then(() => Promise.all([loadAdapter(), import('./live-flows')]))
        .then(([adapter, m]) =>
          m.createLiveFlows({ adapter, channelLogic, fictitiousBets: options.fictitiousBets !== false }),
        );
      // A failed fetch may be tried again.
      loading.catch(() => (loading = undefined));
      return loading;
    },
    apiBaseUrl: options.apiBaseUrl,
  };
}
