/**
 * The Pusher Channels HTTP API as the `pusher` server SDK calls it: signed requests under /apps/{id}
 * (events, batch_events, channel queries), plus an unsigned health check on / and /health.
 * Statuses: 401 bad auth, 404 unknown app or route, 400 bad input, 413 oversize.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChannelRegistry } from './channels';
import type { AppCredentials } from './connection';
import {
  MAX_EVENT_DATA_BYTES,
  MAX_EVENT_NAME_LENGTH,
  channelKind,
  channelNameProblem,
  encodeFrame,
  isSocketId,
} from './protocol';
import { apiRequestAuthProblem } from './signature';

export interface ApiApp {
  credentials: AppCredentials;
  registry: ChannelRegistry;
}

export interface ApiContext {
  appById(appId: string): ApiApp | undefined;
  log(line: string): void;
}

export const MAX_REQUEST_BYTES = 256 * 1024;
const MAX_CHANNELS_PER_EVENT = 100;
const MAX_BATCH_SIZE = 10;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface EventRequest {
  name: string;
  data: string;
  channels: string[];
  socketId: string | undefined;
  info: string[];
}

interface ChannelAttributes {
  user_count?: number;
  subscription_count?: number;
}

export async function handleApiRequest(req: IncomingMessage, res: ServerResponse, ctx: ApiContext): Promise<void> {
  const method = req.method ?? 'GET';
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  let status = 200;
  let reply: unknown;
  try {
    reply = await route(req, method, path, ctx);
  } catch (error) {
    status = error instanceof HttpError ? error.status : 500;
    reply = { error: error instanceof HttpError ? error.message : 'Internal error' };
  }
  ctx.log(`http ${method} ${path} -> ${status}`);
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(reply));
}

/** `path` is the raw request path: the SDK signs it as sent. */
async function route(req: IncomingMessage, method: string, path: string, ctx: ApiContext): Promise<unknown> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (method === 'GET' && (path === '/' || path === '/health')) return { health: 'OK' };
  const match = /^\/apps\/([^/]+)(\/.*)?$/.exec(path);
  if (!match?.[1]) throw new HttpError(404, 'Not found');
  const app = ctx.appById(decodeURIComponent(match[1]));
  if (!app) throw new HttpError(404, 'Unknown app');
  const body = await readBody(req);
  const authProblem = apiRequestAuthProblem(app.credentials, { method, path, query: url.searchParams, body });
  if (authProblem) throw new HttpError(401, authProblem);
  return dispatch(app.registry, method, match[2] ?? '', url.searchParams, body);
}

function dispatch(
  registry: ChannelRegistry,
  method: string,
  subpath: string,
  query: URLSearchParams,
  body: string,
): unknown {
  if (method === 'POST' && subpath === '/events') return triggerEvent(registry, parseJson(body));
  if (method === 'POST' && subpath === '/batch_events') return triggerBatch(registry, parseJson(body));
  if (method === 'GET' && subpath === '/channels') return listChannels(registry, query);
  const channelMatch = /^\/channels\/([^/]+)(\/users)?$/.exec(subpath);
  if (method === 'GET' && channelMatch?.[1]) {
    const name = checkedChannelName(decodeURIComponent(channelMatch[1]));
    return channelMatch[2] ? channelUsers(registry, name) : channelState(registry, name, query);
  }
  throw new HttpError(404, 'Not found');
}

function triggerEvent(registry: ChannelRegistry, body: unknown): unknown {
  const event = parseEvent(body);
  publish(registry, event);
  if (event.info.length === 0) return {};
  const channels = Object.fromEntries(
    event.channels.map((name) => [name, channelAttributes(registry, name, event.info)]),
  );
  return { channels };
}

function triggerBatch(registry: ChannelRegistry, body: unknown): unknown {
  const batch = asObject(body).batch;
  if (!Array.isArray(batch) || batch.length === 0) throw new HttpError(400, 'batch must be a non-empty array');
  if (batch.length > MAX_BATCH_SIZE) throw new HttpError(400, `batch holds more than ${MAX_BATCH_SIZE} events`);
  const events = batch.map(parseEvent);
  for (const event of events) publish(registry, event);
  if (events.every((event) => event.info.length === 0)) return {};
  return { batch: events.map((event) => channelAttributes(registry, event.channels[0] ?? '', event.info)) };
}

