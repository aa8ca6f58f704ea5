/**
 * Pusher Channels protocol 7: wire constants, frame encoding and channel naming rules.
 * Pure functions only; shared by the WebSocket side and the HTTP API of the sandbox server.
 */

export const PROTOCOL_VERSION = 7;

/** Close codes and `pusher:error` codes (see the protocol reference, "Errors"). */
export const ErrorCode = {
  appNotFound: 4001,
  pathNotFound: 4005,
  unsupportedProtocol: 4007,
  noProtocol: 4008,
  unauthorized: 4009,
  pongNotReceived: 4201,
  clientEventRateLimit: 4301,
} as const;

export const MAX_CHANNEL_NAME_LENGTH = 164;
export const MAX_EVENT_NAME_LENGTH = 200;
/** Pusher's limit for one event's data, in bytes. */
export const MAX_EVENT_DATA_BYTES = 10 * 1024;

const CHANNEL_NAME_CHARS = /^[A-Za-z0-9_\-=@,.;]+$/;
const SOCKET_ID = /^\d+\.\d+$/;

export type ChannelKind = 'public' | 'private' | 'encrypted' | 'presence';

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('private-encrypted-')) return 'encrypted';
  if (name.startsWith('private-')) return 'private';
  if (name.startsWith('presence-')) return 'presence';
  return 'public';
}

/** Why a channel name is unacceptable, or undefined when it is fine. */
export function channelNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.length === 0) return 'Channel name is missing';
  if (name.startsWith('#')) return 'Channel names beginning with # are reserved';
  if (name.length > MAX_CHANNEL_NAME_LENGTH) return `Channel name is longer than ${MAX_CHANNEL_NAME_LENGTH} characters`;
  if (!CHANNEL_NAME_CHARS.test(name)) return 'Channel name contains characters outside A-Z a-z 0-9 _ - = @ , . ;';
  return undefined;
}

export function isSocketId(value: unknown): value is string {
  return typeof value === 'string' && SOCKET_ID.test(value);
}

/** A frame as it travels on the socket. Server frames usually carry `data` as a JSON string. */
export interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

export function encodeFrame(frame: Frame): string {
  return JSON.stringify(frame);
}

/** `data` double-encoded: the JSON of the payload, carried as a string inside the frame. */
export function encodeEvent(event: string, payload: unknown, channel?: string): string {
  return encodeFrame({ event, ...(channel === undefined ? {} : { channel }), data: JSON.stringify(payload) });
}

/** `pusher:error` carries its data as an object, as Pusher Channels does. */
export function encodeError(code: number | null, message: string): string {
  return encodeFrame({ event: 'pusher:error', data: { code, message } });
}

/** Parses a client frame; undefined when it is not a JSON object with a string `event`. */
export function decodeFrame(raw: string): Frame | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const frame = parsed as Record<string, unknown>;
  if (typeof frame.event !== 'string') return undefined;
  if (frame.channel !== undefined && typeof frame.channel !== 'string') return undefined;
  return frame as unknown as Frame;
}

/** Data as sent to subscribers: strings unchanged, anything else as its JSON. */
export function dataAsString(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data ?? {});
}
