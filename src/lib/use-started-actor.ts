import { useEffect, useState } from 'react';
import {
  createActor,
  type Actor,
  type ActorOptions,
  type AnyActorLogic,
  type AnyActorRef,
  type ConditionalRequired,
  type IsNotNever,
  type RequiredActorOptionsKeys,
} from 'xstate';

/** How many mounted components hold each actor (StrictMode mounts the same component twice in a row). */
const holders = new WeakMap<AnyActorRef, number>();

/** As `createActor`'s: the options are required when the logic needs an input. */
type StartedActorOptions<TLogic extends AnyActorLogic> = ConditionalRequired<
  [options?: ActorOptions<TLogic> & { [K in RequiredActorOptionsKeys<TLogic>]: unknown }],
  IsNotNever<RequiredActorOptionsKeys<TLogic>>
>;

/**
 * An actor that lives exactly as long as the component that holds it: created on the first render, started when
 * the component mounts, stopped when it unmounts. `logic` and `options` are read once, like `useState`'s initial
 * value.
 *
 * Why not `useActorRef` of @xstate/react: in development React's StrictMode unmounts and remounts every new
 * component at once, and `useActorRef` then stops the actor and revives the same actor from its snapshot. The
 * revived machine starts its invoked promises again, but the first ones were aborted by the stop and their
 * AbortError reaches the revived child (active again), so the machine takes its error path: every content page
 * showed "unexpected error", the withdrawal form failed its first load, the session check fell to `checkFailed`
 * and waited 5 s, the site config to its retry. None of this happens in a production build (no StrictMode).
 *
 * Here the stop waits for the microtask after the cleanup: React runs the simulated unmount and remount in one
 * go, so by then the component holds the actor again and it keeps running, untouched; after a real unmount
 * nothing holds it and it stops (aborting what it invoked). Each actor starts its work once, in both modes.
 */
export function useStartedActor<TLogic extends AnyActorLogic>(logic: TLogic, ...[options]: StartedActorOptions<TLogic>): Actor<TLogic> {
  const [actor] = useState(() => createActor(logic, options));
  useEffect(() => {
    holders.set(actor, (holders.get(actor) ?? 0) + 1);
    actor.start();
    return () => {
      holders.set(actor, (holders.get(actor) ?? 1) - 1);
      queueMicrotask(() => {
        if (!holders.get(actor)) actor.stop();
      });
    };
  }, [actor]);
  return actor;
}
