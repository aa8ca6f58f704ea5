import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, setup, type AnyActorRef, type EventObject } from 'xstate';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import type { ChannelInput } from '../realtime/channel.types';
import { connectChat, dayLabelOf, initialsOf } from './chat.connect';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_KEPT_MAX,
  CHAT_LIMIT,
  CHAT_TICK_MS,
  chatMachine,
  failureOf,
  mergeMessages,
} from './chat.machine';
import type {
  ChatAttachment,
  ChatEvent,
  ChatMessage,
  ChatPage,
  PostMessageInput,
  UploadAttachmentInput,
} from './chat.types';

const T0 = Date.parse('2026-03-10T15:00:00Z');
const TZ = 'America/Sao_Paulo';

let nextId = 1;
function message(extra: Partial<ChatMessage> & { userId?: number | null; name?: string } = {}): ChatMessage {
  const { userId = 7, name = 'Ana', ...rest } = extra;
  const id = rest.id ?? nextId++;
  return {
    id,
    time: new Date(T0 - 60_000 + id).toISOString(),
    type: 'global',
    user: {
      id: userId,
      name,
      avatar: null,
      level: userId === null ? null : 2,
      amount_bet: userId === null ? null : 12_345,
      house: userId === null,
    },
    text: `mensagem ${id}`,
    mission: null,
    colorClass: 'chat-color-3',
    emoji: null,
    pinned_until: null,
    attachments: [],
    ...rest,
  };
}

/** An image of `bytes` bytes of the given type (only its type and size matter to the machine). */
function png(bytes: number, type = 'image/png'): Blob {
  return new Blob([new Uint8Array(bytes)], { type });
}
const image = (n: number): ChatAttachment => ({
  attachment_type: 'image/png',
  attachment_url: `/api/uploads/chat/${n}.png`,
});

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** The machine with fakes the test drives: each fetch and post waits for the test to settle it. */
function harness(options: { playerId?: number | null; now?: number } = {}) {
  const fetches: Deferred<ChatPage>[] = [];
  const fetchInputs: { limit: number }[] = [];
  const posts: Deferred<ChatMessage>[] = [];
  const postInputs: PostMessageInput[] = [];
  const uploads: Deferred<ChatAttachment>[] = [];
  const uploadInputs: UploadAttachmentInput[] = [];
  const channels: ChannelInput[] = [];
  let channelStops = 0;
  let statusStops = 0;
  let now = options.now ?? T0;
  const logic = chatMachine.provide({
    actors: {
      fetchMessages: fromPromise<ChatPage, { limit: number }>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            fetchInputs.push(input);
            fetches.push({ resolve, reject });
          }),
      ),
      postMessage: fromPromise<ChatMessage, PostMessageInput>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            postInputs.push(input);
            posts.push({ resolve, reject });
          }),
      ),
      uploadAttachment: fromPromise<ChatAttachment, UploadAttachmentInput>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            uploadInputs.push(input);
            uploads.push({ resolve, reject });
          }),
      ),
      publicChannel: fromCallback<EventObject, ChannelInput>(({ input }) => {
        channels.push(input);
        return () => {
          channelStops += 1;
        };
      }) as never,
      liveStatus: fromCallback(() => () => {
        statusStops += 1;
      }),
    },
    actions: { tick: assign({ now: () => now }) },
  });
  const { actor, clock } = createTestActor(logic, {
    input: { casinoId: 3, playerId: options.playerId === undefined ? 7 : options.playerId, now: options.now ?? T0 },
  });
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return {
    actor,
    clock,
    fetches,
    fetchInputs,
    posts,
    postInputs,
    uploads,
    uploadInputs,
    channels,
    channelStops: () => channelStops,
    statusStops: () => statusStops,
    setNow: (ms: number) => (now = ms),
    flush,
    send: (event: ChatEvent) => actor.send(event),
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    view: () => connectChat(actor.getSnapshot(), TZ),
    async load(page: ChatPage = { messages: [], amountBet: 500 }) {
      fetches.at(-1)?.resolve(page);
      await flush();
    },
  };
}

