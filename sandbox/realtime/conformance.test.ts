/**
 * Conformance checklist (section 4 of shared/reference/pusher-protocol.md), run with the REAL pusher-js
 * (Node build) and the REAL `pusher` server SDK against startRealtimeServer on an ephemeral loopback port,
 * plus raw `ws` tests for exact frames and close codes.
 */
import { createRequire } from 'node:module';
import type { Members } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPublisher } from './publisher';
import { startRealtimeServer } from './server';
import type { RealtimeServer } from './server';
import { signChannelAuth } from './signature';
import {
  ClientPool,
  LOOPBACK,
  RawClient,
  TEST_APP,
  connected,
  rawUrl,
  record,
  signedFetch,
  sleep,
  startAuthEndpoint,
  subscribe,
  waitFor,
} from './test-harness.fixture';
import type { AuthEndpoint, Received, TestClient } from './test-harness.fixture';

let server: RealtimeServer;
let auth: AuthEndpoint;
const serverLog: string[] = [];
const pool = new ClientPool(() => ({ port: server.port, authUrl: auth.url }));
const rawClients: RawClient[] = [];
const extraServers: RealtimeServer[] = [];

const backend = () => createPublisher({ ...TEST_APP, host: LOOPBACK, port: server.port });

async function openRaw(url: string): Promise<RawClient> {
  const client = await RawClient.open(url);
  rawClients.push(client);
  return client;
}

async function startExtraServer(opts: {
  serverPingIntervalMs: number;
  pongTimeoutMs: number;
}): Promise<RealtimeServer> {
  const extra = await startRealtimeServer({ port: 0, apps: [TEST_APP], ...opts });
  extraServers.push(extra);
  return extra;
}

/** Publishes a marker after `action` and waits until `client` has it: anything sent before it has arrived. */
async function flush(client: TestClient, channel: string): Promise<void> {
  const marker = `marker-${Math.random()}`;
  await backend().trigger(channel, 'marker', { marker });
  await waitFor(
    () => client.messages.some((m) => m.event === 'marker' && JSON.stringify(m.data).includes(marker)),
    `marker on ${channel}`,
  );
}

function events(client: TestClient, event: string): unknown[] {
  return client.messages.filter((m) => m.event === event).map((m) => m.data);
}

async function getJson(path: string, params: Record<string, string> = {}): Promise<unknown> {
  const response = await backend().get({ path, params });
  return response.json();
}

function openedUrls(): string[] {
  return serverLog.filter((line) => line.startsWith('open '));
}

beforeAll(async () => {
  server = await startRealtimeServer({ port: 0, apps: [TEST_APP], logger: (line) => serverLog.push(line) });
  auth = await startAuthEndpoint(TEST_APP);
});

afterEach(async () => {
  pool.disconnectAll();
  for (const raw of rawClients.splice(0)) raw.close();
  await Promise.all(extraServers.splice(0).map((extra) => extra.close()));
  await waitFor(() => server.connectionCount() === 0, 'all sockets closed');
});

afterAll(async () => {
  await server.close();
  await auth.close();
});

describe('harness', () => {
  it('uses the Node build of pusher-js', () => {
    expect(createRequire(import.meta.url).resolve('pusher-js')).toMatch(/pusher-js[/\\]dist[/\\]node[/\\]pusher\.js$/);
  });
});

