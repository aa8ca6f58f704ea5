import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Schema } from '../../shared/api/types';
import {
  CHAT_MESSAGES,
  CHAT_RATE,
  deleteMessage,
  foldText,
  hasBlockedWord,
  hasLink,
  insertMessage,
  pinMessage,
  sniffImage,
  textProblems,
  tidyText,
} from './chat';
import { MESSAGES } from './errors';
import { bearer, createTestApi, type TestApi } from './test-support';

type ChatMessage = Schema<'ChatMessage'>;
type ChatList = Schema<'ChatMessageList'>;

let api: TestApi;
let ana: string;
let bruno: string;
let diego: string;
let clock = new Date('2026-03-10T15:00:00Z');
const published: { channel: string; event: string; data: unknown }[] = [];

beforeAll(async () => {
  api = await createTestApi({
    now: () => clock,
    publisher: {
      trigger: async (channel, event, data) => {
        published.push({ channel: String(channel), event, data });
        return {};
      },
    },
  });
  [ana, bruno, diego] = await Promise.all([
    api.login('ana@sorteverde.test'),
    api.login('bruno@sorteverde.test'),
    api.login('diego@azulbet.test', 'azul.localhost'),
  ]);
});
afterAll(() => api.close());
beforeEach(async () => {
  // Each test starts a minute later with an empty room: no rate limit carried over.
  clock = new Date(clock.getTime() + 60_000);
  await api.db.query('DELETE FROM chat_messages');
  published.length = 0;
});

const GUEST = { 'guest-id': 'guest-abc123XYZ' };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const get = (url: string, headers: Record<string, string> = GUEST, host = 'localhost') =>
  api.app.inject({ url, headers: { host, ...headers } });
const post = (url: string, payload: object, headers: Record<string, string>, host = 'localhost') =>
  api.app.inject({ method: 'POST', url, headers: { host, ...headers }, payload });
const say = (token: string, text: string, extra: object = {}, host = 'localhost') =>
  post('/api/chat/messages', { text, ...extra }, bearer(token), host);
const upload = (token: string, type: string, bytes: Buffer) =>
  post('/api/chat/attachments', { attachment_type: type, data: bytes.toString('base64') }, bearer(token));

describe('GET /chat/messages (spec §7 Chat, §9: 50 by default)', () => {
  it('lets a guest read the brand room, oldest first, with amountBet null', async () => {
    await say(ana, 'Bom dia, pessoal!');
    clock = new Date(clock.getTime() + 1000);
    await say(bruno, 'Boa sorte a todos');
    const res = await get('/api/chat/messages');
    expect(res.statusCode).toBe(200);
    const body = res.json() as ChatList;
    expect(body.amountBet).toBeNull();
    expect(body.messages.map((m) => m.text)).toEqual(['Bom dia, pessoal!', 'Boa sorte a todos']);
    const [first] = body.messages as [ChatMessage];
    expect(first).toMatchObject({ type: 'global', user: { name: 'Ana', house: false }, mission: null, emoji: null });
    expect(first.colorClass).toMatch(/^chat-color-[0-7]$/);
    expect(first.user.amount_bet).toEqual(expect.any(Number));
  });

  it('gives a player their own total wagered as amountBet', async () => {
    const body = (await get('/api/chat/messages', bearer(ana))).json() as ChatList;
    expect(body.amountBet).toEqual(expect.any(Number));
  });

  it('answers the newest 50 by default and `limit` when asked; never another brand’s', async () => {
    for (let i = 0; i < 55; i += 1) {
      await insertMessage(api.db, {
        brandId: 1,
        userId: null,
        houseName: 'Casa',
        text: `m${i}`,
        at: new Date(clock.getTime() - (55 - i) * 1000),
      });
    }
    await insertMessage(api.db, { brandId: 2, userId: null, houseName: 'Azul', text: 'azul', at: clock });
    const all = (await get('/api/chat/messages')).json() as ChatList;
    expect(all.messages).toHaveLength(50);
    expect(all.messages[0]?.text).toBe('m5');
    expect(all.messages.at(-1)?.text).toBe('m54');
    const few = (await get('/api/chat/messages?limit=3')).json() as ChatList;
    expect(few.messages.map((m) => m.text)).toEqual(['m52', 'm53', 'm54']);
    const azul = (await get('/api/chat/messages', GUEST, 'azul.localhost')).json() as ChatList;
    expect(azul.messages.map((m) => m.text)).toEqual(['azul']);
    expect((await get('/api/chat/messages?limit=0')).statusCode).toBe(422);
    expect((await get('/api/chat/messages?limit=101')).statusCode).toBe(422);
  });

  it('keeps a pinned message (type pinned) until pinned_until, however old', async () => {
    const old = await insertMessage(api.db, {
      brandId: 1,
      userId: null,
      houseName: 'Sorte Verde',
      text: 'Regras do chat',
      at: new Date(clock.getTime() - 86_400_000),
    });
    for (let i = 0; i < 3; i += 1)
      await insertMessage(api.db, { brandId: 1, userId: null, houseName: 'Casa', text: `n${i}`, at: clock });
    await pinMessage(api.db, undefined, old.id, new Date(clock.getTime() + 60_000), clock);
    const pinned = (await get('/api/chat/messages?limit=2')).json() as ChatList;
    expect(pinned.messages.map((m) => [m.text, m.type])).toEqual([
      ['Regras do chat', 'pinned'],
      ['n1', 'other'],
      ['n2', 'other'],
    ]);
    clock = new Date(clock.getTime() + 61_000);
    const later = (await get('/api/chat/messages?limit=2')).json() as ChatList;
    expect(later.messages.map((m) => m.text)).toEqual(['n1', 'n2']);
  });

  it('never serves a deleted message; open chats are told once on the brand’s public channel', async () => {
    const message = await insertMessage(api.db, { brandId: 1, userId: null, houseName: 'Casa', text: 'x', at: clock });
    const publisher = {
      trigger: async (channel: string | string[], event: string, data: unknown) => {
        published.push({ channel: String(channel), event, data });
        return {};
      },
    };
    expect(await deleteMessage(api.db, publisher, message.id, clock)).toBe(true);
    expect(await deleteMessage(api.db, publisher, message.id, clock)).toBe(false);
    expect(((await get('/api/chat/messages')).json() as ChatList).messages).toEqual([]);
    expect(published).toEqual([{ channel: 'universal-public.1', event: 'MessageDeleted', data: { id: message.id } }]);
  });
});

