import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { connectConnection, sameConnectionView } from './connection.connect';
import { connectionMachine } from './connection.machine';
import type { PusherReport } from './connection.types';

function start() {
  let report: ((e: PusherReport) => void) | undefined;
  const machine = connectionMachine.provide({
    actors: {
      pusherConnection: fromCallback(({ sendBack }) => {
        report = sendBack;
      }),
    },
  });
  const { actor } = createTestActor(machine, {
    input: { key: 'k', host: { pageHostname: 'localhost', pageProtocol: 'http:', apiBaseUrl: '/api' } },
  });
  const view = () => connectConnection(actor.getSnapshot());
  return { actor, view, report: (e: PusherReport) => report?.(e) };
}

describe('connection view-model', () => {
  it('shows nothing while the first connection is made or live updates flow', () => {
    const { view, report } = start();
    expect(view()).toEqual({ state: 'initialized', showIndicator: false, messageId: null });
    report({ type: 'pusher.connecting' });
    expect(view()).toEqual({ state: 'connecting', showIndicator: false, messageId: null });
    report({ type: 'pusher.connected', socketId: '1.1' });
    expect(view()).toEqual({ state: 'connected', showIndicator: false, messageId: null });
  });

  it('shows the indicator when live updates stop: reconnecting, unavailable, failed, disconnected', () => {
    const { view, report } = start();
    report({ type: 'pusher.connected', socketId: '1.1' });
    report({ type: 'pusher.connecting' });
    expect(view()).toEqual({ state: 'connecting', showIndicator: true, messageId: 'realtime.reconnecting' });
    report({ type: 'pusher.unavailable' });
    expect(view()).toEqual({ state: 'unavailable', showIndicator: true, messageId: 'realtime.unavailable' });
    report({ type: 'pusher.disconnected' });
    expect(view()).toEqual({ state: 'disconnected', showIndicator: true, messageId: 'realtime.disconnected' });
    report({ type: 'pusher.failed' });
    expect(view()).toEqual({ state: 'failed', showIndicator: true, messageId: 'realtime.failed' });
  });

  it('a token change is not news: connecting again after it shows nothing', () => {
    const { actor, view, report } = start();
    report({ type: 'pusher.connected', socketId: '1.1' });
    actor.send({ type: 'connection.credentialsChanged' });
    report({ type: 'pusher.connecting' });
    expect(view().showIndicator).toBe(false);
  });

  it('hides the indicator once stopped', () => {
    const { actor, view, report } = start();
    report({ type: 'pusher.disconnected' });
    actor.send({ type: 'connection.stop' });
    expect(view()).toEqual({ state: 'stopped', showIndicator: false, messageId: null });
  });

  it('compares view-models field by field', () => {
    const a = { state: 'connected', showIndicator: false, messageId: null } as const;
    expect(sameConnectionView(a, { ...a })).toBe(true);
    expect(sameConnectionView(a, { ...a, state: 'connecting' })).toBe(false);
  });
});
