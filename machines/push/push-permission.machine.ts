import { and, assign, enqueueActions, setup } from 'xstate';
import { notSupplied, notSuppliedAction } from '../kernel/not-supplied';
import type {
  PushEnvironment,
  PermissionAnswer,
  PushPermissionContext,
  PushPermissionEmitted,
  PushPermissionEvent,
  PushPermissionInput,
  PushNotice,
  StoredPushChoice,
} from './push-permission.types';

/** §9: the check of the browser's permission runs 1 s after the flow starts (never in the page's first paint). */
export const PUSH_CHECK_DELAY_MS = 1000;
/** §9: subscribing (service worker ready, PushManager.subscribe, the platform's POST) gives up after 10 s. */
export const PUSH_SUBSCRIBE_TIMEOUT_MS = 10_000;
/** §9: after a denial the prompt is held back 5 days. */
export const PUSH_DENIED_HOLD_MS = 5 * 24 * 60 * 60 * 1000;
/** §9: after the modal is closed the prompt is held back 1 day. */
export const PUSH_DISMISSED_HOLD_MS = 24 * 60 * 60 * 1000;

const NOTHING_STORED: StoredPushChoice = { permission: 'default', deniedAt: null, dismissedAt: null };

/** When the prompt may show again after the stored answers, or null when it may now (pure: tests and the machine). */
export function heldBackUntil(stored: StoredPushChoice, now: number): number | null {
  const ends = [
    stored.deniedAt === null ? null : stored.deniedAt + PUSH_DENIED_HOLD_MS,
    stored.dismissedAt === null ? null : stored.dismissedAt + PUSH_DISMISSED_HOLD_MS,
  ].filter((end): end is number => end !== null && end > now);
  return ends.length === 0 ? null : Math.max(...ends);
}

/** A notice kept for the view and announced to the root (which shows it as a toast). */
const tell = (notice: PushNotice, kind: PushPermissionEmitted['kind']) =>
  enqueueActions<
    PushPermissionContext,
    PushPermissionEvent,
    undefined,
    PushPermissionEvent,
    never,
    never,
    never,
    never,
    PushPermissionEmitted
  >(({ enqueue }) => {
    enqueue.assign({ notice });
    enqueue.emit({ type: 'push.notice', notice, kind });
  });

const environmentOf = (event: unknown) => (event as { output: PushEnvironment }).output;
const answerOf = (event: unknown) => (event as { output: PermissionAnswer }).output;

/**
 * Push permission (spec §4 Push permission: default, granted or denied, stored locally; §9 Push).
 *
 * - waiting → checking 1 s after start (`checkDelay`): the browser's support, permission, phone and installed state.
 * - unsupported: no Notification, service worker or PushManager; `push.enable` says so (§8).
 * - default.prompting: the modal offers notifications. Not on a phone unless installed as an app
 *   (`default.notInstalled`), and not within 5 days of a denial or 1 day of the modal being closed
 *   (`default.heldBack`, which offers again when the hold-back ends). `push.dismiss` closes it for 1 day.
 * - requesting: the browser's own permission prompt (after `push.enable`): granted → subscribing; denied → denied
 *   (stored, held back 5 days); closed without an answer → held back 1 day; a failure says §8's permission text.
 * - subscribing: the subscription is made and stored by the platform, within 10 s (`subscribeTimeout`), else §8's
 *   subscription failure. granted: a permission already granted re-subscribes silently at each start, so a new
 *   player on this browser takes the subscription over.
 * - granted.subscribed → unsubscribing (`push.disable`: the subscription removed from the push service and the
 *   platform) → off (stored `optedOut`: no silent re-subscription at start); a failure stays subscribed and says so.
 *   off: `push.enable` subscribes again (the permission is still granted).
 * - denied: stored; the browser no longer asks, so `push.enable` only says it could not get the permission.
 */
