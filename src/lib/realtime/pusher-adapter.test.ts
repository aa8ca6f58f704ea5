import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Options } from 'pusher-js';
import { channelMachine } from '../../../machines/realtime/channel.machine';
import type { ChannelInput, RealtimeParentEvent } from '../../../machines/realtime/channel.types';
import { connectionMachine } from '../../../machines/realtime/connection.machine';
import type { ConnectionInput } from '../../../machines/realtime/connection.types';
import { createTestActor } from '../../../tests/toolkit/test-actor';
import {
  authEndpoint,
  createPusherRealtime,
  errorCode,
  loadEventSchemas,
  loadPusher,
  pickConstructor,
  pusherOptions,
  refusalStatus,
} from './pusher-adapter';
import type { PusherConstructor, PusherRealtimeOptions } from './pusher-adapter';

// The event schemas load lazily with pusher-js; load them up front so delivery here is synchronous.
beforeAll(() => loadEventSchemas());

type Handler = (...args: unknown[]) => void;

class FakeDispatcher {
  readonly handlers = new Map<string, Handler[]>();
  bind(event: string, fn: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), fn]);
    return this;
  }
  unbind(event: string, fn: Handler) {
    this.handlers.set(
      event,
      (this.handlers.get(event) ?? []).filter((h) => h !== fn),
    );
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const h of this.handlers.get(event) ?? []) h(...args);
  }
  count(event: string) {
    return this.handlers.get(event)?.length ?? 0;
  }
}

class FakeChannel extends FakeDispatcher {
  subscribed = false;
  constructor(readonly name: string) {
    super();
  }
}

class FakeConnection extends FakeDispatcher {
  state = 'initialized';
  socket_id: string | undefined;
}

/** Just enough of pusher-js: connects in its constructor, like the real one once ready. */
class FakePusher {
  static instances: FakePusher[] = [];
  static created: FakePusher[] = [];
  readonly connection = new FakeConnection();
  readonly channels = new Map<string, FakeChannel>();
  readonly subscribeCalls: string[] = [];
  readonly unsubscribeCalls: string[] = [];
  connectCalls = 0;
  disconnected = false;
  constructor(
    readonly key: string,
    readonly options: Options,
  ) {
    FakePusher.instances.push(this);
    FakePusher.created.push(this);
    this.setState('connecting');
  }
  setState(current: string, socketId?: string) {
    const previous = this.connection.state;
    this.connection.state = current;
    this.connection.socket_id = socketId;
    if (current === 'connecting' || current === 'disconnected')
      for (const c of this.channels.values()) c.subscribed = false;
    this.connection.emit('state_change', { previous, current });
  }
  subscribe(name: string) {
    this.subscribeCalls.push(name);
    const channel = this.channels.get(name) ?? new FakeChannel(name);
    this.channels.set(name, channel);
    return channel;
  }
  unsubscribe(name: string) {
    this.unsubscribeCalls.push(name);
    this.channels.delete(name);
  }
  connect() {
    this.connectCalls += 1;
    this.setState('connecting');
  }
  disconnect() {
    this.disconnected = true;
    this.setState('disconnected');
  }
  /** The server confirms the subscription. */
  succeed(name: string) {
    const channel = this.channels.get(name)!;
    channel.subscribed = true;
    channel.emit('pusher:subscription_succeeded', {});
  }
}

const fakeCtor = FakePusher as unknown as PusherConstructor;

