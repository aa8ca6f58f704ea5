import { assign, emit, setup, spawnChild, stopChild } from 'xstate';
import { channelMachine } from '../realtime/channel.machine';
import type { RealtimeEventName } from '../realtime/channel.types';
import { errorOf, failureOf, statusMessageId } from '../kernel/api-error';
import { notSupplied, notSuppliedAction } from '../kernel/not-supplied';
import { isAuthRefusal, selfExclusionOf } from './session.errors';
import type {
  NotificationList,
  RankingLevel,
  RecentGame,
  SelfExclusion,
  SessionContext,
  SessionEmitted,
  SessionEvent,
  SessionInput,
  SessionUser,
  SignedInOutput,
  Wallet,
} from './session.types';
import { playerChannel } from '../../shared/channels';
import { regulatedProfileMachine } from '../regulated-profile/regulated-profile.machine';
import { secondFactorChallengeMachine } from '../second-factor/second-factor-challenge.machine';

/** §9: the user channel is joined 1000 ms after login (and the guest channel left). */
export const USER_CHANNEL_DELAY_MS = 1000;
/** A session check that got no answer (network, 5xx) is tried again after this long. */
export const SESSION_CHECK_RETRY_MS = 5000;
/** What the login form shows when the platform ended the session for the daily play-time limit. */
export const PLAY_TIME_OVER_ID = 'session.play_time_over';

/** §7 Live channels: what each private channel carries. */
export const GUEST_CHANNEL_EVENTS: readonly RealtimeEventName[] = ['MessageSent', 'MissionAssigned'];
export const USER_CHANNEL_EVENTS: readonly RealtimeEventName[] = [
  'MessageSent',
  'MissionAssigned',
  'NotificationSent',
  'PaymentApproved',
  'BalanceUpdated',
  'NotifyNewUserBox',
  'SelfExclusionStarted',
  'SigapImpeded',
];

/** The error of an `onError` event, as guard and action params. */

/** The self-exclusion a rejected call reported (403 `selfExcluded`), as the `recordSelfExclusion` params. */
const exclusionOfError = ({ event }: { event: { error: unknown } }) => selfExclusionOf(event.error);
/** The dates of `session.selfExclusionFound` (another flow's call was refused). */
const exclusionOfReport = ({ event }: { event: SelfExclusion }): SelfExclusion => ({
  startAt: event.startAt,
  endAt: event.endAt,
});

/** Password and Google sign-in: a refusal for self-exclusion has its own state; any other failure goes back to idle. */
const refusedOrFailed = [
  {
    guard: { type: 'isSelfExclusion' as const, params: errorOf },
    target: 'selfExcluded',
    actions: { type: 'recordSelfExclusion' as const, params: exclusionOfError },
  },
  {
    target: 'idle',
    actions: ['resetSelfExclusion' as const, { type: 'keepFailure' as const, params: errorOf }],
  },
];

/** A signed-in read of the account: a 403 `selfExcluded` ends the session (with the dates); other failures stay local. */
const loadFailed = [
  {
    guard: { type: 'isSelfExclusion' as const, params: errorOf },
    target: '#session.excluded',
    actions: { type: 'recordSelfExclusion' as const, params: exclusionOfError },
  },
  { target: 'failed' },
];

