/**
 * Types of the notification centre and its pop-up queue (spec §3 Notification, §4 Notifications, §7 Notifications
 * and Live channels, §9 pop-ups and page size). Lists and items come from the contract (openapi/openapi.yaml); the
 * live `NotificationSent` payload is the contract's `Notification` itself (parsed with zod in the adapter).
 */
import type { components } from '../../shared/api/schema';
import type { RealtimeParentEvent } from '../realtime/channel.types';

export type Notification = components['schemas']['Notification'];
export type NotificationPage = components['schemas']['NotificationPage'];
export type NotificationList = components['schemas']['NotificationList'];
export type NotificationReadResult = components['schemas']['NotificationReadResult'];
export type NotificationMarkAllResult = components['schemas']['NotificationMarkAllResult'];

/** Which list: the player's own (`user_notifications`) or the brand's 'platform' ones (`global_notifications`). */
export type NotificationListKind = 'user' | 'global';

/** §3: 'platform' marks global notifications. */
export const GLOBAL_NOTIFICATION_TYPE = 'platform';
export const listKindOf = (n: Pick<Notification, 'type'>): NotificationListKind =>
  n.type === GLOBAL_NOTIFICATION_TYPE ? 'global' : 'user';

/** One list as the centre holds it: the items loaded so far (newest first), pages and the unread count. */
export interface NotificationListState {
  items: Notification[];
  /** The last page loaded (0 before the first). */
  page: number;
  lastPage: number;
  unread: number;
}

/** A mark waiting to be sent, in the order the player asked. */
export type PendingMark =
  { kind: 'one'; id: number; list: NotificationListKind } | { kind: 'all'; list: NotificationListKind };

export interface NotificationsInput {
  userId: number;
  /** The brand's casino_id: its public channel carries the global ones; null: only the player's channel. */
  casinoId: number | null;
  /** Stored locally (src/app reads it): no sound for a muted player. */
  muted: boolean;
  /** §9: 10. */
  perPage?: number;
  /**
   * The first page of both lists when the session already fetched it at sign-in (§4 Session: the client loads the
   * notifications after login): used as is, so a sign-in asks for it once. Absent or null: the centre fetches it.
   */
  firstPages?: NotificationList | null;
  /**
   * The session has joined the player's channel (on a connection that carries the player's token). The centre
   * joins it only while this holds; the root tells it of every change (`notifications.playerChannel`). Absent:
   * false.
   */
  channelJoined?: boolean;
}

export interface NotificationsContext {
  /** The session's first page, until the centre takes it (then null). */
  seed: NotificationList | null;
  userId: number;
  casinoId: number | null;
  perPage: number;
  muted: boolean;
  user: NotificationListState;
  global: NotificationListState;
  /** The list a "load more" is for (one at a time). */
  loadingMore: NotificationListKind | null;
  /** Marks not yet answered; the head is in flight. */
  marks: PendingMark[];
  /** The last load or mark failed (the centre shows §8's text with a retry). */
  failed: 'load' | 'more' | 'mark' | null;
  /** Which list the centre shows. */
  tab: NotificationListKind;
  /** The session has joined the player's channel: only then may the centre join it (same identity). */
  channelJoined: boolean;
}

/** What the player and the root send. */
export type NotificationsCommand =
  | { type: 'notifications.retry' }
  | { type: 'notifications.loadMore'; list: NotificationListKind }
  | { type: 'notifications.markRead'; id: number }
  | { type: 'notifications.markAllRead'; list: NotificationListKind }
  /** A notification was opened (centre or pop-up): it is marked read; a global one opens the chat (§2.3). */
  | { type: 'notifications.open'; id: number }
  | { type: 'notifications.toggleMute' }
  | { type: 'notifications.showTab'; tab: NotificationListKind }
  /** From the root: the session joined (or left) the player's channel. */
  | { type: 'notifications.playerChannel'; joined: boolean };

export type NotificationsEvent =
  NotificationsCommand | Extract<RealtimeParentEvent, { type: 'realtime.notificationSent' }> | RealtimeParentEvent;

/** Input of the page call: one page of one list (or both lists' first page: `list` null). */
export interface NotificationsPageInput {
  page: number;
  perPage: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Pop-up queue (§4 Notifications, §9)

/** A pop-up as the queue holds it: the notification's text (never HTML) and whether it is pinned. */
export interface Popup {
  id: number;
  title: string;
  message: string;
  global: boolean;
  /** pinned_until in the future when it arrived: stays until the player closes it. */
  pinned: boolean;
}

export interface ShownPopup {
  popup: Popup;
  /** Time on screen left (ms) while the page is visible; ignored for a pinned pop-up. */
  remainingMs: number;
}

export interface PopupQueueInput {
  /** §9: 3. */
  maxVisible?: number;
}

export interface PopupQueueContext {
  maxVisible: number;
  /** Waiting, oldest first. */
  waiting: Popup[];
  /** On screen, oldest first. */
  shown: ShownPopup[];
  /** Time left (ms) before the next pop-up may open after one was closed (§9: 5 s). */
  gapMs: number;
  /** Every id queued so far (a notification pops up once). */
  seen: number[];
}

export type PopupQueueEvent =
  | { type: 'popups.enqueue'; popup: Popup }
  /** The player closed it (×, Escape): no read mark. */
  | { type: 'popups.close'; id: number }
  /** The player opened it: closed, and the notification centre opens it (marks it read; a global one opens chat). */
  | { type: 'popups.open'; id: number }
  /** From the page's visibility (src/app: document.visibilityState). */
  | { type: 'popups.pageHidden' }
  | { type: 'popups.pageVisible' };
