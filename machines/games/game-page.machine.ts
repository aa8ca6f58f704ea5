import { assign, emit, fromCallback, setup } from 'xstate';
import { statusOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import { slugOrNull } from './game-filter';
import type {
  FetchGameInput,
  FetchRelatedInput,
  FetchLaunchUrlInput,
  Game,
  GameLaunch,
  GameMode,
  GamePageContext,
  GamePageEmitted,
  GamePageEvent,
  GamePageInput,
} from './game-page.types';
import { INVALID_ANSWER, gamesErrorKind, gamesErrorOf } from './games-error';

/** Demo for games that have only demo, for guests, for self-excluded players and for a player who chose it. */
export function launchModeOf(
  context: Pick<GamePageContext, 'game' | 'signedIn' | 'selfExcluded' | 'wantsDemo'>,
): GameMode {
  if (context.game?.only_demo || !context.signedIn || context.selfExcluded || context.wantsDemo) return 'demo';
  return 'real';
}

/** Real mode is possible: a signed-in player, not self-excluded, on a game that is not demo-only. */
const realAllowed = (context: GamePageContext) =>
  context.signedIn && !context.selfExcluded && context.game !== null && !context.game.only_demo;

/**
 * The game page `/casino/:provider/:game` (spec §4 Game page).
 *
 * - A malformed slug is not found without asking; else `fetchGame` answers the game, or null / 404 (notFound); any
 *   other failure can be retried (failed).
 * - Once the game is known, two regions run side by side: `launch` and `related` (fetchRelated; a failure there
 *   only hides the row).
 * - launch: `fetchLaunchUrl` in demo (only_demo games, guests, self-excluded players, a player's choice) or real;
 *   a 503, any failure or an answer without a URL is `maintenance` (retry). `playing` shows the iframe. A 403
 *   `RTP_BELOW_MINIMUM` (a regulated brand offers no game under 85%: Portaria SPA/MF 1.207/2024) is `refused`:
 *   no retry, the page says why.
 * - The session changing while on the page relaunches in the mode it now allows (a launch URL belongs to one
 *   session); a player may switch between demo and real; `game.reload` asks for a fresh URL.
 * - A round's balance reported by the iframe is emitted as `game.balanceReported` only in real mode, and only an
 *   integer number of centavos: a demo balance is play money and never reaches the header.
 */
export const gamePageMachine = setup({
  types: {
    context: {} as GamePageContext,
    events: {} as GamePageEvent,
    input: {} as GamePageInput,
    emitted: {} as GamePageEmitted,
  },
  actors: {
    fetchGame: notSupplied<Game | null, FetchGameInput>('game page', 'fetchGame'),
    fetchLaunchUrl: notSupplied<GameLaunch, FetchLaunchUrlInput>('game page', 'fetchLaunchUrl'),
    fetchRelated: notSupplied<Game[], FetchRelatedInput>('game page', 'fetchRelated'),
    /**
     * The game frame's messages while it plays (the app supplies a listener that checks the launch URL's origin and
     * sends back `game.roundSettled`); unsupplied, nothing is heard.
     */
    gameFrame: fromCallback<GamePageEvent, { url: string }>(() => undefined),
  },
  guards: {
    hasMalformedSlug: ({ context }) => slugOrNull(context.provider) === null || slugOrNull(context.gamecode) === null,
    isNoGame: (_, game: Game | null) => game === null,
    isNotFound: (_, error: unknown) => statusOf(error) === 404,
    isRtpRefused: (_, error: unknown) => gamesErrorKind(error) === 'rtpBelowMinimum',
    hasUrl: (_, launch: GameLaunch) => typeof launch.url === 'string' && launch.url !== '',
    sessionDiffers: ({ context, event }) =>
      event.type === 'game.sessionChanged' &&
      (event.signedIn !== context.signedIn || (event.selfExcluded ?? false) !== context.selfExcluded),
    canSwitchMode: ({ context, event }) =>
      event.type === 'game.switchMode' &&
      event.mode !== context.mode &&
      (event.mode === 'demo' || realAllowed(context)),
    playsReal: ({ context }) => context.mode === 'real',
    isRealBalance: ({ context, event }) =>
      event.type === 'game.roundSettled' &&
      context.mode === 'real' &&
      Number.isSafeInteger(event.balance) &&
      event.balance >= 0,
  },
  actions: {
    keepGame: assign({ game: (_, game: Game) => game, error: null }),
    keepError: assign({ error: (_, error: unknown) => gamesErrorOf(error) }),
    keepInvalidAnswer: assign({ error: INVALID_ANSWER }),
    clearError: assign({ error: null }),
    keepSession: assign(({ event }) =>
      event.type === 'game.sessionChanged'
        ? { signedIn: event.signedIn, selfExcluded: event.selfExcluded ?? false, wantsDemo: false }
        : {},
    ),
    chooseMode: assign({ wantsDemo: ({ event }) => event.type === 'game.switchMode' && event.mode === 'demo' }),
    /** Entering launching: the mode asked for; the previous URL is dropped (the iframe goes). */
    pickMode: assign(({ context }) => ({ mode: launchModeOf(context), launch: null, error: null })),
    keepLaunch: assign((_, launch: GameLaunch) => ({ launch, mode: launch.mode })),
    keepRelated: assign({
      related: ({ context }, games: Game[]) => games.filter((g) => g.game_id !== context.game?.game_id),
    }),
    reportBalance: emit((_, balance: number) => ({ type: 'game.balanceReported' as const, balance })),
  },
}).createMachine({
  id: 'gamePage',
  context: ({ input }) => ({
    provider: input.provider,
    gamecode: input.gamecode,
    signedIn: input.signedIn,
    selfExcluded: input.selfExcluded ?? false,
    game: null,
    wantsDemo: false,
    mode: 'demo',
    launch: null,
    related: [],
    error: null,
    shortOfFunds: false,
  }),
  initial: 'checking',
  // Before the game is known (and on the not found page) the session is only noted.
  on: { 'game.sessionChanged': { guard: 'sessionDiffers', actions: 'keepSession' } },
  states: {
    checking: {
      always: [{ guard: 'hasMalformedSlug', target: 'notFound' }, { target: 'loading' }],
    },
    loading: {
      invoke: {
        id: 'fetchGame',
        src: 'fetchGame',
        input: ({ context }) => ({ provider: context.provider, gamecode: context.gamecode }),
        onDone: [
          { guard: { type: 'isNoGame', params: ({ event }) => event.output }, target: 'notFound' },
          { target: 'ready', actions: { type: 'keepGame', params: ({ event }) => event.output as Game } },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'notFound',
          },
          {
            target: 'failed',
            actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error },
          },
        ],
      },
    },
    notFound: {},
    /** The game could not be loaded (network, server): retry. */
    failed: { on: { 'game.retry': { target: 'loading', actions: 'clearError' } } },
    ready: {
      type: 'parallel',
      states: {
        launch: {
          initial: 'launching',
          on: {
            'game.sessionChanged': { guard: 'sessionDiffers', target: '.launching', actions: 'keepSession' },
            'game.switchMode': { guard: 'canSwitchMode', target: '.launching', actions: 'chooseMode' },
          },
          states: {
            launching: {
              entry: 'pickMode',
              invoke: {
                id: 'fetchLaunchUrl',
                src: 'fetchLaunchUrl',
                input: ({ context }) => ({ gameId: context.game?.game_id ?? 0, mode: context.mode }),
                onDone: [
                  {
                    guard: { type: 'hasUrl', params: ({ event }) => event.output },
                    target: 'playing',
                    actions: { type: 'keepLaunch', params: ({ event }) => event.output },
                  },
                  { target: 'maintenance', actions: 'keepInvalidAnswer' },
                ],
                onError: [
                  {
                    guard: {
                      type: 'isRtpRefused',
                      params: ({ event }: { event: { error: unknown } }) => event.error,
                    },
                    target: 'refused',
                    actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error },
                  },
                  {
                    target: 'maintenance',
                    actions: { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error },
                  },
                ],
              },
            },
            /**
             * The brand may not offer this game (its RTP is under the 85% minimum: Portaria SPA/MF 1.207/2024): the
             * page says so; nothing to retry (a session change or a switch of mode asks again).
             */
            refused: {},
            /** The iframe shows the launch URL. */
            playing: {
              invoke: {
                id: 'gameFrame',
                src: 'gameFrame',
                input: ({ context }) => ({ url: context.launch?.url ?? '' }),
              },
              exit: assign({ shortOfFunds: false }),
              on: {
                'game.roundSettled': {
                  guard: 'isRealBalance',
                  actions: [
                    assign({ shortOfFunds: false }),
                    { type: 'reportBalance', params: ({ event }) => event.balance },
                  ],
                },
                'game.fundsShort': { guard: 'playsReal', actions: assign({ shortOfFunds: true }) },
                'game.reload': { target: 'launching' },
              },
            },
            /** No launch URL could be had (§4): the maintenance screen with a retry. */
            maintenance: { on: { 'game.retry': { target: 'launching' } } },
          },
        },
        related: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'fetchRelated',
                src: 'fetchRelated',
                input: ({ context }) => ({
                  gameId: context.game?.game_id ?? 0,
                  provider: context.game?.providercode ?? context.provider,
                  category: context.game?.category_slug ?? '',
                }),
                onDone: { target: 'shown', actions: { type: 'keepRelated', params: ({ event }) => event.output } },
                onError: { target: 'hidden' },
              },
            },
            shown: {},
            /** The related games could not be had: the row is not shown; the game plays on. */
            hidden: {},
          },
        },
      },
    },
  },
});
