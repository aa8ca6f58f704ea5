import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerNotificationRoutes } from '../panel/notifications';
import { checkTexts, NotificationInputError, sendNotification } from './notifications';
import { createTestApi, type TestApi } from './test-support';

const ANA = 'ana@sorteverde.test';
const BRUNO = 'bruno@sorteverde.test';

let api: TestApi;
let ana: string;
let bruno: string;
const idOf = async (email: string) =>
  Number((await api.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0]!.id);

const call = (method: 'GET' | 'POST', url: string, token?: string, host = 'localhost') =>
  api.app.inject({
    method,
    url: `/api${url}`,
    headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

interface ListBody {
  user_notifications: {
    data: Array<{ id: number; read: boolean; title: string }>;
    unread_count: number;
    last_page: number;
  };
  global_notifications: { data: Array<{ id: number; read: boolean }>; unread_count: number };
}
const list = async (token: string, query = '') =>
  (await call('GET', `/notifications${query}`, token)).json() as ListBody;

beforeAll(async () => {
  api = await createTestApi();
  ana = await api.login(ANA);
  bruno = await api.login(BRUNO);
});
afterAll(() => api.close());

describe('GET /notifications', () => {
  it('answers both lists, newest first, pages of 10 by default, with the unread count per list', async () => {
    const body = await list(ana);
    expect(body.user_notifications.data.map((n) => n.title)).toEqual([
      'Novo nível',
      'Bônus liberado',
      'Depósito aprovado',
    ]);
    expect(body.user_notifications.unread_count).toBe(2);
    expect(body.global_notifications.unread_count).toBe(2);
    const small = await list(ana, '?page=2&per_page=2');
    expect(small.user_notifications.data.map((n) => n.title)).toEqual(['Depósito aprovado']);
    expect(small.user_notifications.last_page).toBe(2);
  });

  it('asks who is calling: 401 without a session', async () => {
    expect((await call('GET', '/notifications')).statusCode).toBe(401);
  });
});

describe('POST /notifications/{id}/read', () => {
  it('marks one of the player’s own read (once: a repeat keeps the first read_at) and answers the list’s count', async () => {
    const [first] = (await list(ana)).user_notifications.data;
    const res = await call('POST', `/notifications/${first!.id}/read`, ana);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { read: boolean; read_at: string }; unread_count: number };
    expect(body.data.read).toBe(true);
    expect(body.unread_count).toBe(1);
    const again = (await call('POST', `/notifications/${first!.id}/read`, ana)).json() as typeof body;
    expect(again.data.read_at).toBe(body.data.read_at);
    expect(again.unread_count).toBe(1);
  });

  it('a global one is read per player: Ana reading it leaves it unread for Bruno', async () => {
    const [g] = (await list(ana)).global_notifications.data;
    expect((await call('POST', `/notifications/${g!.id}/read`, ana)).statusCode).toBe(200);
    expect((await list(ana)).global_notifications.data.find((n) => n.id === g!.id)?.read).toBe(true);
    const brunos = await list(bruno);
    expect(brunos.global_notifications.data.find((n) => n.id === g!.id)?.read).toBe(false);
    expect(brunos.global_notifications.unread_count).toBe(2);
  });

  it('only the owner: another player’s notification, another brand’s, or none at all is 404', async () => {
    const [mine] = (await list(ana)).user_notifications.data;
    const res = await call('POST', `/notifications/${mine!.id}/read`, bruno);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ errors: { notification: ['Notificação não encontrada.'] } });
    const [azul] = await api.db.query<{ id: number }>(
      "SELECT id FROM notifications WHERE brand_id = 2 AND type = 'platform' LIMIT 1",
    );
    expect((await call('POST', `/notifications/${azul!.id}/read`, ana)).statusCode).toBe(404);
    expect((await call('POST', '/notifications/99999999/read', ana)).statusCode).toBe(404);
    expect((await call('POST', '/notifications/0/read', ana)).statusCode).toBe(422);
    expect((await call('POST', `/notifications/${mine!.id}/read`)).statusCode).toBe(401);
  });
});

describe('POST /notifications/{type}/mark-all-read', () => {
  it('marks one list only, for the player who asks; a repeat marks nothing', async () => {
    const before = await list(bruno);
    const res = await call('POST', '/notifications/global/mark-all-read', bruno);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ marked: before.global_notifications.unread_count, unread_count: 0 });
    const after = await list(bruno);
    expect(after.global_notifications.data.every((n) => n.read)).toBe(true);
    expect(after.user_notifications.unread_count).toBe(before.user_notifications.unread_count);
    expect((await call('POST', '/notifications/global/mark-all-read', bruno)).json()).toEqual({
      marked: 0,
      unread_count: 0,
    });
    expect((await call('POST', '/notifications/user/mark-all-read', ana)).json()).toMatchObject({ unread_count: 0 });
  });

  it('refuses an unknown list (422) and a guest (401)', async () => {
    const res = await call('POST', '/notifications/platform/mark-all-read', ana);
    expect(res.statusCode).toBe(422);
    expect((await call('POST', '/notifications/user/mark-all-read')).statusCode).toBe(401);
  });
});

