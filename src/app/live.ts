/**
 * The app's live updates (spec §4 Real-time, §7 Live channels): one pusher-js adapter, the channel machine provided
 * with it (the session, the wallet and the bets feed invoke channels), and how to fetch the connection and the bets
 * feed (./live-flows.ts, not in the first load: the root spawns them once the site is ready, with the site config's
 * `realtime` settings, and the page wants live updates).
 *
 * pusher-js itself is not imported here: the adapter loads it with `import()` on the first connection, so it
 * stays out of the initial bundle.
 */
import type { ActorRefFrom } from 'xstate';
import type { LiveFlows } from '../../machines/app/app.machine';
import type { betsFeedMachine } from '../../machines/bets-feed/bets-feed.machine';
import { channelMachine } from '../../machines/realtime/channel.machine';
import type { connectionMachine } from '../../machines/realtime/connection.machine';
import { realtimeAuthHeaders } from '../lib/realtime/auth-headers';
import { whenLiveWanted } from '../lib/realtime/live-demand';
import { createPusherRealtime, loadPusher, type PusherRealtime } from '../lib/realtime/pusher-adapter';
import type { KeyValueStorage } from '../lib/storage';

export type ConnectionRef = ActorRefFrom<typeof connectionMachine>;
export type BetsFeedRef = ActorRefFrom<typeof betsFeedMachine>;

// The settings and how they are read from the site live with the root machine (one definition).
export { liveSettingsOf, sameLiveSettings } from '../../machines/app/app.machine';
export type { LiveSettings } from '../../machines/app/app.types';

export interface LiveServices {
  /** The pusher-js adapter (one per app). */
  adapter: PusherRealtime;
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
  /** Tests: a pusher-js adapter of their own (the live flows are then fetched at once, not when live is wanted). */
  adapter?: PusherRealtime;
  /** Tests: false leaves out the bets feed's fictitious generator (only the bets the test reports are listed). */
  fictitiousBets?: boolean;
}

export function createLiveServices(options: LiveServicesOptions): LiveServices {
  // pusher-js is fetched once the page wants live updates (src/lib/realtime/live-demand.ts), not with the page.
  const adapter =
    options.adapter ??
    createPusherRealtime({
      authHeaders: realtimeAuthHeaders(options.storage),
      load: () => whenLiveWanted().then(loadPusher),
    });
  const wanted = options.adapter ? () => Promise.resolve() : whenLiveWanted;
  const channelLogic = channelMachine.provide({ actors: { subscription: adapter.subscription } });
  let loading: Promise<LiveFlows> | undefined;
  return {
    adapter,
    channelLogic,
    flows() {
      loading ??= wanted()
        .then(() => import('./live-flows'))
        .then((m) => m.createLiveFlows({ adapter, channelLogic, fictitiousBets: options.fictitiousBets !== false }));
      // A failed fetch may be tried again.
      loading.catch(() => (loading = undefined));
      return loading;
    },
    apiBaseUrl: options.apiBaseUrl,
  };
}
