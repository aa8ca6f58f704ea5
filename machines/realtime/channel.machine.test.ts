import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import type { CallbackActorLogic, EventObject } from 'xstate';
import { controllableCallback } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { channelMachine, toParentEvent } from './channel.machine';
import type {
  ChannelEvent,
  ChannelInput,
  RealtimeParentEvent,
  SubscriptionInput,
  SubscriptionReport,
} from './channel.types';

/** The toolkit's controllable callback, typed as the `subscription` actor the machine expects. */
function fakeSubscription() {
  const fake = controllableCallback<SubscriptionReport>();
  return Object.assign(fake, {
    subscription: fake.logic as unknown as CallbackActorLogic<EventObject, SubscriptionInput>,
  });
}

const input: ChannelInput = { channel: 'private-universal.42', events: ['BalanceUpdated', 'PaymentApproved'] };
const balance = (value: number): SubscriptionReport => ({
  type: 'channel.received',
  message: { name: 'BalanceUpdated', data: { balance: value } },
});

function start() {
  const fake = fakeSubscription();
  const machine = channelMachine.provide({ actors: { subscription: fake.subscription } });
  const { actor } = createTestActor(machine, { input });
  return { fake, actor, state: () => actor.getSnapshot().value };
}

/** A parent the way wallet or chat machines use it: invoke the channel, handle `realtime.*` events. */
function startParent() {
  const fake = fakeSubscription();
  const parent = setup({
    types: {
      context: {} as { got: RealtimeParentEvent[] },
      events: {} as RealtimeParentEvent | { type: 'parent.leave' },
    },
    actors: { userChannel: channelMachine.provide({ actors: { subscription: fake.subscription } }) },
  }).createMachine({
    id: 'testParent',
    context: { got: [] },
    initial: 'listening',
    states: {
      listening: {
        invoke: { id: 'channel', src: 'userChannel', input },
        on: {
          'realtime.balanceUpdated': { actions: assign({ got: ({ context, event }) => [...context.got, event] }) },
          'realtime.paymentApproved': { actions: assign({ got: ({ context, event }) => [...context.got, event] }) },
          'parent.leave': { target: 'left' },
        },
      },
      left: {},
    },
  });
  const { actor } = createTestActor(parent, {});
  return { fake, actor };
}

