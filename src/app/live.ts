/**
 * The app's live updates (spec §4 Real-time, §7 Live channels): one pusher-js adapter, and the connection and
 * channel machines provided with it (the root app machine invokes the connection once the site is ready, with
 * the site config's `realtime` settings; the bets feed, the session and the wallet invoke channels).
 *
 * pusher-js itself is not imported here: the adapter loads it with `import()` on the first connection, so it
 * stays out of the initial bundle.
 */
import { fromCallback, type ActorRefFrom, type EventObject } from 'xstate';
import type { FictitiousBetsInput } from '../../machines/bets-feed/bets-feed.types';
import { betsFeedMachine } from '../../machines/bets-feed/bets-feed.machine';
import { channelMachine } from '../../machines/realtime/channel.machine';
import { connectionMachine } from '../../machines/realtime/connection.machine';
import { realtimeAuthHeaders } from '../lib/realtime/auth-headers';
import { whenLiveWanted } from '../lib/realtime/live-demand';
import { lazyFictitiousBets } from './fictitious-bets';
import { createPusherRealtime, loadPusher, type PusherRealtime } from '../lib/realtime/pusher-adapter';
import type { KeyValueStorage } from '../lib/storage';

export type ConnectionRef = ActorRefFrom<typeof connectionMachine>;

/** A generator that never draws (tests that count the rows they report). */
const noFictitiousBets = fromCallback<EventObject, FictitiousBetsInput>(() => () => undefined);
export type BetsFeedRef = ActorRefFrom<typeof betsFeedMachine>;

// The settings and how they are read from the site live with the root machine (one definition).
export { liveSettingsOf, sameLiveSettings } from '../../machines/app/app.machine';
export type { LiveSettings } from '../../machines/app/app.types';

export interface LiveServices {
  /** The pusher-js adapter (one per app). */
  adapter: PusherRealtime;
  /** The channel machine with the adapter's `subscription`: provide it to machines that invoke a channel. */
  channelLogic: typeof channelMachine;
  /** The bets feed with its public channel provided. */
  betsFeedLogic: typeof betsFeedMachine;
  /** The connection machine with the adapter's `pusherConnection`: the root invokes it once the site is ready. */
  connectionLogic: typeof connectionMachine;
  /** Channels are authorised at `${apiBaseUrl}/broadcasting/auth`. */
  apiBaseUrl: string;
}

export interface LiveServicesOptions {
  storage: KeyValueStorage;
  /** Channels are authorised at `${apiBaseUrl}/broadcasting/auth`. */
  apiBaseUrl: string;
  /** Tests: a pusher-js adapter of their own. */
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
  const channelLogic = channelMachine.provide({ actors: { subscription: adapter.subscription } });
  return {
    adapter,
    channelLogic,
    betsFeedLogic: betsFeedMachine.provide({
      actors: {
        publicChannel: channelLogic,
        playerChannel: channelLogic,
        fictitiousBets: options.fictitiousBets === false ? noFictitiousBets : lazyFictitiousBets,
      },
    }),
    connectionLogic: connectionMachine.provide({ actors: { pusherConnection: adapter.pusherConnection } }),
    apiBaseUrl: options.apiBaseUrl,
  };
}
