/**
 * One client WebSocket after a successful handshake: subscriptions (with signature checks), presence
 * membership, client events, ping/pong in both directions and the 4201 close of a silent client.
 */
import { WebSocket } from 'ws';
import type { RawData } from 'ws';
import type { ChannelRegistry, PresenceMember, Subscriber } from './channels';
import {
  ErrorCode,
  MAX_EVENT_DATA_BYTES,
  MAX_EVENT_NAME_LENGTH,
  channelKind,
  channelNameProblem,
  dataAsString,
  decodeFrame,
  encodeError,
  encodeEvent,
  encodeFrame,
} from './protocol';
import type { Frame } from './protocol';
import { verifyChannelAuth } from './signature';

export interface AppCredentials {
  appId: string;
  key: string;
  secret: string;
}

export interface ConnectionSettings {
  activityTimeoutSec: number;
  /** Silence from the client after which the server sends its own `pusher:ping`. */
  serverPingIntervalMs: number;
  /** How long the server waits for any message after that ping before closing with 4201. */
  pongTimeoutMs: number;
  clientEventsPerSecond: number;
}

export interface ConnectionContext {
  app: AppCredentials;
  registry: ChannelRegistry;
  socketId: string;
  settings: ConnectionSettings;
  log: (line: string) => void;
}

const PING = encodeFrame({ event: 'pusher:ping', data: {} });
const PONG = encodeFrame({ event: 'pusher:pong', data: {} });

type SubscriptionRefusal = { type: string; error: string; status: number };

export class Connection implements Subscriber {
  readonly socketId: string;
  private readonly channels = new Set<string>();
  private readonly idleTimer: NodeJS.Timeout;
  private pongTimer: NodeJS.Timeout | undefined;
  private rateWindowStart = 0;
  private rateWindowCount = 0;

  constructor(
    private readonly ws: WebSocket,
    private readonly ctx: ConnectionContext,
  ) {
    this.socketId = ctx.socketId;
    ws.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    ws.on('close', (code) => this.onClose(code));
    this.send(
      encodeEvent('pusher:connection_established', {
        socket_id: this.socketId,
        activity_timeout: ctx.settings.activityTimeoutSec,
      }),
    );
    this.idleTimer = setTimeout(() => this.pingIdleClient(), ctx.settings.serverPingIntervalMs);
  }

  send(raw: string | Buffer): void {
    // Bytes go out as a text frame (`binary: false`): Pusher frames are JSON text.
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(raw, { binary: false });
  }

  /** Closes the socket with a code; 1006 is simulated by dropping the TCP connection without a close frame. */
  close(code: number, reason = ''): void {
    if (code === 1006) this.ws.terminate();
    else this.ws.close(code, reason);
  }

  /**
   * Ends this socket's subscriptions the predicate picks, as if the client had unsubscribed (presence: the member
   * leaves and the others get `member_removed`). The platform's way to take a channel back from someone it no
   * longer authorises (a self-excluded player). Returns the channels left.
   */
  evict(match: (channel: string, member: PresenceMember | undefined) => boolean): string[] {
    const left = [...this.channels].filter((channel) => match(channel, this.ctx.registry.memberOf(channel, this)));
    for (const channel of left) this.leave(channel);
    return left;
  }

  /** `pusher:error` then a close frame with the same code. */
  private fail(code: number, message: string): void {
    this.send(encodeError(code, message));
    this.close(code, message);
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    this.recordActivity();
    const frame = isBinary ? undefined : decodeFrame(data.toString());
    if (!frame) {
      this.send(encodeError(null, 'Invalid message: expected a JSON object with an event name'));
      return;
    }
    this.dispatch(frame);
  }

  private dispatch(frame: Frame): void {
    const data = asRecord(frame.data);
    switch (frame.event) {
      case 'pusher:ping':
        return this.send(PONG);
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return this.subscribe(data);
      case 'pusher:unsubscribe':
        if (typeof data.channel === 'string') this.leave(data.channel);
        return;
      default:
        if (frame.event.startsWith('client-')) return this.clientEvent(frame);
        this.ctx.log(`ignored event=${frame.event} socket_id=${this.socketId}`);
    }
  }

  private subscribe(request: Record<string, unknown>): void {
    const channel = request.channel;
    if (typeof channel !== 'string') {
      this.send(encodeError(null, 'pusher:subscribe needs data.channel'));
      return;
    }
    this.ctx.log(`subscribe socket_id=${this.socketId} channel=${channel}`);
    const problem = channelNameProblem(channel);
    if (problem)
      return this.refuse(channel, { type: 'InvalidChannel', error: problem, status: ErrorCode.unauthorized });
    const kind = channelKind(channel);
    if (kind === 'public') return this.join(channel);
    const channelData =
      kind === 'presence' && typeof request.channel_data === 'string' ? request.channel_data : undefined;
    if (kind === 'presence' && channelData === undefined) {
      return this.refuse(channel, {
        type: 'AuthError',
        error: 'channel_data is required on presence channels',
        status: 401,
      });
    }
    const auth = typeof request.auth === 'string' ? request.auth : '';
    if (!verifyChannelAuth(this.ctx.app, auth, this.socketId, channel, channelData)) {
      return this.refuse(channel, { type: 'AuthError', error: 'Invalid signature', status: 401 });
    }
    if (channelData === undefined) return this.join(channel);
    const member = parseMember(channelData);
    if (!member) return this.refuse(channel, { type: 'AuthError', error: 'channel_data needs a user_id', status: 400 });
    this.join(channel, member);
  }