export const pushPermissionMachine = setup({
  types: {
    context: {} as PushPermissionContext,
    events: {} as PushPermissionEvent,
    input: {} as PushPermissionInput,
    emitted: {} as PushPermissionEmitted,
  },
  actors: {
    /** Reads the browser: support, Notification.permission, phone, display-mode standalone, the clock. */
    checkEnvironment: notSupplied<PushEnvironment>('push permission', 'checkEnvironment'),
    /** Notification.requestPermission(): the player's answer. */
    requestPermission: notSupplied<PermissionAnswer>('push permission', 'requestPermission'),
    /** The service worker's PushManager subscription (made with the brand's VAPID key) stored by the platform. */
    subscribe: notSupplied<void>('push permission', 'subscribe'),
    /** This browser's subscription removed: from the push service (PushManager) and from the platform (DELETE). */
    unsubscribe: notSupplied<void>('push permission', 'unsubscribe'),
  },
  delays: {
    checkDelay: PUSH_CHECK_DELAY_MS,
    subscribeTimeout: PUSH_SUBSCRIBE_TIMEOUT_MS,
    /** Until the hold-back ends, from when it was measured. */
    heldBackRemaining: ({ context }) => Math.max(0, (context.heldBack?.until ?? 0) - (context.heldBack?.from ?? 0)),
  },
  guards: {
    unsupported: ({ event }) => !environmentOf(event).supported,
    browserDenied: ({ event }) => environmentOf(event).permission === 'denied',
    browserGranted: ({ event }) => environmentOf(event).permission === 'granted',
    optedOut: ({ context }) => context.stored.optedOut === true,
    heldBack: ({ context, event }) => heldBackUntil(context.stored, environmentOf(event).now) !== null,
    phoneNotInstalled: ({ event }) => environmentOf(event).mobile && !environmentOf(event).standalone,
    answeredGranted: ({ event }) => answerOf(event).permission === 'granted',
    answeredDenied: ({ event }) => answerOf(event).permission === 'denied',
    askedByPlayer: ({ context }) => context.asked,
    phoneNotInstalledNow: ({ context }) => Boolean(context.environment?.mobile && !context.environment.standalone),
  },
  actions: {
    /** Writes the stored choice (local storage); the app supplies it. */
    store: notSuppliedAction('push permission', 'store'),
    keepEnvironment: assign(({ context, event }) => {
      const environment = environmentOf(event);
      const until = heldBackUntil(context.stored, environment.now);
      return { environment, heldBack: until === null ? null : { from: environment.now, until } };
    }),
    markAsked: assign({ asked: true }),
    keepGranted: assign({
      stored: ({ context }) => ({ ...context.stored, permission: 'granted' as const, optedOut: false }),
    }),
    keepOptedOut: assign({ stored: ({ context }) => ({ ...context.stored, optedOut: true }) }),
    /** The player denied in the browser's prompt: stored, held back 5 days from the answer. */
    keepDenied: assign(({ context, event }) => {
      const at = answerOf(event).at;
      return {
        stored: { ...context.stored, permission: 'denied' as const, deniedAt: at },
        heldBack: { from: at, until: at + PUSH_DENIED_HOLD_MS },
      };
    }),
    /** The modal (or the browser's prompt) closed without an answer: held back 1 day. */
    keepDismissed: assign(({ context, event }) => {
      const at =
        event.type === 'push.dismiss'
          ? event.at
          : ((event as { output?: PermissionAnswer }).output?.at ?? context.environment?.now ?? 0);
      return {
        stored: { ...context.stored, dismissedAt: at },
        heldBack: { from: at, until: at + PUSH_DISMISSED_HOLD_MS },
      };
    }),
    /** The stored denial's time, when the browser already says denied (the player denied in the browser's settings). */
    keepBrowserDenied: assign({
      stored: ({ context }) => ({
        ...context.stored,
        permission: 'denied' as const,
        deniedAt: context.stored.deniedAt ?? context.environment?.now ?? null,
      }),
    }),
    /** §8's texts for the player: kept for the view and announced to the root (a toast). */
    tellUnsupported: tell('unsupported', 'error'),
    tellPermissionFailed: tell('permissionFailed', 'error'),
    tellSubscribeFailed: tell('subscribeFailed', 'error'),
    tellSubscribed: tell('subscribed', 'success'),
    tellUnsubscribed: tell('unsubscribed', 'success'),
    tellUnsubscribeFailed: tell('unsubscribeFailed', 'error'),
    clearNotice: assign({ notice: null }),
  },
}).createMachine({
  id: 'pushPermission',
  context: ({ input }) => ({
    stored: input.stored ?? NOTHING_STORED,
    environment: null,
    heldBack: null,
    asked: false,
    notice: null,
  }),
  initial: 'waiting',
  on: {
    'push.noticeSeen': { actions: 'clearNotice' },
  },
  states: {
    /** §9: the check waits 1 s. */
    waiting: {
      after: { checkDelay: { target: 'checking' } },
    },
    checking: {
      invoke: {
        src: 'checkEnvironment',
        onDone: [
          { guard: 'unsupported', target: 'unsupported', actions: 'keepEnvironment' },
          {
            guard: 'browserDenied',
            target: 'denied',
            actions: ['keepEnvironment', 'keepBrowserDenied', 'store'],
          },
          // Granted, but the player turned push off in the app: it stays off until they turn it on.
          { guard: and(['browserGranted', 'optedOut']), target: 'off', actions: 'keepEnvironment' },
          {
            guard: 'browserGranted',
            target: 'subscribing',
            actions: ['keepEnvironment', 'keepGranted', 'store'],
          },
          { guard: 'heldBack', target: '#pushPermission.default.heldBack', actions: 'keepEnvironment' },
          { guard: 'phoneNotInstalled', target: '#pushPermission.default.notInstalled', actions: 'keepEnvironment' },
          { target: '#pushPermission.default.prompting', actions: 'keepEnvironment' },
        ],
        // The browser could not even be read: as if unsupported (nothing offered).
        onError: { target: 'unsupported' },
      },
    },
    unsupported: {
      on: {
        'push.enable': { actions: 'tellUnsupported' },
      },
    },
    /** Not asked yet (or the browser forgot the answer): the offer is shown only in `prompting`. */
    default: {
      initial: 'prompting',
      on: {
        'push.enable': { target: 'requesting', actions: 'markAsked' },
      },
      states: {
        prompting: {
          on: {
            'push.dismiss': {
              target: 'heldBack',
              actions: ['keepDismissed', 'store'],
            },
          },
        },
        /** Within a hold-back: offered again when it ends (a page left open that long). */
        heldBack: {
          after: {
            heldBackRemaining: [{ guard: 'phoneNotInstalledNow', target: 'notInstalled' }, { target: 'prompting' }],
          },
        },
        /** A phone's browser tab: push only once installed as an app (§9); the player may still enable it. */
        notInstalled: {},
      },
    },
    requesting: {
      invoke: {
        src: 'requestPermission',
        onDone: [
          {
            guard: 'answeredGranted',
            target: 'subscribing',
            actions: ['keepGranted', 'store'],
          },
          {
            guard: 'answeredDenied',
            target: 'denied',
            actions: ['keepDenied', 'store', 'tellPermissionFailed'],
          },
          // The browser's prompt closed without an answer: like closing the modal.
          {
            target: '#pushPermission.default.heldBack',
            actions: ['keepDismissed', 'store'],
          },
        ],
        onError: {
          target: '#pushPermission.default.heldBack',
          actions: ['keepDismissed', 'store', 'tellPermissionFailed'],
        },
      },
    },
    subscribing: {
      invoke: {
        src: 'subscribe',
        onDone: [
          {
            guard: 'askedByPlayer',
            target: '#pushPermission.granted.subscribed',
            actions: 'tellSubscribed',
          },
          { target: '#pushPermission.granted.subscribed' },
        ],
        onError: [
          {
            guard: 'askedByPlayer',
            target: '#pushPermission.granted.failed',
            actions: 'tellSubscribeFailed',
          },
          { target: '#pushPermission.granted.failed' },
        ],
      },
      after: {
        subscribeTimeout: [
          {
            guard: 'askedByPlayer',
            target: '#pushPermission.granted.failed',
            actions: 'tellSubscribeFailed',
          },
          { target: '#pushPermission.granted.failed' },
        ],
      },
    },
    granted: {
      initial: 'subscribed',
      states: {
        subscribed: {
          on: { 'push.disable': { target: '#pushPermission.unsubscribing' } },
        },
        /** The permission is there but the subscription failed: the player may try again. */
        failed: {
          on: {
            'push.enable': { target: '#pushPermission.subscribing', actions: 'markAsked' },
          },
        },
      },
    },
    /** Turning off: this browser's subscription is removed; a failure leaves it on and says so. */
    unsubscribing: {
      invoke: {
        src: 'unsubscribe',
        onDone: { target: 'off', actions: ['keepOptedOut', 'store', 'tellUnsubscribed'] },
        onError: { target: '#pushPermission.granted.subscribed', actions: 'tellUnsubscribeFailed' },
      },
    },
    /** The player turned push off (the browser's permission stays granted): "turn on" subscribes again. */
    off: {
      on: {
        'push.enable': { target: 'subscribing', actions: ['markAsked', 'keepGranted', 'store'] },
      },
    },
    denied: {
      on: {
        'push.enable': { actions: 'tellPermissionFailed' },
      },
    },
  },
});
