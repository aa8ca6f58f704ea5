import { assign, enqueueActions, fromCallback, setup, stateIn, type EventObject } from 'xstate';
import type {
  NotificationsCommand,
  Popup,
  PopupQueueContext,
  PopupQueueEvent,
  PopupQueueInput,
  ShownPopup,
} from './notifications.types';

/** §9: at most 3 pop-ups at a time. */
export const POPUP_MAX_VISIBLE = 3;
/** §9: the queue is re-checked every 1 s. */
export const POPUP_RECHECK_MS = 1000;
/** §9: each pop-up lasts 20 s (unless pinned). */
export const POPUP_LIFETIME_MS = 20_000;
/** §9: the next one opens 5 s after the previous one is closed. */
export const POPUP_NEXT_DELAY_MS = 5000;
/** Waiting pop-ups kept at most (the oldest is dropped): a burst never grows without bound. */
export const POPUP_WAITING_MAX = 50;
/** Ids remembered so one notification pops up once. */
const SEEN_MAX = 200;

/**
 * One re-check (§9: every 1 s, only while the page is visible): the gap after a close runs down, shown pop-ups age
 * (a pinned one never does) and those whose 20 s are over leave (which starts the 5 s gap), then the next waiting
 * one opens when a place is free and the gap is over. One opens per re-check, oldest first.
 */
export function recheck(context: PopupQueueContext, stepMs: number, lifetimeMs: number, gapMs: number) {
  let gap = Math.max(0, context.gapMs - stepMs);
  const shown: ShownPopup[] = [];
  for (const s of context.shown) {
    if (s.popup.pinned) shown.push(s);
    else if (s.remainingMs - stepMs > 0) shown.push({ ...s, remainingMs: s.remainingMs - stepMs });
    else gap = gapMs;
  }
  let waiting = context.waiting;
  const [next, ...rest] = waiting;
  if (next && gap === 0 && shown.length < context.maxVisible) {
    shown.push({ popup: next, remainingMs: lifetimeMs });
    waiting = rest;
  }
  return { gapMs: gap, shown, waiting };
}

/**
 * The notification pop-up queue (spec §4 Notifications, §9): at most 3 pop-ups at a time from a queue re-checked
 * every 1 s; each is removed 20 s after it was shown unless pinned (a pinned one stays until closed); the next opens
 * 5 s after the previous one was closed (by the player or by time); nothing opens or ages while the page is hidden.
 * §9's 20 s and 5 s are counted in re-checks (`recheck`, 1 s), so they stop exactly while the page is hidden; a
 * close by the player between two re-checks counts its 5 s from the next one (the next opens 5 to 6 s later).
 * Opening a pop-up hands it to the notification centre (`notifications.open`: read, and the chat for a global one).
 *
 * States (parallel):
 * - page: visible, hidden (the `pageVisibility` actor reports `document.visibilityState`).
 * - queue: idle (nothing waiting, shown or counting down), active.ticking (re-checks every 1 s),
 *   active.paused (the page is hidden).
 */
export const popupQueueMachine = setup({
  types: {
    context: {} as PopupQueueContext,
    events: {} as PopupQueueEvent,
    input: {} as PopupQueueInput,
  },
  actors: {
    /** Reports `popups.pageHidden` / `popups.pageVisible` (src/app: visibilitychange). Nothing by default. */
    pageVisibility: fromCallback<EventObject>(() => () => undefined),
  },
  delays: {
    recheck: POPUP_RECHECK_MS,
  },
  guards: {
    isNew: ({ context, event }) => event.type === 'popups.enqueue' && !context.seen.includes(event.popup.id),
    isEmpty: ({ context }) => context.waiting.length === 0 && context.shown.length === 0 && context.gapMs === 0,
    pageHidden: stateIn({ page: 'hidden' }),
    pageVisible: stateIn({ page: 'visible' }),
  },
  actions: {
    add: assign(({ context, event }) => {
      if (event.type !== 'popups.enqueue') return {};
      return {
        waiting: [...context.waiting, event.popup].slice(-POPUP_WAITING_MAX),
        seen: [...context.seen, event.popup.id].slice(-SEEN_MAX),
      };
    }),
    tick: assign(({ context }) => recheck(context, POPUP_RECHECK_MS, POPUP_LIFETIME_MS, POPUP_NEXT_DELAY_MS)),
    /** Closed between two re-checks: the 5 s count from the next one. */
    remove: assign(({ context, event }) => {
      if (event.type !== 'popups.close' && event.type !== 'popups.open') return {};
      const shown = context.shown.filter((s) => s.popup.id !== event.id);
      if (shown.length === context.shown.length) return { waiting: context.waiting.filter((p) => p.id !== event.id) };
      return { shown, gapMs: POPUP_NEXT_DELAY_MS + POPUP_RECHECK_MS };
    }),
    /** The centre marks it read (and opens the chat for a global one). */
    tellCentre: enqueueActions(({ event, enqueue, system }) => {
      if (event.type !== 'popups.open') return;
      const centre = system.get('notifications');
      const open: NotificationsCommand = { type: 'notifications.open', id: event.id };
      if (centre) enqueue.sendTo(centre, open);
    }),
  },
}).createMachine({
  id: 'popupQueue',
  context: ({ input }) => ({
    maxVisible: input.maxVisible ?? POPUP_MAX_VISIBLE,
    waiting: [],
    shown: [],
    gapMs: 0,
    seen: [],
  }),
  invoke: { id: 'pageVisibility', src: 'pageVisibility' },
  type: 'parallel',
  states: {
    page: {
      initial: 'visible',
      states: {
        visible: { on: { 'popups.pageHidden': { target: 'hidden' } } },
        hidden: { on: { 'popups.pageVisible': { target: 'visible' } } },
      },
    },
    queue: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'popups.enqueue': { guard: 'isNew', target: 'active', actions: 'add' } },
        },
        active: {
          initial: 'ticking',
          always: { guard: 'isEmpty', target: 'idle' },
          on: {
            'popups.enqueue': { guard: 'isNew', actions: 'add' },
            'popups.close': { actions: 'remove' },
            'popups.open': { actions: ['remove', 'tellCentre'] },
          },
          states: {
            ticking: {
              always: { guard: 'pageHidden', target: 'paused' },
              after: { recheck: { target: 'ticking', reenter: true, actions: 'tick' } },
            },
            paused: {
              always: { guard: 'pageVisible', target: 'ticking' },
            },
          },
        },
      },
    },
  },
});

export type { Popup };
