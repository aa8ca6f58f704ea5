/**
 * Types of the live connection machine (spec §4 Real-time connection, §7 Live channels, §9 Real-time).
 *
 * No token or guest id ever appears here: QA's inspector sees context and events. The adapter reads the
 * credentials itself (its `authHeaders` provider) on each channel authorisation; the machine only counts
 * credential changes (`credentialsVersion`) so that a change re-creates the connection.
 */

/** The states pusher-js reports, mirrored one to one (spec §4). */
export type PusherConnectionState =
  'initialized' | 'connecting' | 'connected' | 'unavailable' | 'failed' | 'disconnected';

/** Where the live connection goes. Plain data from the page and the brand's settings (spec §7 Connection). */
export interface RealtimeHostConfig {
  /** The page's hostname (`location.hostname`). */
  pageHostname: string;
  /** The page's protocol, `https:` or `http:` (`location.protocol`). */
  pageProtocol: string;
  /** The socket host; defaults to the page's hostname. */
  wsHost?: string;
  /** The brand's IP address, which counts as a local host (§7 "{ip}"). */
  brandIp?: string;
  /** A port of its own (a sandbox on another port, tests); otherwise §7: 6001 locally, else ws 80 / wss 443. */
  wsPort?: number;
  /** The platform's API base URL; channels are authorised at `${apiBaseUrl}/broadcasting/auth`. */
  apiBaseUrl: string;
}

export interface ConnectionInput {
  /** The Pusher app key (public). */
  key: string;
  host: RealtimeHostConfig;
}

/** Input of the `pusherConnection` actor: one pusher-js client per credentials version. */
export interface PusherConnectionInput extends ConnectionInput {
  credentialsVersion: number;
}

/** What the adapter reports (pusher-js `state_change` and `error`). */
export type PusherReport =
  | { type: 'pusher.connecting' }
  | { type: 'pusher.connected'; socketId: string }
  | { type: 'pusher.unavailable' }
  | { type: 'pusher.failed' }
  | { type: 'pusher.disconnected' }
  /** `pusher:error` code (4xxx), or null for socket errors; handled silently (§8), kept for QA. */
  | { type: 'pusher.error'; code: number | null };

/** What the machine asks of the `pusherConnection` actor. */
export type PusherCommand = { type: 'connection.reconnect' };

/** What the app sends. */
export type ConnectionCommandEvent =
  /** The token changed (sign-in, sign-out, renewal): re-create the connection (spec §4 Session). */
  | { type: 'connection.credentialsChanged' }
  /** Disconnect for good (the app is shutting the live connection down). */
  | { type: 'connection.stop' };

export type ConnectionEvent = PusherReport | ConnectionCommandEvent;

export interface ConnectionContext {
  key: string;
  host: RealtimeHostConfig;
  /** Goes up by one on each `connection.credentialsChanged`; the pusher-js client is re-created. */
  credentialsVersion: number;
  /** Fresh attempts we asked for since the last `connected`; the backoff grows with it. */
  retries: number;
  /**
   * Live updates stopped and have not resumed: set when leaving `connected` or on unavailable, failed or
   * disconnected; cleared on connected and on a credentials change. `connecting` then means "reconnecting".
   */
  interrupted: boolean;
  socketId: string | null;
  /** Last `pusher:error` code seen, for QA (errors are silent for the player, §8). */
  lastErrorCode: number | null;
}
