import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import {
  connectionMachine,
  reconnectDelayMs,
  REALTIME_RECONNECT_MAX_MS,
  REALTIME_RECONNECT_MS,
} from './connection.machine';
import type {
  ConnectionEvent,
  ConnectionInput,
  PusherCommand,
  PusherConnectionInput,
  PusherReport,
} from './connection.types';

const input: ConnectionInput = {
  key: 'casino-local-key',
  host: { pageHostname: 'localhost', pageProtocol: 'http:', apiBaseUrl: 'http://localhost:8787/api' },
};

/** A fake `pusherConnection`: each start is one pusher-js client; the test reports states through it. */
function fakePusher() {
  const clients: Array<{
    input: PusherConnectionInput;
    commands: PusherCommand[];
    running: boolean;
    report: (e: PusherReport) => void;
  }> = [];
  const logic = fromCallback<PusherCommand, PusherConnectionInput>(({ input: clientInput, sendBack, receive }) => {
    const client = {
      input: clientInput,
      commands: [] as PusherCommand[],
      running: true,
      report: (e: PusherReport) => sendBack(e),
    };
    clients.push(client);
    receive((command) => client.commands.push(command));
    return () => {
      client.running = false;
    };
  });
  const current = () => {
    const client = clients.at(-1);
    if (!client?.running) throw new Error('no running fake pusher client');
    return client;
  };
  return { logic, clients, current, report: (e: PusherReport) => current().report(e) };
}

function start() {
  const fake = fakePusher();
  const machine = connectionMachine.provide({ actors: { pusherConnection: fake.logic } });
  const { actor, clock } = createTestActor(machine, { input });
  const state = () => actor.getSnapshot().value;
  return { fake, actor, clock, state };
}

