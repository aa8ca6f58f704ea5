import type { SnapshotFrom } from 'xstate';
import type { notificationsMachine } from './notifications.machine';
import type { NotificationListKind, NotificationsCommand, PopupQueueEvent } from './notifications.types';
import type { popupQueueMachine } from './popup-queue.machine';

/** One row of the centre: text only (title and body are never HTML), its date for the locale. */
export interface NotificationRowView {
  id: number;
  title: string;
  message: string;
  read: boolean;
  global: boolean;
  /** ISO date for `<time dateTime>` and its short local text ("26/11, 14:05"). */
  dateTime: string;
  date: string;
  /** `notifications.open`: read, and the chat for a global one (§2.3). */
  open: NotificationsCommand;
  /** Marked read without opening; null when already read. */
  markRead: NotificationsCommand | null;
}

export interface NotificationTabView {
  list: NotificationListKind;
  /** Catalogue id of the tab's label. */
  labelId: string;
  unread: number;
  selected: boolean;
  select: NotificationsCommand;
}

export interface NotificationsViewModel {
  /** The bell's badge: both lists' unread; the text caps at "99+". */
  unread: number;
  badge: string | null;
  tabs: NotificationTabView[];
  tab: NotificationListKind;
  rows: NotificationRowView[];
  loading: boolean;
  loadingMore: boolean;
  canLoadMore: boolean;
  loadMore: NotificationsCommand;
  canMarkAll: boolean;
  markAll: NotificationsCommand;
  isEmpty: boolean;
  /** Catalogue id of the failure to show, null for none. */
  failureId: string | null;
  retry: NotificationsCommand | null;
  muted: boolean;
  toggleMute: NotificationsCommand;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string) {
  let f = formatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });
    formatters.set(locale, f);
  }
  return f;
}

const FAILURES = {
  load: 'notifications.failed.load',
  more: 'notifications.failed.more',
  mark: 'notifications.failed.mark',
} as const;

/** Snapshot → the bell and the centre, for `locale` (pt-BR or en). */
export function connectNotifications(
  snapshot: SnapshotFrom<typeof notificationsMachine>,
  locale: string,
): NotificationsViewModel {
  const { context } = snapshot;
  const list = context[context.tab];
  const f = dateFormat(locale);
  const unread = context.user.unread + context.global.unread;
  const loading = snapshot.matches({ centre: 'loading' });
  const rows = list.items.map((n): NotificationRowView => {
    const date = new Date(n.created_at);
    const valid = !Number.isNaN(date.getTime());
    return {
      id: n.id,
      title: n.title,
      message: n.message,
      read: n.read,
      global: n.type === 'platform',
      dateTime: valid ? date.toISOString() : '',
      date: valid ? f.format(date) : '',
      open: { type: 'notifications.open', id: n.id },
      markRead: n.read ? null : { type: 'notifications.markRead', id: n.id },
    };
  });
  const tabs = (['user', 'global'] as const).map((kind): NotificationTabView => ({
    list: kind,
    labelId: `notifications.tab.${kind}`,
    unread: context[kind].unread,
    selected: context.tab === kind,
    select: { type: 'notifications.showTab', tab: kind },
  }));
  const loadingMore = context.loadingMore !== null;
  return {
    unread,
    badge: unread === 0 ? null : unread > 99 ? '99+' : String(unread),
    tabs,
    tab: context.tab,
    rows,
    loading,
    loadingMore,
    canLoadMore: !loading && list.page > 0 && list.page < list.lastPage,
    loadMore: { type: 'notifications.loadMore', list: context.tab },
    canMarkAll: !loading && list.unread > 0,
    markAll: { type: 'notifications.markAllRead', list: context.tab },
    isEmpty: !loading && rows.length === 0,
    failureId: context.failed ? FAILURES[context.failed] : null,
    retry: snapshot.matches({ centre: 'failed' }) ? { type: 'notifications.retry' } : null,
    muted: context.muted,
    toggleMute: { type: 'notifications.toggleMute' },
  };
}

/** For `useSelector`: the bell's number only (the header re-renders when it changes). */
export const unreadOf = (snapshot: SnapshotFrom<typeof notificationsMachine>) =>
  snapshot.context.user.unread + snapshot.context.global.unread;

export interface PopupView {
  id: number;
  title: string;
  message: string;
  global: boolean;
  pinned: boolean;
  close: PopupQueueEvent;
  open: PopupQueueEvent;
}

export interface PopupsViewModel {
  popups: PopupView[];
  hasPopups: boolean;
}

/** Snapshot → the pop-ups on screen, oldest first. */
export function connectPopups(snapshot: SnapshotFrom<typeof popupQueueMachine>): PopupsViewModel {
  const popups = snapshot.context.shown.map(({ popup }): PopupView => ({
    id: popup.id,
    title: popup.title,
    message: popup.message,
    global: popup.global,
    pinned: popup.pinned,
    close: { type: 'popups.close', id: popup.id },
    open: { type: 'popups.open', id: popup.id },
  }));
  return { popups, hasPopups: popups.length > 0 };
}

/** For `useSelector`: same pop-ups in the same order. */
export const samePopups = (a: PopupsViewModel, b: PopupsViewModel) =>
  a.popups.length === b.popups.length && a.popups.every((p, i) => p.id === b.popups[i]?.id);
