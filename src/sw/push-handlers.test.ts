import { describe, expect, it } from 'vitest';
import {
  openFromNotification,
  readPushMessage,
  showPush,
  targetOf,
  type WindowLike,
  type WorkerLike,
} from './push-handlers';

const ORIGIN = 'https://localhost';
const data = (value: unknown) => ({ json: () => value, text: () => String(value) });

function fakeWorker(urls: string[]) {
  const log: unknown[] = [];
  const windows: WindowLike[] = urls.map((url) => ({
    url,
    focus: async () => log.push(['focus', url]),
    postMessage: (message) => log.push(['message', url, message]),
  }));
  const worker: WorkerLike = {
    origin: ORIGIN,
    showNotification: async (title, options) => void log.push(['show', title, options]),
    windows: async () => windows,
    openWindow: async (url) => log.push(['open', url]),
  };
  return { worker, log };
}

describe('service worker push handlers', () => {
  it('shows title, body, icon and the page to open', async () => {
    const { worker, log } = fakeWorker([]);
    await showPush(
      worker,
      readPushMessage(data({ title: 'Oi', body: 'Bônus', url: '/casino/games', icon: '/i.png' }), 'x'),
    );
    expect(log).toEqual([['show', 'Oi', { body: 'Bônus', icon: '/i.png', data: { url: '/casino/games' } }]]);
  });

  it('always shows something: an unreadable payload gets the fallback title and home', () => {
    const broken = {
      json: () => {
        throw new Error('not json');
      },
      text: () => 'plain',
    };
    expect(readPushMessage(broken, 'localhost')).toEqual({ title: 'localhost', body: 'plain', url: '/' });
    expect(readPushMessage(null, 'localhost')).toEqual({ title: 'localhost', body: '', url: '/' });
  });

  it('never opens javascript: or data: URLs', () => {
    expect(targetOf('javascript:alert(1)', ORIGIN).href).toBe(`${ORIGIN}/`);
    expect(targetOf('data:text/html,x', ORIGIN).href).toBe(`${ORIGIN}/`);
    expect(targetOf('/casino', ORIGIN).href).toBe(`${ORIGIN}/casino`);
  });

  it('focuses a tab already on the page, moves another tab of the app there, else opens a window', async () => {
    const there = fakeWorker([`${ORIGIN}/casino`]);
    expect(await openFromNotification(there.worker, '/casino')).toBe('focused');
    expect(there.log).toEqual([['focus', `${ORIGIN}/casino`]]);

    const elsewhere = fakeWorker([`${ORIGIN}/`]);
    expect(await openFromNotification(elsewhere.worker, '/casino?x=1')).toBe('navigated');
    expect(elsewhere.log).toEqual([
      ['message', `${ORIGIN}/`, { type: 'push.open', url: '/casino?x=1' }],
      ['focus', `${ORIGIN}/`],
    ]);

    const none = fakeWorker([]);
    expect(await openFromNotification(none.worker, '/casino')).toBe('opened');
    expect(none.log).toEqual([['open', `${ORIGIN}/casino`]]);

    const external = fakeWorker([`${ORIGIN}/`]);
    expect(await openFromNotification(external.worker, 'https://example.com/promo')).toBe('opened');
    expect(external.log).toEqual([['open', 'https://example.com/promo']]);
  });
});
