import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPEN_MESSAGE } from './push-handlers';
import { listenForPushOpens } from './push-open';

/** A worker container that hands messages to what listens, as navigator.serviceWorker does. */
function fakeContainer() {
  const target = new EventTarget();
  return {
    container: { addEventListener: target.addEventListener.bind(target) } as Pick<
      ServiceWorkerContainer,
      'addEventListener'
    >,
    post: (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data })),
  };
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('a notification click heard by the open tab (push-open.ts)', () => {
  it('moves the tab in-app to the path the worker names, as a popstate the router follows', () => {
    const { container, post } = fakeContainer();
    const popstate = vi.fn();
    window.addEventListener('popstate', popstate);
    listenForPushOpens(container);
    post({ type: OPEN_MESSAGE, url: '/casino/games?x=1' });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/casino/games?x=1');
    expect(popstate).toHaveBeenCalledTimes(1);
    // Already there: no second history entry.
    post({ type: OPEN_MESSAGE, url: '/casino/games?x=1' });
    expect(popstate).toHaveBeenCalledTimes(1);
    window.removeEventListener('popstate', popstate);
  });

  it('ignores other messages, other sites and anything that is not a path', () => {
    const { container, post } = fakeContainer();
    const pushState = vi.spyOn(window.history, 'pushState');
    listenForPushOpens(container);
    for (const data of [
      { type: 'other', url: '/casino' },
      { type: OPEN_MESSAGE, url: '//evil.example/x' },
      { type: OPEN_MESSAGE, url: 'https://evil.example/x' },
      { type: OPEN_MESSAGE, url: 42 },
      null,
    ])
      post(data);
    expect(pushState).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/');
    pushState.mockRestore();
  });
});
