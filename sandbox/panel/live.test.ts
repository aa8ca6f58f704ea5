import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, PANEL_HEADERS, panelForm, TEST_CONFIG, type TestApi } from '../api/test-support';
import { createPublisher } from '../realtime/publisher';
import { startRealtimeServer } from '../realtime/server';
import { LOOPBACK, RawClient, rawUrl, waitFor } from '../realtime/test-harness.fixture';
import { createRealtimeControl, type LivePublisher } from '../realtime/control';
import { maskName } from '../realtime/public-bets';

type Call = { channels: string | string[]; event: string; data: unknown };

function fakePublisher(fail = false): LivePublisher & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    async trigger(channels, event, data) {
      if (fail) throw new Error('ECONNREFUSED');
      calls.push({ channels, event, data });
      return {};
    },
  };
}

const form = (fields: Record<string, string>) => panelForm(fields);
const noticeOf = (location: string | undefined) => {
  const query = new URL(location ?? '', 'http://x').searchParams;
  return { notice: query.get('notice'), error: query.get('error') };
};

describe('maskName (§9: first 3 characters, 4 for longer names)', () => {
  it.each([
    ['Ana', 'Ana***'],
    ['Bruno', 'Bru***'],
    ['Fernanda', 'Fern***'],
    ['  Jo  ', 'Jo***'],
    ['Çécília', 'Çéc***'],
  ])('%s → %s', (name, masked) => expect(maskName(name)).toBe(masked));
});

describe('QA panel: test bets (fake publisher)', () => {
  let api: TestApi;
  const publisher = fakePublisher();
  beforeAll(async () => {
    api = await createTestApi({ publisher, now: () => new Date('2025-03-01T15:00:00Z') });
  });
  afterAll(() => api.close());
  afterEach(() => {
    publisher.calls.length = 0;
  });

  it('publishes a bet and its win, same transaction, amounts in centavos, on the brand public channel', async () => {
    const res = await api.app.inject({
      method: 'POST',
      url: '/sandbox/brands/2/bets',
      ...form({ amount: '5,00', win: '12.50', transaction: 'qa-tx_1' }),
    });
    expect(res.statusCode).toBe(303);
    expect(noticeOf(res.headers.location as string).notice).toContain('qa-tx_1');
    expect(publisher.calls).toHaveLength(2);
    const [bet, win] = publisher.calls;
    expect(bet).toMatchObject({
      channels: 'universal-public.2',
      event: 'BetPlaced',
      data: { type: 'bet', transaction: 'qa-tx_1', amount: 500, date: '2025-03-01T15:00:00.000Z' },
    });
    expect(win).toMatchObject({
      channels: 'universal-public.2',
      event: 'BetPlaced',
      data: { type: 'win', transaction: 'qa-tx_1', amount: 1250 },
    });
    const data = bet?.data as { game: string; user: string };
    expect(data.game.length).toBeGreaterThan(0);
    expect(data.user).toMatch(/^.{3,4}\*\*\*$/);
    expect((win?.data as { game: string }).game).toBe(data.game);
  });

  it('makes up a transaction id when none is given, a new one each time', async () => {
    await api.app.inject({ method: 'POST', url: '/sandbox/brands/1/bets', ...form({ amount: '1', win: '0' }) });
    await api.app.inject({ method: 'POST', url: '/sandbox/brands/1/bets', ...form({ amount: '1', win: '0' }) });
    const ids = publisher.calls.map((c) => (c.data as { transaction: string }).transaction);
    expect(ids[0]).toMatch(/^sbx-[0-9a-f]{12}$/);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
    expect(publisher.calls.map((c) => (c.data as { amount: number }).amount)).toEqual([100, 0, 100, 0]);
  });

  it('refuses bad input without publishing anything', async () => {
    const cases: Array<Record<string, string>> = [
      { amount: 'abc', win: '1' },
      { amount: '0', win: '1' },
      { amount: '1', win: '1', transaction: '<script>' },
    ];
    for (const fields of cases) {
      const res = await api.app.inject({ method: 'POST', url: '/sandbox/brands/1/bets', ...form(fields) });
      expect(res.statusCode).toBe(303);
      expect(noticeOf(res.headers.location as string).error).toBeTruthy();
    }
    expect(
      (await api.app.inject({ method: 'POST', url: '/sandbox/brands/999/bets', ...form({ amount: '1', win: '1' }) }))
        .statusCode,
    ).toBe(404);
    const foreign = await api.app.inject({
      method: 'POST',
      url: '/sandbox/brands/1/bets',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'amount=1&win=1',
    });
    expect(foreign.statusCode).toBe(403);
    expect(publisher.calls).toHaveLength(0);
  });

  it('shows a form per brand, escaping the brand name, and no stop/start without a realtime handle', async () => {
    await api.db.query(`UPDATE brands SET name = '<b onmouseover=x>Azul</b>' WHERE id = 2`);
    const res = await api.app.inject({ url: '/sandbox' });
    expect(res.body).toContain('action="/sandbox/brands/1/bets"');
    expect(res.body).toContain('action="/sandbox/brands/2/bets"');
    expect(res.body).toContain('<code>universal-public.2</code>');
    expect(res.body).toContain('Publicar aposta de teste');
    expect(res.body).toContain('&lt;b onmouseover=x&gt;Azul&lt;/b&gt;');
    expect(res.body).not.toContain('<b onmouseover');
    expect(res.body).not.toContain('action="/sandbox/realtime/');
    const stop = await api.app.inject({ method: 'POST', url: '/sandbox/realtime/stop', headers: PANEL_HEADERS });
    expect(noticeOf(stop.headers.location as string).error).toBeTruthy();
  });
});

