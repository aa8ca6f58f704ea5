import { assign, setup } from 'xstate';
import { notSupplied } from '../kernel/not-supplied';
import type { PlayTimeContext, PlayTimeEvent, PlayTimeLeft } from './responsible-gaming.types';

/** How long before the daily play-time limit the player is warned (no surprise sign-out). */
export const PLAY_TIME_WARNING_MINUTES = 10;
const MINUTE = 60_000;
const WARNING_MS = PLAY_TIME_WARNING_MINUTES * MINUTE;

/** What the platform counted, kept: at least a minute left (it is the authority on the last one; no tight loop). */
const leftOf = (output: PlayTimeLeft) => ({
  limitMinutes: output.limitMinutes,
  leftMs: output.leftMinutes === null ? null : Math.max(1, output.leftMinutes) * MINUTE,
});

/**
 * The daily play-time limit as the player lives it (Portaria 2.579/2025): the platform counts the time
 * and ends the session when it is used up (its 401 says why, and the session shows that text); this flow warns
 * ahead and makes the call that finds the end, so a player who only watches the screen is signed out too.
 * It runs inside the reality check (systemId `playTime`), while a player is signed in.
 *
 * - `loading` the limit and what today has used (GET /profile/responsible-gaming) → `deciding`; unreadable →
 *   `unknown` (nothing is shown; the platform still enforces the limit on every call).
 * - `deciding` (transient): no limit → `unlimited`; less than PLAY_TIME_WARNING_MINUTES left → `warned`; else
 *   `counting`.
 * - `counting` until PLAY_TIME_WARNING_MINUTES before the end (named delay `untilWarning`) → `warned`.
 * - `warned`: the warning shows the minutes left until the player dismisses it (`playTime.dismiss`); at the end
 *   (named delay `untilEnd`) → `ending`.
 * - `ending`: the limit is read again. The platform answers 401 once it is used up (the API client reports it and
 *   the session ends, with the reason, stopping this flow) → `ended`; if it still counts time left (its count and
 *   this one differ by less than a minute) → `deciding` again, never sooner than a minute on.
 * - `playTime.limitsChanged` (the settings page saved a limit) reads the limit again, from any state.
 */
export const playTimeMachine = setup({
  types: {
    context: {} as PlayTimeContext,
    events: {} as PlayTimeEvent,
  },
  actors: {
    loadPlayTime: notSupplied<PlayTimeLeft>('playTime', 'loadPlayTime'),
  },
  delays: {
    untilWarning: ({ context }) => Math.max(0, (context.leftMs ?? 0) - WARNING_MS),
    untilEnd: ({ context }) => Math.max(0, context.leftMs ?? 0),
  },
  guards: {
    noLimit: ({ context }) => context.leftMs === null,
    warningDue: ({ context }) => (context.leftMs ?? 0) <= WARNING_MS,
  },
}).createMachine({
  id: 'playTime',
  context: { limitMinutes: null, leftMs: null, dismissed: false },
  initial: 'loading',
  on: {
    'playTime.limitsChanged': { target: '.loading', actions: assign({ dismissed: false }) },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadPlayTime',
        onDone: { target: 'deciding', actions: assign(({ event }) => leftOf(event.output)) },
        onError: { target: 'unknown' },
      },
    },
    unknown: {},
    deciding: {
      always: [
        { guard: 'noLimit', target: 'unlimited' },
        { guard: 'warningDue', target: 'warned' },
        { target: 'counting' },
      ],
    },
    unlimited: {},
    counting: {
      after: { untilWarning: { target: 'warned', actions: assign({ leftMs: WARNING_MS }) } },
    },
    warned: {
      after: { untilEnd: { target: 'ending' } },
      on: { 'playTime.dismiss': { actions: assign({ dismissed: true }) } },
    },
    ending: {
      invoke: {
        src: 'loadPlayTime',
        onDone: { target: 'deciding', actions: assign(({ event }) => leftOf(event.output)) },
        onError: { target: 'ended' },
      },
    },
    ended: {},
  },
});
