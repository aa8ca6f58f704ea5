import { assign, enqueueActions, setup } from 'xstate';
import { notSupplied } from '../kernel/not-supplied';
import { channelMachine } from '../realtime/channel.machine';
import type { ChannelInput } from '../realtime/channel.types';
import {
  listKindOf,
  type Notification,
  type NotificationList,
  type NotificationListKind,
  type NotificationListState,
  type NotificationMarkAllResult,
  type NotificationPage,
  type NotificationReadResult,
  type NotificationsContext,
  type NotificationsEvent,
  type NotificationsInput,
  type NotificationsPageInput,
  type PendingMark,
  type Popup,
  type PopupQueueEvent,
} from './notifications.types';
import { playerChannel, publicChannel } from '../../shared/channels';
import { outputOf } from '../kernel/flows';

/** §9: default page size 10. */
export const NOTIFICATIONS_PAGE_SIZE = 10;

const EMPTY_LIST: NotificationListState = { items: [], page: 0, lastPage: 1, unread: 0 };

/** A page from the server merged after what is held: newest first, each id once. */
export function appendPage(list: NotificationListState, page: NotificationPage): NotificationListState {
  const known = new Set(list.items.map((n) => n.id));
  return {
    items: [...list.items, ...page.data.filter((n) => !known.has(n.id))],
    page: page.current_page,
    lastPage: page.last_page,
    unread: page.unread_count,
  };
}

const fromPage = (page: NotificationPage) => appendPage(EMPTY_LIST, page);

/** Marks one notification read in a list (the unread count follows when it was unread). */
export function markOne(list: NotificationListState, id: number): NotificationListState {
  const target = list.items.find((n) => n.id === id);
  if (!target || target.read) return list;
  return {
    ...list,
    items: list.items.map((n) => (n.id === id ? { ...n, read: true } : n)),
    unread: Math.max(0, list.unread - 1),
  };
}

export const markAll = (list: NotificationListState): NotificationListState => ({
  ...list,
  items: list.items.map((n) => (n.read ? n : { ...n, read: true })),
  unread: 0,
});

/** Where a notification id is held, if it is. */
export function findNotification(context: Pick<NotificationsContext, 'user' | 'global'>, id: number) {
  return context.user.items.find((n) => n.id === id) ?? context.global.items.find((n) => n.id === id) ?? null;
}

/** A notification as a pop-up: text only; pinned when its pinned_until is still ahead of `now` (ms). */
export function popupOf(n: Notification, now: number): Popup {
  const pinnedUntil = n.pinned_until ? Date.parse(n.pinned_until) : Number.NaN;
  return {
    id: n.id,
    title: n.title,
    message: n.message,
    global: listKindOf(n) === 'global',
    pinned: Number.isFinite(pinnedUntil) && pinnedUntil > now,
  };
}

const listOfMark = (mark: PendingMark | undefined) => mark?.list ?? 'user';