const resetSelfExclusion = {
  isSelfExcluded: false,
  selfExclusionStartAt: null,
  selfExclusionEndAt: null,
  selfExclusionRemovableAt: null,
} as const;

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
 *   A self-exclusion found while signed in — a 403 `selfExcluded` to one of those reads, the user channel's
 *   `SelfExclusionStarted`, or `session.selfExclusionFound` (another flow's call was refused; the root routes the
 *   API client's `onSelfExcluded` to it) — ends the session through `excluded`, with the dates.
 *   `session.balanceReported` (pix, withdrawal) and the live balance events merge into the wallet: the session
 *   owns the balance.
 * - excluded: transient, like signedOut: the token is forgotten, the player cleared, the connection re-created
 *   without the token (channels left), `session.signedOut` announced; then guest.selfExcluded. The start-up check
 *   answered 403 `selfExcluded` comes here too.
 * - expired: transient: a signed-in call of any flow answered 401 (`session.expired`, routed by the root from the
 *   API client's `onUnauthorized`): the token is forgotten, the player cleared, the connection re-created, the
 *   failure set to §8's 401 text and `session.signInAgain` announced (the login modal opens); then guest.
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
    checkSession: notSupplied<SignedInOutput>('session', 'checkSession'),
    signIn: notSupplied<SignedInOutput>('session', 'signIn'),
    register: notSupplied<SignedInOutput>('session', 'register'),
    googleSignIn: notSupplied<SignedInOutput>('session', 'googleSignIn'),
    signOut: notSupplied<void>('session', 'signOut'),
    /** POST /profile/self-exclusion/remove with the refused sign-in's removal token (the app keeps it, not here). */
    endSelfExclusion: notSupplied<void>('session', 'endSelfExclusion'),
    fetchWallet: notSupplied<Wallet>('session', 'fetchWallet'),
    fetchRecentGames: notSupplied<RecentGame[], { page: number }>('session', 'fetchRecentGames'),
    fetchRanking: notSupplied<RankingLevel[]>('session', 'fetchRanking'),
    fetchNotifications: notSupplied<NotificationList>('session', 'fetchNotifications'),
    guestChannel: channelMachine,
    userChannel: channelMachine,
    /** Portaria SPA/MF 722/2024: the second factor of a sign-in (src/app supplies its `verify`). */
    secondFactorChallenge: secondFactorChallengeMachine,
    /** Portaria SPA/MF 2.579/2025: the gender and limits a regulated brand asks for (src/app supplies `save`). */
    regulatedProfile: regulatedProfileMachine,
  },
  delays: {
    userChannelDelay: USER_CHANNEL_DELAY_MS,
    checkRetry: SESSION_CHECK_RETRY_MS,
  },
  guards: {
    hasStoredToken: ({ context }) => context.hasToken,
    isSelfExclusion: (_: unknown, error: unknown) => selfExclusionOf(error) !== null,
    isAuthRefusal: (_: unknown, error: unknown) => isAuthRefusal(error),
    /** An indefinite exclusion whose sign-in reported when it may end (the platform checks the date itself). */
    exclusionRemovable: ({ context }) =>
      context.selfExclusionEndAt === null && context.selfExclusionRemovableAt !== null,
    needsSecondFactor: (_: unknown, output: SignedInOutput) => output.secondFactor === true,
    /** The platform says the brand asks for the regulated profile and this player has not chosen it. */
    needsProfile: ({ context }) => context.user?.regulated_profile_done === false,
  },
  actions: {
    /** Removes the stored token (src/app supplies it; synchronous, so it happens within the transition). */
    forgetToken: notSuppliedAction('session', 'forgetToken'),
    joinGuestChannel: spawnChild('guestChannel', {
      id: 'guestChannel',
      input: ({ context }) => ({ channel: playerChannel(context.guestId), events: GUEST_CHANNEL_EVENTS }),
    }),
    leaveGuestChannel: stopChild('guestChannel'),
    markTokenStored: assign({ hasToken: true }),
    markTokenGone: assign({ hasToken: false }),
    keepUser: assign({
      user: ({ context }, output: SignedInOutput) => output.user ?? context.user,
      failure: null,
      ...resetSelfExclusion,
    }),
    keepProfileUser: assign({
      user: ({ context }, output: { user: unknown }) => (output.user as SessionContext['user']) ?? context.user,
    }),
    recordImpediment: assign({
      user: ({ context }, impediment: NonNullable<SessionUser['impediment']>) =>
        context.user ? { ...context.user, impediment } : context.user,
    }),
    clearPlayer: assign({ user: null, wallet: null, recentGames: [], notifications: null }),
    markChecked: assign({ isCheckUserDone: true }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error) }),
    clearFailure: assign({ failure: null }),
    /** §8: what the login form shows after a signed-in call answered 401 (the session expired or was revoked). */
    keepExpiredFailure: assign({
      failure: ({ event }) => ({
        status: 401,
        messages: [
          {
            id:
              event.type === 'session.expired' && event.reason === 'playTimeLimit'
                ? PLAY_TIME_OVER_ID
                : statusMessageId(401),
          },
        ],
        fields: {},
      }),
    }),
    resetSelfExclusion: assign({ ...resetSelfExclusion }),
    recordSelfExclusion: assign(({ context }, found: SelfExclusion | null) => {
      return {
        isSelfExcluded: true,
        selfExclusionStartAt: found?.startAt ?? context.selfExclusionStartAt,
        selfExclusionEndAt: found?.endAt ?? null,
        selfExclusionRemovableAt: found?.removableAt ?? null,
        failure: null,
      };
    }),
    keepWallet: assign({ wallet: (_, wallet: Wallet) => wallet }),
    keepRecentGames: assign({ recentGames: (_, games: RecentGame[]) => games }),
    keepRanking: assign({ ranking: (_, levels: RankingLevel[]) => levels }),
    keepNotifications: assign({ notifications: (_, list: NotificationList) => list }),
    /** A live balance: cash, and the bonus money when the event carries it (an older sender's keeps the last known). */
    mergeBalance: assign({
      wallet: ({ context }, live: { balance: number; bonus_balance?: number | undefined }) =>
        context.wallet
          ? {
              ...context.wallet,
              balance: live.balance,
              bonus_balance: live.bonus_balance ?? context.wallet.bonus_balance,
            }
          : context.wallet,
    }),
    /** A balance another flow learnt (pix paid, withdrawal requested): merged into the loaded wallet. */
    mergeReportedBalance: assign({
      wallet: ({ context }, report: { balance: number; depositCount?: number | undefined }) =>
        context.wallet
          ? {
              ...context.wallet,
              balance: report.balance,
              deposit_count: report.depositCount ?? context.wallet.deposit_count,
            }
          : context.wallet,
    }),
    announceCredentialsChanged: emit({ type: 'connection.credentialsChanged' } as const),
    announceSignedIn: emit({ type: 'session.signedIn' } as const),
    announceSignedOut: emit({ type: 'session.signedOut' } as const),
    announceSelfExcluded: emit({ type: 'session.selfExcluded' } as const),
    askSignInAgain: emit({ type: 'session.signInAgain' } as const),
    navigateHome: emit({ type: 'session.navigateHome' } as const),
    /** MissionAssigned on the guest's or the player's channel: the root hands it to the missions flow. */
    announceMission: emit(({ event }) => ({
      type: 'session.missionAssigned' as const,
      data: event.type === 'realtime.missionAssigned' ? event.data : null,
    })),
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
  // Whichever channel it came on (the guest's, or the player's once joined).
  on: { 'realtime.missionAssigned': { actions: 'announceMission' } },
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'hasStoredToken', target: 'checking' },
        { target: 'guest', actions: 'markChecked' },
      ],
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
            guard: { type: 'isSelfExclusion', params: errorOf },
            target: 'excluded',
            actions: [{ type: 'recordSelfExclusion', params: exclusionOfError }, 'markChecked'],
          },
          {
            guard: { type: 'isAuthRefusal', params: errorOf },
            target: 'guest',
            actions: ['forgetToken', 'markTokenGone', 'markChecked', 'announceCredentialsChanged', 'announceSignedOut'],
          },
          { target: 'checkFailed', actions: { type: 'keepFailure', params: errorOf } },
        ],
      },
      on: {
        'session.selfExclusionFound': {
          target: 'excluded',
          actions: [{ type: 'recordSelfExclusion', params: exclusionOfReport }, 'markChecked'],
        },
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
            onDone: [
              { guard: { type: 'needsSecondFactor', params: ({ event }) => event.output }, target: 'secondFactor' },
              { target: '#session.signedIn', actions: { type: 'keepUser', params: ({ event }) => event.output } },
            ],
            onError: refusedOrFailed,
          },
        },
        /**
         * Portaria SPA/MF 722/2024: the password was right and the platform asks for the second factor (no session
         * yet). The challenge (id `secondFactorChallenge`) ends with the player; cancelling goes back to the form.
         */
        secondFactor: {
          invoke: {
            id: 'secondFactorChallenge',
            src: 'secondFactorChallenge',
            onDone: {
              target: '#session.signedIn',
              actions: { type: 'keepUser', params: ({ event }) => event.output as SignedInOutput },
            },
          },
          on: { 'session.cancelSecondFactor': { target: 'idle' } },
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
            onDone: [
              { guard: { type: 'needsSecondFactor', params: ({ event }) => event.output }, target: 'secondFactor' },
              { target: '#session.signedIn', actions: { type: 'keepUser', params: ({ event }) => event.output } },
            ],
            onError: refusedOrFailed,
          },
        },
        /**
         * Refused: self-excluded (Portaria 2.579/2025). No session; the token is forgotten; dates recorded. An
         * indefinite exclusion refused at sign-in may be ended once its waiting period is over
         * (`session.endSelfExclusion`); a fixed term never early.
         */
        selfExcluded: {
          entry: ['forgetToken', 'markTokenGone', 'announceSelfExcluded'],
          on: {
            'session.dismissSelfExclusion': { target: 'idle', actions: 'resetSelfExclusion' },
            'session.login': { target: 'signingIn', actions: 'clearFailure' },
            'session.google': { target: 'googleSigningIn', actions: 'clearFailure' },
            'session.endSelfExclusion': {
              guard: 'exclusionRemovable',
              target: 'endingSelfExclusion',
              actions: 'clearFailure',
            },
          },
        },
        /** POST /profile/self-exclusion/remove; refused (too early, token expired): back with the platform's text. */
        endingSelfExclusion: {
          invoke: {
            id: 'endSelfExclusion',
            src: 'endSelfExclusion',
            onDone: { target: 'selfExclusionEnded', actions: 'resetSelfExclusion' },
            onError: { target: 'selfExcluded', actions: { type: 'keepFailure', params: errorOf } },
          },
        },
        /** Ended: the player may sign in again (the warnings of every login show on the form). */
        selfExclusionEnded: {
          on: {
            'session.dismissSelfExclusion': { target: 'idle' },
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
        'realtime.balanceUpdated': { actions: { type: 'mergeBalance', params: ({ event }) => event.data } },
        'realtime.paymentApproved': { actions: { type: 'mergeBalance', params: ({ event }) => event.data } },
        'session.balanceReported': {
          actions: {
            type: 'mergeReportedBalance',
            params: ({ event }) => ({ balance: event.balance, depositCount: event.depositCount }),
          },
        },
        'session.selfExclusionFound': {
          target: 'excluded',
          actions: { type: 'recordSelfExclusion', params: exclusionOfReport },
        },
        'session.expired': { target: 'expired' },
        // IN SPA/MF 31/2025, 22/2025: SIGAP's "Impedido" while signed in; the banner says why (the player may withdraw).
        'realtime.sigapImpeded': { actions: { type: 'recordImpediment', params: ({ event }) => event.data } },
        'realtime.selfExclusionStarted': {
          target: 'excluded',
          actions: {
            type: 'recordSelfExclusion',
            params: ({ event }) => ({ startAt: event.data.start_at, endAt: event.data.end_at }),
          },
        },
      },
      states: {
        /**
         * Portaria SPA/MF 2.579/2025: a regulated brand's player who never chose the gender and limits is asked at
         * sign-in (id `regulatedProfile`); stakes and deposits are refused by the platform until then.
         */
        profile: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'needsProfile', target: 'asking' }, { target: 'complete' }] },
            asking: {
              invoke: {
                id: 'regulatedProfile',
                src: 'regulatedProfile',
                onDone: {
                  target: 'complete',
                  actions: { type: 'keepProfileUser', params: ({ event }) => event.output },
                },
              },
            },
            complete: {},
          },
        },
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
                    onError: loadFailed,
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
                    onDone: {
                      target: 'loaded',
                      actions: { type: 'keepRecentGames', params: ({ event }) => event.output },
                    },
                    onError: loadFailed,
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
                    onError: loadFailed,
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
                    onError: loadFailed,
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
                input: ({ context }) => ({
                  channel: playerChannel(context.user?.id ?? 0),
                  events: USER_CHANNEL_EVENTS,
                }),
              },
            },
          },
        },
      },
    },
    /**
     * Transient: a self-exclusion ended the session (or the start-up check found one). Everything a sign-out clears
     * is cleared — the token first, so the re-created connection joins only the guest channel — then the refusal
     * screen with the dates.
     */
    excluded: {
      entry: ['forgetToken', 'markTokenGone', 'clearPlayer', 'announceCredentialsChanged', 'announceSignedOut'],
      always: { target: '#session.guest.selfExcluded' },
    },
    /**
     * Transient: a signed-in call answered 401 (the session expired or was revoked on the platform). Everything a
     * sign-out clears is cleared — the token first — the failure is §8's 401 text, and `session.signInAgain` has
     * the login modal opened on the login tab (the player stays on the page; an auth route leads home).
     */
    expired: {
      entry: [
        'forgetToken',
        'markTokenGone',
        'clearPlayer',
        'keepExpiredFailure',
        'announceCredentialsChanged',
        'announceSignedOut',
        'askSignInAgain',
      ],
      always: { target: 'guest' },
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
      entry: [
        'forgetToken',
        'markTokenGone',
        'clearPlayer',
        'announceCredentialsChanged',
        'announceSignedOut',
        'navigateHome',
      ],
      always: { target: 'guest' },
    },
  },
});
