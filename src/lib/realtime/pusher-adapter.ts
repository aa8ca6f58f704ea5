/**
 * The pusher-js adapter: the live connection and channel subscriptions as XState callback actors for
 * `machines/realtime/connection.machine.ts` (`pusherConnection`) and `channel.machine.ts` (`subscription`).
 *
 * - pusher-js is loaded lazily (`import('pusher-js')` on the first connection), so it stays out of the initial
 *   bundle. Only `import type` from it here.
 * - Options: cluster mt1, the host rules of §7 (`resolveSocketOptions`), WebSocket transports only, stats off,
 *   the §9 timers, and channel authorisation at `<api base>/broadcasting/auth` (form-encoded socket_id and
 *   channel_name) with the headers `authHeaders()` gave when the connection was created: the token never enters
 *   a machine.
 * - One identity per connection: the headers are read once, when the connection is created, and every channel
 *   on it (re-subscriptions after a reconnect included) is asked for with them. A token stored later takes effect
 *   when the connection is re-created (`connection.credentialsChanged`), never on the channels the previous
 *   identity joined (a guest's channel is never asked for with the player's token).
 * - One pusher-js client at a time per `createPusherRealtime()`: a re-created connection (credentials change)
 *   moves every live subscription to the new client. Two subscriptions of one channel share it (ref-counted).
 * - Channel events are parsed with zod; invalid payloads are dropped silently (§8) and counted.
 */
import type PusherClient from 'pusher-js';
import type { Channel, Options } from 'pusher-js';
import { fromCallback } from 'xstate';
import type { EventObject } from 'xstate';
import type * as EventSchemasModule from './events';
import type {
  RealtimeEventName,
  SubscriptionInput,
  SubscriptionReport,
} from '../../../machines/realtime/channel.types';
import type {
  PusherCommand,
  PusherConnectionInput,
  PusherConnectionState,
  PusherReport,
} from '../../../machines/realtime/connection.types';
import { resolveSocketOptions } from './socket-options';

/** §9 Real-time constants, handed to pusher-js. */
export const PUSHER_ACTIVITY_TIMEOUT_MS = 120_000;
export const PUSHER_PONG_TIMEOUT_MS = 30_000;
export const PUSHER_UNAVAILABLE_TIMEOUT_MS = 10_000;
/** §7: cluster mt1 (pusher-js requires one; with `wsHost` set it only names the stats/sockjs hosts we disable). */
export const PUSHER_CLUSTER = 'mt1';

export type PusherConstructor = (new (key: string, options: Options) => PusherClient) & { instances?: PusherClient[] };

export interface PusherTimeouts {
  activityTimeout: number;
  pongTimeout: number;
  unavailableTimeout: number;
}

export interface PusherRealtimeOptions {
  /** Headers for `/broadcasting/auth` (see `realtimeAuthHeaders`), read when each connection is created. */
  authHeaders: () => Record<string, string>;
  /** How pusher-js is loaded; default: the lazy `import('pusher-js')`. */
  load?: () => Promise<PusherConstructor>;
  /** Called for each payload dropped by its schema (never with the payload itself). */
  onInvalidPayload?: (info: { channel: string; event: RealtimeEventName }) => void;
  /** pusher-js timers; default the §9 constants. */
  timeouts?: Partial<PusherTimeouts>;
}

export interface PusherRealtime {
  /** For `connectionMachine.provide({ actors: { pusherConnection } })`. */
  pusherConnection: ReturnType<typeof fromCallback<PusherCommand, PusherConnectionInput>>;
  /** For `channelMachine.provide({ actors: { subscription } })`. */
  subscription: ReturnType<typeof fromCallback<EventObject, SubscriptionInput>>;
  /** Payloads dropped because they failed their schema, since creation. */
  invalidPayloadCount(): number;
  /** The current pusher-js client, once loaded (diagnostics and tests). */
  currentClient(): PusherClient | undefined;
}

/**
 * The adapter as `createPusherRealtime` makes it: also one subscription as a plain function, for a stand-in actor
 * that runs it once this module is loaded (src/app/live.ts: the adapter is not in the first load).
 */
export interface LoadedPusherRealtime extends PusherRealtime {
  subscribe(input: SubscriptionInput, sendBack: (event: SubscriptionReport) => void): () => void;
}

/**
 * The event schemas (zod) load with pusher-js, not with the page: they matter only
 * once a message arrives. One promise, so messages are parsed in arrival order.
 */
type EventSchemas = typeof EventSchemasModule;
let eventSchemas: EventSchemas | undefined;
let eventSchemasLoading: Promise<EventSchemas> | undefined;
export const loadEventSchemas = (): Promise<EventSchemas> =>
  (eventSchemasLoading ??= import('./events').then((m) => (eventSchemas = m)));

/** The lazy load: a separate chunk in the browser build, the Node build under Node. */
export async function loadPusher(): Promise<PusherConstructor> {
  void loadEventSchemas();
  const mod: unknown = await import('pusher-js');
  return pickConstructor(mod);
}

