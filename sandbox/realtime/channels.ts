/**
 * In-memory channel state of one app: who is subscribed where, and presence members counted per user_id
 * (two connections of one user are one member). A channel exists only while it has subscribers.
 */

export interface Subscriber {
  readonly socketId: string;
  /** A text frame: a string, or its UTF-8 bytes (a broadcast encodes once for every subscriber). */
  send(raw: string | Buffer): void;
}

export interface PresenceMember {
  userId: string;
  userInfo?: unknown;
}

interface PresenceUser {
  info: unknown;
  connections: number;
}

interface Channel {
  subscribers: Map<Subscriber, PresenceMember | undefined>;
  users: Map<string, PresenceUser>;
}

export interface PresenceSnapshot {
  ids: string[];
  hash: Record<string, unknown>;
  count: number;
}

export class ChannelRegistry {
  private readonly channels = new Map<string, Channel>();

  isSubscribed(name: string, subscriber: Subscriber): boolean {
    return this.channels.get(name)?.subscribers.has(subscriber) ?? false;
  }

  /** The presence member a subscriber joined as (undefined on other channels). */
  memberOf(name: string, subscriber: Subscriber): PresenceMember | undefined {
    return this.channels.get(name)?.subscribers.get(subscriber);
  }

  /** Adds a subscriber; `newMember` is true when its user_id was not in the channel yet. */
  subscribe(name: string, subscriber: Subscriber, member?: PresenceMember): { newMember: boolean } {
    const channel = this.channels.get(name) ?? this.create(name);
    channel.subscribers.set(subscriber, member);
    if (!member) return { newMember: false };
    const user = channel.users.get(member.userId);
    if (user) {
      user.connections += 1;
      return { newMember: false };
    }
    channel.users.set(member.userId, { info: member.userInfo ?? null, connections: 1 });
    return { newMember: true };
  }

  /** Removes a subscriber; `departedUserId` is set when that was the user's last connection. */
  unsubscribe(name: string, subscriber: Subscriber): { departedUserId?: string } {
    const channel = this.channels.get(name);
    if (!channel?.subscribers.has(subscriber)) return {};
    const member = channel.subscribers.get(subscriber);
    channel.subscribers.delete(subscriber);
    const departedUserId = member ? this.releaseUser(channel, member.userId) : undefined;
    if (channel.subscribers.size === 0) this.channels.delete(name);
    return departedUserId === undefined ? {} : { departedUserId };
  }

  /**
   * Sends one pre-encoded frame to every subscriber except the given socket. Returns how many got it. The frame
   * is turned into bytes once here, not once per subscriber.
   */
  broadcast(name: string, raw: string, exceptSocketId?: string): number {
    const subscribers = this.channels.get(name)?.subscribers;
    if (!subscribers) return 0;
    const bytes = Buffer.from(raw, 'utf8');
    let sent = 0;
    for (const subscriber of subscribers.keys()) {
      if (subscriber.socketId === exceptSocketId) continue;
      subscriber.send(bytes);
      sent += 1;
    }
    return sent;
  }

  subscriptionCount(name: string): number {
    return this.channels.get(name)?.subscribers.size ?? 0;
  }

  userCount(name: string): number {
    return this.channels.get(name)?.users.size ?? 0;
  }

  userIds(name: string): string[] {
    return [...(this.channels.get(name)?.users.keys() ?? [])];
  }

  presence(name: string): PresenceSnapshot {
    const users = this.channels.get(name)?.users ?? new Map<string, PresenceUser>();
    const hash: Record<string, unknown> = {};
    for (const [id, user] of users) hash[id] = user.info;
    return { ids: [...users.keys()], hash, count: users.size };
  }

  /** Occupied channel names, optionally only those starting with a prefix. */
  names(prefix = ''): string[] {
    return [...this.channels.keys()].filter((name) => name.startsWith(prefix));
  }

  private create(name: string): Channel {
    const channel: Channel = { subscribers: new Map(), users: new Map() };
    this.channels.set(name, channel);
    return channel;
  }

  private releaseUser(channel: Channel, userId: string): string | undefined {
    const user = channel.users.get(userId);
    if (!user) return undefined;
    user.connections -= 1;
    if (user.connections > 0) return undefined;
    channel.users.delete(userId);
    return userId;
  }
}
