import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../shared/api/types';
import { createTestApi, PANEL_HEADERS, panelForm, type TestApi } from '../api/test-support';
import type { LivePublisher } from '../realtime/control';

type ChatList = Schema<'ChatMessageList'>;
type Call = { channels: string | string[]; event: string; data: unknown };

let api: TestApi;
const calls: Call[] = [];
const publisher: LivePublisher = {
  async trigger(channels, event, data) {
    calls.push({ channels, event, data });
    return {};
  },
};
const NOW = new Date('2026-03-10T15:00:00Z');

beforeAll(async () => {
  api = await createTestApi({ publisher, now: () => NOW });
  // The seeded room (sandbox/seed-data/chat.ts) is left out: these stories count every message.
  await api.db.query('DELETE FROM chat_messages');
});
afterAll(() => api.close());

const post = (url: string, fields: Record<string, string>) =>
  api.app.inject({ method: 'POST', url, ...panelForm(fields) });
const list = async () =>
  ((await api.app.inject({ url: '/api/chat/messages', headers: { host: 'localhost' } })).json() as ChatList).messages;
const notice = (location: string | undefined) => new URL(location ?? '', 'http://x').searchParams;

describe('QA panel: the global chat', () => {
  it('posts as the house (backdated, pinned), published as MessageSent on the brand’s public channel', async () => {
    const res = await post('/sandbox/brands/1/chat', {
      text: '<script>alert(1)</script> Bem-vindos',
      name: 'Suporte',
      minutes_ago: '1500',
      pin_minutes: '30',
    });
    expect(res.statusCode).toBe(303);
    expect(notice(res.headers.location).get('notice')).toMatch(/postada/);
    const [message] = await list();
    expect(message).toMatchObject({
      text: '<script>alert(1)</script> Bem-vindos',
      type: 'pinned',
      user: { name: 'Suporte', house: true, id: null },
      time: new Date(NOW.getTime() - 1500 * 60_000).toISOString(),
      pinned_until: new Date(NOW.getTime() + 30 * 60_000).toISOString(),
    });
    expect(calls.at(-1)).toMatchObject({ channels: 'universal-public.1', event: 'MessageSent', data: message });
  });

  it('pins, unpins and deletes a message; the panel lists them (escaped)', async () => {
    const [first] = await list();
    const id = String(first?.id);
    expect((await post(`/sandbox/chat/${id}/unpin`, {})).statusCode).toBe(303);
    expect((await list())[0]?.pinned_until).toBeNull();
    await post(`/sandbox/chat/${id}/pin`, { minutes: '5' });
    expect((await list())[0]?.pinned_until).toBe(new Date(NOW.getTime() + 5 * 60_000).toISOString());
    const page = await api.app.inject({ url: '/sandbox', headers: PANEL_HEADERS });
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert(1)');
    await post(`/sandbox/chat/${id}/delete`, {});
    expect(await list()).toEqual([]);
    const again = await post(`/sandbox/chat/${id}/delete`, {});
    expect(notice(again.headers.location).get('error')).toMatch(/não encontrada/);
  });

  it('refuses bad input and writes from another origin', async () => {
    const empty = await post('/sandbox/brands/1/chat', { text: '  ' });
    expect(notice(empty.headers.location).get('error')).toMatch(/vazio/);
    const badMinutes = await post('/sandbox/brands/1/chat', { text: 'oi', minutes_ago: '-1' });
    expect(notice(badMinutes.headers.location).get('error')).toMatch(/Minutos/);
    const foreign = await api.app.inject({
      method: 'POST',
      url: '/sandbox/brands/1/chat',
      headers: { ...PANEL_HEADERS, origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'text=oi',
    });
    expect(foreign.statusCode).toBe(403);
    expect((await post('/sandbox/brands/999/chat', { text: 'oi' })).statusCode).toBe(404);
  });
});
