/**
 * Types of the push permission machine (spec §4 Push permission, §9 Push, §8 push texts). The browser (Notification,
 * service worker, PushManager, localStorage, matchMedia) is reached only through the actors src/app supplies.
 */

/** The browser's `Notification.permission`, and what the app stores of the player's answer. */
export type PushPermission = 'default' | 'granted' | 'denied';

/** What the app keeps in local storage (spec §3 Local storage keys: push permission state). Times in ms. */
export interface StoredPushChoice {
  permission: PushPermission;
  /** When the player denied (the prompt is held back 5 days). */
  deniedAt: number | null;
  /** When the player closed the modal without choosing (held back 1 day). */
  dismissedAt: number | null;
  /**
   * The player turned push off in the app (the browser's permission may still be granted): no silent
   * re-subscription at start; only the player's "turn on" subscribes again. Absent in choices stored before it.
   */
  optedOut?: boolean;
}

export interface PushPermissionInput {
  stored: StoredPushChoice | null;
}

/** What the check (1 s after start) finds in the browser. */
export interface PushEnvironment {
  /** Notification, service worker and PushManager all exist. */
  supported: boolean;
  permission: PushPermission;
  /** A phone or tablet (coarse pointer / mobile user agent). */
  mobile: boolean;
  /** Running installed as an app (display-mode: standalone). */
  standalone: boolean;
  /** The clock reading of the check (ms since the epoch): hold-backs are measured from it. */
  now: number;
}

/** The browser's answer to Notification.requestPermission(), and when (ms since the epoch). */
export interface PermissionAnswer {
  permission: PushPermission;
  at: number;
}

/** A §8 text the player is shown (catalog ids `push.notice.<notice>`). */
export type PushNotice =
  'unsupported' | 'permissionFailed' | 'subscribeFailed' | 'subscribed' | 'unsubscribed' | 'unsubscribeFailed';

export interface PushPermissionContext {
  stored: StoredPushChoice;
  environment: PushEnvironment | null;
  /** The hold-back in force (ms since the epoch): measured `from` the check or the answer, ending at `until`. */
  heldBack: { from: number; until: number } | null;
  /** The player asked (button, modal): the outcome is announced. A silent re-subscription at start is not. */
  asked: boolean;
  notice: PushNotice | null;
}

export type PushPermissionEvent =
  /** The player accepts the offer (the modal's button, or the account menu's "enable notifications"). */
  | { type: 'push.enable' }
  /** The player closes the modal without choosing: held back 1 day. */
  | { type: 'push.dismiss'; at: number }
  /** The notice was shown (a toast took it). */
  | { type: 'push.noticeSeen' }
  /** The player turns push off (this browser's subscription is removed; the choice is stored). */
  | { type: 'push.disable' };

/** Announced to the root, which shows it as a toast. */
export type PushPermissionEmitted = { type: 'push.notice'; notice: PushNotice; kind: 'success' | 'error' };
