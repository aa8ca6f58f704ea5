/**
 * Test support for the realtime server: polling, a Laravel-style `/broadcasting/auth` endpoint, a pool of real
 * pusher-js clients (all disconnected by `disconnectAll`), raw `ws` clients for exact frames, and signed HTTP API
 * requests built by hand. Loopback only.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Pusher from 'pusher-js';
import type { Channel, ChannelAuthorizationHandler, Options } from 'pusher-js';
import { WebSocket } from 'ws';
import { md5Hex, signApiRequest, signChannelAuth } from './signature';

export const LOOPBACK = '127.0.0.1';
export const TEST_APP = { appId: '1001', key: 'conformance-key', secret: 'conformance-secret' };

type Probe<T> = () => T | undefined | null | false | Promise<T | undefined | null | false>;

/** Polls until the probe returns a truthy value (returned), or fails after timeoutMs. */
export async function waitFor<T>(probe: Probe<T>, what = 'condition', timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(15);
  }
}

/** Only for asserting that something does NOT happen within a window. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------------------------------------------------
// Laravel-style channel authorisation endpoint
// ---------------------------------------------------------------------------------------------------------

export interface AuthRequest {
  socketId: string;
  channelName: string;
  contentType: string | undefined;
  headers: IncomingHttpHeaders;
  /** channel_data returned for presence channels, exactly as signed. */
  channelData?: string;
}

export interface AuthEndpoint {
  url: string;
  requests: AuthRequest[];
  close(): Promise<void>;
}

/**
 * POST form-encoded `socket_id` and `channel_name`. The "signed-in user" comes from the `x-user-id` and
 * `x-user-name` headers; `x-refuse: 403` makes it answer that status instead.
 */
export async function startAuthEndpoint(app: { key: string; secret: string }): Promise<AuthEndpoint> {
  const requests: AuthRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const request: AuthRequest = {
        socketId: form.get('socket_id') ?? '',
        channelName: form.get('channel_name') ?? '',
        contentType: req.headers['content-type'],
        headers: req.headers,
      };
      requests.push(request);
      const refuse = Number(req.headers['x-refuse'] ?? 0);
      if (refuse) {
        res.writeHead(refuse, { 'content-type': 'application/json' }).end('{"message":"Forbidden"}');
        return;
      }
      if (request.channelName.startsWith('presence-')) {
        request.channelData = JSON.stringify({
          user_id: req.headers['x-user-id'],
          user_info: { name: req.headers['x-user-name'] },
        });
      }
      const auth = signChannelAuth(app, request.socketId, request.channelName, request.channelData);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ auth, ...(request.channelData ? { channel_data: request.channelData } : {}) }));
    });
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://${LOOPBACK}:${port}/broadcasting/auth`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  return (server.address() as AddressInfo).port;
}

// ---------------------------------------------------------------------------------------------------------
// pusher-js clients
// ---------------------------------------------------------------------------------------------------------

export interface ClientOptions {
  key?: string;
  port?: number;
  userId?: string;
  userName?: string;
  headers?: Record<string, string>;
  customHandler?: ChannelAuthorizationHandler;
  activityTimeout?: number;
  pongTimeout?: number;
}

export interface PusherFrame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

export interface TestClient {
  pusher: Pusher;
  /** Every message pusher-js received on this client, in order, across reconnects. */
  messages: PusherFrame[];
  /** Connection states, in order. */
  states: string[];
}

/** Creates real pusher-js clients (Node build, ws only, loopback) and disconnects them all at the end. */
export class ClientPool {
  private readonly clients: TestClient[] = [];

  constructor(private readonly defaults: () => { port: number; authUrl: string }) {}

