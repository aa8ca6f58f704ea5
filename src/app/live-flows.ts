/**
 * The live connection and the bets feed with their real actors (a chunk of its own, fetched once the site
 * has realtime settings and the page wants live updates; the root spawns them under systemIds `connection` and
 * `betsFeed`).
 */
import { fromCallback, type EventObject } from 'xstate';
import type { LiveFlows } from '../../machines/app/app.machine';
import { betsFeedMachine } from '../../machines/bets-feed/bets-feed.machine';
import type { FictitiousBetsInput } from '../../machines/bets-feed/bets-feed.types';
import type { channelMachine } from '../../machines/realtime/channel.machine';
import type { SubscriptionInput } from '../../machines/realtime/channel.types';
import { connectionMachine } from '../../machines/realtime/connection.machine';
import type { PusherCommand, PusherConnectionInput } from '../../machines/realtime/connection.types';
import type { PusherRealtime } from '../lib/realtime/pusher-adapter';
import { lazyFictitiousBets } from './fictitious-bets';

/** A generator that never draws (tests that count the rows they report). */
const noFictitiousBets = fromCallback<EventObject, FictitiousBetsInput>(() => () => undefined);

export function createLiveFlows(options: {
  adapter: Pick<PusherRealtime, 'pusherConnection'>;
  channelLogic: typeof channelMachine;
  fictitiousBets: boolean;
}): LiveFlows {
  return {
    connection: connectionMachine.provide({ actors: { pusherConnection: options.adapter.pusherConnection } }),
    betsFeed: betsFeedMachine.provide({
      actors: {
        publicChannel: options.channelLogic,
        playerChannel: options.channelLogic,
        fictitiousBets: options.fictitiousBets ? lazyFictitiousBets : noFictitiousBets,
      },
    }),
  };
}

/** A connection that never connects and channels never joined: an app run without live updates (tests). */
export function noLiveFlows(channelLogic: typeof channelMachine): LiveFlows {
  return createLiveFlows({
    adapter: { pusherConnection: fromCallback<PusherCommand, PusherConnectionInput>(() => () => undefined) },
    channelLogic: channelLogic.provide({
      actors: { subscription: fromCallback<EventObject, SubscriptionInput>(() => () => undefined) },
    }),
    fictitiousBets: true,
  });
}
