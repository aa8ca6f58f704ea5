import { assign, emit, fromPromise, setup, spawnChild, stopChild, type NonReducibleUnknown } from 'xstate';
import { channelMachine } from '../realtime/channel.machine';
import type { RealtimeEventName } from '../realtime/channel.types';
import { failureOf, isAuthRefusal, selfExclusionOf } from './session.errors';
import type {
  NotificationList,
  RankingLevel,
  RecentGame,
  SessionContext,
  SessionEmitted,
  SessionEvent,
  SessionInput,
  SignedInOutput,
  Wallet,
} from './session.types';

/** §9: the user channel is joined 1000 ms after login (and the guest channel left). */
export const USER_CHANNEL_DELAY_MS = 1000;
/** A session check that got no answer (network, 5xx) is tried again after this long. */
export const SESSION_CHECK_RETRY_MS = 5000;

/** §7 Live channels: what each private channel carries. */
export const GUEST_CHANNEL_EVENTS: readonly RealtimeEventName[] = ['MessageSent', 'MissionAssigned'];
export const USER_CHANNEL_EVENTS: readonly RealtimeEventName[] = [
  'MessageSent',
  'MissionAssigned',
  'NotificationSent',
  'PaymentApproved',
  'BalanceUpdated',
  'NotifyNewUserBox',
];

const notSupplied = <TOutput, TInput = NonReducibleUnknown>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`session machine: the ${name} actor was not supplied (use .provide())`);
  });

/** The error of an `onError` event, as guard and action params. */
const errorOf = ({ event }: { event: { error: unknown } }) => event.error;

/** Password and Google sign-in: a refusal for self-exclusion has its own state; any other failure goes back to idle. */
const refusedOrFailed = [
  {
    guard: { type: 'isSelfExclusion' as const, params: errorOf },
    target: 'selfExcluded',
    actions: { type: 'recordSelfExclusion' as const, params: errorOf },
  },
  {
    target: 'idle',
    actions: ['resetSelfExclusion' as const, { type: 'keepFailure' as const, params: errorOf }],
  },
];

const resetSelfExclusion = { isSelfExcluded: false, selfExclusionStartAt: null, selfExclusionEndAt: null } as const;

