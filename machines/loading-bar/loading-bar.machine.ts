import { setup } from 'xstate';
import type { LoadingBarContext, LoadingBarEvent } from './loading-bar.types';

/** §9 loading bar constants. */
export const LOADING_BAR = {
  throttleMs: 200,
  durationMs: 2000,
  heightPx: 3,
  hideMs: 500,
  resetMs: 400,
} as const;

/**
 * The top loading bar (§2.4): primary colour while a navigation runs, error colour on a render error.
 * States:
 * - idle: nothing on screen.
 * - waiting: a navigation started; the bar appears only if it lasts longer than the throttle.
 * - running: the bar crawls towards the end over `durationMs`.
 * - finishing: the navigation ended; the bar is full, then hides.
 * - failed: a render error; the bar is full in the error colour, then hides.
 * - hiding: fading out; back to idle (width reset) after the reset delay.
 */
export const loadingBarMachine = setup({
  types: {
    context: {} as LoadingBarContext,
    events: {} as LoadingBarEvent,
  },
  delays: {
    throttle: LOADING_BAR.throttleMs,
    hide: LOADING_BAR.hideMs,
    reset: LOADING_BAR.resetMs,
  },
}).createMachine({
  id: 'loadingBar',
  context: { durationMs: LOADING_BAR.durationMs, heightPx: LOADING_BAR.heightPx },
  initial: 'idle',
  states: {
    idle: {
      on: { 'bar.start': { target: 'waiting' }, 'bar.fail': { target: 'failed' } },
    },
    waiting: {
      after: { throttle: { target: 'running' } },
      on: { 'bar.done': { target: 'idle' }, 'bar.fail': { target: 'failed' } },
    },
    running: {
      on: { 'bar.done': { target: 'finishing' }, 'bar.fail': { target: 'failed' } },
    },
    finishing: {
      after: { hide: { target: 'hiding' } },
      on: { 'bar.start': { target: 'waiting' }, 'bar.fail': { target: 'failed' } },
    },
    failed: {
      after: { hide: { target: 'hiding' } },
      on: { 'bar.start': { target: 'waiting' } },
    },
    hiding: {
      after: { reset: { target: 'idle' } },
      on: { 'bar.start': { target: 'waiting' }, 'bar.fail': { target: 'failed' } },
    },
  },
});