function listChannels(registry: ChannelRegistry, query: URLSearchParams): unknown {
  const prefix = query.get('filter_by_prefix') ?? '';
  const info = parseInfo(query.get('info') ?? undefined);
  if (info.includes('user_count') && !prefix.startsWith('presence-')) {
    throw new HttpError(400, 'info=user_count needs filter_by_prefix=presence-');
  }
  return {
    channels: Object.fromEntries(registry.names(prefix).map((name) => [name, channelAttributes(registry, name, info)])),
  };
}

function channelState(registry: ChannelRegistry, name: string, query: URLSearchParams): unknown {
  const info = parseInfo(query.get('info') ?? undefined);
  if (info.includes('user_count') && channelKind(name) !== 'presence') {
    throw new HttpError(400, 'user_count is only available on presence channels');
  }
  return { occupied: registry.subscriptionCount(name) > 0, ...channelAttributes(registry, name, info) };
}

function channelUsers(registry: ChannelRegistry, name: string): unknown {
  if (channelKind(name) !== 'presence') throw new HttpError(400, 'users are only available on presence channels');
  return { users: registry.userIds(name).map((id) => ({ id })) };
}

function publish(registry: ChannelRegistry, event: EventRequest): void {
  for (const channel of event.channels) {
    registry.broadcast(channel, encodeFrame({ event: event.name, channel, data: event.data }), event.socketId);
  }
}

function channelAttributes(registry: ChannelRegistry, name: string, info: string[]): ChannelAttributes {
  const attributes: ChannelAttributes = {};
  if (info.includes('user_count') && channelKind(name) === 'presence') attributes.user_count = registry.userCount(name);
  if (info.includes('subscription_count')) attributes.subscription_count = registry.subscriptionCount(name);
  return attributes;
}

/** One event of POST /events (`channels` or `channel`) or of a batch (`channel`). */
function parseEvent(value: unknown): EventRequest {
  const body = asObject(value);
  const { name, data } = body;
  if (typeof name !== 'string' || name === '') throw new HttpError(400, 'name is required');
  if (name.length > MAX_EVENT_NAME_LENGTH)
    throw new HttpError(400, `name is longer than ${MAX_EVENT_NAME_LENGTH} characters`);
  if (typeof data !== 'string') throw new HttpError(400, 'data must be a string');
  if (Buffer.byteLength(data) > MAX_EVENT_DATA_BYTES)
    throw new HttpError(413, `data is larger than ${MAX_EVENT_DATA_BYTES} bytes`);
  const socketId = body.socket_id;
  if (socketId !== undefined && !isSocketId(socketId)) throw new HttpError(400, 'socket_id is invalid');
  const info = typeof body.info === 'string' ? body.info : undefined;
  return { name, data, channels: parseChannels(body), socketId, info: parseInfo(info) };
}

function parseChannels(body: Record<string, unknown>): string[] {
  const channels: unknown = Array.isArray(body.channels)
    ? body.channels
    : body.channel === undefined
      ? []
      : [body.channel];
  if (!Array.isArray(channels) || channels.length === 0) throw new HttpError(400, 'channels is required');
  if (channels.length > MAX_CHANNELS_PER_EVENT)
    throw new HttpError(400, `more than ${MAX_CHANNELS_PER_EVENT} channels`);
  return channels.map(checkedChannelName);
}

function checkedChannelName(name: unknown): string {
  const problem = channelNameProblem(name);
  if (problem) throw new HttpError(400, problem);
  return name as string;
}

function parseInfo(info: string | undefined): string[] {
  return (info ?? '')
    .split(',')
    .map((attribute) => attribute.trim())
    .filter(Boolean);
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new HttpError(400, 'Body is not valid JSON');
  }
}

function asObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpError(400, 'Body must be a JSON object');
  return value as Record<string, unknown>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_REQUEST_BYTES) chunks.push(chunk);
  }
  if (size > MAX_REQUEST_BYTES) throw new HttpError(413, `Request body is larger than ${MAX_REQUEST_BYTES} bytes`);
  return Buffer.concat(chunks).toString('utf8');
}
