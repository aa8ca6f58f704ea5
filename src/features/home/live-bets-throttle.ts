import { useEffect, useRef, useState } from 'react';

interface Subscribable<TSnapshot> {
  getSnapshot(): TSnapshot;
  subscribe(observer: (snapshot: TSnapshot) => void): { unsubscribe(): void };
}

/** At most this often the live bets table renders (a person reads a few rows a second, not 100). */
export const LIVE_BETS_RENDER_INTERVAL_MS = 250;

/**
 * `useSelector` for a busy actor (or none yet: the selector is then given `undefined`): the selected value is taken at most once per `intervalMs` (the first change after
 * a quiet spell at once, the later ones coalesced into one trailing update), so a burst of events (200 a second)
 * renders the table a few times a second instead of on every event. Purely a rendering pace: the actor keeps
 * every event.
 */
export function useThrottledSelector<TSnapshot, T>(
  actor: Subscribable<TSnapshot> | null,
  selector: (snapshot: TSnapshot | undefined) => T,
  same: (a: T, b: T) => boolean,
  intervalMs = LIVE_BETS_RENDER_INTERVAL_MS,
): T {
  const [value, setValue] = useState(() => selector(actor?.getSnapshot()));
  const latest = useRef(value);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const flush = () => {
      timer = undefined;
      last = Date.now();
      const next = selector(actor?.getSnapshot());
      if (same(latest.current, next)) return;
      latest.current = next;
      setValue(next);
    };
    flush();
    // No actor yet (its code not fetched): the selector's value for none until there is one.
    if (!actor) return undefined;
    const subscription = actor.subscribe(() => {
      if (timer !== undefined) return;
      timer = setTimeout(flush, Math.max(0, last + intervalMs - Date.now()));
    });
    return () => {
      subscription.unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [actor, selector, same, intervalMs]);
  return value;
}