describe('QA panel: without a publisher', () => {
  it('says so instead of failing', async () => {
    const api = await createTestApi();
    try {
      const res = await api.app.inject({
        method: 'POST',
        url: '/sandbox/brands/1/bets',
        ...form({ amount: '1', win: '1' }),
      });
      expect(noticeOf(res.headers.location as string).error).toContain('publicador');
    } finally {
      await api.close();
    }
  });
});

describe('QA panel: the real SDK and the realtime server, stopped and started on the same port', () => {
  it('delivers the pair to a subscriber, stops the server (clients dropped), reports a failed publish, starts it again', async () => {
    const start = (port: number) => startRealtimeServer({ host: LOOPBACK, port, apps: [TEST_CONFIG.pusher] });
    const control = createRealtimeControl(await start(0), start);
    const publisher = createPublisher({ ...TEST_CONFIG.pusher, host: LOOPBACK, port: control.port });
    const api = await createTestApi({ publisher, realtimeControl: control });
    const clients: RawClient[] = [];
    const subscriber = async () => {
      const client = await RawClient.open(rawUrl(control.port, TEST_CONFIG.pusher.key));
      clients.push(client);
      client.send({ event: 'pusher:subscribe', data: { channel: 'universal-public.1' } });
      await client.next('pusher_internal:subscription_succeeded', 'universal-public.1');
      return client;
    };
    try {
      const first = await subscriber();
      await api.app.inject({
        method: 'POST',
        url: '/sandbox/brands/1/bets',
        ...form({ amount: '2,00', win: '7,00', transaction: 'live-1' }),
      });
      const bets = await waitFor(() => {
        const got = first.frames.filter((f) => f.event === 'BetPlaced');
        return got.length === 2 && got;
      }, 'two BetPlaced frames');
      expect(
        bets.map((f) => JSON.parse(f.data as string) as { type: string; transaction: string; amount: number }),
      ).toEqual([
        expect.objectContaining({ type: 'bet', transaction: 'live-1', amount: 200 }),
        expect.objectContaining({ type: 'win', transaction: 'live-1', amount: 700 }),
      ]);

      expect((await api.app.inject({ url: '/sandbox' })).body).toContain('action="/sandbox/realtime/stop"');
      const stop = await api.app.inject({ method: 'POST', url: '/sandbox/realtime/stop', headers: PANEL_HEADERS });
      expect(noticeOf(stop.headers.location as string).notice).toBe('Servidor realtime parado.');
      await first.closed;
      expect(control.running()).toBe(false);
      await expect(fetch(`http://${LOOPBACK}:${control.port}/health`)).rejects.toThrow();
      const page = (await api.app.inject({ url: '/sandbox' })).body;
      expect(page).toContain('parado');
      expect(page).toContain('action="/sandbox/realtime/start"');
      const failed = await api.app.inject({
        method: 'POST',
        url: '/sandbox/brands/1/bets',
        ...form({ amount: '1', win: '1' }),
      });
      expect(noticeOf(failed.headers.location as string).error).toContain('parado');

      await api.app.inject({ method: 'POST', url: '/sandbox/realtime/start', headers: PANEL_HEADERS });
      await api.app.inject({ method: 'POST', url: '/sandbox/realtime/start', headers: PANEL_HEADERS }); // a second click is harmless
      expect(control.running()).toBe(true);
      expect((await fetch(`http://${LOOPBACK}:${control.port}/health`)).status).toBe(200);
      const second = await subscriber();
      await api.app.inject({
        method: 'POST',
        url: '/sandbox/brands/1/bets',
        ...form({ amount: '3', win: '0', transaction: 'live-2' }),
      });
      await waitFor(
        () => second.frames.filter((f) => f.event === 'BetPlaced').length === 2,
        'BetPlaced after the restart',
      );
    } finally {
      clients.forEach((c) => c.close());
      await api.close();
      await control.stop();
    }
  });
});
