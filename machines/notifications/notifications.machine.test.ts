import { describe, expect, it } from 'vitest';
import { createMachine, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { createTestActor } from '../../tests/toolkit/test-actor';
import type { ChannelInput } from '../realtime/channel.types';
import { connectNotifications, unreadOf } from './notifications.connect';
import { appendPage, NOTIFICATIONS_PAGE_SIZE, notificationsMachine, popupOf } from './notifications.machine';
import type { Notification, NotificationList, NotificationPage, NotificationsInput } from './notifications.types';

const note = (id: number, extra: Partial<Notification> = {}): Notification => ({
  id,
  type: 'bonus',
  title: `Título ${id}`,
  message: `Mensagem ${id}`,
  read: false,
  read_at: null,
  pinned_until: null,
  created_at: '2026-11-26T12:00:00.000Z',
  ...extra,
});
const global = (id: number, extra: Partial<Notification> = {}) => note(id, { type: 'platform', ...extra });

const page = (data: Notification[], current = 1, last = 1, unread = data.filter((n) => !n.read).length) =>
  ({
    data,
    current_page: current,
    last_page: last,
    per_page: 10,
    total: data.length,
    unread_count: unread,
  }) as NotificationPage;
const lists = (user: NotificationPage, globalPage: NotificationPage = page([])): NotificationList => ({
  user_notifications: user,
  global_notifications: globalPage,
});

/** A promise actor the test settles by hand, recording each call's input. */
function controlled<T>() {
  const calls: Array<{ input: unknown; resolve: (v: T) => void; reject: (e: unknown) => void }> = [];
  const logic = fromPromise<T, unknown>(
    ({ input }) => new Promise<T>((resolve, reject) => calls.push({ input, resolve, reject })),
  );
  return { logic, calls, last: () => calls[calls.length - 1]! };
}

function fakeChannels() {
  const joined: ChannelInput[] = [];
  const left: string[] = [];
  const logic = fromCallback<EventObject, ChannelInput>(({ input }) => {
    joined.push(input);
    return () => left.push(input.channel);
  });
  return { logic, joined, left };
}

function start(input: Partial<NotificationsInput> = {}) {
  const fetchPage = controlled<NotificationList>();
  const markRead = controlled<{ data: Notification; unread_count: number }>();
  const markAllRead = controlled<{ marked: number; unread_count: number }>();
  const channels = fakeChannels();
  const sounds: number[] = [];
  const stored: boolean[] = [];
  const logic = notificationsMachine.provide({
    actors: {
      fetchPage: fetchPage.logic as never,
      markRead: markRead.logic as never,
      markAllRead: markAllRead.logic as never,
      userChannel: channels.logic as never,
      brandChannel: channels.logic as never,
    },
    actions: {
      playSound: () => void sounds.push(1),
      storeMuted: (_, muted: boolean) => void stored.push(muted),
    },
  });
  const { actor, clock } = createTestActor(logic, {
    input: { userId: 7, casinoId: 1, muted: false, ...input },
  });
  const ctx = () => actor.getSnapshot().context;
  const ids = (list: 'user' | 'global') => ctx()[list].items.map((n) => n.id);
  return { actor, clock, fetchPage, markRead, markAllRead, channels, sounds, stored, ctx, ids };
}

async function ready(
  input: Partial<NotificationsInput> = {},
  first = lists(page([note(1), note(2, { read: true })]), page([global(50)])),
) {
  const started = start(input);
  started.fetchPage.last().resolve(first);
  await waitFor(started.actor, (s) => s.matches({ centre: 'ready' }));
  return started;
}

const sent = (n: Notification, channel = 'private-universal.7') =>
  ({ type: 'realtime.notificationSent', channel, data: n }) as const;

describe('notifications machine: stories (§4 Notifications, §7, §9)', () => {
  it('loads both lists’ first page of 10 at once, with the unread counts for the bell', async () => {
    const { fetchPage, ctx, ids, actor } = await ready();
    expect(NOTIFICATIONS_PAGE_SIZE).toBe(10);
    expect(fetchPage.calls.map((c) => c.input)).toEqual([{ page: 1, perPage: 10 }]);
    expect(ids('user')).toEqual([1, 2]);
    expect(ids('global')).toEqual([50]);
    expect([ctx().user.unread, ctx().global.unread]).toEqual([1, 1]);
    expect(unreadOf(actor.getSnapshot())).toBe(2);
  });

  it('starts from the first page the session fetched at sign-in: no second fetch; more pages still load', async () => {
    const first = lists(page([note(1), note(2)], 1, 2), page([global(50, { read: true })]));
    const { actor, fetchPage, ids, ctx } = start({ firstPages: first });
    expect(actor.getSnapshot().matches({ centre: 'ready' })).toBe(true);
    expect(fetchPage.calls).toEqual([]);
    expect(ids('user')).toEqual([1, 2]);
    expect(ids('global')).toEqual([50]);
    expect([ctx().user.unread, ctx().global.unread, ctx().seed]).toEqual([2, 0, null]);
    actor.send({ type: 'notifications.loadMore', list: 'user' });
    expect(fetchPage.calls.map((c) => c.input)).toEqual([{ page: 2, perPage: 10 }]);
  });

  it('a failed load shows its failure and loads again on retry', async () => {
    const { actor, fetchPage } = start();
    fetchPage.last().reject({ status: 500 });
    await waitFor(actor, (s) => s.matches({ centre: 'failed' }));
    const vm = connectNotifications(actor.getSnapshot(), 'pt-BR');
    expect([vm.failureId, vm.retry]).toEqual(['notifications.failed.load', { type: 'notifications.retry' }]);
    actor.send({ type: 'notifications.retry' });
    expect(actor.getSnapshot().matches({ centre: 'loading' })).toBe(true);
    expect(actor.getSnapshot().context.failed).toBeNull();
    expect(fetchPage.calls).toHaveLength(2);
  });

  it('loads more of one list (the next page), without repeating ids, only while there are more pages', async () => {
    const { actor, fetchPage, ids, ctx } = await ready(
      {},
      lists(
        page(
          Array.from({ length: 10 }, (_, i) => note(20 - i)),
          1,
          2,
          12,
        ),
      ),
    );
    actor.send({ type: 'notifications.loadMore', list: 'user' });
    expect(actor.getSnapshot().matches({ centre: { ready: { more: 'loading' } } })).toBe(true);
    expect(fetchPage.last().input).toEqual({ page: 2, perPage: 10 });
    // A live one shifted the server's pages: id 11 comes again on page 2.
    fetchPage.last().resolve(lists(page([note(11), note(10), note(9)], 2, 2, 12)));
    await waitFor(actor, (s) => s.matches({ centre: { ready: { more: 'idle' } } }));
    expect(ids('user')).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9]);
    expect([ctx().user.page, ctx().user.lastPage]).toEqual([2, 2]);
    actor.send({ type: 'notifications.loadMore', list: 'user' });
    expect(actor.getSnapshot().matches({ centre: { ready: { more: 'idle' } } })).toBe(true);
    expect(fetchPage.calls).toHaveLength(2);
  });

  it('a failed "load more" keeps what is shown and says so', async () => {
    const { actor, fetchPage, ids } = await ready({}, lists(page([note(1)], 1, 3)));
    actor.send({ type: 'notifications.loadMore', list: 'user' });
    fetchPage.last().reject({ status: 503 });
    await waitFor(actor, (s) => s.matches({ centre: { ready: { more: 'idle' } } }));
    expect(ids('user')).toEqual([1]);
    expect(actor.getSnapshot().context.failed).toBe('more');
    expect(connectNotifications(actor.getSnapshot(), 'en').canLoadMore).toBe(true);
  });

  it('marks one read at once and sends it; the server’s count is taken when answered', async () => {
    const { actor, markRead, ctx } = await ready();
    actor.send({ type: 'notifications.markRead', id: 1 });
    expect(ctx().user.items[0]?.read).toBe(true);
    expect(ctx().user.unread).toBe(0);
    expect(actor.getSnapshot().matches({ centre: { ready: { marks: { sending: 'one' } } } })).toBe(true);
    expect(markRead.last().input).toEqual({ id: 1 });
    markRead.last().resolve({ data: note(1, { read: true }), unread_count: 0 });
    await waitFor(actor, (s) => s.matches({ centre: { ready: { marks: 'idle' } } }));
    expect(ctx().marks).toEqual([]);
    // Already read, or unknown: nothing is sent.
    actor.send({ type: 'notifications.markRead', id: 1 });
    actor.send({ type: 'notifications.markRead', id: 999 });
    expect(markRead.calls).toHaveLength(1);
  });

  it('marks all of one list read (per type), in order after a mark in flight; other list untouched', async () => {
    const { actor, markRead, markAllRead, ctx } = await ready(
      {},
      lists(page([note(1), note(2), note(3)]), page([global(50), global(51)])),
    );
    actor.send({ type: 'notifications.markRead', id: 1 });
    actor.send({ type: 'notifications.markAllRead', list: 'user' });
    expect(ctx().user.unread).toBe(0);
    expect(ctx().user.items.every((n) => n.read)).toBe(true);
    expect(ctx().global.unread).toBe(2);
    expect(markAllRead.calls).toHaveLength(0);
    // The first answer's count (2 left on the server) is not shown: another mark is on its way.
    markRead.last().resolve({ data: note(1, { read: true }), unread_count: 2 });
    await waitFor(actor, (s) => s.matches({ centre: { ready: { marks: { sending: 'all' } } } }));
    expect(ctx().user.unread).toBe(0);
    expect(markAllRead.last().input).toEqual({ list: 'user' });
    markAllRead.last().resolve({ marked: 2, unread_count: 0 });
    await waitFor(actor, (s) => s.matches({ centre: { ready: { marks: 'idle' } } }));
    // Nothing unread: nothing sent.
    actor.send({ type: 'notifications.markAllRead', list: 'user' });
    expect(markAllRead.calls).toHaveLength(1);
    actor.send({ type: 'notifications.markAllRead', list: 'global' });
    expect(ctx().global.unread).toBe(0);
    expect(markAllRead.last().input).toEqual({ list: 'global' });
  });

  it('a refused mark-one reloads both lists from the server', async () => {
    const { actor, markRead, fetchPage } = await ready();
    actor.send({ type: 'notifications.markRead', id: 1 });
    markRead.last().reject({ status: 404 });
    await waitFor(actor, (s) => s.matches({ centre: 'loading' }));
    expect(actor.getSnapshot().context.failed).toBe('mark');
    expect(actor.getSnapshot().context.marks).toEqual([]);
    fetchPage.last().resolve(lists(page([note(1), note(2, { read: true })])));
    await waitFor(actor, (s) => s.matches({ centre: 'ready' }));
    expect(actor.getSnapshot().context.user.unread).toBe(1);
  });

  it('a refused mark-all reloads too', async () => {
    const { actor, markAllRead, fetchPage } = await ready();
    actor.send({ type: 'notifications.markAllRead', list: 'global' });
    markAllRead.last().reject({ status: 500 });
    await waitFor(actor, (s) => s.matches({ centre: 'loading' }));
    expect(fetchPage.calls).toHaveLength(2);
  });

  it('joins the player’s channel and the brand’s public one only once the session has joined it, for NotificationSent', async () => {
    const { actor, clock, channels } = await ready();
    clock.increment(60_000); // no timer of its own: waiting is for the session, however long
    expect(channels.joined).toEqual([]);
    expect(actor.getSnapshot().matches({ live: 'waiting' })).toBe(true);
    actor.send({ type: 'notifications.playerChannel', joined: true });
    expect(channels.joined).toEqual([
      { channel: 'private-universal.7', events: ['NotificationSent'] },
      { channel: 'universal-public.1', events: ['NotificationSent'] },
    ]);
    expect(actor.getSnapshot().matches({ live: { listening: 'both' } })).toBe(true);
  });

  it('leaves both channels as the session leaves the player’s (a sign-out starting), and joins again after', async () => {
    const { actor, channels } = await ready({ channelJoined: true });
    expect(channels.joined.map((c) => c.channel)).toEqual(['private-universal.7', 'universal-public.1']);
    actor.send({ type: 'notifications.playerChannel', joined: false });
    expect(channels.left).toEqual(['private-universal.7', 'universal-public.1']);
    expect(actor.getSnapshot().matches({ live: 'waiting' })).toBe(true);
    actor.send({ type: 'notifications.playerChannel', joined: false });
    expect(channels.joined).toHaveLength(2);
    actor.send({ type: 'notifications.playerChannel', joined: true });
    expect(channels.joined).toHaveLength(4);
    actor.send({ type: 'notifications.playerChannel', joined: true });
    expect(channels.joined).toHaveLength(4);
  });

  it('started after the session joined (the input says so): listens at once', async () => {
    const { actor, channels } = start({ channelJoined: true });
    expect(actor.getSnapshot().matches({ live: { listening: 'both' } })).toBe(true);
    expect(channels.joined.map((c) => c.channel)).toEqual(['private-universal.7', 'universal-public.1']);
  });

  it('without a brand id, only the player’s channel', async () => {
    const { channels } = await ready({ casinoId: null, channelJoined: true });
    expect(channels.joined.map((c) => c.channel)).toEqual(['private-universal.7']);
  });

  it('a live notification is added once at the top of its list, with the sound (not muted) and a pop-up', async () => {
    const popups: EventObject[] = [];
    const { actor, ids, ctx, sounds } = await ready();
    actor.send(sent(note(3)));
    actor.send(sent(note(3)));
    actor.send(sent(global(51), 'universal-public.1'));
    actor.send(sent(note(1)));
    expect(ids('user')).toEqual([3, 1, 2]);
    expect(ids('global')).toEqual([51, 50]);
    expect([ctx().user.unread, ctx().global.unread]).toEqual([2, 2]);
    expect(sounds).toHaveLength(2);
    expect(popups).toEqual([]);
  });

  it('a muted player hears nothing; the mute toggle is stored', async () => {
    const { actor, sounds, stored } = await ready({ muted: true });
    actor.send(sent(note(3)));
    expect(sounds).toEqual([]);
    actor.send({ type: 'notifications.toggleMute' });
    expect(stored).toEqual([false]);
    actor.send(sent(note(4)));
    expect(sounds).toHaveLength(1);
    actor.send({ type: 'notifications.toggleMute' });
    expect(stored).toEqual([false, true]);
    expect(connectNotifications(actor.getSnapshot(), 'pt-BR').muted).toBe(true);
  });

  it('sends each live one to the pop-up queue, and opening a global one asks the root for the chat (§2.3)', async () => {
    const received: EventObject[] = [];
    const recorder = (name: string) =>
      createMachine({ on: { '*': { actions: ({ event }) => received.push({ ...event, to: name } as EventObject) } } });
    const { actor: host } = createTestActor(
      createMachine({
        invoke: [
          { id: 'popups', systemId: 'popups', src: recorder('popups') },
          {
            id: 'notifications',
            systemId: 'notifications',
            src: notificationsMachine.provide({
              actors: {
                fetchPage: fromPromise(async () => lists(page([note(1)]), page([global(50)]))) as never,
                markRead: fromPromise(async () => ({ data: note(1), unread_count: 0 })) as never,
              },
            }),
            input: { userId: 7, casinoId: 1, muted: true },
          },
        ],
        on: { 'chat.open': { actions: ({ event }) => received.push({ ...event, to: 'app' } as EventObject) } },
      }),
      { systemId: 'app' },
    );
    const centre = host.system.get('notifications')!;
    await waitFor(centre, (s) => s.matches({ centre: 'ready' }));
    const pinnedUntil = new Date(Date.now() + 60_000).toISOString();
    centre.send(sent(global(60, { pinned_until: pinnedUntil })));
    centre.send({ type: 'notifications.open', id: 60 });
    centre.send({ type: 'notifications.open', id: 1 });
    centre.send({ type: 'notifications.open', id: 12345 });
    expect(received).toEqual([
      {
        type: 'popups.enqueue',
        popup: { id: 60, title: 'Título 60', message: 'Mensagem 60', global: true, pinned: true },
        to: 'popups',
      },
      { type: 'chat.open', to: 'app' },
    ]);
    const context = centre.getSnapshot().context as { global: { unread: number }; user: { unread: number } };
    expect([context.user.unread, context.global.unread]).toEqual([0, 1]);
  });

  it('a document review decided (type verification) tells the verification page, when open, to read the status again', async () => {
    const received: EventObject[] = [];
    const { actor: host } = createTestActor(
      createMachine({
        invoke: [
          {
            id: 'verification',
            systemId: 'verification',
            src: createMachine({ on: { '*': { actions: ({ event }) => received.push(event) } } }),
          },
          {
            id: 'notifications',
            systemId: 'notifications',
            src: notificationsMachine.provide({
              actors: { fetchPage: fromPromise(async () => lists(page([note(1)]), page([]))) as never },
            }),
            input: { userId: 7, casinoId: 1, muted: true },
          },
        ],
      }),
    );
    const centre = host.system.get('notifications')!;
    await waitFor(centre, (s) => s.matches({ centre: 'ready' }));
    centre.send(sent(note(2)));
    centre.send(sent({ ...note(3), type: 'verification' }));
    expect(received).toEqual([{ type: 'verification.refresh' }]);
  });

  it('switches the tab the centre shows', async () => {
    const { actor } = await ready();
    actor.send({ type: 'notifications.showTab', tab: 'global' });
    const vm = connectNotifications(actor.getSnapshot(), 'pt-BR');
    expect(vm.tab).toBe('global');
    expect(vm.rows.map((r) => r.id)).toEqual([50]);
    expect(vm.tabs.map((t) => [t.list, t.unread, t.selected])).toEqual([
      ['user', 1, false],
      ['global', 1, true],
    ]);
  });
});

