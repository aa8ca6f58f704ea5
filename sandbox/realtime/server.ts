/**
 * The sandbox's Pusher Channels (protocol 7) server, on node:http and ws, for the real pusher-js client and
 * the official `pusher` server SDK (spec §7: local port 6001).
 *
 * - WebSocket side at `/app/{key}?protocol=7`: handshake (4001 unknown key, 4005 bad path, 4007/4008 protocol),
 *   public, private and presence channels with constant-time signature checks, presence members counted per
 *   user_id, client events (private/presence only, never echoed, rate limited with a 4301 message), ping/pong
 *   both ways and a 4201 close for clients that stop answering. See ./connection.ts.
 * - HTTP API under `/apps/{id}` with request signatures, plus `GET /` and `/health`. See ./http-api.ts.
 *
 * Secrets, auth strings and request signatures are never logged. Test hooks: closeSockets, closeSocket.
 */
import { randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { ChannelRegistry, type PresenceMember } from './channels';
import { Connection } from './connection';
import type { AppCredentials, ConnectionSettings } from './connection';
import { MAX_REQUEST_BYTES, handleApiRequest } from './http-api';
import type { ApiApp } from './http-api';
import { ErrorCode, PROTOCOL_VERSION, encodeError } from './protocol';

export type { AppCredentials } from './connection';

export interface RealtimeServerOptions {
  /** Interface to bind; default 127.0.0.1 (loopback only). */
  host?: string;
  /** 0 picks a free port. */
  port: number;
  apps: AppCredentials[];
  /** Sent in the handshake, in seconds; default 120 (Pusher's value). */
  activityTimeoutSec?: number;
  /** Wait for any message after the server's own ping before closing with 4201; default 30000. */
  pongTimeoutMs?: number;
  /** Client silence before the server pings it; default activityTimeoutSec × 1000. */
  serverPingIntervalMs?: number;
  /** Client events accepted per socket and second before `pusher:error` 4301; default 10 (Pusher's). */
  clientEventsPerSecond?: number;
  logger?: (line: string) => void;
}

export interface RealtimeServer {
  port: number;
  /** Base URL, e.g. http://127.0.0.1:6001 (the WebSocket side is the same origin with ws:). */
  url: string;
  close(): Promise<void>;
  /** Test hook: closes every client socket with that code (1006: drops them without a close frame). */
  closeSockets(code: number, reason?: string): void;
  /** Test hook: closes one client socket; false when no such socket_id is open. */
  closeSocket(socketId: string, code: number, reason?: string): boolean;
  connectionCount(): number;
  /**
   * Ends every subscription the predicate picks, on every socket (presence members leave, the others are told).
   * Used when the platform stops authorising someone (a self-exclusion starts). Returns how many were ended.
   */
  evict(match: (channel: string, member: PresenceMember | undefined) => boolean): number;
}

type HandshakeResult = { app: ApiApp } | { code: number; message: string };

export async function startRealtimeServer(opts: RealtimeServerOptions): Promise<RealtimeServer> {
  const host = opts.host ?? '127.0.0.1';
  const log = opts.logger ?? (() => undefined);
  const settings = connectionSettings(opts);
  const apps: ApiApp[] = opts.apps.map((credentials) => ({ credentials, registry: new ChannelRegistry() }));
  const connections = new Map<string, Connection>();
  const nextSocketId = socketIdGenerator();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_REQUEST_BYTES });
  const apiContext = { appById: (id: string) => apps.find((app) => app.credentials.appId === id), log };
  const httpServer = createServer((req, res) => void handleApiRequest(req, res, apiContext));

  const accept = (ws: WebSocket, url: string): void => {
    ws.on('error', (error) => log(`socket error: ${error.message}`));
    const result = handshake(url, apps);
    if ('code' in result) {
      log(`refused code=${result.code} url=${url}`);
      ws.send(encodeError(result.code, result.message));
      ws.close(result.code, result.message);
      return;
    }
    const socketId = nextSocketId();
    log(`open socket_id=${socketId} app=${result.app.credentials.appId} url=${url}`);
    const { credentials: app, registry } = result.app;
    connections.set(socketId, new Connection(ws, { app, registry, socketId, settings, log }));
    ws.on('close', () => connections.delete(socketId));
  };
  httpServer.on('upgrade', (req, socket, head) => {
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, req.url ?? '/'));
  });

  await listen(httpServer, host, opts.port);
  const { port } = httpServer.address() as AddressInfo;
  log(`listening on ${host}:${port}`);
  return {
    port,
    url: `http://${host}:${port}`,
    close: () => shutdown(httpServer, wss),
    closeSockets: (code, reason) => {
      for (const connection of connections.values()) connection.close(code, reason);
    },
    closeSocket: (socketId, code, reason) => {
      const connection = connections.get(socketId);
      connection?.close(code, reason);
      return connection !== undefined;
    },
    connectionCount: () => connections.size,
    evict: (match) => {
      let ended = 0;
      for (const connection of connections.values()) ended += connection.evict(match).length;
      return ended;
    },
  };
}

function connectionSettings(opts: RealtimeServerOptions): ConnectionSettings {
  const activityTimeoutSec = opts.activityTimeoutSec ?? 120;
  if (!(activityTimeoutSec > 0)) throw new Error('activityTimeoutSec must be positive (pusher-js refuses 0)');
  return {
    activityTimeoutSec,
    serverPingIntervalMs: opts.serverPingIntervalMs ?? activityTimeoutSec * 1000,
    pongTimeoutMs: opts.pongTimeoutMs ?? 30_000,
    clientEventsPerSecond: opts.clientEventsPerSecond ?? 10,
  };
}

/** Checks `/app/{key}?protocol=7…` and finds the app. */
function handshake(url: string, apps: ApiApp[]): HandshakeResult {
  const parsed = new URL(url, 'http://localhost');
  const key = /^\/app\/([^/]+)$/.exec(parsed.pathname)?.[1];
  if (key === undefined) return { code: ErrorCode.pathNotFound, message: 'Path not found: expected /app/{key}' };
  const app = apps.find((candidate) => candidate.credentials.key === decodeURIComponent(key));
  if (!app) return { code: ErrorCode.appNotFound, message: 'Application does not exist' };
  const protocol = parsed.searchParams.get('protocol');
  if (protocol === null || protocol === '')
    return { code: ErrorCode.noProtocol, message: 'No protocol version supplied' };
  if (protocol !== String(PROTOCOL_VERSION)) {
    return {
      code: ErrorCode.unsupportedProtocol,
      message: `Unsupported protocol version ${protocol}; this server speaks 7`,
    };
  }
  return { app };
}

/** Unique socket ids of the form `^\d+\.\d+$`: a random part per id and a per-server sequence. */
function socketIdGenerator(): () => string {
  let sequence = 0;
  return () => {
    sequence += 1;
    return `${randomInt(1, 1_000_000_000)}.${sequence}`;
  };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

async function shutdown(httpServer: Server, wss: WebSocketServer): Promise<void> {
  for (const ws of wss.clients) ws.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  httpServer.closeAllConnections();
  await new Promise<void>((resolve, reject) => httpServer.close((error) => (error ? reject(error) : resolve())));
}