describe('POST /chat/messages', () => {
  it('asks a guest to sign in (401) and stores nothing', async () => {
    const res = await post('/api/chat/messages', { text: 'oi' }, GUEST);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: MESSAGES.unauthenticated });
    expect(((await get('/api/chat/messages')).json() as ChatList).messages).toEqual([]);
  });

  it('stores the tidied text, answers 201 and publishes MessageSent on the brand’s public channel', async () => {
    const res = await say(ana, '  Olá   mundo \r\n\r\n\r\n  segunda linha  ');
    expect(res.statusCode).toBe(201);
    const { data } = res.json() as { data: ChatMessage };
    expect(data.text).toBe('Olá mundo\nsegunda linha');
    expect(published).toEqual([{ channel: 'universal-public.1', event: 'MessageSent', data }]);
    const azul = await say(diego, 'Oi do azul', {}, 'azul.localhost');
    expect(azul.statusCode).toBe(201);
    expect(published[1]?.channel).toBe('universal-public.2');
  });

  it('stores markup as text, unchanged (the app renders it as text)', async () => {
    const payload = '<img src=x onerror=alert(1)>';
    const res = await say(ana, payload);
    expect(res.statusCode).toBe(201);
    expect((res.json() as { data: ChatMessage }).data.text).toBe(payload);
  });

  it.each([
    ['', CHAT_MESSAGES.empty],
    ['   \n  ', CHAT_MESSAGES.empty],
    ['a'.repeat(281), CHAT_MESSAGES.tooLong],
    ['1\n2\n3\n4\n5', CHAT_MESSAGES.tooManyLines],
    ['entra em https://golpe.example', CHAT_MESSAGES.link],
    ['meu site: ganhefacil.com', CHAT_MESSAGES.link],
    ['ganhe . bet agora', CHAT_MESSAGES.link],
    ['vai tomar no c* seu P0RR4', CHAT_MESSAGES.profanity],
    ['what the FUCK', CHAT_MESSAGES.profanity],
  ])('refuses %j with 422 on errors.text', async (text, message) => {
    const res = await say(ana, text);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { text: [message] } });
  });

  it('accepts 280 characters (emoji count as one) and words that merely contain a blocked one', async () => {
    expect((await say(ana, '🎰'.repeat(280))).statusCode).toBe(201);
    expect((await say(bruno, 'Computador e disputa, sem problema')).statusCode).toBe(201);
  });

  it(`rate limits each player: ${CHAT_RATE.max} in ${CHAT_RATE.windowMs / 1000} s, then 429 with Retry-After`, async () => {
    for (let i = 0; i < CHAT_RATE.max; i += 1) expect((await say(ana, `msg ${i}`)).statusCode).toBe(201);
    const refused = await say(ana, 'mais uma');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another player is not slowed down.
    expect((await say(bruno, 'eu posso')).statusCode).toBe(201);
    clock = new Date(clock.getTime() + CHAT_RATE.windowMs);
    expect((await say(ana, 'de novo')).statusCode).toBe(201);
  });
});