describe('sending (the QA panel)', () => {
  it('stores it and publishes NotificationSent on the player’s channel; a global one on the brand’s public channel', async () => {
    const published: Array<[string | string[], string, unknown]> = [];
    const publisher = {
      trigger: async (c: string | string[], e: string, d: unknown) => void published.push([c, e, d]),
    };
    const anaId = await idOf(ANA);
    const now = new Date();
    const one = await sendNotification(api.db, publisher, {
      brandId: 1,
      userId: anaId,
      title: '  <img src=x onerror=alert(1)>  ',
      message: 'Texto',
      pinnedUntil: null,
      now,
    });
    expect(one.published).toBe(true);
    expect(one.notification).toMatchObject({ title: '<img src=x onerror=alert(1)>', read: false, type: 'info' });
    const brandWide = await sendNotification(api.db, publisher, {
      brandId: 1,
      userId: null,
      title: 'Para todos',
      message: 'Global',
      pinnedUntil: new Date(now.getTime() + 60_000),
      now,
    });
    expect(published.map(([c, e]) => [c, e])).toEqual([
      [`private-universal.${anaId}`, 'NotificationSent'],
      ['universal-public.1', 'NotificationSent'],
    ]);
    expect(brandWide.notification.type).toBe('platform');
    expect(brandWide.notification.pinned_until).not.toBeNull();
    // Both are in the lists: Ana's own at the top, the global one unread for Bruno.
    expect((await list(ana)).user_notifications.data[0]?.id).toBe(one.notification.id);
    expect((await list(bruno)).global_notifications.data[0]).toMatchObject({
      id: brandWide.notification.id,
      read: false,
    });
  });

  it('is stored even when publishing fails; refuses empty, too long texts and a player of another brand', async () => {
    const failing = { trigger: async () => Promise.reject(new Error('down')) };
    const stored = await sendNotification(api.db, failing, {
      brandId: 1,
      userId: null,
      title: 'T',
      message: 'M',
      pinnedUntil: null,
      now: new Date(),
    });
    expect(stored.published).toBe(false);
    expect(() => checkTexts(' ', 'x')).toThrow(NotificationInputError);
    expect(() => checkTexts('x'.repeat(121), 'x')).toThrow(NotificationInputError);
    expect(() => checkTexts('x', 'x'.repeat(1001))).toThrow(NotificationInputError);
    await expect(
      sendNotification(api.db, undefined, {
        brandId: 2,
        userId: await idOf(ANA),
        title: 'T',
        message: 'M',
        pinnedUntil: null,
        now: new Date(),
      }),
    ).rejects.toThrow(NotificationInputError);
  });
});

describe('QA panel: POST /sandbox/notifications', () => {
  it('sends to a player by e-mail or to the whole brand, pinned or not; checks the origin and the input', async () => {
    const { default: Fastify } = await import('fastify');
    const { default: formbody } = await import('@fastify/formbody');
    const app = Fastify();
    await app.register(formbody);
    const published: string[] = [];
    const notices: Array<[string, boolean]> = [];
    registerNotificationRoutes(
      app,
      {
        db: api.db,
        now: () => new Date(),
        publisher: { trigger: async (c: string | string[]) => void published.push(String(c)) },
      },
      {
        sameOrigin: (request) => request.headers.origin === 'http://panel',
        back: (reply, _anchor, text, error = false) => {
          notices.push([text, error]);
          return reply.code(303).send();
        },
      },
    );
    const post = (form: Record<string, string>, origin = 'http://panel') =>
      app.inject({
        method: 'POST',
        url: '/sandbox/notifications',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
    await post({ brand: '1', audience: 'player', player: ANA, title: 'Oi', message: 'Olá' });
    await post({ brand: '1', audience: 'brand', title: 'Todos', message: 'Olá', pinned: 'on', pinned_minutes: '5' });
    await post({ brand: '1', audience: 'player', player: 'ninguem@x.test', title: 'Oi', message: 'Olá' });
    await post({ brand: '1', audience: 'brand', title: 'Todos', message: 'Olá', pinned: 'on', pinned_minutes: '0' });
    await post({ brand: 'x', audience: 'brand', title: 'T', message: 'M' });
    await post({ brand: '1', audience: 'brand', title: '', message: 'M' });
    expect((await post({ brand: '1', audience: 'brand', title: 'T', message: 'M' }, 'http://evil')).statusCode).toBe(
      403,
    );
    expect(published).toEqual([`private-universal.${await idOf(ANA)}`, 'universal-public.1']);
    expect(notices.map(([, error]) => error)).toEqual([false, false, true, true, true, true]);
    const [pinned] = await api.db.query<{ pinned_until: Date | null; sent_by: string }>(
      "SELECT pinned_until, sent_by FROM notifications WHERE title = 'Todos' ORDER BY id DESC LIMIT 1",
    );
    expect(pinned?.pinned_until).not.toBeNull();
    expect(pinned?.sent_by).toBe('qa');
    await app.close();
  });
});