describe('notifications helpers', () => {
  it('appendPage keeps each id once and takes the page numbers and count', () => {
    const first = appendPage({ items: [], page: 0, lastPage: 1, unread: 0 }, page([note(3), note(2)], 1, 2, 5));
    expect(appendPage(first, page([note(2), note(1)], 2, 2, 4))).toMatchObject({
      page: 2,
      lastPage: 2,
      unread: 4,
    });
    expect(appendPage(first, page([note(2), note(1)], 2, 2)).items.map((n) => n.id)).toEqual([3, 2, 1]);
  });

  it('popupOf: text as is, pinned only while pinned_until is ahead', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(popupOf(note(1, { pinned_until: '2026-11-26T12:00:01Z' }), now).pinned).toBe(true);
    expect(popupOf(note(1, { pinned_until: '2026-11-26T11:59:59Z' }), now).pinned).toBe(false);
    expect(popupOf(note(1, { pinned_until: 'soon' }), now).pinned).toBe(false);
    expect(popupOf(global(2, { title: '<b>x</b>' }), now)).toEqual({
      id: 2,
      title: '<b>x</b>',
      message: 'Mensagem 2',
      global: true,
      pinned: false,
    });
  });

  it('connectNotifications: the bell badge caps at 99+, dates for the locale, rows as text', async () => {
    const many = Array.from({ length: 10 }, (_, i) => note(i + 1));
    const { actor } = await ready({}, lists(page(many, 1, 12, 120)));
    const vm = connectNotifications(actor.getSnapshot(), 'pt-BR');
    expect(vm.badge).toBe('99+');
    expect(vm.rows[0]).toMatchObject({ id: 1, date: expect.stringMatching(/^26\/11/), read: false, global: false });
    expect(vm.rows[0]?.markRead).toEqual({ type: 'notifications.markRead', id: 1 });
    expect([vm.canLoadMore, vm.canMarkAll, vm.isEmpty]).toEqual([true, true, false]);
  });
});