const feed = (h: { state: () => unknown }) => (h.state() as { open?: { feed: string } }).open?.feed ?? 'closed';

describe('chat machine: generated paths', () => {
  it('reaches every state and no path fails', () => {
    const logic = chatMachine.provide({
      actors: {
        fetchMessages: fromPromise<ChatPage, { limit: number }>(async () => ({ messages: [], amountBet: null })),
        postMessage: fromPromise(async () => message()),
        uploadAttachment: fromPromise(async () => image(1)),
        publicChannel: fromCallback(() => () => undefined) as never,
      },
    });
    const result = reachability(logic, {
      input: { casinoId: 1, playerId: 1 },
      // A draft or an image is what makes a send possible: two snapshots differ by them too.
      serializeState: (s) => JSON.stringify([s.value, s.context.draft, s.context.attachments.length]),
      events: [
        { type: 'chat.open' },
        { type: 'chat.close' },
        { type: 'chat.draftChanged', text: 'oi' },
        { type: 'chat.send' },
        { type: 'chat.retry' },
        { type: 'chat.reload' },
        { type: 'chat.dismissError' },
        { type: 'chat.connectionLost' },
        { type: 'chat.connectionRestored' },
        // One picked image only: the traversal tells events apart by their JSON, and every Blob's is {}.
        { type: 'chat.attach', file: png(100) },
        { type: 'chat.cancelAttachment' },
        { type: 'chat.dismissAttachError' },
        ...([
          { type: 'xstate.done.actor.fetchMessages', output: { messages: [], amountBet: null } },
          { type: 'xstate.error.actor.fetchMessages', error: { status: 500 } },
          { type: 'xstate.done.actor.postMessage', output: message() },
          { type: 'xstate.error.actor.postMessage', error: { status: 500 } },
          { type: 'xstate.done.actor.catchUp', output: { messages: [], amountBet: null } },
          { type: 'xstate.done.actor.uploadAttachment', output: image(1) },
          { type: 'xstate.error.actor.uploadAttachment', error: { status: 413 } },
        ] as never[]),
      ],
    });
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('chat machine: opening, loading, the channel', () => {
  it('starts closed; opening loads the last 50 and joins the brand’s public channel for MessageSent', async () => {
    const h = harness();
    expect(h.state()).toBe('closed');
    expect(h.view().open).toBe(false);
    h.send({ type: 'chat.open' });
    expect(feed(h)).toBe('loading');
    expect(h.view().loading).toBe(true);
    expect(h.fetchInputs).toEqual([{ limit: CHAT_LIMIT }]);
    expect(h.channels).toEqual([{ channel: 'universal-public.3', events: ['MessageSent', 'MessageDeleted'] }]);
    const a = message();
    await h.load({ messages: [a], amountBet: 4200 });
    expect(feed(h)).toBe('ready');
    expect(h.context().messages).toEqual([a]);
    expect(h.view().amountBet).toBe(4200);
  });

  it('a failed load shows §8’s text and loads again on reload', async () => {
    const h = harness();
    h.send({ type: 'chat.open' });
    h.fetches[0]?.reject({ status: 503, messages: [] });
    await h.flush();
    expect(feed(h)).toBe('loadFailed');
    expect(h.view().loadFailure).toEqual([{ id: 'error_messages.503' }]);
    h.send({ type: 'chat.reload' });
    expect(feed(h)).toBe('loading');
    expect(h.fetchInputs).toHaveLength(2);
    await h.load();
    expect(feed(h)).toBe('ready');
    expect(h.view().empty).toBe(true);
  });

  it('closing leaves the channel and the status watch; opening again loads again and merges (no duplicates)', async () => {
    const h = harness();
    h.send({ type: 'chat.open' });
    const a = message();
    await h.load({ messages: [a], amountBet: null });
    h.send({ type: 'chat.close' });
    expect(h.state()).toBe('closed');
    expect(h.channelStops()).toBe(1);
    expect(h.statusStops()).toBe(1);
    h.send({ type: 'chat.open' });
    const b = message();
    await h.load({ messages: [a, b], amountBet: null });
    expect(h.context().messages.map((m) => m.id)).toEqual([a.id, b.id]);
  });

  it('drops a message moderation deleted (MessageDeleted), live; an unknown id changes nothing', async () => {
    const h = harness();
    h.send({ type: 'chat.open' });
    const [a, b] = [message(), message()];
    await h.load({ messages: [a, b], amountBet: null });
    h.send({ type: 'realtime.messageDeleted', channel: 'universal-public.3', data: { id: a.id } });
    expect(h.context().messages).toEqual([b]);
    h.send({ type: 'realtime.messageDeleted', channel: 'universal-public.3', data: { id: 999_999 } });
    expect(h.context().messages).toEqual([b]);
  });

  it('appends MessageSent live, by time, once per id (a re-sent copy replaces the first)', async () => {
    const h = harness();
    h.send({ type: 'chat.open' });
    const a = message();
    await h.load({ messages: [a], amountBet: null });
    const b = message();
    h.send({ type: 'realtime.messageSent', channel: 'universal-public.3', data: b });
    h.send({ type: 'realtime.messageSent', channel: 'universal-public.3', data: b });
    expect(h.context().messages.map((m) => m.id)).toEqual([a.id, b.id]);
    const pinnedA = { ...a, type: 'pinned' as const, pinned_until: new Date(T0 + 60_000).toISOString() };
    h.send({ type: 'realtime.messageSent', channel: 'universal-public.3', data: pinnedA });
    expect(h.context().messages).toEqual([pinnedA, b]);
  });
});

describe('chat machine: attaching images', () => {
  async function openReady() {
    const h = harness();
    h.send({ type: 'chat.open' });
    await h.load();
    return h;
  }
  const attachment = (h: { state: () => unknown }) => (h.state() as { open?: { attachment: string } }).open?.attachment;

  it('uploads a picked image; it goes with the next message (no text needed) and leaves the composer once sent', async () => {
    const h = await openReady();
    expect(attachment(h)).toBe('idle');
    expect(h.view()).toMatchObject({ canAttach: true, canSend: false, attachments: [] });
    const file = png(1024);
    h.send({ type: 'chat.attach', file });
    expect(attachment(h)).toBe('uploading');
    expect(h.uploadInputs).toEqual([{ file }]);
    expect(h.view()).toMatchObject({ uploading: true, canAttach: false, canSend: false });
    // A send while the image is still uploading waits for it: nothing is posted.
    h.send({ type: 'chat.send' });
    expect(feed(h)).toBe('ready');
    h.uploads[0]?.resolve(image(1));
    await h.flush();
    expect(attachment(h)).toBe('idle');
    expect(h.view()).toMatchObject({ uploading: false, attachments: [image(1)], canSend: true, canAttach: true });
    h.send({ type: 'chat.send' });
    expect(h.postInputs).toEqual([{ text: '', attachments: [image(1)] }]);
    // An image added while the first is on its way stays for the next message.
    h.send({ type: 'chat.attach', file: png(10) });
    h.uploads[1]?.resolve(image(2));
    await h.flush();
    h.posts[0]?.resolve(message({ text: '', attachments: [image(1)] }));
    await h.flush();
    expect(h.context().attachments).toEqual([image(2)]);
    expect(h.context().sendingAttachments).toEqual([]);
  });

  it('refuses a type or a size the platform would, with §8’s 415 and 413 texts, before any upload', async () => {
    const h = await openReady();
    h.send({ type: 'chat.attach', file: new Blob(['<svg/>'], { type: 'image/svg+xml' }) });
    expect(attachment(h)).toBe('failed');
    expect(h.view().attachFailure).toEqual([{ id: 'error_messages.415' }]);
    h.send({ type: 'chat.attach', file: png(CHAT_ATTACHMENT_MAX_BYTES + 1, 'image/jpeg') });
    expect(h.view().attachFailure).toEqual([{ id: 'error_messages.413' }]);
    expect(h.uploadInputs).toEqual([]);
    h.send({ type: 'chat.dismissAttachError' });
    expect(attachment(h)).toBe('idle');
    expect(h.view().attachFailure).toBeNull();
    // Too large first, then of a refused type after that failure.
    h.send({ type: 'chat.attach', file: png(CHAT_ATTACHMENT_MAX_BYTES + 1) });
    expect(h.view().attachFailure).toEqual([{ id: 'error_messages.413' }]);
    h.send({ type: 'chat.attach', file: new Blob(['x'], { type: 'text/html' }) });
    expect(h.view().attachFailure).toEqual([{ id: 'error_messages.415' }]);
    // The largest accepted size uploads.
    h.send({ type: 'chat.attach', file: png(CHAT_ATTACHMENT_MAX_BYTES, 'image/webp') });
    expect(attachment(h)).toBe('uploading');
    expect(h.uploadInputs).toHaveLength(1);
  });

  it('a player who signed out after a failed attach is asked to sign in by the next pick; nothing uploads', async () => {
    const h = await openReady();
    h.send({ type: 'chat.attach', file: new Blob(['x'], { type: 'text/plain' }) });
    expect(attachment(h)).toBe('failed');
    h.send({ type: 'chat.playerChanged', playerId: null });
    expect(h.view().attachFailure).toBeNull();
    h.send({ type: 'chat.attach', file: png(100) });
    expect(attachment(h)).toBe('failed');
    expect(h.uploadInputs).toEqual([]);
  });

  it('an upload the platform refuses shows its text; picking another image tries again', async () => {
    const h = await openReady();
    h.send({ type: 'chat.attach', file: png(100) });
    h.uploads[0]?.reject({ status: 413, messages: [{ text: 'Imagem grande demais para esta marca.' }] });
    await h.flush();
    expect(attachment(h)).toBe('failed');
    expect(h.view().attachFailure).toEqual([{ text: 'Imagem grande demais para esta marca.' }]);
    h.send({ type: 'chat.attach', file: png(50) });
    expect(attachment(h)).toBe('uploading');
    expect(h.view().attachFailure).toBeNull();
    h.uploads[1]?.resolve(image(5));
    await h.flush();
    expect(h.context().attachments).toEqual([image(5)]);
  });

  it('an upload can be stopped; at most two images; one can be taken off', async () => {
    const h = await openReady();
    h.send({ type: 'chat.attach', file: png(100) });
    h.send({ type: 'chat.cancelAttachment' });
    expect(attachment(h)).toBe('idle');
    h.uploads[0]?.resolve(image(9));
    await h.flush();
    expect(h.context().attachments).toEqual([]);
    for (const n of [1, 2]) {
      h.send({ type: 'chat.attach', file: png(100) });
      h.uploads.at(-1)?.resolve(image(n));
      await h.flush();
    }
    expect(h.view()).toMatchObject({ attachments: [image(1), image(2)], canAttach: false });
    h.send({ type: 'chat.attach', file: png(100) });
    expect(attachment(h)).toBe('idle');
    expect(h.uploads).toHaveLength(3);
    h.send({ type: 'chat.removeAttachment', url: image(1).attachment_url });
    expect(h.view()).toMatchObject({ attachments: [image(2)], canAttach: true });
  });

  it('a failed send keeps the images; retry sends them again; signing out clears them', async () => {
    const h = await openReady();
    h.send({ type: 'chat.attach', file: png(100) });
    h.uploads[0]?.resolve(image(1));
    await h.flush();
    h.send({ type: 'chat.send' });
    h.posts[0]?.reject({ status: 429, messages: [] });
    await h.flush();
    expect(feed(h)).toBe('sendFailed');
    expect(h.context().attachments).toEqual([image(1)]);
    h.send({ type: 'chat.retry' });
    expect(h.postInputs.at(-1)).toEqual({ text: '', attachments: [image(1)] });
    h.posts[1]?.reject({ status: 500, messages: [] });
    await h.flush();
    h.send({ type: 'chat.playerChanged', playerId: null });
    expect(h.context().attachments).toEqual([]);
    expect(h.view()).toMatchObject({ guest: true, canAttach: false });
  });

  it('a guest picking an image is asked to sign in; nothing uploads', async () => {
    const h = harness({ playerId: null });
    h.send({ type: 'chat.open' });
    await h.load();
    h.send({ type: 'chat.attach', file: png(100) });
    expect(attachment(h)).toBe('idle');
    expect(h.uploadInputs).toEqual([]);
  });
});

describe('chat machine: sending', () => {
  it('sends the trimmed draft; the sent message joins the list and the composer empties', async () => {
    const h = harness();
    h.send({ type: 'chat.open' });
    await h.load();
    h.send({ type: 'chat.draftChanged', text: '  Boa sorte!  ' });
    expect(h.view().canSend).toBe(true);
    h.send({ type: 'chat.send' });
    expect(feed(h)).toBe('sending');
    expect(h.view()).toMatchObject({ sending: true, canSend: false });
    expect(h.postInputs).toEqual([{ text: 'Boa sorte!', attachments: [] }]);
    const sent = message({ text: 'Boa sorte!' });
    h.posts[0]?.resolve(sent);
    await h.flush();
    expect(feed(h)).toBe('ready');
    expect(h.context().draft).toBe('');
    expect(h.context().messages).toEqual([sent]);
    // The same message heard on the channel afterwards is not shown twice.
    h.send({ type: 'realtime.messageSent', channel: 'universal-public.3', data: sent });
    expect(h.context().messages).toHaveLength(1);
  });

  it('keeps what the player typed meanwhile when a send succeeds', async () => {
    const h = harness();
    h.send({ type: 'chat.open' });
    await h.load();
    h.send({ type: 'chat.draftChanged', text: 'primeira' });
    h.send({ type: 'chat.send' });
    h.send({ type: 'chat.draftChanged', text: 'segunda' });
    h.posts[0]?.resolve(message({ text: 'primeira' }));
    await h.flush();
    expect(h.context().draft).toBe('segunda');
  });

  it('a failed send keeps the text; retry sends it again; §8’s 429 text, or the server’s own messages', async () => {
    const h = harness();
    h.send({ type: 'chat.open' });
    await h.load();
    h.send({ type: 'chat.draftChanged', text: 'olá' });
    h.send({ type: 'chat.send' });
    h.posts[0]?.reject({ status: 429, messages: [] });
    await h.flush();
    expect(feed(h)).toBe('sendFailed');
    expect(h.context().draft).toBe('olá');
    expect(h.view().sendFailure).toEqual([{ id: 'error_messages.429' }]);
    h.send({ type: 'chat.retry' });
    expect(feed(h)).toBe('sending');
    expect(h.postInputs.at(-1)).toEqual({ text: 'olá', attachments: [] });
    h.posts[1]?.reject({ status: 422, messages: [{ text: 'Links não são permitidos no chat.' }] });
    await h.flush();
    expect(h.view().sendFailure).toEqual([{ text: 'Links não são permitidos no chat.' }]);
    // Editing and sending again from the failure.
    h.send({ type: 'chat.draftChanged', text: 'olá de novo' });
    h.send({ type: 'chat.send' });
    expect(h.postInputs.at(-1)).toEqual({ text: 'olá de novo', attachments: [] });
    h.posts[2]?.reject({ status: 0, messages: [] });
    await h.flush();
    expect(h.view().sendFailure).toEqual([{ id: 'error_messages.network' }]);
    h.send({ type: 'chat.dismissError' });
    expect(feed(h)).toBe('ready');
    expect(h.context()).toMatchObject({ draft: 'olá de novo', failure: null });
  });

  it('does not retry or send an empty draft', async () => {
    const h = harness();
    h.send({ type: 'chat.open' });
    await h.load();
    h.send({ type: 'chat.draftChanged', text: 'x' });
    h.send({ type: 'chat.send' });
    h.posts[0]?.reject({ status: 500, messages: [] });
    await h.flush();
    h.send({ type: 'chat.draftChanged', text: '   ' });
    h.send({ type: 'chat.retry' });
    h.send({ type: 'chat.send' });
    expect(feed(h)).toBe('sendFailed');
    expect(h.posts).toHaveLength(1);
  });

  it('a guest reads but their send asks the root to open the login modal; sign-in lets them write', async () => {
    const asked: EventObject[] = [];
    const parent = setup({
      actors: { chat: chatMachine },
    }).createMachine({
      invoke: {
        id: 'chat',
        src: 'chat',
        input: { casinoId: 1, playerId: null },
      },
      on: { 'loginModal.open': { actions: ({ event }) => asked.push(event) } },
    });
    const provided = parent.provide({
      actors: {
        chat: chatMachine.provide({
          actors: {
            fetchMessages: fromPromise<ChatPage, { limit: number }>(async () => ({ messages: [], amountBet: null })),
            publicChannel: fromCallback(() => () => undefined) as never,
          },
        }),
      },
    });
    // The chat under a parent: its own edges are counted by the recorder all the same.
    const { actor: root } = createTestActor(provided);
    const chat = root.getSnapshot().children.chat as AnyActorRef;
    chat.send({ type: 'chat.signIn' });
    chat.send({ type: 'chat.open' });
    await new Promise((r) => setTimeout(r, 0));
    chat.send({ type: 'chat.draftChanged', text: 'oi' });
    chat.send({ type: 'chat.send' });
    expect(asked).toEqual([
      { type: 'loginModal.open', tab: 'login' },
      { type: 'loginModal.open', tab: 'login' },
    ]);
    const view = connectChat(chat.getSnapshot(), TZ);
    expect(view).toMatchObject({ guest: true, canWrite: false, canSend: false });
    chat.send({ type: 'chat.playerChanged', playerId: 9 });
    expect(connectChat(chat.getSnapshot(), TZ)).toMatchObject({ guest: false, canWrite: true, canSend: true });
    root.stop();
  });

  it('asks nothing of a parent it does not have (a guest’s chat alone)', async () => {
    const h = harness({ playerId: null });
    h.send({ type: 'chat.open' });
    await h.load();
    h.send({ type: 'chat.send' });
    expect(feed(h)).toBe('ready');
    expect(h.posts).toHaveLength(0);
  });
});

describe('chat machine: reconnecting', () => {
  it('while offline it waits; once back it fetches once and merges what was missed, without duplicates', async () => {
    const h = harness();
    h.send({ type: 'chat.open' });
    const a = message();
    const b = message();
    await h.load({ messages: [a, b], amountBet: null });
    h.send({ type: 'chat.connectionLost' });
    expect(feed(h)).toBe('reconnecting');
    expect(h.view()).toMatchObject({ reconnecting: true, canSend: false });
    h.send({ type: 'chat.connectionRestored' });
    expect(feed(h)).toBe('catchingUp');
    expect(h.fetchInputs).toHaveLength(2);
    const c = message();
    await h.load({ messages: [a, b, c], amountBet: null });
    expect(feed(h)).toBe('ready');
    expect(h.context().messages.map((m) => m.id)).toEqual([a.id, b.id, c.id]);
    expect(h.fetchInputs).toHaveLength(2);
  });

  it('a failed catch-up keeps what is known; losing the connection again while catching up waits again', async () => {
    const h = harness();
    h.send({ type: 'chat.open' });
    const a = message();
    await h.load({ messages: [a], amountBet: null });
    h.send({ type: 'chat.connectionLost' });
    h.send({ type: 'chat.connectionRestored' });
    h.send({ type: 'chat.connectionLost' });
    expect(feed(h)).toBe('reconnecting');
    h.send({ type: 'chat.connectionRestored' });
    h.fetches.at(-1)?.reject({ status: 502, messages: [] });
    await h.flush();
    expect(feed(h)).toBe('ready');
    expect(h.context().messages).toEqual([a]);
  });

  it('a send failure gives way to reconnecting (the text stays)', async () => {
    const h = harness();
    h.send({ type: 'chat.open' });
    await h.load();
    h.send({ type: 'chat.draftChanged', text: 'oi' });
    h.send({ type: 'chat.send' });
    h.posts[0]?.reject({ status: 0, messages: [] });
    await h.flush();
    h.send({ type: 'chat.connectionLost' });
    expect(feed(h)).toBe('reconnecting');
    expect(h.context()).toMatchObject({ draft: 'oi', failure: null });
  });
});

describe('chat machine: pinned messages and the clock', () => {
  it('shows a pinned message on top until pinned_until, then in its place in the stream', async () => {
    const h = harness();
    h.send({ type: 'chat.open' });
    const rules = message({
      userId: null,
      name: 'Sorte Verde',
      text: 'Regras do chat',
      type: 'pinned',
      colorClass: 'chat-color-house',
      pinned_until: new Date(T0 + 45_000).toISOString(),
    });
    const a = message();
    await h.load({ messages: [rules, a], amountBet: null });
    expect(h.view().pinned.map((m) => m.text)).toEqual(['Regras do chat']);
    expect(h.view().items.filter((i) => i.kind === 'message')).toHaveLength(1);
    h.setNow(T0 + CHAT_TICK_MS);
    h.clock.increment(CHAT_TICK_MS);
    expect(h.view().pinned).toHaveLength(1);
    h.setNow(T0 + 2 * CHAT_TICK_MS);
    h.clock.increment(CHAT_TICK_MS);
    expect(h.view().pinned).toEqual([]);
    expect(
      h
        .view()
        .items.filter((i) => i.kind === 'message')
        .map((i) => (i.kind === 'message' ? i.message.text : '')),
    ).toEqual(['Regras do chat', `mensagem ${a.id}`]);
  });
});

describe('chat view-model (connect)', () => {
  it('separates days: Hoje, Ontem, then DD/MM/YYYY in the player’s time zone', () => {
    const now = Date.parse('2026-03-10T12:00:00-03:00');
    expect(dayLabelOf('2026-03-10T00:30:00-03:00', now, TZ)).toEqual({ messageId: 'chat.day.today' });
    // 01:30 UTC on the 10th is still the 9th in São Paulo: yesterday.
    expect(dayLabelOf('2026-03-10T01:30:00Z', now, TZ)).toEqual({ messageId: 'chat.day.yesterday' });
    expect(dayLabelOf('2026-03-08T23:59:00-03:00', now, TZ)).toEqual({ date: '08/03/2026' });
    expect(dayLabelOf('2026-03-01T01:30:00Z', Date.parse('2026-03-01T12:00:00Z'), TZ)).toEqual({
      messageId: 'chat.day.yesterday',
    });
    // Year boundary.
    expect(dayLabelOf('2025-12-31T20:00:00-03:00', Date.parse('2026-01-01T10:00:00-03:00'), TZ)).toEqual({
      messageId: 'chat.day.yesterday',
    });
  });

  it('marks own messages, the house, times in the time zone; keeps only the platform’s own images', async () => {
    const h = harness({ playerId: 7, now: Date.parse('2026-03-10T15:00:00Z') });
    h.send({ type: 'chat.open' });
    const older = message({ time: '2026-03-08T14:00:00Z', userId: 8, name: 'Bruno Lima', colorClass: 'evil class' });
    const mine = message({
      time: '2026-03-10T14:05:00Z',
      attachments: [
        { attachment_type: 'image/png', attachment_url: '/api/uploads/chat/abc.png' },
        { attachment_type: 'image/png', attachment_url: 'https://evil.example/x.png' },
        { attachment_type: 'image/svg+xml', attachment_url: '/api/uploads/chat/a.svg' },
        { attachment_type: 'image/png', attachment_url: '/api/uploads/chat/../x"onerror=1' },
      ],
    });
    const house = message({ time: '2026-03-10T14:06:00Z', userId: null, name: 'Sorte Verde' });
    await h.load({ messages: [mine, house, older], amountBet: null });
    const view = h.view();
    expect(view.items.map((i) => (i.kind === 'day' ? i.label : i.message.name))).toEqual([
      { date: '08/03/2026' },
      'Bruno Lima',
      { messageId: 'chat.day.today' },
      'Ana',
      'Sorte Verde',
    ]);
    const messages = view.items.flatMap((i) => (i.kind === 'message' ? [i.message] : []));
    expect(messages.map((m) => [m.own, m.house, m.time, m.initials])).toEqual([
      [false, false, '11:00', 'BL'],
      [true, false, '11:05', 'A'],
      [false, true, '11:06', 'SV'],
    ]);
    expect(messages[0]?.colorClass).toBe('chat-color-0');
    expect(messages[1]?.images).toEqual([
      { attachment_type: 'image/png', attachment_url: '/api/uploads/chat/abc.png' },
    ]);
    expect(messages[1]?.amountBet).toBe(12_345);
  });

  it('counts characters left (an emoji is one) and refuses more than 280', async () => {
    const h = harness();
    h.send({ type: 'chat.open' });
    await h.load();
    h.send({ type: 'chat.draftChanged', text: '🎰'.repeat(280) });
    expect(h.view()).toMatchObject({ remaining: 0, canSend: true });
    h.send({ type: 'chat.draftChanged', text: '🎰'.repeat(281) });
    expect(h.view()).toMatchObject({ remaining: -1, canSend: false });
  });

  it('initials of one word, several words, an empty name', () => {
    expect(initialsOf('ana')).toBe('A');
    expect(initialsOf('  ana  maria souza ')).toBe('AS');
    expect(initialsOf('')).toBe('?');
  });
});

describe('merging and failures', () => {
  it('merges to the same list whatever the order, and keeps at most CHAT_KEPT_MAX (pinned ones stay)', () => {
    const list = Array.from({ length: 10 }, () => message());
    const shuffled = [...list].reverse();
    expect(mergeMessages([], shuffled, T0)).toEqual(mergeMessages(list.slice(0, 5), list.slice(3), T0));
    const many = Array.from({ length: CHAT_KEPT_MAX + 5 }, () => message());
    const pinnedFirst = { ...many[0]!, pinned_until: new Date(T0 + 1000).toISOString() };
    const kept = mergeMessages([], [pinnedFirst, ...many.slice(1)], T0);
    expect(kept).toHaveLength(CHAT_KEPT_MAX);
    expect(kept[0]).toEqual(pinnedFirst);
  });

  it('reads a client error’s status and messages, anything else as a network failure', () => {
    expect(failureOf({ status: 422, messages: [{ text: 'a' }, 1] })).toEqual({
      status: 422,
      messages: [{ text: 'a' }],
    });
    expect(failureOf(new TypeError('bug'))).toEqual({ status: null, messages: [{ id: 'error_messages.unexpected' }] });
  });

  it('the default tick reads the real clock', () => {
    const actor = createActor(
      chatMachine.provide({
        actors: {
          fetchMessages: fromPromise(() => new Promise<ChatPage>(() => undefined)),
          publicChannel: fromCallback(() => () => undefined) as never,
        },
      }),
      { input: { casinoId: 1, playerId: null } },
    ).start();
    actor.send({ type: 'chat.open' });
    expect(Math.abs(actor.getSnapshot().context.now - Date.now())).toBeLessThan(5000);
    actor.stop();
  });
});