const input: ConnectionInput = {
  key: 'casino-local-key',
  host: { pageHostname: 'localhost', pageProtocol: 'http:', apiBaseUrl: 'http://localhost:8787/api/' },
};
const userChannel: ChannelInput = { channel: 'private-universal.42', events: ['BalanceUpdated'] };

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function setupRealtime(extra: Partial<PusherRealtimeOptions> = {}) {
  FakePusher.created = [];
  FakePusher.instances = [];
  const headers = { current: { 'Guest-ID': 'guest-aaaaaaaaa' } as Record<string, string> };
  const load = vi.fn(async () => fakeCtor);
  const realtime = createPusherRealtime({ authHeaders: () => headers.current, load, ...extra });
  const connection = () =>
    createTestActor(connectionMachine.provide({ actors: { pusherConnection: realtime.pusherConnection } }), { input });
  const channel = (channelInput: ChannelInput = userChannel) => {
    const { actor } = createTestActor(channelMachine.provide({ actors: { subscription: realtime.subscription } }), {
      input: channelInput,
    });
    const heard: RealtimeParentEvent[] = [];
    actor.on('*', (e) => heard.push(e));
    return { actor, heard, state: () => actor.getSnapshot().value };
  };
  const client = (i = -1) => FakePusher.created.at(i)!;
  return { realtime, headers, load, connection, channel, client };
}

describe('pusherOptions', () => {
  it('builds the §7/§9 options: mt1, local port 6001, ws only, stats off, timers, auth endpoint', () => {
    const provider = () => ({ Authorization: 'Bearer x' });
    const options = pusherOptions({ ...input, credentialsVersion: 3 }, provider);
    expect(options).toEqual({
      cluster: 'mt1',
      wsHost: 'localhost',
      wsPort: 6001,
      wssPort: 6001,
      forceTLS: false,
      enabledTransports: ['ws'],
      disableStats: true,
      activityTimeout: 120_000,
      pongTimeout: 30_000,
      unavailableTimeout: 10_000,
      channelAuthorization: {
        endpoint: 'http://localhost:8787/api/broadcasting/auth',
        transport: 'ajax',
        headersProvider: provider,
      },
    });
    // The credentials are only ever behind the provider, never copied into the options.
    expect(JSON.stringify(options)).not.toContain('Bearer');
  });

  it('uses ws 80 / wss 443 and TLS for a production host, with the brand IP counted as local', () => {
    const prod = pusherOptions(
      {
        ...input,
        credentialsVersion: 0,
        host: { ...input.host, pageHostname: 'casino.example.com', pageProtocol: 'https:' },
      },
      () => ({}),
    );
    expect(prod).toMatchObject({ wsHost: 'casino.example.com', wsPort: 80, wssPort: 443, forceTLS: true });
    const byIp = pusherOptions(
      { ...input, credentialsVersion: 0, host: { ...input.host, pageHostname: '192.168.0.9', brandIp: '192.168.0.9' } },
      () => ({}),
    );
    expect(byIp).toMatchObject({ wsPort: 6001, forceTLS: false });
  });

  it('takes other timers when asked (tests)', () => {
    expect(pusherOptions({ ...input, credentialsVersion: 0 }, () => ({}), { pongTimeout: 5 })).toMatchObject({
      pongTimeout: 5,
      activityTimeout: 120_000,
    });
  });

  it('joins the auth endpoint to the API base', () => {
    expect(authEndpoint('https://api.example.com')).toBe('https://api.example.com/broadcasting/auth');
    expect(authEndpoint('/api//')).toBe('/api/broadcasting/auth');
  });
});