/** ESM, CJS and UMD builds expose the class as the module, its `default`, or `default.default`. */
export function pickConstructor(mod: unknown): PusherConstructor {
  let candidate: unknown = mod;
  for (let i = 0; i < 3; i++) {
    if (typeof candidate === 'function') return candidate as PusherConstructor;
    candidate = (candidate as { default?: unknown } | null)?.default;
  }
  throw new Error('pusher-js did not export a constructor');
}

export function authEndpoint(apiBaseUrl: string): string {
  return `${apiBaseUrl.replace(/\/+$/, '')}/broadcasting/auth`;
}

/** The pusher-js options for one connection (pure: tests read them). */
export function pusherOptions(
  input: PusherConnectionInput,
  authHeaders: () => Record<string, string>,
  timeouts: Partial<PusherTimeouts> = {},
): Options {
  const { host } = input;
  const socket = resolveSocketOptions(host.pageHostname, host.pageProtocol, {
    ...(host.wsHost !== undefined ? { wsHost: host.wsHost } : {}),
    ...(host.brandIp !== undefined ? { brandIp: host.brandIp } : {}),
    ...(host.wsPort !== undefined ? { port: host.wsPort } : {}),
  });
  return {
    cluster: PUSHER_CLUSTER,
    wsHost: socket.wsHost,
    wsPort: socket.wsPort,
    wssPort: socket.wssPort,
    forceTLS: socket.forceTLS,
    enabledTransports: socket.enabledTransports,
    disableStats: true,
    activityTimeout: timeouts.activityTimeout ?? PUSHER_ACTIVITY_TIMEOUT_MS,
    pongTimeout: timeouts.pongTimeout ?? PUSHER_PONG_TIMEOUT_MS,
    unavailableTimeout: timeouts.unavailableTimeout ?? PUSHER_UNAVAILABLE_TIMEOUT_MS,
    channelAuthorization: {
      endpoint: authEndpoint(host.apiBaseUrl),
      transport: 'ajax',
      headersProvider: authHeaders,
    },
  };
}

/** The machine event for a pusher-js state, or undefined for `initialized`. */
export function reportForState(
  state: PusherConnectionState | string,
  socketId: string | undefined,
): PusherReport | undefined {
  switch (state) {
    case 'connecting':
      return { type: 'pusher.connecting' };
    case 'connected':
      return { type: 'pusher.connected', socketId: socketId ?? '' };
    case 'unavailable':
      return { type: 'pusher.unavailable' };
    case 'failed':
      return { type: 'pusher.failed' };
    case 'disconnected':
      return { type: 'pusher.disconnected' };
    default:
      return undefined;
  }
}

/** pusher-js connection `error`: `{type:'PusherError', data:{code}}` carries a protocol code; others do not. */
export function errorCode(error: unknown): number | null {
  const code = (error as { data?: { code?: unknown } } | null | undefined)?.data?.code;
  return typeof code === 'number' ? code : null;
}

/** `pusher:subscription_error` data: `{type:'AuthError', error, status}` (status missing for network errors). */
export function refusalStatus(error: unknown): number | null {
  const status = (error as { status?: unknown } | null | undefined)?.status;
  return typeof status === 'number' ? status : null;
}

interface Attachment {
  attach(client: PusherClient): void;
  /** `replaced`: the client is going away (re-created or stopped), not this subscription. */
  detach(replaced: boolean): void;
}

/** The current client and the subscriptions riding on it. */
class Hub {
  private client: PusherClient | undefined;
  private readonly attachments = new Set<Attachment>();
  private readonly refs = new WeakMap<PusherClient, Map<string, number>>();

  current(): PusherClient | undefined {
    return this.client;
  }

  setClient(client: PusherClient): void {
    if (this.client) this.clearClient(this.client);
    this.client = client;
    for (const a of this.attachments) a.attach(client);
  }

  clearClient(client: PusherClient): void {
    if (this.client !== client) return;
    for (const a of this.attachments) a.detach(true);
    this.client = undefined;
  }

  add(a: Attachment): void {
    this.attachments.add(a);
    if (this.client) a.attach(this.client);
  }

  remove(a: Attachment): void {
    if (!this.attachments.delete(a)) return;
    if (this.client) a.detach(false);
  }

  acquire(client: PusherClient, name: string): Channel {
    const refs = this.refs.get(client) ?? new Map<string, number>();
    this.refs.set(client, refs);
    refs.set(name, (refs.get(name) ?? 0) + 1);
    return client.subscribe(name);
  }

  release(client: PusherClient, name: string, unsubscribe: boolean): void {
    const refs = this.refs.get(client);
    const count = (refs?.get(name) ?? 1) - 1;
    if (count > 0) {
      refs?.set(name, count);
      return;
    }
    refs?.delete(name);
    if (unsubscribe) client.unsubscribe(name);
  }
}

