import { assign, setup } from 'xstate';
import { notSupplied } from '../kernel/not-supplied';
import { INVALID_ANSWER, gamesErrorOf } from './games-error';
import type {
  LaunchSportInput,
  SportLaunch,
  SportsLaunchContext,
  SportsLaunchEvent,
  SportsLaunchInput,
} from './sports-launch.types';

/**
 * The sportsbook page (§7 POST games/launch/sport), shown in an iframe.
 *
 * - `hidden` when the brand has no sports (hasSports off); `signInRequired` for a guest where the brand does not
 *   let guests see it; else `launchSport` (the guest view for a guest) → `ready` with the URL, `signInRequired`
 *   when the platform refuses a guest (401: the brand does not let guests see it after all), or `failed` (any
 *   other failure or an answer without a URL) with a retry.
 * - Signing in or out on the page decides again and launches again: a launch URL belongs to one session.
 */
export const sportsLaunchMachine = setup({
  types: {
    context: {} as SportsLaunchContext,
    events: {} as SportsLaunchEvent,
    input: {} as SportsLaunchInput,
  },
  actors: {
    launchSport: notSupplied<SportLaunch, LaunchSportInput>('sports launch', 'launchSport'),
  },
  guards: {
    hasNoSports: ({ context }) => !context.hasSports,
    guestNotAllowed: ({ context }) => !context.signedIn && !context.guestViewAllowed,
    hasUrl: (_, launch: SportLaunch) => typeof launch.url === 'string' && launch.url !== '',
    /** The platform refused a guest the guest view (401): the brand's setting changed, or said otherwise. */
    guestRefused: ({ context }, error: unknown) => !context.signedIn && gamesErrorOf(error).status === 401,
    sessionDiffers: ({ context, event }) =>
      event.type === 'sports.sessionChanged' && event.signedIn !== context.signedIn,
  },
  actions: {
    keepSession: assign({
      signedIn: ({ context, event }) => (event.type === 'sports.sessionChanged' ? event.signedIn : context.signedIn),
    }),
    forgetLaunch: assign({ url: null, error: null }),
    keepUrl: assign({ url: (_, launch: SportLaunch) => launch.url }),
    keepError: assign({ error: (_, error: unknown) => gamesErrorOf(error) }),
    keepInvalidAnswer: assign({ error: INVALID_ANSWER }),
  },
}).createMachine({
  id: 'sportsLaunch',
  context: ({ input }) => ({ ...input, url: null, error: null }),
  initial: 'deciding',
  on: {
    'sports.sessionChanged': { guard: 'sessionDiffers', target: '.deciding', actions: 'keepSession' },
  },
  states: {
    deciding: {
      entry: 'forgetLaunch',
      always: [
        { guard: 'hasNoSports', target: 'hidden' },
        { guard: 'guestNotAllowed', target: 'signInRequired' },
        { target: 'loading' },
      ],
    },
    /** The brand has no sports: the page is not shown (the screen shows the 404 or goes home). */
    hidden: {},
    /** A guest where the brand (or the platform) does not allow the guest view: the screen offers sign-in. */
    signInRequired: {},
    loading: {
      invoke: {
        id: 'launchSport',
        src: 'launchSport',
        input: ({ context }) => ({ signedIn: context.signedIn }),
        onDone: [
          {
            guard: { type: 'hasUrl', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'keepUrl', params: ({ event }) => event.output },
          },
          { target: 'failed', actions: 'keepInvalidAnswer' },
        ],
        onError: [
          {
            guard: { type: 'guestRefused', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'signInRequired',
          },
          {
            target: 'failed',
            actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error },
          },
        ],
      },
    },
    /** The sportsbook's iframe shows `url`. */
    ready: {},
    failed: { on: { 'sports.retry': { target: 'loading', actions: 'forgetLaunch' } } },
  },
});
