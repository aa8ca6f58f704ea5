/** Types of the top loading bar (spec §2.4, §9 loading bar). */

export type LoadingBarEvent = { type: 'bar.start' } | { type: 'bar.done' } | { type: 'bar.fail' };

export interface LoadingBarContext {
  /** §9: how long the bar takes to crawl towards the end while the navigation lasts. */
  durationMs: number;
  heightPx: number;
}