describe('lazy loading', () => {
  it('has no runtime import of pusher-js: only `import type` and the dynamic import()', () => {
    const source = readFileSync(new URL('./pusher-adapter.ts', import.meta.url), 'utf8');
    const staticImports = source.match(/^import\s+(?!type\b)[^;]*from\s+'pusher-js'/gm);
    expect(staticImports).toBeNull();
    expect(source).toContain("import('pusher-js')");
  });

  it('loads the real constructor (the Node build here)', async () => {
    const Ctor = await loadPusher();
    expect(typeof Ctor).toBe('function');
    expect(Ctor.instances).toBeInstanceOf(Array);
  });

  it('finds the constructor however the module wraps it', () => {
    const ctor = function Pusher() {};
    expect(pickConstructor(ctor)).toBe(ctor);
    expect(pickConstructor({ default: ctor })).toBe(ctor);
    expect(pickConstructor({ default: { default: ctor } })).toBe(ctor);
    expect(() => pickConstructor({})).toThrow(/constructor/);
  });

  it('loads only when a connection starts', async () => {
    const { load, connection } = setupRealtime();
    expect(load).not.toHaveBeenCalled();
    connection();
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('connection actor', () => {
  it('mirrors pusher-js states into the machine, including the state reached inside the constructor', async () => {
    const { connection, client } = setupRealtime();
    const { actor } = connection();
    expect(actor.getSnapshot().value).toEqual({ live: 'initialized' });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ live: 'connecting' });
    expect(client().key).toBe('casino-local-key');
    client().setState('connected', '11.22');
    expect(actor.getSnapshot().value).toEqual({ live: 'connected' });
    expect(actor.getSnapshot().context.socketId).toBe('11.22');
    client().setState('unavailable');
    expect(actor.getSnapshot().value).toEqual({ live: 'unavailable' });
    client().setState('failed');
    expect(actor.getSnapshot().value).toEqual({ live: 'failed' });
    client().connection.emit('error', { type: 'PusherError', data: { code: 4201, message: 'pong' } });
    expect(actor.getSnapshot().context.lastErrorCode).toBe(4201);
    client().connection.emit('error', { type: 'WebSocketError', error: {} });
    expect(actor.getSnapshot().context.lastErrorCode).toBeNull();
  });

  it('after a refused close, the machine makes pusher-js connect again after 1 s', async () => {
    const { connection, client } = setupRealtime();
    const { actor, clock } = connection();
    await flush();
    client().setState('connected', '1.1');
    client().setState('disconnected'); // 4009: pusher-js will not retry
    clock.increment(999);
    expect(client().connectCalls).toBe(0);
    clock.increment(1);
    expect(client().connectCalls).toBe(1);
    expect(actor.getSnapshot().value).toEqual({ live: 'connecting' });
  });

  it('restarts a stalled attempt without the machine seeing a disconnect in between', async () => {
    const { connection, client } = setupRealtime();
    const { actor, clock } = connection();
    await flush();
    const seen: unknown[] = [];
    actor.subscribe((snapshot) => seen.push(snapshot.value));
    client().setState('connected', '1.1');
    client().setState('connecting'); // lost; pusher-js's next attempt is stalled
    clock.increment(1000);
    expect(client().connectCalls).toBe(1);
    expect(client().disconnected).toBe(true);
    expect(client().connection.state).toBe('connecting');
    expect(seen).not.toContainEqual({ live: 'disconnected' });
    expect(actor.getSnapshot().value).toEqual({ live: 'connecting' });
    client().setState('unavailable');
    clock.increment(2000);
    expect(client().connectCalls).toBe(2);
    expect(actor.getSnapshot().value).toEqual({ live: 'connecting' });
    client().setState('connected', '1.2');
    clock.increment(60_000);
    expect(client().connectCalls).toBe(2); // connected: nothing more to do
  });

  it('a credentials change disconnects the old client, creates a new one and moves the subscriptions', async () => {
    const { connection, channel, client } = setupRealtime();
    const { actor } = connection();
    await flush();
    const first = client();
    first.setState('connected', '1.1');
    const sub = channel();
    first.succeed('private-universal.42');
    expect(sub.state()).toBe('subscribed');

    actor.send({ type: 'connection.credentialsChanged' });
    expect(first.disconnected).toBe(true);
    expect(FakePusher.instances).not.toContain(first);
    expect(sub.state()).toBe('pending');
    await flush();
    const second = client();
    expect(second).not.toBe(first);
    expect(FakePusher.created).toHaveLength(2);
    expect(second.subscribeCalls).toEqual(['private-universal.42']);
    // Nothing is bound on the old client any more.
    expect(first.channels.get('private-universal.42')?.count('BalanceUpdated') ?? 0).toBe(0);
    expect(first.connection.count('state_change')).toBe(0);
    second.setState('connected', '2.2');
    second.succeed('private-universal.42');
    expect(sub.state()).toBe('subscribed');
    second.channels.get('private-universal.42')!.emit('BalanceUpdated', { balance: 5 });
    expect(sub.heard).toEqual([
      { type: 'realtime.balanceUpdated', channel: 'private-universal.42', data: { balance: 5 } },
    ]);
  });

  it('a connection asks for channels with the identity it was created with; a credentials change brings the new one', async () => {
    const { connection, headers, client } = setupRealtime();
    const { actor } = connection();
    await flush();
    const asGuest = client();
    const headersOf = (client: FakePusher) =>
      (client.options.channelAuthorization as { headersProvider: () => Record<string, string> }).headersProvider();
    const provider = () => headersOf(asGuest);
    expect(provider()).toEqual({ 'Guest-ID': 'guest-aaaaaaaaa' });
    // A sign-in stores a token: the guest's connection (and the guest channel re-subscribed after a reconnect
    // within the 1 s hand-over) keeps asking as the guest.
    headers.current = { Authorization: 'Bearer tok-1' };
    expect(provider()).toEqual({ 'Guest-ID': 'guest-aaaaaaaaa' });
    actor.send({ type: 'connection.credentialsChanged' });
    await flush();
    const asPlayer = client();
    expect(asPlayer).not.toBe(asGuest);
    expect(headersOf(asPlayer)).toEqual({ Authorization: 'Bearer tok-1' });
    // Never copied into the options themselves.
    expect(JSON.stringify(asPlayer.options)).not.toContain('tok-1');
  });

  it('a failed load is retried through the machine backoff', async () => {
    setupRealtime(); // resets the fake's instance lists
    const load = vi
      .fn<() => Promise<PusherConstructor>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(fakeCtor);
    const withFlakyLoad = createPusherRealtime({ authHeaders: () => ({}), load });
    const { actor, clock } = createTestActor(
      connectionMachine.provide({ actors: { pusherConnection: withFlakyLoad.pusherConnection } }),
      { input },
    );
    await flush();
    expect(actor.getSnapshot().value).toEqual({ live: 'disconnected' });
    clock.increment(1000);
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().value).toEqual({ live: 'connecting' });
    expect(withFlakyLoad.currentClient()).toBeDefined();
  });

  it('stopping before pusher-js has loaded creates no client', async () => {
    const { connection } = setupRealtime();
    const { actor } = connection();
    actor.send({ type: 'connection.stop' });
    await flush();
    expect(FakePusher.created).toHaveLength(0);
  });

  it('stop disconnects for good', async () => {
    const { connection, client, realtime } = setupRealtime();
    const { actor, clock } = connection();
    await flush();
    actor.send({ type: 'connection.stop' });
    expect(client().disconnected).toBe(true);
    expect(realtime.currentClient()).toBeUndefined();
    clock.increment(60_000);
    expect(client().connectCalls).toBe(0);
  });
});

describe('subscription actor', () => {
  it('waits for a client, subscribes, and passes parsed events on', async () => {
    const { connection, channel, client } = setupRealtime();
    const sub = channel();
    expect(sub.state()).toBe('pending');
    connection();
    await flush();
    expect(client().subscribeCalls).toEqual(['private-universal.42']);
    client().setState('connected', '1.1');
    client().succeed('private-universal.42');
    expect(sub.state()).toBe('subscribed');
    const ch = client().channels.get('private-universal.42')!;
    ch.emit('BalanceUpdated', { balance: 100 });
    ch.emit('PaymentApproved', { balance: 1, amount: 1 }); // not asked for: not bound
    expect(sub.heard).toEqual([
      { type: 'realtime.balanceUpdated', channel: 'private-universal.42', data: { balance: 100 } },
    ]);
  });

  it('drops invalid payloads silently, counts them, never hands the payload out', async () => {
    const onInvalidPayload = vi.fn();
    const { connection, channel, client, realtime } = setupRealtime({ onInvalidPayload });
    connection();
    await flush();
    const sub = channel();
    client().setState('connected', '1.1');
    client().succeed('private-universal.42');
    const ch = client().channels.get('private-universal.42')!;
    ch.emit('BalanceUpdated', { balance: 'lots' });
    ch.emit('BalanceUpdated', 'garbage');
    ch.emit('BalanceUpdated', { balance: 7 });
    expect(sub.heard.map((e) => e.data)).toEqual([{ balance: 7 }]);
    expect(realtime.invalidPayloadCount()).toBe(2);
    expect(sub.actor.getSnapshot().context).toMatchObject({ dropped: 2, received: 1 });
    expect(onInvalidPayload).toHaveBeenCalledWith({ channel: 'private-universal.42', event: 'BalanceUpdated' });
  });

  it('a refusal leaves the channel failed, silently; it is retried after a reconnect', async () => {
    const { connection, channel, client } = setupRealtime();
    connection();
    await flush();
    const sub = channel();
    client().setState('connected', '1.1');
    client()
      .channels.get('private-universal.42')!
      .emit('pusher:subscription_error', { type: 'AuthError', error: 'x', status: 403 });
    expect(sub.state()).toBe('failed');
    expect(sub.actor.getSnapshot().context.refusedStatus).toBe(403);
    client().setState('connecting');
    expect(sub.state()).toBe('pending');
    client().setState('connected', '1.2');
    client().succeed('private-universal.42');
    expect(sub.state()).toBe('subscribed');
  });

  it('goes pending while the connection is down and subscribed again after pusher-js re-subscribes', async () => {
    const { connection, channel, client } = setupRealtime();
    connection();
    await flush();
    const sub = channel();
    client().setState('connected', '1.1');
    client().succeed('private-universal.42');
    client().setState('connecting');
    expect(sub.state()).toBe('pending');
    client().setState('connected', '1.2');
    client().succeed('private-universal.42');
    expect(sub.state()).toBe('subscribed');
  });

  it('shares one pusher-js channel between subscriptions and unsubscribes when the last one leaves', async () => {
    const { connection, channel, client } = setupRealtime();
    connection();
    await flush();
    client().setState('connected', '1.1');
    const a = channel();
    client().succeed('private-universal.42');
    const b = channel({ channel: 'private-universal.42', events: ['BalanceUpdated', 'PaymentApproved'] });
    expect(b.state()).toBe('subscribed'); // already subscribed: told at once
    client().channels.get('private-universal.42')!.emit('BalanceUpdated', { balance: 3 });
    expect(a.heard).toHaveLength(1);
    expect(b.heard).toHaveLength(1);
    a.actor.send({ type: 'channel.cancel' });
    expect(client().unsubscribeCalls).toEqual([]);
    client().channels.get('private-universal.42')!.emit('BalanceUpdated', { balance: 4 });
    expect(a.heard).toHaveLength(1);
    expect(b.heard).toHaveLength(2);
    b.actor.stop();
    expect(client().unsubscribeCalls).toEqual(['private-universal.42']);
  });
});

describe('error helpers', () => {
  it('reads pusher:error codes and refusal statuses, null otherwise', () => {
    expect(errorCode({ type: 'PusherError', data: { code: 4001 } })).toBe(4001);
    expect(errorCode({ type: 'WebSocketError' })).toBeNull();
    expect(errorCode(undefined)).toBeNull();
    expect(refusalStatus({ type: 'AuthError', status: 401 })).toBe(401);
    expect(refusalStatus({ type: 'AuthError', error: 'network' })).toBeNull();
    expect(refusalStatus(null)).toBeNull();
  });
});
