import { useDeferredValue } from 'react';

/**
 * False in a screen's first render, true in the render React does right after it in the background (a transition:
 * it yields to the browser every few milliseconds, and an update in between comes first). What lies below the first
 * screen (the home page's rows, live bets and providers, the footer) renders in that second pass, so the first
 * paint, the banner's, is not one long task with all of it (total blocking time). Tests rendered in
 * `act` see both passes.
 */
export function useSecondPass(): boolean {
  return useDeferredValue(true, false);
}
