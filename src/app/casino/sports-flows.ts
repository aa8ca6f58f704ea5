/** The sportsbook launch with its real call: fetched with the first visit to /sports. */
import { fromPromise } from 'xstate';
import { sportsLaunchMachine } from '../../../machines/games/sports-launch.machine';
import type { LaunchSportInput, SportLaunch } from '../../../machines/games/sports-launch.types';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';
import { currentLocale } from '../games';

export function createSportsFlows(api: ApiClient) {
  const launchSport = fromPromise<SportLaunch, LaunchSportInput>(async ({ input, signal }) => {
    const answer = await unwrap(
      api.POST('/games/launch/sport', {
        body: { mode: input.signedIn ? 'real' : 'view', locale: currentLocale() },
        signal,
      }),
    );
    return { url: answer.data.url, mode: answer.data.mode };
  });
  return { sports: sportsLaunchMachine.provide({ actors: { launchSport } }) };
}