describe('attachments (413 and 415 with §8 texts; only the sandbox’s own uploads)', () => {
  it('uploads an image of an allowed type and attaches it; the upload is served as an image only', async () => {
    const up = await upload(ana, 'image/png', PNG);
    expect(up.statusCode).toBe(201);
    const { data } = up.json() as { data: { attachment_type: string; attachment_url: string } };
    expect(data.attachment_url).toMatch(/^\/api\/uploads\/chat\/[a-f0-9]{24}\.png$/);
    const res = await say(ana, '', { attachments: [data] });
    expect(res.statusCode).toBe(201);
    expect((res.json() as { data: ChatMessage }).data.attachments).toEqual([data]);
    const file = await get(data.attachment_url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect((await get('/api/uploads/chat/../../etc')).statusCode).toBe(404);
  });

  it('refuses a type the brand does not allow (415) and bytes not of the declared type (415)', async () => {
    const svg = await upload(ana, 'image/svg+xml', Buffer.from('<svg onload="alert(1)"/>'));
    expect(svg.statusCode).toBe(415);
    expect(svg.json()).toMatchObject({ message: CHAT_MESSAGES.type });
    const fake = await upload(ana, 'image/png', Buffer.from('<script>alert(1)</script>'));
    expect(fake.statusCode).toBe(415);
  });

  it('refuses a file larger than the brand allows (413)', async () => {
    await api.db.query(
      `UPDATE brands SET settings = settings || '{"chat":{"max_attachment_bytes":40}}'::jsonb WHERE id = 1`,
    );
    try {
      const big = Buffer.concat([PNG, Buffer.alloc(64)]);
      const res = await upload(ana, 'image/png', big);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ message: CHAT_MESSAGES.size });
    } finally {
      await api.db.query(`UPDATE brands SET settings = settings - 'chat' WHERE id = 1`);
    }
  });

  it('refuses an attachment from another host (422) or of a type not allowed (415)', async () => {
    const outside = await say(ana, 'olha', {
      attachments: [{ attachment_type: 'image/png', attachment_url: 'https://evil.example/x.png' }],
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({ errors: { attachments: [CHAT_MESSAGES.badAttachment] } });
    const js = await say(ana, 'olha', {
      attachments: [{ attachment_type: 'text/html', attachment_url: '/api/uploads/chat/x.html' }],
    });
    expect(js.statusCode).toBe(415);
  });

  it('asks a guest to sign in before uploading (401)', async () => {
    const res = await post(
      '/api/chat/attachments',
      { attachment_type: 'image/png', data: PNG.toString('base64') },
      GUEST,
    );
    expect(res.statusCode).toBe(401);
  });
});

describe('policy helpers', () => {
  it('folds accents, case, repeats and look-alikes', () => {
    expect(foldText('PÔRRRRA')).toBe('porra');
    expect(foldText('p0rr4')).toBe('porra');
  });
  it('finds links in their disguises and leaves plain text alone', () => {
    expect(hasLink('javascript:alert(1)')).toBe(false);
    expect(hasLink('JAVASCRIPT://x')).toBe(true);
    expect(hasLink('www . site')).toBe(true);
    expect(hasLink('site(dot)com')).toBe(true);
    expect(hasLink('t.me/grupo')).toBe(true);
    expect(hasLink('ganhei 3.50 no tigrinho')).toBe(false);
  });
  it('blocks words with endings, not words that contain them', () => {
    expect(hasBlockedWord('seus putos')).toBe(true);
    expect(hasBlockedWord('computador')).toBe(false);
    expect(textProblems('ok', false)).toEqual([]);
    expect(tidyText('a\r\n\r\nb')).toBe('a\nb');
  });
  it('recognises images by their bytes', () => {
    expect(sniffImage(PNG)).toBe('image/png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(Buffer.from('GIF89a......'))).toBe('image/gif');
    expect(sniffImage(Buffer.from('RIFF....WEBPVP8 '))).toBe('image/webp');
    expect(sniffImage(Buffer.from('hello'))).toBeNull();
  });
});
