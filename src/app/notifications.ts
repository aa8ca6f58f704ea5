/**
 * The notification centre's and pop-up queue's real actors, fetched with their machines when a
 * player signs in (./notification-flows.ts holds only how to fetch them): the platform's calls, the player's and the
 * brand's channels, the page's visibility, the sound and the stored mute.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { NotificationFlows } from '../../machines/app/app.machine';
import { notificationsMachine } from '../../machines/notifications/notifications.machine';
import type {
  NotificationList,
  NotificationListKind,
  NotificationMarkAllResult,
  NotificationReadResult,
  NotificationsPageInput,
} from '../../machines/notifications/notifications.types';
import { popupQueueMachine } from '../../machines/notifications/popup-queue.machine';
import type { ApiClient } from '../lib/api/client';
import { unwrap } from '../lib/api/unwrap';
import type { KeyValueStorage } from '../lib/storage';
import type { LiveServices } from './live';

/** Where the player's choice is kept (local storage, like the other §3 keys). */
export const NOTIFICATIONS_MUTED_KEY = 'notificationsMuted';
/** §7: the notification sound. */
export const NOTIFICATION_SOUND_URL = '/audio/notification.mp3';

/**
 * Plays the sound only once the page has had a user gesture (browsers refuse autoplay before, and a sound nobody
 * asked for is rude): `navigator.userActivation` where the browser has it, else a first pointer or key press seen.
 */
export function createNotificationSound(win: Window | undefined = typeof window === 'undefined' ? undefined : window) {
  let gesture = false;
  let audio: HTMLAudioElement | null = null;
  if (win) {
    const seen = () => {
      gesture = true;
    };
    win.addEventListener('pointerdown', seen, { once: true, capture: true });
    win.addEventListener('keydown', seen, { once: true, capture: true });
  }
  return {
    hadGesture: () =>
      gesture ||
      Boolean(
        (win?.navigator as (Navigator & { userActivation?: { hasBeenActive: boolean } }) | undefined)?.userActivation
          ?.hasBeenActive,
      ),
    play() {
      if (!win || !this.hadGesture()) return;
      if (typeof Audio === 'undefined') return;
      const element = (audio ??= new Audio(NOTIFICATION_SOUND_URL));
      element.currentTime = 0;
      void element.play().catch(() => undefined);
    },
  };
}

export function createNotificationFlows(
  api: ApiClient,
  live: LiveServices | undefined,
  storage: KeyValueStorage,
): NotificationFlows {
  const sound = createNotificationSound();
  const fetchPage = fromPromise<NotificationList, NotificationsPageInput>(async ({ input, signal }) =>
    unwrap(api.GET('/notifications', { params: { query: { page: input.page, per_page: input.perPage } }, signal })),
  );
  const markRead = fromPromise<NotificationReadResult, { id: number }>(async ({ input }) =>
    unwrap(api.POST('/notifications/{id}/read', { params: { path: { id: input.id } } })),
  );
  const markAllRead = fromPromise<NotificationMarkAllResult, { list: NotificationListKind }>(async ({ input }) =>
    unwrap(api.POST('/notifications/{type}/mark-all-read', { params: { path: { type: input.list } } })),
  );
  // Without live updates (tests), channels that never join.
  const channel =
    live?.channelLogic ??
    (fromCallback<EventObject>(() => () => undefined) as unknown as NonNullable<LiveServices['channelLogic']>);
  const pageVisibility = fromCallback<EventObject>(({ sendBack }) => {
    if (typeof document === 'undefined') return undefined;
    const report = () =>
      sendBack({ type: document.visibilityState === 'hidden' ? 'popups.pageHidden' : 'popups.pageVisible' });
    report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  });
  return {
    notifications: notificationsMachine.provide({
      actors: { fetchPage, markRead, markAllRead, userChannel: channel, brandChannel: channel },
      actions: {
        playSound: () => sound.play(),
        storeMuted: (_, muted: boolean) => {
          if (muted) storage.set(NOTIFICATIONS_MUTED_KEY, '1');
          else storage.remove(NOTIFICATIONS_MUTED_KEY);
        },
      },
    }),
    popups: popupQueueMachine.provide({ actors: { pageVisibility } }),
    muted: storage.get(NOTIFICATIONS_MUTED_KEY) === '1',
  };
}