/**
 * The player's session (spec §4 Session and Self-exclusion).
 * States:
 * - start: chooses checking (a token is stored) or guest.
 * - checking: GET /auth/me with the stored token; 401/403 forget it (guest), another failure → checkFailed.
 * - checkFailed: no answer; tried again after `checkRetry`.
 * - guest: no token; the guest channel is joined. Substates idle, signingIn (password), registering,
 *   googleSigningIn, and **selfExcluded**: a sign-in refused because the player is self-excluded; the token is
 *   forgotten and the start and end dates are recorded for the screen that refuses them.
 * - signedIn (parallel): `account` loads wallet, recent games (page 1), ranking and notifications;
 *   `live` keeps the guest channel for `userChannelDelay` (1 s) after a sign-in, then leaves it, has the live
 *   connection re-created with the new token and joins the user channel.
 * - signingOut: GET /auth/logout (the player is still shown signed in, busy); then, in one step, the token is
 *   forgotten, the player and recent games are cleared, every channel is left and the app goes home.
 *
 * The token itself never enters the machine: `forgetToken` is an action src/app supplies (it removes the `auth`
 * key). It runs synchronously inside the transition, so no snapshot (and nothing rendered from one) shows a guest
 * while the token is still stored.
 *
 * Identity and channels: a live connection asks for channels with the identity it was created with, and a
 * private channel may be joined only by its owner (guest id or player). So the guest channel is spawned when the
 * guest state is entered and kept, on the guest's connection, through the 1 s hand-over; only when it is left
 * is `connection.credentialsChanged` emitted (the connection is re-created with the player's token) and the user
 * channel joined. On the way back (sign-out, a refused check) the token is forgotten before the re-created
 * connection joins the guest channel. No channel is ever asked for with an identity that may not join it.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    emitted: {} as SessionEmitted,
  },
  actors: {
    checkSession: notSupplied<SignedInOutput>('checkSession'),
    signIn: notSupplied<SignedInOutput>('signIn'),
    register: notSupplied<SignedInOutput>('register'),
    googleSignIn: notSupplied<SignedInOutput>('googleSignIn'),
    signOut: notSupplied<void>('signOut'),
    fetchWallet: notSupplied<Wallet>('fetchWallet'),
    fetchRecentGames: notSupplied<RecentGame[], { page: number }>('fetchRecentGames'),
    fetchRanking: notSupplied<RankingLevel[]>('fetchRanking'),
    fetchNotifications: notSupplied<NotificationList>('fetchNotifications'),
    guestChannel: channelMachine,
    userChannel: channelMachine,
  },
  delays: {
    userChannelDelay: USER_CHANNEL_DELAY_MS,
    checkRetry: SESSION_CHECK_RETRY_MS,
  },
  guards: {
    hasStoredToken: ({ context }) => context.hasToken,
    isSelfExclusion: (_: unknown, error: unknown) => selfExclusionOf(error) !== null,
    isAuthRefusal: (_: unknown, error: unknown) => isAuthRefusal(error),
  },
  actions: {
    /** Removes the stored token (src/app supplies it; synchronous, so it happens within the transition). */
    forgetToken: () => {
      throw new Error('session machine: the forgetToken action was not supplied (use .provide())');
    },
    joinGuestChannel: spawnChild('guestChannel', {
      id: 'guestChannel',
      input: ({ context }) => ({ channel: `private-universal.${context.guestId}`, events: GUEST_CHANNEL_EVENTS }),
    }),
    leaveGuestChannel: stopChild('guestChannel'),
    markTokenStored: assign({ hasToken: true }),
    markTokenGone: assign({ hasToken: false }),
    keepUser: assign({ user: (_, output: SignedInOutput) => output.user, failure: null, ...resetSelfExclusion }),
    clearPlayer: assign({ user: null, wallet: null, recentGames: [], notifications: null }),
    markChecked: assign({ isCheckUserDone: true }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error) }),
    clearFailure: assign({ failure: null }),
    resetSelfExclusion: assign({ ...resetSelfExclusion }),
    recordSelfExclusion: assign(({ context }, error: unknown) => {
      const found = selfExclusionOf(error);
      return {
        isSelfExcluded: true,
        selfExclusionStartAt: found?.startAt ?? context.selfExclusionStartAt,
        selfExclusionEndAt: found?.endAt ?? null,
        failure: null,
      };
    }),
    keepWallet: assign({ wallet: (_, wallet: Wallet) => wallet }),
    keepRecentGames: assign({ recentGames: (_, games: RecentGame[]) => games }),
    keepRanking: assign({ ranking: (_, levels: RankingLevel[]) => levels }),
    keepNotifications: assign({ notifications: (_, list: NotificationList) => list }),
    mergeBalance: assign({
      wallet: ({ context }, balance: number) => (context.wallet ? { ...context.wallet, balance } : context.wallet),
    }),
    announceCredentialsChanged: emit({ type: 'connection.credentialsChanged' } as const),
    announceSignedIn: emit({ type: 'session.signedIn' } as const),
    announceSignedOut: emit({ type: 'session.signedOut' } as const),
    announceSelfExcluded: emit({ type: 'session.selfExcluded' } as const),
    navigateHome: emit({ type: 'session.navigateHome' } as const),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({
    guestId: input.guestId,
    hasToken: input.hasToken,
    user: null,
    wallet: null,
    recentGames: [],
    ranking: [],
    notifications: null,
    ...resetSelfExclusion,
    failure: null,
    isCheckUserDone: false,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'hasStoredToken', target: 'checking' }, { target: 'guest', actions: 'markChecked' }],
    },
    checking: {
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: {
          target: 'signedIn.live.user',
          actions: [{ type: 'keepUser', params: ({ event }) => event.output }, 'markChecked', 'announceSignedIn'],
        },
        onError: [
          {
            guard: { type: 'isAuthRefusal', params: errorOf },
            target: 'guest',
            actions: ['forgetToken', 'markTokenGone', 'markChecked', 'announceCredentialsChanged', 'announceSignedOut'],
          },
          { target: 'checkFailed', actions: { type: 'keepFailure', params: errorOf } },
        ],
      },
    },
    checkFailed: {
      after: { checkRetry: { target: 'checking' } },
      on: { 'session.logout': { target: 'signingOut' } },
    },
    guest: {
      // Spawned, not invoked: it outlives this state through the sign-in hand-over (left in signedIn.live).
      entry: 'joinGuestChannel',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'session.login': { target: 'signingIn', actions: 'clearFailure' },
            'session.register': { target: 'registering', actions: 'clearFailure' },
            'session.google': { target: 'googleSigningIn', actions: 'clearFailure' },
            'session.clearFailure': { actions: 'clearFailure' },
          },
        },
        signingIn: {
          invoke: {
            id: 'signIn',
            src: 'signIn',
            onDone: { target: '#session.signedIn', actions: { type: 'keepUser', params: ({ event }) => event.output } },
            onError: refusedOrFailed,
          },
        },
        registering: {
          invoke: {
            id: 'register',
            src: 'register',
            onDone: { target: '#session.signedIn', actions: { type: 'keepUser', params: ({ event }) => event.output } },
            onError: {
              target: 'idle',
              actions: ['resetSelfExclusion', { type: 'keepFailure', params: errorOf }],
            },
          },
        },
        googleSigningIn: {
          invoke: {
            id: 'googleSignIn',
            src: 'googleSignIn',
            onDone: { target: '#session.signedIn', actions: { type: 'keepUser', params: ({ event }) => event.output } },
            onError: refusedOrFailed,
          },
        },
        /** Refused: self-excluded (Portaria 2.579/2025). No session; the token is forgotten; dates recorded. */
        selfExcluded: {
          entry: ['forgetToken', 'markTokenGone', 'announceSelfExcluded'],
          on: {
            'session.dismissSelfExclusion': { target: 'idle', actions: 'resetSelfExclusion' },
            'session.login': { target: 'signingIn', actions: 'clearFailure' },
            'session.google': { target: 'googleSigningIn', actions: 'clearFailure' },
          },
        },
      },
    },
    signedIn: {
      type: 'parallel',
      entry: ['markTokenStored'],
      on: {
        'session.logout': { target: 'signingOut' },
        'realtime.balanceUpdated': { actions: { type: 'mergeBalance', params: ({ event }) => event.data.balance } },
        'realtime.paymentApproved': { actions: { type: 'mergeBalance', params: ({ event }) => event.data.balance } },
      },
      states: {
        account: {
          type: 'parallel',
          states: {
            wallet: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'fetchWallet',
                    src: 'fetchWallet',
                    onDone: { target: 'loaded', actions: { type: 'keepWallet', params: ({ event }) => event.output } },
                    onError: { target: 'failed' },
                  },
                },
                loaded: {},
                failed: {},
              },
            },
            recentGames: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'fetchRecentGames',
                    src: 'fetchRecentGames',
                    input: { page: 1 },
                    onDone: { target: 'loaded', actions: { type: 'keepRecentGames', params: ({ event }) => event.output } },
                    onError: { target: 'failed' },
                  },
                },
                loaded: {},
                failed: {},
              },
            },
            ranking: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'fetchRanking',
                    src: 'fetchRanking',
                    onDone: { target: 'loaded', actions: { type: 'keepRanking', params: ({ event }) => event.output } },
                    onError: { target: 'failed' },
                  },
                },
                loaded: {},
                failed: {},
              },
            },
            notifications: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'fetchNotifications',
                    src: 'fetchNotifications',
                    onDone: {
                      target: 'loaded',
                      actions: { type: 'keepNotifications', params: ({ event }) => event.output },
                    },
                    onError: { target: 'failed' },
                  },
                },
                loaded: {},
                failed: {},
              },
            },
          },
        },
        live: {
          initial: 'handover',
          states: {
            /**
             * Just signed in: the guest channel stays 1 s more, on the connection that joined it as the guest.
             * Then it is left, the connection is re-created with the new token, and the user channel joined.
             */
            handover: {
              entry: ['announceSignedIn'],
              exit: ['leaveGuestChannel'],
              after: { userChannelDelay: { target: 'user', actions: ['announceCredentialsChanged'] } },
            },
            user: {
              invoke: {
                id: 'userChannel',
                src: 'userChannel',
                input: ({ context }) => ({ channel: `private-universal.${context.user?.id ?? 0}`, events: USER_CHANNEL_EVENTS }),
              },
            },
          },
        },
      },
    },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut' },
        // The token is forgotten even when the server could not be told.
        onError: { target: 'signedOut' },
      },
    },
    /** Transient: clear everything, then become a guest at home. */
    signedOut: {
      entry: ['forgetToken', 'markTokenGone', 'clearPlayer', 'announceCredentialsChanged', 'announceSignedOut', 'navigateHome'],
      always: { target: 'guest' },
    },
  },
});