  /** soketi-style refusal: it reaches the channel's pusher:subscription_error handler; the socket stays open. */
  private refuse(channel: string, refusal: SubscriptionRefusal): void {
    this.ctx.log(`subscription_error socket_id=${this.socketId} channel=${channel} reason=${refusal.error}`);
    this.send(encodeFrame({ event: 'pusher:subscription_error', channel, data: refusal }));
  }

  private join(channel: string, member?: PresenceMember): void {
    const { registry } = this.ctx;
    const alreadyIn = registry.isSubscribed(channel, this);
    const { newMember } = alreadyIn ? { newMember: false } : registry.subscribe(channel, this, member);
    this.channels.add(channel);
    const succeeded = channelKind(channel) === 'presence' ? { presence: registry.presence(channel) } : {};
    this.send(encodeEvent('pusher_internal:subscription_succeeded', succeeded, channel));
    if (newMember && member) {
      const added = { user_id: member.userId, user_info: member.userInfo };
      registry.broadcast(channel, encodeEvent('pusher_internal:member_added', added, channel), this.socketId);
    }
  }

  private leave(channel: string): void {
    if (!this.channels.delete(channel)) return;
    const { registry } = this.ctx;
    const { departedUserId } = registry.unsubscribe(channel, this);
    this.ctx.log(`unsubscribe socket_id=${this.socketId} channel=${channel}`);
    if (departedUserId !== undefined) {
      registry.broadcast(channel, encodeEvent('pusher_internal:member_removed', { user_id: departedUserId }, channel));
    }
  }

  private clientEvent(frame: Frame): void {
    if (!this.withinRateLimit()) {
      this.send(encodeError(ErrorCode.clientEventRateLimit, 'Client event rate limit reached: event dropped'));
      return;
    }
    const problem = this.clientEventProblem(frame);
    if (problem) {
      this.send(encodeError(null, `Client event rejected - ${problem}`));
      return;
    }
    const channel = frame.channel as string;
    const member = this.ctx.registry.memberOf(channel, this);
    const data = dataAsString(frame.data);
    const raw = encodeFrame({ event: frame.event, channel, data, ...(member ? { user_id: member.userId } : {}) });
    this.ctx.registry.broadcast(channel, raw, this.socketId);
  }

  private clientEventProblem(frame: Frame): string | undefined {
    const { channel } = frame;
    if (typeof channel !== 'string') return 'no channel given';
    const kind = channelKind(channel);
    if (kind !== 'private' && kind !== 'presence') return 'only supported on private and presence channels';
    if (!this.channels.has(channel)) return 'not subscribed to channel';
    if (frame.event.length > MAX_EVENT_NAME_LENGTH) return `event name longer than ${MAX_EVENT_NAME_LENGTH} characters`;
    if (Buffer.byteLength(dataAsString(frame.data)) > MAX_EVENT_DATA_BYTES) return 'data too large';
    return undefined;
  }

  private withinRateLimit(): boolean {
    const now = Date.now();
    if (now - this.rateWindowStart >= 1000) {
      this.rateWindowStart = now;
      this.rateWindowCount = 0;
    }
    this.rateWindowCount += 1;
    return this.rateWindowCount <= this.ctx.settings.clientEventsPerSecond;
  }

  private recordActivity(): void {
    this.idleTimer.refresh();
    clearTimeout(this.pongTimer);
    this.pongTimer = undefined;
  }

  private pingIdleClient(): void {
    this.send(PING);
    this.pongTimer = setTimeout(
      () => this.fail(ErrorCode.pongNotReceived, 'Pong reply not received'),
      this.ctx.settings.pongTimeoutMs,
    );
  }

  private onClose(code: number): void {
    clearTimeout(this.idleTimer);
    clearTimeout(this.pongTimer);
    for (const channel of [...this.channels]) this.leave(channel);
    this.ctx.log(`close socket_id=${this.socketId} code=${code}`);
  }
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** channel_data must be a JSON object with a user_id (number or string; kept as a string). */
function parseMember(channelData: string): PresenceMember | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    return undefined;
  }
  const data = asRecord(parsed);
  const userId = data.user_id;
  if ((typeof userId !== 'string' || userId === '') && typeof userId !== 'number') return undefined;
  return { userId: String(userId), userInfo: data.user_info };
}
