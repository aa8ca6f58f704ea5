import { assign, setup } from 'xstate';
import { failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import { playTimeMachine } from './play-time.machine';
import type {
  RealityCheckContext,
  RealityCheckEvent,
  RealityCheckMinutes,
  SessionSummary,
} from './responsible-gaming.types';

/** The interval when the player's own cannot be read: the longest of the choices, never none. */
export const DEFAULT_REALITY_CHECK_MINUTES: RealityCheckMinutes = 60;

/**
 * The reality check (Portaria 2.579/2025: alerts and pauses), running while a player is signed in
 * (the root starts it at sign-in and stops it at sign-out):
 *
 * - `loading` the player's interval (15, 30 or 60 minutes; 60 if it cannot be read) → `waiting`.
 * - `waiting` for the interval (named delay `interval`), then `checking`: the session's time played and net
 *   result (GET /profile/session-summary) → `showing` the modal (with the failure's text instead of the figures
 *   when the summary could not be read: the pause is shown all the same).
 * - `showing`: `realityCheck.continue` → `waiting` for a new interval (the history link continues too; sign-out
 *   goes to the session, and the root stops this flow).
 * - `realityCheck.intervalChanged` (the settings page saved a new one) while waiting starts the count again with it;
 *   while checking or showing it is kept for the next count.
 * - For its whole life it runs the daily play-time limit's flow (`playTime`, ./play-time.machine.ts), whose
 *   warning the same slot shows.
 */
export const realityCheckMachine = setup({
  types: {
    context: {} as RealityCheckContext,
    events: {} as RealityCheckEvent,
  },
  actors: {
    loadInterval: notSupplied<RealityCheckMinutes>('realityCheck', 'loadInterval'),
    loadSummary: notSupplied<SessionSummary>('realityCheck', 'loadSummary'),
    playTime: playTimeMachine,
  },
  delays: {
    interval: ({ context }) => context.minutes * 60_000,
  },
  actions: {
    keepInterval: assign({
      minutes: ({ context, event }) =>
        event.type === 'realityCheck.intervalChanged' ? event.minutes : context.minutes,
    }),
  },
}).createMachine({
  id: 'realityCheck',
  context: { minutes: DEFAULT_REALITY_CHECK_MINUTES, summary: null, failure: null },
  initial: 'loading',
  invoke: { id: 'playTime', systemId: 'playTime', src: 'playTime' },
  states: {
    loading: {
      invoke: {
        src: 'loadInterval',
        onDone: { target: 'waiting', actions: assign({ minutes: ({ event }) => event.output }) },
        onError: { target: 'waiting' },
      },
    },
    waiting: {
      after: { interval: { target: 'checking' } },
      on: { 'realityCheck.intervalChanged': { target: 'waiting', reenter: true, actions: 'keepInterval' } },
    },
    checking: {
      invoke: {
        src: 'loadSummary',
        onDone: { target: 'showing', actions: assign({ summary: ({ event }) => event.output, failure: null }) },
        onError: {
          target: 'showing',
          actions: assign({ summary: null, failure: ({ event }) => failureOf(event.error) }),
        },
      },
      on: { 'realityCheck.intervalChanged': { actions: 'keepInterval' } },
    },
    showing: {
      on: {
        'realityCheck.continue': { target: 'waiting' },
        'realityCheck.intervalChanged': { actions: 'keepInterval' },
      },
    },
  },
});