export function createPusherRealtime(options: PusherRealtimeOptions): LoadedPusherRealtime {
  const hub = new Hub();
  const load = options.load ?? loadPusher;
  let invalid = 0;

  const pusherConnection = fromCallback<PusherCommand, PusherConnectionInput>(({ input, sendBack, receive }) => {
    // This connection's identity: the credentials stored now. Behind a function, never in the options object.
    const identity = options.authHeaders();
    const identityHeaders = () => ({ ...identity });
    let stopped = false;
    let loading = false;
    let kicking = false;
    const report = (event: PusherReport) => {
      if (!stopped) sendBack(event);
    };
    let Ctor: PusherConstructor | undefined;
    let client: PusherClient | undefined;

    const onStateChange = ({ current }: { current: string }) => {
      if (kicking) return;
      const event = reportForState(current, client?.connection.socket_id);
      if (event) report(event);
    };
    const onError = (error: unknown) => report({ type: 'pusher.error', code: errorCode(error) });

    const create = () => {
      loading = true;
      load().then(
        (loaded) => {
          loading = false;
          if (stopped) return;
          Ctor = loaded;
          client = new loaded(input.key, pusherOptions(input, identityHeaders, options.timeouts));
          client.connection.bind('state_change', onStateChange);
          client.connection.bind('error', onError);
          hub.setClient(client);
          // The constructor may already have started connecting, before anything was bound.
          const initial = reportForState(client.connection.state, client.connection.socket_id);
          if (initial) report(initial);
        },
        () => {
          loading = false;
          // The chunk did not load (offline?): report a close pusher-js will not retry, so the machine's
          // backoff asks again with `connection.reconnect`.
          report({ type: 'pusher.disconnected' });
        },
      );
    };

    receive((command) => {
      if (command.type !== 'connection.reconnect') return;
      if (!client) {
        if (!loading) create();
        return;
      }
      const before = client.connection.state;
      if (before === 'connected') return;
      if (before !== 'connecting' && before !== 'unavailable') {
        client.connect();
        return;
      }
      // A stalled attempt: pusher-js would wait for its attempt timeout (15–60 s) even though the socket
      // already failed. Start a fresh one; the machine does not need to see the disconnected in between.
      kicking = true;
      try {
        client.disconnect();
        client.connect();
      } finally {
        kicking = false;
      }
      if (client.connection.state !== before) onStateChange({ current: client.connection.state });
    });

    create();

    return () => {
      stopped = true;
      if (!client) return;
      client.connection.unbind('state_change', onStateChange);
      client.connection.unbind('error', onError);
      hub.clearClient(client);
      client.disconnect();
      if (Ctor?.instances) Ctor.instances = Ctor.instances.filter((c) => c !== client);
    };
  });

  /** One subscription: `sendBack` hears its reports until the returned stop. */
  const subscribe = (input: SubscriptionInput, sendBack: (event: SubscriptionReport) => void): (() => void) => {
    let active = true;
    const report = (event: SubscriptionReport) => {
      if (active) sendBack(event);
    };
    let unbind: ((replaced: boolean) => void) | undefined;

    const attachment: Attachment = {
      attach(client) {
        const channel = hub.acquire(client, input.channel);
        const onSucceeded = () => report({ type: 'channel.subscribed' });
        const onRefused = (error: unknown) => report({ type: 'channel.refused', status: refusalStatus(error) });
        const onState = ({ current }: { current: string }) => {
          // pusher-js marks every channel unsubscribed on these and re-subscribes once connected.
          if (current === 'connecting' || current === 'disconnected') report({ type: 'channel.lost' });
        };
        const handlers = input.events.map((name) => {
          const handle = ({ parseRealtimeMessage }: EventSchemas, data: unknown) => {
            const message = parseRealtimeMessage(name, data);
            if (message) {
              report({ type: 'channel.received', message });
              return;
            }
            invalid += 1;
            options.onInvalidPayload?.({ channel: input.channel, event: name });
            report({ type: 'channel.dropped', event: name });
          };
          const handler = (data: unknown) => {
            if (eventSchemas) handle(eventSchemas, data);
            else void loadEventSchemas().then((schemas) => handle(schemas, data));
          };
          channel.bind(name, handler);
          return [name, handler] as const;
        });
        channel.bind('pusher:subscription_succeeded', onSucceeded);
        channel.bind('pusher:subscription_error', onRefused);
        client.connection.bind('state_change', onState);
        unbind = (replaced) => {
          for (const [name, handler] of handlers) channel.unbind(name, handler);
          channel.unbind('pusher:subscription_succeeded', onSucceeded);
          channel.unbind('pusher:subscription_error', onRefused);
          client.connection.unbind('state_change', onState);
          hub.release(client, input.channel, !replaced);
        };
        if (channel.subscribed) report({ type: 'channel.subscribed' });
      },
      detach(replaced) {
        unbind?.(replaced);
        unbind = undefined;
        if (replaced) report({ type: 'channel.lost' });
      },
    };

    hub.add(attachment);
    return () => {
      active = false;
      hub.remove(attachment);
    };
  };
  const subscription = fromCallback<EventObject, SubscriptionInput>(({ input, sendBack }) =>
    subscribe(input, sendBack),
  );

  return {
    pusherConnection,
    subscription,
    subscribe,
    invalidPayloadCount: () => invalid,
    currentClient: () => hub.current(),
  };
}
