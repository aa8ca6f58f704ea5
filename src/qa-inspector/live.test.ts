import { describe, expect, it } from 'vitest';
import { CONNECTION_EVENT, createLiveFeed } from './live';

/** A window this page could be: opened by `opener`, on `origin`; `deliver` plays the browser's message event. */
function fakeWindow(opener: object | null, origin = 'http://localhost:5173') {
  const listeners: Array<(event: MessageEvent) => void> = [];
  const timers: Array<() => void> = [];
  const win: Record<string, unknown> = {
    location: { origin },
    opener,
    addEventListener: (type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') listeners.push(listener);
    },
    setTimeout: (fn: () => void) => timers.push(fn),
  };
  win.self = win;
  win.top = win;
  return {
    win: win as unknown as Window,
    deliver(data: unknown, from: { source: unknown; origin: string }) {
      for (const l of listeners) l({ data, source: from.source, origin: from.origin } as MessageEvent);
      timers.splice(0).forEach((fn) => fn());
    },
  };
}

const actorMessage = {
  type: '@xstate.actor',
  sessionId: 'x:1',
  rootId: 'x:0',
  parentId: 'x:0',
  name: 'session',
  definition: undefined,
  snapshot: { value: 'guest', status: 'active' },
  createdAt: '2026-11-27T12:00:00.000Z',
  id: null,
  _version: '0.7.2',
};

describe('live feed of the offline inspector', () => {
  it('tells its opener it is connected, on its own origin only', () => {
    const posted: Array<[unknown, string]> = [];
    const app = { postMessage: (data: unknown, target: string) => posted.push([data, target]) };
    const { win } = fakeWindow(app);
    expect(createLiveFeed(win).opened).toBe(true);
    expect(posted).toEqual([[{ type: CONNECTION_EVENT }, 'http://localhost:5173']]);
  });

  it('takes the stream of the app that opened it, and nothing from another window or origin', () => {
    const app = { postMessage: () => undefined };
    const stranger = { postMessage: () => undefined };
    const { win, deliver } = fakeWindow(app);
    const feed = createLiveFeed(win);
    let told = 0;
    feed.subscribe(() => (told += 1));

    deliver(actorMessage, { source: stranger, origin: 'http://localhost:5173' }); // another window
    deliver(actorMessage, { source: app, origin: 'https://evil.test' }); // the opener navigated elsewhere
    deliver({ type: '@xstate.actor' }, { source: app, origin: 'http://localhost:5173' }); // not the wire format
    expect(feed.version()).toBe(0);
    expect(told).toBe(0);

    deliver(actorMessage, { source: app, origin: 'http://localhost:5173' });
    expect(feed.version()).toBe(1);
    expect(told).toBe(1);
  });

  it('opened by nobody, it waits for a recording', () => {
    const { win } = fakeWindow(null);
    expect(createLiveFeed(win).opened).toBe(false);
  });
});
