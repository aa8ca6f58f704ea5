import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { SubscriptionInput, SubscriptionReport } from '../../machines/realtime/channel.types';
import { resetLiveDemand, wantLive } from '../lib/realtime/live-demand';
import { createMemoryStorage } from '../lib/storage';

/**
 * The real live services (no adapter given): nothing of the adapter, the connection or the bets feed is fetched
 * before the page wants live updates; a channel invoked before then (the session's guest channel) is joined on the
 * adapter once it is there.
 */
const subscribed: Array<{ input: SubscriptionInput; report: (e: SubscriptionReport) => void; stopped: boolean }> = [];
const created = vi.fn();
vi.mock('../lib/realtime/pusher-adapter', () => ({
  loadPusher: () => new Promise(() => undefined),
  createPusherRealtime: (options: unknown) => {
    created(options);
    return {
      pusherConnection: createMachine({}),
      subscription: createMachine({}),
      invalidPayloadCount: () => 0,
      currentClient: () => undefined,
      subscribe(input: SubscriptionInput, report: (e: SubscriptionReport) => void) {
        const entry = { input, report, stopped: false };
        subscribed.push(entry);
        return () => (entry.stopped = true);
      },
    };
  },
}));

const { createLiveServices } = await import('./live');

afterEach(() => {
  resetLiveDemand();
  subscribed.length = 0;
  created.mockClear();
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A parent that invokes the channel machine with the services' channel logic. */
function parentOf(channelLogic: ReturnType<typeof createLiveServices>['channelLogic']) {
  const parent = createActor(
    createMachine({
      invoke: { src: channelLogic, input: { channel: 'private-universal.guest-1', events: ['BetPlaced'] } },
    }),
  ).start();
  return { parent };
}

describe('live services: the adapter and the live flows come once the page wants live updates', () => {
  it('fetches nothing before live updates are wanted; a channel invoked meanwhile joins on the adapter then', async () => {
    const live = createLiveServices({ storage: createMemoryStorage(), apiBaseUrl: '/api' });
    const { parent } = parentOf(live.channelLogic);
    let flows: unknown;
    void live.flows().then((f) => (flows = f));
    await flush();
    expect(created).not.toHaveBeenCalled();
    expect(subscribed).toEqual([]);
    expect(flows).toBeUndefined();

    wantLive();
    await vi.waitFor(() => expect(subscribed).toHaveLength(1));
    expect(created).toHaveBeenCalledTimes(1);
    expect(subscribed[0]?.input.channel).toBe('private-universal.guest-1');
    subscribed[0]?.report({ type: 'channel.subscribed' });
    await vi.waitFor(() => expect(flows).toMatchObject({ connection: expect.anything(), betsFeed: expect.anything() }));
    // One adapter for the page: the live flows ride on the one the channel joined.
    expect(created).toHaveBeenCalledTimes(1);
    parent.stop();
    expect(subscribed[0]?.stopped).toBe(true);
  });

  it('never joins a channel stopped before the adapter came', async () => {
    const live = createLiveServices({ storage: createMemoryStorage(), apiBaseUrl: '/api' });
    const { parent } = parentOf(live.channelLogic);
    parent.stop();
    wantLive();
    await vi.waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    await flush();
    expect(subscribed).toEqual([]);
  });
});
