/**
 * The app's live updates (spec §4 Real-time, §7 Live channels): one pusher-js adapter, the connection actor
 * (created once the site is ready, from the site config's `realtime` settings) and the channel machine provided
 * with the adapter, for every machine that listens to a channel (the bets feed here; the session's guest and
 * user channels next).
 *
 * pusher-js itself is not imported here: the adapter loads it with `import()` on the first connection, so it
 * stays out of the initial bundle.
 */
import { createActor, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { betsFeedMachine } from '../../machines/bets-feed/bets-feed.machine';
import { channelMachine } from '../../machines/realtime/channel.machine';
import { connectionMachine } from '../../machines/realtime/connection.machine';
import { realtimeAuthHeaders } from '../lib/realtime/auth-headers';
import { createPusherRealtime, type PusherRealtime } from '../lib/realtime/pusher-adapter';
import type { KeyValueStorage } from '../lib/storage';

export type ConnectionRef = ActorRefFrom<typeof connectionMachine>;
export type BetsFeedRef = ActorRefFrom<typeof betsFeedMachine>;

// The settings and how they are read from the site live with the root machine (one definition).
export { liveSettingsOf, sameLiveSettings } from '../../machines/app/app.machine';
export type { LiveSettings } from '../../machines/app/app.types';
import type { LiveSettings } from '../../machines/app/app.types';

export interface LiveServices {
  /** The pusher-js adapter (one per app). */
  adapter: PusherRealtime;
  /** The channel machine with the adapter's `subscription`: provide it to machines that invoke a channel. */
  channelLogic: typeof channelMachine;
  /** The bets feed with its public channel provided. */
  betsFeedLogic: typeof betsFeedMachine;
  /** Creates and starts the connection actor for these settings; the returned function stops it. */
  connect(settings: LiveSettings, options?: { inspect?: Observer<InspectionEvent> | undefined }): () => void;
  /** The current connection actor, or null before the site is ready. */
  connection(): ConnectionRef | null;
  /** For `useSyncExternalStore`: called when the connection actor is created or stopped. */
  subscribe(listener: () => void): () => void;
  /**
   * The stored token changed (sign-in, sign-out, renewal): the connection is re-created and every channel
   * re-authorised with the new credentials (spec §4 Session). Harmless before the connection exists: it reads
   * the storage when it is created.
   */
  credentialsChanged(): void;
}

export interface LiveServicesOptions {
  storage: KeyValueStorage;
  /** Channels are authorised at `${apiBaseUrl}/broadcasting/auth`. */
  apiBaseUrl: string;
  /** The page the app runs on (window.location), for the §7 host rules. */
  page: { hostname: string; protocol: string };
  /** Tests: a pusher-js adapter of their own. */
  adapter?: PusherRealtime;
}

export function createLiveServices(options: LiveServicesOptions): LiveServices {
  const adapter = options.adapter ?? createPusherRealtime({ authHeaders: realtimeAuthHeaders(options.storage) });
  const channelLogic = channelMachine.provide({ actors: { subscription: adapter.subscription } });
  const connectionLogic = connectionMachine.provide({ actors: { pusherConnection: adapter.pusherConnection } });
  const listeners = new Set<() => void>();
  let current: ConnectionRef | null = null;
  const changed = () => listeners.forEach((listener) => listener());

  return {
    adapter,
    channelLogic,
    betsFeedLogic: betsFeedMachine.provide({ actors: { publicChannel: channelLogic } }),
    connect(settings, { inspect } = {}) {
      const actor = createActor(connectionLogic, {
        input: {
          key: settings.key,
          host: {
            pageHostname: options.page.hostname,
            pageProtocol: options.page.protocol,
            ...(settings.wsHost !== undefined ? { wsHost: settings.wsHost } : {}),
            ...(settings.wsPort !== undefined ? { wsPort: settings.wsPort } : {}),
            apiBaseUrl: options.apiBaseUrl,
          },
        },
        ...(inspect ? { inspect } : {}),
      });
      current = actor;
      actor.start();
      changed();
      return () => {
        actor.send({ type: 'connection.stop' });
        actor.stop();
        if (current === actor) {
          current = null;
          changed();
        }
      };
    },
    connection: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    credentialsChanged() {
      current?.send({ type: 'connection.credentialsChanged' });
    },
  };
}