describe('channel machine: generated paths', () => {
  const fake = fakeSubscription();
  it('reaches every state of §4 Channel subscription, the final cancelled included, and no path fails', () => {
    const result = reachability(channelMachine.provide({ actors: { subscription: fake.subscription } }), {
      input,
      events: [
        { type: 'channel.subscribed' },
        { type: 'channel.refused', status: 403 },
        { type: 'channel.lost' },
        balance(100),
        { type: 'channel.dropped', event: 'BalanceUpdated' },
        { type: 'channel.cancel' },
      ] satisfies ChannelEvent[],
    });
    expect(result.leaves.sort()).toEqual(['cancelled', 'failed', 'pending', 'subscribed']);
    expect(result.finals).toEqual(['cancelled']);
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('channel machine: stories', () => {
  it('is cancelled while still waiting for the subscription, and unsubscribes', () => {
    const { fake, actor, state } = start();
    expect(state()).toBe('pending');
    actor.send({ type: 'channel.cancel' });
    expect(state()).toBe('cancelled');
    expect(actor.getSnapshot().status).toBe('done');
    expect(fake.running).toBe(false);
  });

  it('is cancelled after a refusal, and unsubscribes', () => {
    const { fake, actor, state } = start();
    fake.emit({ type: 'channel.refused', status: 403 });
    expect(state()).toBe('failed');
    actor.send({ type: 'channel.cancel' });
    expect(state()).toBe('cancelled');
    expect(fake.running).toBe(false);
  });

  it('subscribes, then passes typed events to its parent', () => {
    const { fake, actor } = startParent();
    fake.emit({ type: 'channel.subscribed' });
    fake.emit(balance(12_345));
    fake.emit({
      type: 'channel.received',
      message: { name: 'PaymentApproved', data: { balance: 22_345, amount: 10_000 } },
    });
    expect(actor.getSnapshot().context.got).toEqual([
      { type: 'realtime.balanceUpdated', channel: 'private-universal.42', data: { balance: 12_345 } },
      { type: 'realtime.paymentApproved', channel: 'private-universal.42', data: { balance: 22_345, amount: 10_000 } },
    ]);
  });

  it('leaving (the parent stops it) unsubscribes', () => {
    const { fake, actor } = startParent();
    expect(fake.running).toBe(true);
    actor.send({ type: 'parent.leave' });
    expect(fake.running).toBe(false);
  });

  it('emits the same events for actor.on listeners and counts them', () => {
    const { fake, actor, state } = start();
    const heard: RealtimeParentEvent[] = [];
    actor.on('realtime.balanceUpdated', (e) => heard.push(e));
    fake.emit({ type: 'channel.subscribed' });
    fake.emit(balance(1));
    fake.emit(balance(2));
    expect(state()).toBe('subscribed');
    expect(heard.map((e) => e.data)).toEqual([{ balance: 1 }, { balance: 2 }]);
    expect(actor.getSnapshot().context.received).toBe(2);
  });

  it('goes back to pending when the connection drops, and is subscribed again when pusher-js re-subscribes', () => {
    const { fake, state } = start();
    fake.emit({ type: 'channel.subscribed' });
    fake.emit({ type: 'channel.lost' });
    expect(state()).toBe('pending');
    fake.emit({ type: 'channel.subscribed' });
    expect(state()).toBe('subscribed');
  });

  it('a refusal is silent (§8) but visible to QA, and a later re-subscription clears it', () => {
    const { fake, actor, state } = start();
    fake.emit({ type: 'channel.refused', status: 403 });
    expect(state()).toBe('failed');
    expect(actor.getSnapshot().context.refusedStatus).toBe(403);
    expect(actor.getSnapshot().status).toBe('active');
    fake.emit({ type: 'channel.lost' });
    fake.emit({ type: 'channel.subscribed' });
    expect(state()).toBe('subscribed');
    expect(actor.getSnapshot().context.refusedStatus).toBeNull();
    fake.emit({ type: 'channel.lost' });
    fake.emit({ type: 'channel.refused', status: null });
    fake.emit({ type: 'channel.subscribed' });
    expect(state()).toBe('subscribed');
  });

  it('counts payloads the adapter dropped, and passes nothing on for them', () => {
    const { fake, actor } = start();
    const heard: unknown[] = [];
    actor.on('*', (e) => heard.push(e));
    fake.emit({ type: 'channel.subscribed' });
    fake.emit({ type: 'channel.dropped', event: 'BalanceUpdated' });
    expect(actor.getSnapshot().context.dropped).toBe(1);
    expect(heard).toEqual([]);
  });

  it('does not pass on events before it is subscribed', () => {
    const { fake, actor } = start();
    fake.emit(balance(5));
    expect(actor.getSnapshot().context.received).toBe(0);
  });

  it('cancel unsubscribes for good', () => {
    const { fake, actor, state } = start();
    fake.emit({ type: 'channel.subscribed' });
    actor.send({ type: 'channel.cancel' });
    expect(state()).toBe('cancelled');
    expect(actor.getSnapshot().status).toBe('done');
    expect(fake.running).toBe(false);
  });

  it('maps every wire event to its typed parent event', () => {
    expect(toParentEvent('c', { name: 'NotifyNewUserBox', data: {} })).toEqual({
      type: 'realtime.notifyNewUserBox',
      channel: 'c',
      data: {},
    });
    expect(toParentEvent('c', { name: 'MissionAssigned', data: { text: 'oi' } }).type).toBe('realtime.missionAssigned');
  });
});