  create(opts: ClientOptions = {}): TestClient {
    const { port, authUrl } = this.defaults();
    const headers = {
      ...(opts.userId ? { 'x-user-id': opts.userId, 'x-user-name': opts.userName ?? `User ${opts.userId}` } : {}),
      ...opts.headers,
    };
    const options: Options = {
      cluster: 'local',
      wsHost: LOOPBACK,
      wsPort: opts.port ?? port,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      channelAuthorization: opts.customHandler
        ? { customHandler: opts.customHandler }
        : { endpoint: authUrl, transport: 'ajax', headers },
      ...(opts.activityTimeout ? { activityTimeout: opts.activityTimeout } : {}),
      ...(opts.pongTimeout ? { pongTimeout: opts.pongTimeout } : {}),
    };
    const client: TestClient = { pusher: new Pusher(opts.key ?? TEST_APP.key, options), messages: [], states: [] };
    client.pusher.connection.bind('message', (frame: PusherFrame) => client.messages.push(frame));
    client.pusher.connection.bind('state_change', ({ current }: { current: string }) => client.states.push(current));
    this.clients.push(client);
    return client;
  }

  disconnectAll(): void {
    for (const client of this.clients.splice(0)) client.pusher.disconnect();
  }
}

/** Waits for `connected` and returns the socket_id. */
export async function connected(client: TestClient): Promise<string> {
  const { connection } = client.pusher;
  return waitFor(() => connection.state === 'connected' && connection.socket_id, 'state connected');
}

/** Subscribes and resolves with the subscription_succeeded data (Members on presence channels). */
export function subscribe(client: TestClient, name: string): Promise<{ channel: Channel; data: unknown }> {
  const channel = client.pusher.subscribe(name);
  return new Promise((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', (data: unknown) => resolve({ channel, data }));
    channel.bind('pusher:subscription_error', (error: unknown) =>
      reject(new Error(`refused: ${JSON.stringify(error)}`)),
    );
  });
}

export interface Received {
  data: unknown;
  metadata: unknown;
}

/** Everything a channel emits under one event name, in order. */
export function record(channel: Channel, event: string): Received[] {
  const received: Received[] = [];
  channel.bind(event, (data: unknown, metadata: unknown) => received.push({ data, metadata }));
  return received;
}

// ---------------------------------------------------------------------------------------------------------
// Raw ws clients (exact frames)
// ---------------------------------------------------------------------------------------------------------

export type RawFrame = Record<string, unknown> & { event?: string };

export class RawClient {
  readonly frames: RawFrame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.frames.push(JSON.parse(data.toString()) as RawFrame));
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  static async open(url: string): Promise<RawClient> {
    const client = new RawClient(new WebSocket(url));
    await new Promise<void>((resolve, reject) => {
      client.ws.once('open', () => resolve());
      client.ws.once('error', reject);
    });
    return client;
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** The first frame with that event (and channel, if given) received so far or soon. */
  next(event: string, channel?: string): Promise<RawFrame> {
    const match = (frame: RawFrame) => frame.event === event && (channel === undefined || frame.channel === channel);
    return waitFor(() => this.frames.find(match), `raw frame ${event}`);
  }

  async socketId(): Promise<string> {
    const established = await this.next('pusher:connection_established');
    return (JSON.parse(established.data as string) as { socket_id: string }).socket_id;
  }

  close(): void {
    this.ws.terminate();
  }
}

export function rawUrl(port: number, key: string = TEST_APP.key, query = 'protocol=7&client=raw&version=1'): string {
  return `ws://${LOOPBACK}:${port}/app/${key}?${query}`;
}

// ---------------------------------------------------------------------------------------------------------
// Hand-signed HTTP API requests (for cases the SDK would never produce)
// ---------------------------------------------------------------------------------------------------------

export interface SignedRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Body the signature's body_md5 is computed over; defaults to `body`. */
  signedBody?: string;
  params?: Record<string, string>;
}

export function signedFetch(baseUrl: string, app: typeof TEST_APP, request: SignedRequest): Promise<Response> {
  const params: Record<string, string> = {
    auth_key: app.key,
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    ...request.params,
  };
  const signedBody = request.signedBody ?? request.body;
  if (signedBody) params.body_md5 = md5Hex(signedBody);
  params.auth_signature = signApiRequest(app.secret, request.method, request.path, Object.entries(params));
  const init: RequestInit = { method: request.method, headers: { 'content-type': 'application/json' } };
  if (request.body !== undefined) init.body = request.body;
  return fetch(`${baseUrl}${request.path}?${new URLSearchParams(params).toString()}`, init);
}
