import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Pusher channel authorisation signature (protocol 7):
 * `{key}:{hex HMAC-SHA256(secret, socket_id:channel[:channel_data])}`.
 * channel_data must be the exact string the client will send (never re-serialised).
 */
export function signChannelAuth(
  app: { key: string; secret: string },
  socketId: string,
  channelName: string,
  channelData?: string,
): string {
  const payload =
    channelData === undefined ? `${socketId}:${channelName}` : `${socketId}:${channelName}:${channelData}`;
  const digest = createHmac('sha256', app.secret).update(payload).digest('hex');
  return `${app.key}:${digest}`;
}

/** Constant-time check of an `auth` string as sent by a client in pusher:subscribe. */
export function verifyChannelAuth(
  app: { key: string; secret: string },
  auth: string,
  socketId: string,
  channelName: string,
  channelData?: string,
): boolean {
  const expected = Buffer.from(signChannelAuth(app, socketId, channelName, channelData));
  const given = Buffer.from(auth);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Pusher rejects HTTP API requests whose auth_timestamp is further than this from the server clock. */
export const API_TIMESTAMP_TOLERANCE_SEC = 600;

export interface ApiRequest {
  method: string;
  /** Path as sent, including `/apps/{id}` and any prefix. */
  path: string;
  query: URLSearchParams;
  /** Raw request body; empty for requests without one. */
  body: string;
}

/**
 * HTTP API request signature (auth_version 1.0): hex HMAC-SHA256(secret, "METHOD\nPATH\nQUERY"), where QUERY
 * is every parameter but auth_signature, keys lower-cased and sorted, joined as k=v&... and not URL-encoded.
 */
export function signApiRequest(
  secret: string,
  method: string,
  path: string,
  params: Iterable<[string, string]>,
): string {
  const query = [...params]
    .map(([key, value]): [string, string] => [key.toLowerCase(), value])
    .filter(([key]) => key !== 'auth_signature')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return createHmac('sha256', secret).update(`${method.toUpperCase()}\n${path}\n${query}`).digest('hex');
}

export function md5Hex(body: string): string {
  return createHash('md5').update(body, 'utf8').digest('hex');
}

/** Why an HTTP API request is not authentic, or undefined when it is. Constant-time on the signature. */
export function apiRequestAuthProblem(
  app: { key: string; secret: string },
  request: ApiRequest,
  nowSec: number = Date.now() / 1000,
): string | undefined {
  const { query } = request;
  if (query.get('auth_key') !== app.key) return 'Unknown auth_key';
  const timestamp = Number(query.get('auth_timestamp'));
  if (!Number.isFinite(timestamp) || Math.abs(nowSec - timestamp) > API_TIMESTAMP_TOLERANCE_SEC) {
    return 'auth_timestamp missing or too far from the server clock';
  }
  if (request.body.length > 0 && query.get('body_md5') !== md5Hex(request.body))
    return 'body_md5 does not match the body';
  const given = Buffer.from(query.get('auth_signature') ?? '');
  const expected = Buffer.from(signApiRequest(app.secret, request.method, request.path, query.entries()));
  return given.length === expected.length && timingSafeEqual(given, expected) ? undefined : 'Invalid auth_signature';
}
