/**
 * The bets feed's fictitious generator (§9) as the app supplies it: `machines/bets-feed/fictitious-bets.machine.ts`
 * fetched in a chunk of its own when the feed first listens (not in the first load), then run with the
 * feed's input (seed and clock); every bet it draws goes to the feed (`betsFeed.fictitious`). Stopping the feed's
 * `quiet` state stops it, fetched or not.
 *
 * The generator runs as its own actor here (the feed's invoke is this callback): an inspector sees the feed receive
 * the drawn bets, not the generator's timer.
 */
import { createActor, fromCallback, type AnyActorRef, type EventObject } from 'xstate';
import type { FictitiousBetsInput } from '../../machines/bets-feed/bets-feed.types';
import { whenLiveWanted } from '../lib/realtime/live-demand';

export const lazyFictitiousBets = fromCallback<EventObject, FictitiousBetsInput>(({ input, sendBack }) => {
  let stopped = false;
  let generator: AnyActorRef | undefined;
  // Fetched once the page wants live updates (idle, an interaction, the feed in view): not with the first load.
  void whenLiveWanted()
    .then(() => import('../../machines/bets-feed/fictitious-bets.machine'))
    .then(
      ({ fictitiousBetsMachine }) => {
        if (stopped) return;
        const actor = createActor(fictitiousBetsMachine, { input });
        actor.on('betsFeed.fictitious', (event) => sendBack(event));
        generator = actor.start();
      },
      () => undefined, // the chunk did not load (offline): the feed shows real bets only
    );
  return () => {
    stopped = true;
    generator?.stop();
  };
});
