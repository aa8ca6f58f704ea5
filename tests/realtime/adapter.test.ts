/**
 * The realtime adapter and machines against the sandbox's real Pusher-protocol server, on loopback: the real
 * pusher-js (Node build, loaded through the adapter's lazy import), the real `pusher` SDK publishing, and a
 * tiny Laravel-style `/broadcasting/auth` endpoint that signs with the sandbox's `signChannelAuth`.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import { channelMachine } from '../../machines/realtime/channel.machine';
import type { ChannelInput, RealtimeParentEvent } from '../../machines/realtime/channel.types';
import { connectConnection } from '../../machines/realtime/connection.connect';
import { connectionMachine } from '../../machines/realtime/connection.machine';
import type { ConnectionInput } from '../../machines/realtime/connection.types';
import { createPublisher } from '../../sandbox/realtime/publisher';
import { startRealtimeServer } from '../../sandbox/realtime/server';
import type { RealtimeServer } from '../../sandbox/realtime/server';
import { signChannelAuth } from '../../sandbox/realtime/signature';
import { sleep, waitFor } from '../../sandbox/realtime/test-harness.fixture';
import { createPusherRealtime } from '../../src/lib/realtime/pusher-adapter';
import type { PusherRealtime } from '../../src/lib/realtime/pusher-adapter';
import { createTestActor } from '../toolkit/test-actor';

const LOOPBACK = '127.0.0.1';
const APP = { appId: '4242', key: 'realtime-test-key', secret: 'realtime-test-secret' };
const GUEST = 'guest-abc123xyz';
const TOKEN = 'token-of-player-42';

interface AuthCall {
  channel: string;
  contentType: string | undefined;
  authorization: string | undefined;
  guestId: string | undefined;
  status: number;
}

/** The API's policy in miniature: a player joins only private-universal.{user id}, a guest only its own. */
async function startAuth(): Promise<{ baseUrl: string; calls: AuthCall[]; close(): Promise<void> }> {
  const calls: AuthCall[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const socketId = form.get('socket_id') ?? '';
      const channel = form.get('channel_name') ?? '';
      const authorization = req.headers.authorization;
      const guestId = req.headers['guest-id'] as string | undefined;
      const identity = authorization === `Bearer ${TOKEN}` ? '42' : authorization ? undefined : guestId;
      const status = identity !== undefined && channel === `private-universal.${identity}` ? 200 : 403;
      calls.push({ channel, contentType: req.headers['content-type'], authorization, guestId, status });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        status === 200 ? JSON.stringify({ auth: signChannelAuth(APP, socketId, channel) }) : '{"message":"Forbidden"}',
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://${LOOPBACK}:${port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let server: RealtimeServer;
let auth: Awaited<ReturnType<typeof startAuth>>;
let port: number;
const running: AnyActorRef[] = [];
const pumps: Array<ReturnType<typeof setInterval>> = [];
let credentials: { token: string | null };
let realtime: PusherRealtime;

beforeEach(async () => {
  server = await startRealtimeServer({ port: 0, apps: [APP] });
  port = server.port;
  auth = await startAuth();
  credentials = { token: null };
  // What src/app does with realtimeAuthHeaders(storage): read at each authorisation, never stored in a machine.
  realtime = createPusherRealtime({
    authHeaders: (): Record<string, string> =>
      credentials.token ? { Authorization: `Bearer ${credentials.token}` } : { 'Guest-ID': GUEST },
  });
});

afterEach(async () => {
  for (const pump of pumps.splice(0)) clearInterval(pump);
  for (const actor of running.splice(0)) actor.stop();
  await server.close();
  await auth.close();
});

function startConnection() {
  const input: ConnectionInput = {
    key: APP.key,
    host: { pageHostname: LOOPBACK, pageProtocol: 'http:', wsPort: port, apiBaseUrl: auth.baseUrl },
  };
  const { actor, clock } = createTestActor(
    connectionMachine.provide({ actors: { pusherConnection: realtime.pusherConnection } }),
    {
      input,
    },
  );
  running.push(actor);
  const live = () => connectConnection(actor.getSnapshot()).state;
  /** Lets the machine's simulated clock follow real time (its reconnect timers then run as in the app). */
  const followRealTime = () => {
    let last = Date.now();
    pumps.push(
      setInterval(() => {
        const now = Date.now();
        clock.increment(now - last);
        last = now;
      }, 20),
    );
  };
  return {
    actor,
    clock,
    live,
    followRealTime,
    connected: () => waitFor(() => live() === 'connected' && actor.getSnapshot().context.socketId, 'connected'),
  };
}

function startChannel(input: ChannelInput) {
  const { actor } = createTestActor(channelMachine.provide({ actors: { subscription: realtime.subscription } }), {
    input,
  });
  running.push(actor);
  const heard: RealtimeParentEvent[] = [];
  actor.on('*', (e) => heard.push(e));
  const state = () => actor.getSnapshot().value;
  return {
    actor,
    heard,
    state,
    subscribed: () => waitFor(() => state() === 'subscribed', `${input.channel} subscribed`),
  };
}

const publisher = () => createPublisher({ ...APP, host: LOOPBACK, port });

describe('realtime adapter against the sandbox server', () => {
  it('connects, authorises a private channel with the Guest-ID header, and receives events published by the SDK', async () => {
    const connection = startConnection();
    const socketId = await connection.connected();
    expect(socketId).toMatch(/^\d+\.\d+$/);
    const publicFeed = startChannel({ channel: 'universal-public.7', events: ['BetPlaced'] });
    const guest = startChannel({ channel: `private-universal.${GUEST}`, events: ['MessageSent', 'MissionAssigned'] });
    await publicFeed.subscribed();
    await guest.subscribed();
    expect(auth.calls).toEqual([
      {
        channel: `private-universal.${GUEST}`,
        contentType: 'application/x-www-form-urlencoded',
        authorization: undefined,
        guestId: GUEST,
        status: 200,
      },
    ]);

    const bet = {
      type: 'bet',
      transaction: 't-1',
      game: 'Fortune Tiger',
      user: 'Ana***',
      amount: 500,
      date: '2025-03-01T15:00:00.000Z',
    };
    await publisher().trigger('universal-public.7', 'BetPlaced', bet);
    await publisher().trigger(`private-universal.${GUEST}`, 'MissionAssigned', { mission: 3 });
    await waitFor(() => publicFeed.heard.length === 1 && guest.heard.length === 1, 'both events');
    expect(publicFeed.heard).toEqual([{ type: 'realtime.betPlaced', channel: 'universal-public.7', data: bet }]);
    expect(guest.heard).toEqual([
      { type: 'realtime.missionAssigned', channel: `private-universal.${GUEST}`, data: { mission: 3 } },
    ]);
  });

  it('drops a payload that fails its schema, silently, and counts it', async () => {
    const connection = startConnection();
    await connection.connected();
    const user = startChannel({ channel: `private-universal.${GUEST}`, events: ['MissionAssigned'] });
    await user.subscribed();
    await publisher().trigger(`private-universal.${GUEST}`, 'MissionAssigned', 'just a string');
    await publisher().trigger(`private-universal.${GUEST}`, 'MissionAssigned', { text: 'oi' });
    await waitFor(() => user.heard.length === 1, 'the valid message');
    expect(user.heard.map((e) => e.data)).toEqual([{ text: 'oi' }]);
    expect(realtime.invalidPayloadCount()).toBe(1);
    expect(user.actor.getSnapshot().context.dropped).toBe(1);
  });

  it('server stopped and restarted on the same port: indicator shown, reconnect, re-subscription, next event exactly once', async () => {
    const connection = startConnection();
    connection.followRealTime();
    const firstSocket = await connection.connected();
    const guest = startChannel({ channel: `private-universal.${GUEST}`, events: ['MissionAssigned'] });
    await guest.subscribed();
    await publisher().trigger(`private-universal.${GUEST}`, 'MissionAssigned', { n: 1 });
    await waitFor(() => guest.heard.length === 1, 'first message');

    await server.close();
    await waitFor(() => connection.live() !== 'connected', 'connection lost', 5000);
    expect(connectConnection(connection.actor.getSnapshot()).showIndicator).toBe(true);
    await waitFor(() => guest.state() === 'pending', 'channel pending');
    // Down long enough for pusher-js's own attempt to fail and stall (it would wait 15 s for its timeout).
    await sleep(1500);
    expect(connectConnection(connection.actor.getSnapshot())).toMatchObject({
      showIndicator: true,
      messageId: 'realtime.reconnecting',
    });

    server = await startRealtimeServer({ port, apps: [APP] });
    const restartedAt = Date.now();
    const secondSocket = await connection.connected();
    expect(Date.now() - restartedAt).toBeLessThan(3000);
    expect(secondSocket).not.toBe(firstSocket);
    expect(connectConnection(connection.actor.getSnapshot()).showIndicator).toBe(false);
    await guest.subscribed();
    expect(auth.calls.filter((c) => c.status === 200)).toHaveLength(2); // re-authorised with the new socket id

    await publisher().trigger(`private-universal.${GUEST}`, 'MissionAssigned', { n: 2 });
    await waitFor(() => guest.heard.length === 2, 'second message');
    await sleep(300);
    expect(guest.heard.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(server.connectionCount()).toBe(1);
  });

  it('a close pusher-js does not retry (4009) is retried by the machine after 1 s; channels come back', async () => {
    const connection = startConnection();
    await connection.connected();
    const guest = startChannel({ channel: `private-universal.${GUEST}`, events: ['MissionAssigned'] });
    await guest.subscribed();

    server.closeSockets(4009, 'refused for the test');
    await waitFor(() => connection.live() === 'disconnected', 'disconnected');
    await sleep(1500);
    expect(connection.live()).toBe('disconnected'); // pusher-js alone would stay here for good
    expect(server.connectionCount()).toBe(0);

    connection.clock.increment(999);
    await sleep(100);
    expect(server.connectionCount()).toBe(0);
    connection.clock.increment(1); // the machine's 1 s reconnect (§9)
    await connection.connected();
    await guest.subscribed();
    await publisher().trigger(`private-universal.${GUEST}`, 'MissionAssigned', { after: 'retry' });
    await waitFor(() => guest.heard.length === 1, 'message after retry');
    await sleep(200);
    expect(guest.heard).toHaveLength(1);
    expect(connection.actor.getSnapshot().context.retries).toBe(0);
  });

  it('a token change re-creates the connection and re-authorises with the bearer token', async () => {
    const connection = startConnection();
    const guestSocket = await connection.connected();
    const guest = startChannel({ channel: `private-universal.${GUEST}`, events: ['MessageSent'] });
    await guest.subscribed();

    credentials.token = TOKEN; // signed in (stored by the session flow)
    connection.actor.send({ type: 'connection.credentialsChanged' });
    const userSocket = await connection.connected();
    expect(userSocket).not.toBe(guestSocket);
    await waitFor(() => server.connectionCount() === 1, 'the old socket closed');

    const user = startChannel({ channel: 'private-universal.42', events: ['BalanceUpdated'] });
    await user.subscribed();
    // The guest channel moved to the new connection but the player may not join it: refused, silently.
    await waitFor(() => guest.state() === 'failed', 'guest channel refused');
    expect(guest.actor.getSnapshot().context.refusedStatus).toBe(403);
    const bearerCalls = auth.calls.filter((c) => c.authorization === `Bearer ${TOKEN}`);
    expect(bearerCalls.map((c) => [c.channel, c.status])).toEqual(
      expect.arrayContaining([
        ['private-universal.42', 200],
        [`private-universal.${GUEST}`, 403],
      ]),
    );

    await publisher().trigger('private-universal.42', 'BalanceUpdated', { balance: 150_000 });
    await waitFor(() => user.heard.length === 1, 'balance');
    expect(user.heard).toEqual([
      { type: 'realtime.balanceUpdated', channel: 'private-universal.42', data: { balance: 150_000 } },
    ]);
    expect(JSON.stringify(connection.actor.getSnapshot().context)).not.toContain(TOKEN);
  });

  it('stop disconnects for good', async () => {
    const connection = startConnection();
    await connection.connected();
    connection.actor.send({ type: 'connection.stop' });
    await waitFor(() => server.connectionCount() === 0, 'socket closed');
    connection.clock.increment(60_000);
    await sleep(1200);
    expect(server.connectionCount()).toBe(0);
    expect(connection.actor.getSnapshot().status).toBe('done');
  });
});