describe('conformance checklist (pusher-js 8 + pusher 5)', () => {
  it('1. Connects: connected, socket_id ^\\d+\\.\\d+$, server saw /app/{key}?protocol=7&client=js&version=8.x', async () => {
    const client = pool.create();
    const socketId = await connected(client);
    expect(socketId).toMatch(/^\d+\.\d+$/);
    const opened = openedUrls().find((line) => line.includes(`socket_id=${socketId} `));
    expect(opened).toMatch(new RegExp(`url=/app/${TEST_APP.key}\\?protocol=7&client=js&version=8\\.`));
  });

  it('2. Unknown key: pusher:error 4001 + close 4001, client ends disconnected, no retry within 3 s', async () => {
    const client = pool.create({ key: 'no-such-key' });
    // A refusal during the handshake arrives wrapped: {type:'WebSocketError', error:{type:'PusherError', data}}.
    const errors: Array<{ error?: { data?: { code: number } } }> = [];
    client.pusher.connection.bind('error', (error: (typeof errors)[number]) => errors.push(error));
    await waitFor(() => errors.some((e) => e.error?.data?.code === 4001), 'error 4001');
    await waitFor(() => client.pusher.connection.state === 'disconnected', 'state disconnected');
    const attempts = serverLog.filter((line) => line.includes('refused code=4001')).length;
    await sleep(3000);
    expect(serverLog.filter((line) => line.includes('refused code=4001')).length).toBe(attempts);
    expect(client.pusher.connection.state).toBe('disconnected');
  });

  it('3. Public delivery: subscription_succeeded, then trigger delivers deep-equal data', async () => {
    const client = pool.create();
    const { channel } = await subscribe(client, 'public-3');
    const received = record(channel, 'order-placed');
    const payload = { id: 3, amount: 12.5, tags: ['a', 'b'], nested: { ok: true } };
    await backend().trigger('public-3', 'order-placed', payload);
    await waitFor(() => received.length === 1, 'event');
    expect(received[0]?.data).toEqual(payload);
  });

  it('4. Fan-out: a channels array reaches every subscriber of each channel exactly once', async () => {
    const onA = [pool.create(), pool.create(), pool.create()];
    const onB = pool.create();
    const onBoth = pool.create();
    const receivedA = await Promise.all(onA.map(async (c) => record((await subscribe(c, 'fan-4a')).channel, 'tick')));
    const receivedB = record((await subscribe(onB, 'fan-4b')).channel, 'tick');
    const bothA = record((await subscribe(onBoth, 'fan-4a')).channel, 'tick');
    const bothB = record((await subscribe(onBoth, 'fan-4b')).channel, 'tick');
    await backend().trigger(['fan-4a', 'fan-4b'], 'tick', { n: 1 });
    for (const client of [...onA, onB, onBoth]) await flush(client, client === onB ? 'fan-4b' : 'fan-4a');
    for (const received of [...receivedA, receivedB, bothA, bothB])
      expect(received.map((r) => r.data)).toEqual([{ n: 1 }]);
  });

  it('5. Batch: triggerBatch with 3 events delivers all 3 in order, HTTP 200', async () => {
    const client = pool.create();
    const { channel } = await subscribe(client, 'batch-5');
    const received = record(channel, 'step');
    const response = await backend().triggerBatch(
      [1, 2, 3].map((n) => ({ channel: 'batch-5', name: 'step', data: { n } })),
    );
    expect(response.status).toBe(200);
    await waitFor(() => received.length === 3, '3 events');
    expect(received.map((r) => r.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('6. Exclusion: a trigger with socket_id A reaches B but not A', async () => {
    const [a, b] = [pool.create(), pool.create()];
    const receivedA = record((await subscribe(a, 'excl-6')).channel, 'said');
    const receivedB = record((await subscribe(b, 'excl-6')).channel, 'said');
    await backend().trigger('excl-6', 'said', { text: 'hi' }, { socket_id: await connected(a) });
    await waitFor(() => receivedB.length === 1, 'B gets it');
    await flush(a, 'excl-6');
    expect(receivedA).toEqual([]);
  });

  it('7. Unsubscribe: no delivery after unsubscribe; empty channel is unoccupied and unlisted', async () => {
    const [a, b] = [pool.create(), pool.create()];
    await subscribe(a, 'unsub-7');
    await subscribe(a, 'unsub-7-marker');
    await subscribe(b, 'unsub-7');
    a.pusher.unsubscribe('unsub-7');
    const info = { info: 'subscription_count' };
    await waitFor(
      async () =>
        ((await getJson('/channels/unsub-7', info)) as { subscription_count: number }).subscription_count === 1,
      'server saw the unsubscribe',
    );
    await backend().trigger('unsub-7', 'late', { n: 1 });
    await flush(a, 'unsub-7-marker');
    expect(events(a, 'late')).toEqual([]);
    b.pusher.disconnect();
    await waitFor(
      async () => ((await getJson('/channels/unsub-7', info)) as { occupied: boolean }).occupied === false,
      'unoccupied',
    );
    expect(await getJson('/channels/unsub-7', info)).toEqual({ occupied: false, subscription_count: 0 });
    expect((await getJson('/channels')) as { channels: object }).toEqual({
      channels: expect.not.objectContaining({ 'unsub-7': expect.anything() }),
    });
  });

  it('8. Private via auth endpoint: form-encoded socket_id + channel_name + headers; subscribed; event arrives', async () => {
    const client = pool.create({ headers: { 'x-app-token': 'token-8' } });
    const socketId = await connected(client);
    const { channel } = await subscribe(client, 'private-user.8');
    const request = auth.requests.find((r) => r.channelName === 'private-user.8');
    expect(request).toMatchObject({
      socketId,
      contentType: expect.stringContaining('application/x-www-form-urlencoded'),
    });
    expect(request?.headers['x-app-token']).toBe('token-8');
    const received = record(channel, 'BalanceUpdated');
    await backend().trigger('private-user.8', 'BalanceUpdated', { balance: 100 });
    await waitFor(() => received.length === 1, 'private event');
    expect(received[0]?.data).toEqual({ balance: 100 });
  });

  it('9. Bad private signature: subscription_error AuthError 401, no success, still connected', async () => {
    const wrong = { ...TEST_APP, secret: 'not-the-secret' };
    const forgeries: Record<string, (socketId: string, channel: string) => string> = {
      'private-9.secret': (socketId, channel) => signChannelAuth(wrong, socketId, channel),
      'private-9.socket': (_socketId, channel) => signChannelAuth(TEST_APP, '1234.5678', channel),
      'private-9.channel': (socketId) => signChannelAuth(TEST_APP, socketId, 'private-9.other'),
    };
    const client = pool.create({
      customHandler: ({ socketId, channelName }, callback) =>
        callback(null, { auth: forgeries[channelName]?.(socketId, channelName) ?? '' }),
    });
    const socketId = await connected(client);
    for (const name of Object.keys(forgeries)) {
      const channel = client.pusher.subscribe(name);
      const errors = record(channel, 'pusher:subscription_error');
      const successes = record(channel, 'pusher:subscription_succeeded');
      await waitFor(() => errors.length === 1, `refusal of ${name}`);
      expect(errors[0]?.data).toMatchObject({ type: 'AuthError', status: 401 });
      expect(successes).toEqual([]);
    }
    expect(client.pusher.connection.state).toBe('connected');
    expect(client.pusher.connection.socket_id).toBe(socketId);
  });

  it('10. Endpoint refusal: 403 gives subscription_error status 403 and no subscribe reaches the server', async () => {
    const client = pool.create({ headers: { 'x-refuse': '403' } });
    const socketId = await connected(client);
    const errors = record(client.pusher.subscribe('private-10'), 'pusher:subscription_error');
    await waitFor(() => errors.length === 1, 'refusal');
    expect(errors[0]?.data).toMatchObject({ type: 'AuthError', status: 403 });
    expect(serverLog.filter((line) => line.startsWith(`subscribe socket_id=${socketId} channel=private-10`))).toEqual(
      [],
    );
  });

  it('11. Presence first member: count 1, me.id and me.info from channel_data', async () => {
    const client = pool.create({ userId: '11', userName: 'Ana' });
    const { data } = await subscribe(client, 'presence-room.11');
    const members = data as Members;
    const signed = JSON.parse(auth.requests.find((r) => r.channelName === 'presence-room.11')?.channelData ?? '{}') as {
      user_id: string;
    };
    expect(members.count).toBe(1);
    expect(members.me).toEqual({ id: signed.user_id, info: { name: 'Ana' } });
  });

  it('12. Presence join: user 1 gets member_added {id:"2", info}; user 2 sees count 2 with both', async () => {
    const [one, two] = [pool.create({ userId: '1', userName: 'Ana' }), pool.create({ userId: '2', userName: 'Bia' })];
    const added = record((await subscribe(one, 'presence-12')).channel, 'pusher:member_added');
    const { data } = await subscribe(two, 'presence-12');
    await waitFor(() => added.length === 1, 'member_added');
    expect(added[0]?.data).toEqual({ id: '2', info: { name: 'Bia' } });
    const members = data as Members;
    expect(members.count).toBe(2);
    expect(members.get('1')).toEqual({ id: '1', info: { name: 'Ana' } });
    expect(members.get('2')).toEqual({ id: '2', info: { name: 'Bia' } });
  });

  it('13. Presence leave: unsubscribe or disconnect gives member_removed and the count drops back', async () => {
    const one = pool.create({ userId: '1' });
    const { channel, data } = await subscribe(one, 'presence-13');
    const members = data as Members;
    const removed = record(channel, 'pusher:member_removed');
    const two = pool.create({ userId: '2' });
    await subscribe(two, 'presence-13');
    await waitFor(() => members.count === 2, 'user 2 joined');
    two.pusher.unsubscribe('presence-13');
    await waitFor(() => removed.length === 1, 'removed after unsubscribe');
    expect(removed[0]?.data).toMatchObject({ id: '2' });
    expect(members.count).toBe(1);
    const three = pool.create({ userId: '3' });
    await subscribe(three, 'presence-13');
    await waitFor(() => members.count === 2, 'user 3 joined');
    three.pusher.disconnect();
    await waitFor(() => removed.length === 2, 'removed after disconnect');
    expect(removed[1]?.data).toMatchObject({ id: '3' });
    expect(members.count).toBe(1);
  });

  it('14. Presence dedup: one user on two connections is one member', async () => {
    const observer = pool.create({ userId: '9' });
    const { channel } = await subscribe(observer, 'presence-14');
    const added = record(channel, 'pusher:member_added');
    const removed = record(channel, 'pusher:member_removed');
    const [tabA, tabB] = [pool.create({ userId: '5' }), pool.create({ userId: '5' })];
    await subscribe(tabA, 'presence-14');
    await subscribe(tabB, 'presence-14');
    await flush(observer, 'presence-14');
    expect(added.map((a) => a.data)).toEqual([{ id: '5', info: { name: 'User 5' } }]);
    const users = (await getJson('/channels/presence-14/users')) as { users: Array<{ id: string }> };
    expect(users.users.filter((u) => u.id === '5')).toEqual([{ id: '5' }]);
    expect(await getJson('/channels/presence-14', { info: 'user_count,subscription_count' })).toEqual({
      occupied: true,
      user_count: 2, // users 9 and 5
      subscription_count: 3, // observer + two tabs of user 5
    });
    tabA.pusher.disconnect();
    await waitFor(() => server.connectionCount() === 2, 'tab A gone');
    await flush(observer, 'presence-14');
    expect(removed).toEqual([]);
    tabB.pusher.unsubscribe('presence-14');
    await waitFor(() => removed.length === 1, 'member_removed after the last tab');
    expect(removed[0]?.data).toMatchObject({ id: '5' });
  });

  it('15. Tampered channel_data: changed after signing is rejected', async () => {
    const client = pool.create({
      customHandler: ({ socketId, channelName }, callback) => {
        const signed = JSON.stringify({ user_id: '1', user_info: { name: 'Ana' } });
        const tampered = JSON.stringify({ user_id: '2', user_info: { name: 'Ana' } });
        callback(null, { auth: signChannelAuth(TEST_APP, socketId, channelName, signed), channel_data: tampered });
      },
    });
    const channel = client.pusher.subscribe('presence-15');
    const errors = record(channel, 'pusher:subscription_error');
    const successes = record(channel, 'pusher:subscription_succeeded');
    await waitFor(() => errors.length === 1, 'refusal');
    expect(errors[0]?.data).toMatchObject({ type: 'AuthError', status: 401 });
    expect(successes).toEqual([]);
    expect(await getJson('/channels/presence-15', { info: 'user_count' })).toEqual({ occupied: false, user_count: 0 });
  });

  it('16. Client events on private channels: delivered to A, never back to B', async () => {
    const [a, b] = [pool.create(), pool.create()];
    const receivedA = record((await subscribe(a, 'private-chat.16')).channel, 'client-typing');
    const channelB = (await subscribe(b, 'private-chat.16')).channel;
    const receivedB = record(channelB, 'client-typing');
    expect(channelB.trigger('client-typing', { who: 'B' })).toBe(true);
    await waitFor(() => receivedA.length === 1, 'A gets it');
    expect(receivedA[0]?.data).toEqual({ who: 'B' });
    await flush(b, 'private-chat.16');
    expect(receivedB).toEqual([]);
  });

  it('17. Client events on presence channels: metadata.user_id is the sender', async () => {
    const [a, b] = [pool.create({ userId: '1' }), pool.create({ userId: '2' })];
    const receivedA = record((await subscribe(a, 'presence-17')).channel, 'client-wave');
    const channelB = (await subscribe(b, 'presence-17')).channel;
    channelB.trigger('client-wave', { hi: true });
    await waitFor(() => receivedA.length === 1, 'A gets it');
    expect(receivedA[0]).toEqual({ data: { hi: true }, metadata: { user_id: '2' } });
  });

  it('18. Bad client events: public or unsubscribed channel delivers nothing; pusher:error; still connected', async () => {
    const [sender, listener] = [pool.create(), pool.create()];
    const errors: Array<{ type: string; data: { code: number | null; message: string } }> = [];
    sender.pusher.connection.bind('error', (error: (typeof errors)[number]) => errors.push(error));
    const socketId = await connected(sender);
    const publicChannel = (await subscribe(sender, 'public-18')).channel;
    const onPublic = record((await subscribe(listener, 'public-18')).channel, 'client-x');
    const onPrivate = record((await subscribe(listener, 'private-18')).channel, 'client-x');
    publicChannel.trigger('client-x', { n: 1 });
    await waitFor(() => errors.length === 1, 'error for the public channel');
    expect(errors[0]?.data.message).toMatch(/only supported on private and presence channels/);
    sender.pusher.send_event('client-x', { n: 2 }, 'private-18');
    await waitFor(() => errors.length === 2, 'error for the unsubscribed channel');
    await flush(listener, 'public-18');
    await flush(listener, 'private-18');
    expect(onPublic).toEqual([]);
    expect(onPrivate).toEqual([]);
    expect(sender.pusher.connection.state).toBe('connected');
    expect(sender.pusher.connection.socket_id).toBe(socketId);
  });

  // Five activity windows, as with pusher-js's 2 s over 10 s, at a quarter of the scale (it was 10 s of the file's 21).
  it('19. Client ping: with activityTimeout 500 the client pings, gets pong, keeps its socket_id for 2.5 s', async () => {
    const client = pool.create({ activityTimeout: 500 });
    const socketId = await connected(client);
    const statesWhenConnected = client.states.length;
    await sleep(2500);
    expect(events(client, 'pusher:pong').length).toBeGreaterThanOrEqual(3);
    expect(client.pusher.connection.socket_id).toBe(socketId);
    expect(client.states.slice(statesWhenConnected)).toEqual([]);
  });

  it('20. Server ping: pusher-js answers pong; a raw client that never pongs is closed with 4201', async () => {
    const pinging = await startExtraServer({ serverPingIntervalMs: 300, pongTimeoutMs: 500 });
    const client = pool.create({ port: pinging.port });
    const socketId = await connected(client);
    await waitFor(() => events(client, 'pusher:ping').length >= 3, 'three server pings answered', 5000);
    expect(client.pusher.connection.socket_id).toBe(socketId);
    const silent = await openRaw(rawUrl(pinging.port));
    await silent.next('pusher:ping');
    const error = await silent.next('pusher:error');
    expect(error.data).toEqual({ code: 4201, message: expect.any(String) });
    expect((await silent.closed).code).toBe(4201);
    expect(client.pusher.connection.socket_id).toBe(socketId);
  });

  it('21. Close codes: 4200 reconnects at once and re-subscribes; 4100 after ~1 s; 4009 stays disconnected', async () => {
    const client = pool.create();
    const first = await connected(client);
    const succeeded = record((await subscribe(client, 'private-21')).channel, 'pusher:subscription_succeeded');
    let closedAt = Date.now();
    server.closeSocket(first, 4200, 'restart');
    const second = await waitFor(
      () => client.pusher.connection.socket_id !== first && connected(client),
      'reconnect after 4200',
    );
    expect(Date.now() - closedAt).toBeLessThan(900);
    await waitFor(() => succeeded.length === 1, 're-subscribed');
    expect(auth.requests.some((r) => r.channelName === 'private-21' && r.socketId === second)).toBe(true);

    closedAt = Date.now();
    server.closeSocket(second, 4100, 'over capacity');
    const third = await waitFor(
      () => client.pusher.connection.socket_id !== second && connected(client),
      'reconnect after 4100',
    );
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(900);
    expect(Date.now() - closedAt).toBeLessThan(3000);

    const opened = openedUrls().length;
    server.closeSocket(third, 4009, 'unauthorized');
    await waitFor(() => client.pusher.connection.state === 'disconnected', 'disconnected after 4009');
    await sleep(1500);
    expect(client.pusher.connection.state).toBe('disconnected');
    expect(openedUrls().length).toBe(opened);
  });

  it('22. Abrupt close (1006): connecting_in 1, reconnect in ~1 s, every channel re-subscribed, peers see re-add', async () => {
    const peer = pool.create({ userId: '1' });
    const { channel: peerChannel } = await subscribe(peer, 'presence-22');
    const added = record(peerChannel, 'pusher:member_added');
    const removed = record(peerChannel, 'pusher:member_removed');
    const client = pool.create({ userId: '2' });
    const first = await connected(client);
    const connectingIn: number[] = [];
    client.pusher.connection.bind('connecting_in', (delay: number) => connectingIn.push(delay));
    const resubscribed = await Promise.all(
      ['presence-22', 'private-22', 'public-22'].map(async (name) =>
        record((await subscribe(client, name)).channel, 'pusher:subscription_succeeded'),
      ),
    );
    await waitFor(() => added.length === 1, 'first join');
    const closedAt = Date.now();
    server.closeSocket(first, 1006);
    await waitFor(() => client.pusher.connection.socket_id !== first && connected(client), 'reconnect after 1006');
    expect(connectingIn).toEqual([1]);
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(800);
    expect(Date.now() - closedAt).toBeLessThan(3000);
    await waitFor(() => resubscribed.every((r) => r.length === 1), 'all channels re-subscribed');
    await waitFor(() => added.length === 2, 'peer sees the member re-added');
    expect(removed.map((r) => r.data)).toEqual([{ id: '2', info: { name: 'User 2' } }]);
    expect(added[1]?.data).toEqual({ id: '2', info: { name: 'User 2' } });
  });

  it('23. HTTP auth: wrong secret 401 and no delivery; body_md5 mismatch 401; unknown app 404; /users on non-presence 400', async () => {
    const client = pool.create();
    const received = record((await subscribe(client, 'public-23')).channel, 'forged');
    const forger = createPublisher({ ...TEST_APP, secret: 'wrong', host: LOOPBACK, port: server.port });
    await expect(forger.trigger('public-23', 'forged', { n: 1 })).rejects.toMatchObject({ status: 401 });
    await flush(client, 'public-23');
    expect(received).toEqual([]);

    const body = JSON.stringify({ name: 'forged', channels: ['public-23'], data: '{}' });
    const tampered = await signedFetch(server.url, TEST_APP, {
      method: 'POST',
      path: `/apps/${TEST_APP.appId}/events`,
      body: body.replace('forged', 'forgeD'),
      signedBody: body,
    });
    expect(tampered.status).toBe(401);

    const stranger = createPublisher({ ...TEST_APP, appId: '999', host: LOOPBACK, port: server.port });
    await expect(stranger.trigger('public-23', 'x', {})).rejects.toMatchObject({ status: 404 });
    await expect(backend().get({ path: '/channels/public-23/users' })).rejects.toMatchObject({ status: 400 });
  });

  it('24. Channel queries: filter_by_prefix + user_count, and single-channel counts', async () => {
    const clients = ['1', '2', '2', '3'].map((userId) => pool.create({ userId }));
    const [c1, c2a, c2b, c3] = clients as [TestClient, TestClient, TestClient, TestClient];
    await Promise.all([
      subscribe(c1, 'presence-24.a'),
      subscribe(c2a, 'presence-24.a'),
      subscribe(c2b, 'presence-24.a'),
      subscribe(c3, 'presence-24.b'),
    ]);
    await subscribe(c1, 'public-24');
    expect(await getJson('/channels', { filter_by_prefix: 'presence-24', info: 'user_count' })).toEqual({
      channels: { 'presence-24.a': { user_count: 2 }, 'presence-24.b': { user_count: 1 } },
    });
    expect(await getJson('/channels/presence-24.a', { info: 'user_count,subscription_count' })).toEqual({
      occupied: true,
      user_count: 2,
      subscription_count: 3,
    });
    expect(await getJson('/channels/public-24', { info: 'subscription_count' })).toEqual({
      occupied: true,
      subscription_count: 1,
    });
    expect(await getJson('/channels', { filter_by_prefix: 'public-24' })).toEqual({ channels: { 'public-24': {} } });
    await expect(backend().get({ path: '/channels', params: { info: 'user_count' } })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('25. Data encoding: non-JSON string as-is, objects parsed, Unicode intact, frames carry data as a JSON string', async () => {
    const client = pool.create();
    const received: Received[] = record((await subscribe(client, 'public-25')).channel, 'note');
    const raw = await openRaw(rawUrl(server.port));
    raw.send({ event: 'pusher:subscribe', data: { auth: '', channel: 'public-25' } });
    await raw.next('pusher_internal:subscription_succeeded', 'public-25');
    const unicode = { text: 'Olá, ação! Pix aprovado ✓ 🎰', 'chave-ç': 'ñ' };
    await backend().trigger('public-25', 'note', 'plain text, not JSON ✓');
    await backend().trigger('public-25', 'note', unicode);
    await waitFor(() => received.length === 2, 'both events');
    expect(received.map((r) => r.data)).toEqual(['plain text, not JSON ✓', unicode]);

    await waitFor(() => raw.frames.filter((f) => f.event === 'note').length === 2, 'raw frames');
    for (const frame of raw.frames) {
      if (frame.event !== 'pusher:error') expect(typeof frame.data).toBe('string');
    }
    expect(raw.frames.filter((f) => f.event === 'note').map((f) => f.data)).toEqual([
      'plain text, not JSON ✓',
      JSON.stringify(unicode),
    ]);
    expect(await raw.next('pusher_internal:subscription_succeeded')).toEqual({
      event: 'pusher_internal:subscription_succeeded',
      channel: 'public-25',
      data: '{}',
    });
  });
});

describe('raw ws frames and close codes', () => {
  async function rawSubscribe(raw: RawClient, channel: string, channelData?: string): Promise<void> {
    const socketId = await raw.socketId();
    const authString =
      channel.startsWith('private-') || channel.startsWith('presence-')
        ? signChannelAuth(TEST_APP, socketId, channel, channelData)
        : '';
    raw.send({
      event: 'pusher:subscribe',
      data: { channel, auth: authString, ...(channelData ? { channel_data: channelData } : {}) },
    });
  }

  it('handshake: connection_established is the first frame, data a JSON string with socket_id and activity_timeout', async () => {
    const raw = await openRaw(rawUrl(server.port));
    const first = await waitFor(() => raw.frames[0], 'first frame');
    expect(first.event).toBe('pusher:connection_established');
    expect(JSON.parse(first.data as string)).toEqual({
      socket_id: expect.stringMatching(/^\d+\.\d+$/),
      activity_timeout: 120,
    });
  });

  it.each([
    ['an unknown key', rawUrl(0, 'nope'), 4001],
    ['a bad path', `/socket/${TEST_APP.key}?protocol=7`, 4005],
    ['an unsupported protocol', rawUrl(0, TEST_APP.key, 'protocol=6'), 4007],
    ['no protocol', rawUrl(0, TEST_APP.key, 'client=raw'), 4008],
  ])('refuses %s with pusher:error and the same close code', async (_case, url, code) => {
    const path = url.replace(/^ws:\/\/[^/]+/, '');
    const raw = await openRaw(`ws://${LOOPBACK}:${server.port}${path}`);
    expect((await raw.next('pusher:error')).data).toEqual({ code, message: expect.any(String) });
    expect((await raw.closed).code).toBe(code);
  });

  it('answers pusher:ping with pusher:pong', async () => {
    const raw = await openRaw(rawUrl(server.port));
    await raw.socketId();
    raw.send({ event: 'pusher:ping', data: {} });
    expect(await raw.next('pusher:pong')).toEqual({ event: 'pusher:pong', data: {} });
  });

  it.each([
    ['#server-to-user-1', /reserved/],
    ['z'.repeat(165), /longer than 164/],
    ['bad channel!', /characters/],
  ])('refuses the channel name %s with subscription_error and keeps the socket open', async (name, message) => {
    const raw = await openRaw(rawUrl(server.port));
    await rawSubscribe(raw, name);
    const refusal = await raw.next('pusher:subscription_error', name);
    expect(refusal.data).toMatchObject({ error: expect.stringMatching(message) });
    raw.send({ event: 'pusher:ping', data: {} });
    await raw.next('pusher:pong');
  });

  it('accepts a 164-character name from the full allowed alphabet', async () => {
    const name = `AZaz09_-=@,.;${'x'.repeat(151)}`;
    const raw = await openRaw(rawUrl(server.port));
    await rawSubscribe(raw, name);
    expect((await raw.next('pusher_internal:subscription_succeeded', name)).data).toBe('{}');
  });

  it('sends exact presence frames: succeeded snapshot, member_added, member_removed', async () => {
    const [first, second] = [await openRaw(rawUrl(server.port)), await openRaw(rawUrl(server.port))];
    await rawSubscribe(first, 'presence-raw', '{"user_id":1,"user_info":{"name":"Ana"}}');
    await first.next('pusher_internal:subscription_succeeded');
    await rawSubscribe(second, 'presence-raw', '{"user_id":"2"}');
    const snapshot = await second.next('pusher_internal:subscription_succeeded');
    expect(JSON.parse(snapshot.data as string)).toEqual({
      presence: { ids: ['1', '2'], hash: { 1: { name: 'Ana' }, 2: null }, count: 2 },
    });
    expect(await first.next('pusher_internal:member_added')).toEqual({
      event: 'pusher_internal:member_added',
      channel: 'presence-raw',
      data: '{"user_id":"2"}',
    });
    second.close();
    expect(await first.next('pusher_internal:member_removed')).toEqual({
      event: 'pusher_internal:member_removed',
      channel: 'presence-raw',
      data: '{"user_id":"2"}',
    });
  });

  it('forwards presence client events with a top-level user_id and never back to the sender', async () => {
    const [first, second] = [await openRaw(rawUrl(server.port)), await openRaw(rawUrl(server.port))];
    await rawSubscribe(first, 'presence-raw-ce', '{"user_id":"1"}');
    await rawSubscribe(second, 'presence-raw-ce', '{"user_id":"2"}');
    await first.next('pusher_internal:subscription_succeeded');
    await second.next('pusher_internal:subscription_succeeded');
    second.send({ event: 'client-typing', channel: 'presence-raw-ce', data: { on: true } });
    expect(await first.next('client-typing')).toEqual({
      event: 'client-typing',
      channel: 'presence-raw-ce',
      data: '{"on":true}',
      user_id: '2',
    });
    second.send({ event: 'pusher:ping', data: {} });
    await second.next('pusher:pong');
    expect(second.frames.some((f) => f.event === 'client-typing')).toBe(false);
  });

  it('rate-limits client events with a 4301 pusher:error message and never closes the socket', async () => {
    const [sender, receiver] = [await openRaw(rawUrl(server.port)), await openRaw(rawUrl(server.port))];
    await rawSubscribe(sender, 'private-rate');
    await rawSubscribe(receiver, 'private-rate');
    await sender.next('pusher_internal:subscription_succeeded');
    await receiver.next('pusher_internal:subscription_succeeded');
    for (let i = 0; i < 12; i += 1) sender.send({ event: 'client-spam', channel: 'private-rate', data: { i } });
    expect((await sender.next('pusher:error')).data).toEqual({ code: 4301, message: expect.any(String) });
    sender.send({ event: 'pusher:ping', data: {} });
    await sender.next('pusher:pong');
    await waitFor(() => receiver.frames.filter((f) => f.event === 'client-spam').length === 10, 'ten delivered');
    expect(sender.ws.readyState).toBe(sender.ws.OPEN);
  });

  it('answers malformed frames with pusher:error and keeps the socket open', async () => {
    const raw = await openRaw(rawUrl(server.port));
    await raw.socketId();
    raw.ws.send('not json');
    expect((await raw.next('pusher:error')).data).toMatchObject({ code: null });
    raw.send({ event: 'pusher:ping', data: {} });
    await raw.next('pusher:pong');
  });

  it('closes a socket sending an oversized frame with 1009 and keeps serving', async () => {
    const raw = await openRaw(rawUrl(server.port));
    await raw.socketId();
    raw.ws.send('x'.repeat(300 * 1024));
    expect((await raw.closed).code).toBe(1009);
    const next = await openRaw(rawUrl(server.port));
    expect(await next.socketId()).toMatch(/^\d+\.\d+$/);
  });

  it('drops every socket on close() and frees the port', async () => {
    const extra = await startRealtimeServer({ port: 0, apps: [TEST_APP] });
    const raw = await openRaw(rawUrl(extra.port));
    await raw.socketId();
    expect(extra.connectionCount()).toBe(1);
    await extra.close();
    expect((await raw.closed).code).toBe(1006);
    const again = await startRealtimeServer({ port: extra.port, apps: [TEST_APP] });
    extraServers.push(again);
    expect(again.port).toBe(extra.port);
  });
});

describe('HTTP API details', () => {
  const eventsPath = `/apps/${TEST_APP.appId}/events`;
  const post = (body: unknown, path = eventsPath) =>
    signedFetch(server.url, TEST_APP, { method: 'POST', path, body: JSON.stringify(body) });

  it('answers GET / and /health with 200, unknown routes with 404', async () => {
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/health`)).json()).toEqual({ health: 'OK' });
    expect((await fetch(`${server.url}/nowhere`)).status).toBe(404);
    expect(
      (await signedFetch(server.url, TEST_APP, { method: 'GET', path: `/apps/${TEST_APP.appId}/nowhere` })).status,
    ).toBe(404);
  });

  it('rejects unsigned requests with 401', async () => {
    expect((await fetch(`${server.url}/apps/${TEST_APP.appId}/channels`)).status).toBe(401);
  });

  it.each([
    ['an invalid channel name', { name: 'e', data: '{}', channels: ['bad name'] }, 400],
    [
      'more than 100 channels',
      { name: 'e', data: '{}', channels: Array.from({ length: 101 }, (_, i) => `c${i}`) },
      400,
    ],
    ['a missing name', { data: '{}', channels: ['c'] }, 400],
    ['non-string data', { name: 'e', data: { a: 1 }, channels: ['c'] }, 400],
    ['an invalid socket_id', { name: 'e', data: '{}', channels: ['c'], socket_id: 'abc' }, 400],
    ['data over 10 KB', { name: 'e', data: 'x'.repeat(10 * 1024 + 1), channels: ['c'] }, 413],
  ])('answers %s with %i', async (_case, body, status) => {
    expect((await post(body)).status).toBe(status);
  });

  it('answers a body over the request limit with 413', async () => {
    expect((await post({ name: 'e', data: 'x'.repeat(300 * 1024), channels: ['c'] })).status).toBe(413);
  });

  it('answers more than 10 batch events with 400', async () => {
    const batch = Array.from({ length: 11 }, () => ({ name: 'e', data: '{}', channel: 'c' }));
    expect((await post({ batch }, `/apps/${TEST_APP.appId}/batch_events`)).status).toBe(400);
  });

  it('returns channel info from events and batch_events when asked', async () => {
    const [a, b] = [pool.create({ userId: '1' }), pool.create({ userId: '1' })];
    await subscribe(a, 'presence-info');
    await subscribe(b, 'presence-info');
    const single = await post({
      name: 'e',
      data: '{}',
      channels: ['presence-info'],
      info: 'user_count,subscription_count',
    });
    expect(await single.json()).toEqual({ channels: { 'presence-info': { user_count: 1, subscription_count: 2 } } });
    const batch = await post(
      { batch: [{ name: 'e', data: '{}', channel: 'presence-info', info: 'subscription_count' }] },
      `/apps/${TEST_APP.appId}/batch_events`,
    );
    expect(await batch.json()).toEqual({ batch: [{ subscription_count: 2 }] });
    expect(await (await post({ name: 'e', data: '{}', channel: 'presence-info' })).json()).toEqual({});
  });

  it('never logs secrets or signatures', () => {
    const log = serverLog.join('\n');
    expect(log).not.toContain(TEST_APP.secret);
    expect(log).not.toMatch(/auth_signature|[0-9a-f]{64}/);
  });
});