/**
 * The notification centre (spec §3 Notification, §4 Notifications, §7 Notifications, §9 page size 10), one per
 * signed-in player: the root starts it after sign-in and stops it on sign-out (nothing of the player is kept).
 *
 * - Both lists' first page (10 each) load at once, with their unread counts (the header bell); "load more" asks
 *   the next page of one list (one at a time; ids already held are not repeated).
 * - Marks (one, or all of a list) show at once and are sent in the order asked, one at a time; when the last is
 *   answered the server's unread count is taken. A refused mark reloads both lists from the server.
 * - Live: `NotificationSent` on the player's channel (`private-universal.{id}`, joined while the session has it joined: the root sends `notifications.playerChannel`) and on the
 *   brand's public channel (global ones) adds it at the top of its list, once (a known id is ignored); it plays the
 *   sound (`playSound`: the app plays it only after a user gesture) unless the player muted it, and goes to the
 *   pop-up queue (systemId `popups`).
 * - Opening one (centre or pop-up) marks it read; a global one asks the root for the chat (`chat.open`, §2.3).
 *
 * States: starting (the session's first page when it has one, else) loading, failed (retry), ready (parallel: `more` idle/loading, `marks` idle/sending); `live` (parallel
 * with them) waits until the session has joined the player's channel, listens, and waits again when it leaves.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as NotificationsInput,
  },
  actors: {
    /** GET /notifications?page&per_page: both lists' page. */
    fetchPage: notSupplied<NotificationList, NotificationsPageInput>('notifications', 'fetchPage'),
    /** POST /notifications/{id}/read. */
    markRead: notSupplied<NotificationReadResult, { id: number }>('notifications', 'markRead'),
    /** POST /notifications/{type}/mark-all-read. */
    markAllRead: notSupplied<NotificationMarkAllResult, { list: NotificationListKind }>('notifications', 'markAllRead'),
    userChannel: channelMachine,
    brandChannel: channelMachine,
  },
  guards: {
    hasSeed: ({ context }) => context.seed !== null,
    hasMore: ({ context, event }) =>
      event.type === 'notifications.loadMore' && context[event.list].page < context[event.list].lastPage,
    isNew: ({ context, event }) =>
      event.type === 'realtime.notificationSent' && findNotification(context, event.data.id) === null,
    hasBrand: ({ context }) => context.casinoId !== null,
    channelJoined: ({ context }) => context.channelJoined,
    channelLeft: ({ context }) => !context.channelJoined,
    hasMarks: ({ context }) => context.marks.length > 0,
    nextIsOne: ({ context }) => context.marks[0]?.kind === 'one',
    isUnreadHeld: ({ context, event }) =>
      event.type === 'notifications.markRead' && findNotification(context, event.id)?.read === false,
    isHeld: ({ context, event }) => event.type === 'notifications.open' && findNotification(context, event.id) !== null,
    hasUnread: ({ context, event }) => event.type === 'notifications.markAllRead' && context[event.list].unread > 0,
  },
  actions: {
    /** The session's first page (fetched at sign-in), taken as the centre's own. */
    keepSeed: assign(({ context }) => ({
      user: context.seed ? fromPage(context.seed.user_notifications) : context.user,
      global: context.seed ? fromPage(context.seed.global_notifications) : context.global,
      seed: null,
    })),
    keepFirstPages: assign(({ event }) => {
      const list = outputOf<NotificationList>(event);
      return { user: fromPage(list.user_notifications), global: fromPage(list.global_notifications), failed: null };
    }),
    markLoadFailed: assign({ failed: 'load' as const }),
    rememberMore: assign({
      loadingMore: ({ event }) => (event.type === 'notifications.loadMore' ? event.list : null),
    }),
    keepMore: assign(({ context, event }) => {
      const list = outputOf<NotificationList>(event);
      const kind = context.loadingMore ?? 'user';
      const page = kind === 'user' ? list.user_notifications : list.global_notifications;
      return { [kind]: appendPage(context[kind], page), loadingMore: null, failed: null };
    }),
    markMoreFailed: assign({ loadingMore: null, failed: 'more' as const }),
    /** Shown read at once; sent in order. */
    queueMarkOne: assign(({ context, event }) => {
      const id = event.type === 'notifications.markRead' || event.type === 'notifications.open' ? event.id : 0;
      const held = findNotification(context, id);
      if (!held || held.read) return {};
      const list = listKindOf(held);
      return { [list]: markOne(context[list], id), marks: [...context.marks, { kind: 'one', id, list }] };
    }),
    queueMarkAll: assign(({ context, event }) => {
      if (event.type !== 'notifications.markAllRead') return {};
      return {
        [event.list]: markAll(context[event.list]),
        marks: [...context.marks, { kind: 'all', list: event.list }],
      };
    }),
    /** The head mark was answered; the server's count is taken once no other mark is on its way. */
    markAnswered: assign(({ context, event }) => {
      const output = outputOf<{ unread_count: number }>(event);
      const [done, ...rest] = context.marks;
      const list = listOfMark(done);
      const counts = rest.length === 0 ? { [list]: { ...context[list], unread: output.unread_count } } : {};
      return { marks: rest, failed: null, ...counts };
    }),
    markMarkFailed: assign({ marks: [], failed: 'mark' as const }),
    /** Live: at the top of its list, unread (a payload that says read stays read). */
    addLive: assign(({ context, event }) => {
      if (event.type !== 'realtime.notificationSent') return {};
      const n = event.data;
      const kind = listKindOf(n);
      const list = context[kind];
      return { [kind]: { ...list, items: [n, ...list.items], unread: list.unread + (n.read ? 0 : 1) } };
    }),
    /** The sound (src/app plays `/audio/notification.mp3`, only after a user gesture). Nothing by default. */
    playSound: () => undefined,
    soundUnlessMuted: enqueueActions(({ context, enqueue }) => {
      if (!context.muted) enqueue('playSound');
    }),
    toPopups: enqueueActions(({ event, enqueue, system }) => {
      if (event.type !== 'realtime.notificationSent') return;
      const popups = system.get('popups');
      const enqueueEvent: PopupQueueEvent = { type: 'popups.enqueue', popup: popupOf(event.data, Date.now()) };
      if (popups) enqueue.sendTo(popups, enqueueEvent);
    }),
    /**
     * A document review decided (type `verification`): the verification page, when open (systemId
     * `verification`), reads the status again, so the decision shows there without a reload.
     */
    toVerification: enqueueActions(({ event, enqueue, system }) => {
      if (event.type !== 'realtime.notificationSent' || event.data.type !== 'verification') return;
      const page = system.get('verification');
      if (page) enqueue.sendTo(page, { type: 'verification.refresh' });
    }),
    /** §2.3: a global notification opens the chat panel `chatglobal` (the root's `chat.open`). */
    openChatIfGlobal: enqueueActions(({ context, event, enqueue, system }) => {
      if (event.type !== 'notifications.open') return;
      const held = findNotification(context, event.id);
      const app = system.get('app');
      if (held && listKindOf(held) === 'global' && app) enqueue.sendTo(app, { type: 'chat.open' });
    }),
    toggleMute: assign({ muted: ({ context }) => !context.muted }),
    keepPlayerChannel: assign({
      channelJoined: ({ context, event }) =>
        event.type === 'notifications.playerChannel' ? event.joined : context.channelJoined,
    }),
    /** Stores the choice locally (src/app supplies it). Nothing by default. */
    storeMuted: (_: unknown, _muted: boolean) => undefined,
    showTab: assign({
      tab: ({ context, event }) => (event.type === 'notifications.showTab' ? event.tab : context.tab),
    }),
    clearFailure: assign({ failed: null }),
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({
    userId: input.userId,
    casinoId: input.casinoId,
    perPage: input.perPage ?? NOTIFICATIONS_PAGE_SIZE,
    seed: input.firstPages ?? null,
    muted: input.muted,
    user: EMPTY_LIST,
    global: EMPTY_LIST,
    loadingMore: null,
    marks: [],
    failed: null,
    tab: 'user',
    channelJoined: input.channelJoined ?? false,
  }),
  type: 'parallel',
  on: {
    'notifications.toggleMute': {
      actions: ['toggleMute', { type: 'storeMuted', params: ({ context }) => context.muted }],
    },
    'notifications.showTab': { actions: 'showTab' },
  },
  states: {
    centre: {
      initial: 'starting',
      states: {
        /** The session's first page when it has it (no second fetch at sign-in), else a fetch. */
        starting: {
          always: [{ guard: 'hasSeed', target: 'ready', actions: 'keepSeed' }, { target: 'loading' }],
        },
        loading: {
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => ({ page: 1, perPage: context.perPage }),
            onDone: { target: 'ready', actions: 'keepFirstPages' },
            onError: { target: 'failed', actions: 'markLoadFailed' },
          },
        },
        failed: {
          on: { 'notifications.retry': { target: 'loading', actions: 'clearFailure' } },
        },
        ready: {
          type: 'parallel',
          on: {
            'notifications.markRead': { guard: 'isUnreadHeld', actions: 'queueMarkOne' },
            'notifications.open': { guard: 'isHeld', actions: ['queueMarkOne', 'openChatIfGlobal'] },
            'notifications.markAllRead': { guard: 'hasUnread', actions: 'queueMarkAll' },
            'realtime.notificationSent': {
              guard: 'isNew',
              actions: ['addLive', 'soundUnlessMuted', 'toPopups', 'toVerification'],
            },
          },
          states: {
            more: {
              initial: 'idle',
              states: {
                idle: {
                  on: { 'notifications.loadMore': { guard: 'hasMore', target: 'loading', actions: 'rememberMore' } },
                },
                loading: {
                  invoke: {
                    id: 'fetchMore',
                    src: 'fetchPage',
                    input: ({ context }) => ({
                      page: context[context.loadingMore ?? 'user'].page + 1,
                      perPage: context.perPage,
                    }),
                    onDone: { target: 'idle', actions: 'keepMore' },
                    onError: { target: 'idle', actions: 'markMoreFailed' },
                  },
                },
              },
            },
            marks: {
              initial: 'idle',
              states: {
                idle: {
                  always: { guard: 'hasMarks', target: 'sending' },
                },
                sending: {
                  initial: 'choosing',
                  states: {
                    choosing: {
                      always: [{ guard: 'nextIsOne', target: 'one' }, { target: 'all' }],
                    },
                    one: {
                      invoke: {
                        id: 'markRead',
                        src: 'markRead',
                        input: ({ context }) => {
                          const head = context.marks[0];
                          return { id: head?.kind === 'one' ? head.id : 0 };
                        },
                        onDone: { target: '#notifications.centre.ready.marks.idle', actions: 'markAnswered' },
                        onError: { target: '#notifications.centre.loading', actions: 'markMarkFailed' },
                      },
                    },
                    all: {
                      invoke: {
                        id: 'markAllRead',
                        src: 'markAllRead',
                        input: ({ context }) => ({ list: listOfMark(context.marks[0]) }),
                        onDone: { target: '#notifications.centre.ready.marks.idle', actions: 'markAnswered' },
                        onError: { target: '#notifications.centre.loading', actions: 'markMarkFailed' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    /**
     * The player's channel is joined only while the session has it joined: the session joins it 1 s after sign-in
     * (§4 Session, §9: 1000 ms), once the connection carries the player's token, and leaves it as a sign-out
     * starts, before the platform revokes that token. A centre that joined on a timer of its own could ask for
     * the channel with a token being revoked (a 401 from /broadcasting/auth).
     */
    live: {
      initial: 'waiting',
      on: { 'notifications.playerChannel': { actions: 'keepPlayerChannel' } },
      states: {
        waiting: {
          always: { guard: 'channelJoined', target: 'listening' },
        },
        listening: {
          always: { guard: 'channelLeft', target: 'waiting' },
          initial: 'choosing',
          states: {
            choosing: {
              always: [{ guard: 'hasBrand', target: 'both' }, { target: 'own' }],
            },
            /** The player's channel and the brand's public one (global notifications). */
            both: {
              invoke: [
                {
                  id: 'userChannel',
                  src: 'userChannel',
                  input: ({ context }): ChannelInput => ({
                    channel: playerChannel(context.userId),
                    events: ['NotificationSent'],
                  }),
                },
                {
                  id: 'brandChannel',
                  src: 'brandChannel',
                  input: ({ context }): ChannelInput => ({
                    channel: publicChannel(context.casinoId ?? 0),
                    events: ['NotificationSent'],
                  }),
                },
              ],
            },
            own: {
              invoke: {
                id: 'userChannel',
                src: 'userChannel',
                input: ({ context }): ChannelInput => ({
                  channel: playerChannel(context.userId),
                  events: ['NotificationSent'],
                }),
              },
            },
          },
        },
      },
    },
  },
});