describe('connection machine: generated paths', () => {
  const fake = fakePusher();
  it('reaches every state of §4 and the final stopped, and no path fails', () => {
    const result = reachability(connectionMachine.provide({ actors: { pusherConnection: fake.logic } }), {
      input,
      events: [
        { type: 'pusher.connecting' },
        { type: 'pusher.connected', socketId: '1.2' },
        { type: 'pusher.unavailable' },
        { type: 'pusher.failed' },
        { type: 'pusher.disconnected' },
        { type: 'pusher.error', code: 4201 },
        { type: 'connection.credentialsChanged' },
        { type: 'connection.stop' },
      ] satisfies ConnectionEvent[],
    });
    expect(result.leaves.sort()).toEqual(
      ['connected', 'connecting', 'disconnected', 'failed', 'initialized', 'unavailable']
        .map((s) => `live.${s}`)
        .concat('stopped')
        .sort(),
    );
    expect(result.finals).toEqual(['stopped']);
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('connection machine: stories', () => {
  it('mirrors pusher-js: initialized, connecting, connected with its socket id', () => {
    const { fake, actor, state } = start();
    expect(state()).toEqual({ live: 'initialized' });
    expect(fake.clients).toHaveLength(1);
    expect(fake.current().input).toEqual({ ...input, credentialsVersion: 0 });
    fake.report({ type: 'pusher.connecting' });
    expect(state()).toEqual({ live: 'connecting' });
    fake.report({ type: 'pusher.connected', socketId: '123.456' });
    expect(state()).toEqual({ live: 'connected' });
    expect(actor.getSnapshot().context).toMatchObject({ socketId: '123.456', interrupted: false, retries: 0 });
  });

  it('after a refused close retries after 1 s, then 2 s, 4 s … capped at 30 s', () => {
    const { fake, actor, clock, state } = start();
    fake.report({ type: 'pusher.connecting' });
    fake.report({ type: 'pusher.connected', socketId: '1.1' });
    const client = fake.current();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      // pusher-js got a 4001–4099 or ≥ 4300 close: it stays disconnected by itself.
      fake.report({ type: 'pusher.disconnected' });
      expect(state()).toEqual({ live: 'disconnected' });
      const before = client.commands.length;
      let waited = 0;
      while (client.commands.length === before && waited < 60_000) {
        clock.increment(100);
        waited += 100;
      }
      waits.push(waited);
      expect(client.commands.at(-1)).toEqual({ type: 'connection.reconnect' });
      fake.report({ type: 'pusher.connecting' });
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(actor.getSnapshot().context.retries).toBe(8);
    expect(state()).toEqual({ live: 'connecting' });
  });

  it('connected resets the backoff', () => {
    const { fake, actor, clock } = start();
    const client = fake.current();
    fake.report({ type: 'pusher.disconnected' });
    clock.increment(1000);
    fake.report({ type: 'pusher.connecting' });
    fake.report({ type: 'pusher.disconnected' });
    clock.increment(2000);
    expect(client.commands).toHaveLength(2);
    expect(actor.getSnapshot().context.retries).toBe(2);
    fake.report({ type: 'pusher.connecting' });
    fake.report({ type: 'pusher.connected', socketId: '2.2' });
    expect(actor.getSnapshot().context.retries).toBe(0);
    fake.report({ type: 'pusher.disconnected' });
    clock.increment(999);
    expect(client.commands).toHaveLength(2);
    clock.increment(1);
    expect(client.commands).toHaveLength(3);
  });

  it('keeps asking, with backoff, when pusher-js does not react to a reconnect', () => {
    const { fake, clock, state } = start();
    const client = fake.current();
    fake.report({ type: 'pusher.disconnected' });
    clock.increment(1000);
    expect(client.commands).toHaveLength(1);
    clock.increment(1999);
    expect(client.commands).toHaveLength(1);
    clock.increment(1);
    expect(client.commands).toHaveLength(2);
    expect(state()).toEqual({ live: 'disconnected' });
  });

  it('leaves the first connection to pusher-js, restarts it once unavailable, and goes unavailable → connected', () => {
    const { fake, actor, clock, state } = start();
    const client = fake.current();
    fake.report({ type: 'pusher.connecting' });
    clock.increment(9_999);
    expect(client.commands).toEqual([]);
    fake.report({ type: 'pusher.unavailable' }); // pusher-js: not connected within 10 s
    expect(state()).toEqual({ live: 'unavailable' });
    clock.increment(1000);
    expect(client.commands).toHaveLength(1);
    expect(state()).toEqual({ live: 'unavailable' });
    clock.increment(2000);
    expect(client.commands).toHaveLength(2);
    fake.report({ type: 'pusher.connecting' });
    clock.increment(4000);
    expect(client.commands).toHaveLength(3);
    expect(state()).toEqual({ live: 'connecting' });
    fake.report({ type: 'pusher.connected', socketId: '3.3' });
    expect(state()).toEqual({ live: 'connected' });
    expect(actor.getSnapshot().context).toMatchObject({ retries: 0, interrupted: false });
  });

  it('after losing an established connection, restarts a stalled attempt after 1 s, 2 s, 4 s …', () => {
    const { fake, actor, clock, state } = start();
    const client = fake.current();
    fake.report({ type: 'pusher.connecting' });
    fake.report({ type: 'pusher.connected', socketId: '1.1' });
    fake.report({ type: 'pusher.connecting' }); // a 1006: pusher-js reconnects, but its attempt may stall 15 s
    expect(actor.getSnapshot().context.interrupted).toBe(true);
    clock.increment(1000);
    expect(client.commands).toHaveLength(1);
    clock.increment(1999);
    expect(client.commands).toHaveLength(1);
    clock.increment(1);
    expect(client.commands).toHaveLength(2);
    expect(state()).toEqual({ live: 'connecting' });
  });

  it('a pending retry is dropped when pusher-js reconnects by itself', () => {
    const { fake, clock, state } = start();
    fake.report({ type: 'pusher.disconnected' });
    clock.increment(500);
    fake.report({ type: 'pusher.connecting' });
    fake.report({ type: 'pusher.connected', socketId: '4.4' });
    clock.increment(60_000);
    expect(fake.current().commands).toEqual([]);
    expect(state()).toEqual({ live: 'connected' });
  });

  it('failed (no transport) stays failed and does not spin', () => {
    const { fake, clock, state } = start();
    fake.report({ type: 'pusher.failed' });
    clock.increment(300_000);
    expect(state()).toEqual({ live: 'failed' });
    expect(fake.current().commands).toEqual([]);
  });

  it('a token change re-creates the connection with the next credentials version, and no token in sight', () => {
    const { fake, actor, clock, state } = start();
    fake.report({ type: 'pusher.connecting' });
    fake.report({ type: 'pusher.connected', socketId: '5.5' });
    const first = fake.current();
    actor.send({ type: 'connection.credentialsChanged' });
    expect(first.running).toBe(false);
    expect(fake.clients).toHaveLength(2);
    expect(fake.current().input.credentialsVersion).toBe(1);
    expect(state()).toEqual({ live: 'initialized' });
    expect(actor.getSnapshot().context).toMatchObject({ credentialsVersion: 1, interrupted: false, socketId: null });
    fake.report({ type: 'pusher.connecting' });
    fake.report({ type: 'pusher.connected', socketId: '6.6' });
    expect(state()).toEqual({ live: 'connected' });
    // A change while waiting to retry also cancels that retry.
    fake.report({ type: 'pusher.disconnected' });
    actor.send({ type: 'connection.credentialsChanged' });
    clock.increment(60_000);
    expect(fake.clients.flatMap((c) => c.commands)).toEqual([]);
    expect(fake.current().input.credentialsVersion).toBe(2);
    expect(JSON.stringify(actor.getSnapshot().context)).not.toMatch(/bearer|token|guest-/i);
  });

  it('records pusher errors silently, for QA', () => {
    const { fake, actor, state } = start();
    fake.report({ type: 'pusher.connecting' });
    fake.report({ type: 'pusher.error', code: 4301 });
    expect(actor.getSnapshot().context.lastErrorCode).toBe(4301);
    expect(state()).toEqual({ live: 'connecting' });
  });

  it('stop disconnects for good', () => {
    const { fake, actor, clock } = start();
    fake.report({ type: 'pusher.disconnected' });
    actor.send({ type: 'connection.stop' });
    expect(actor.getSnapshot().value).toBe('stopped');
    expect(actor.getSnapshot().status).toBe('done');
    expect(fake.clients[0]?.running).toBe(false);
    clock.increment(60_000);
    expect(fake.clients).toHaveLength(1);
    expect(fake.clients[0]?.commands).toEqual([]);
  });

  it('computes the backoff from the spec constants', () => {
    expect(REALTIME_RECONNECT_MS).toBe(1000);
    expect(REALTIME_RECONNECT_MAX_MS).toBe(30_000);
    expect([0, 1, 2, 3, 4, 5, 6, 100].map(reconnectDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
