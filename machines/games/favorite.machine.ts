import { assign, emit, enqueueActions, setup } from 'xstate';
import { notSupplied } from '../kernel/not-supplied';
import type {
  FavoriteAnswer,
  FavoriteContext,
  FavoriteEmitted,
  FavoriteEvent,
  FavoriteInput,
  SendFavoriteInput,
} from './favorite.types';
import { gamesErrorOf } from './games-error';

/**
 * The favorite button of one game, with the like button's discipline (spec §4 Like).
 *
 * - A guest's tap emits `favorite.signInRequired` and changes nothing.
 * - A player's tap flips the star at once and sends `add` or `remove` (`sendFavorite`). Taps while it is in flight
 *   only change the wish: never two requests racing. When the answer comes, if the player now wants something else
 *   than the server has, one more request asks for it; otherwise the server's answer is shown.
 * - A failure goes back to the server's last state and emits `favorite.failed`.
 * - `favorite.changed` is emitted when the server has settled a state other than the one last announced: a
 *   favorites list drops or adds the game only then, never on an optimistic flip that may be reverted.
 */
export const favoriteMachine = setup({
  types: {
    context: {} as FavoriteContext,
    events: {} as FavoriteEvent,
    input: {} as FavoriteInput,
    emitted: {} as FavoriteEmitted,
  },
  actors: {
    sendFavorite: notSupplied<FavoriteAnswer, SendFavoriteInput>('favorite', 'sendFavorite'),
  },
  guards: {
    isGuest: ({ context }) => !context.signedIn,
    /** The player changed their mind while the call was in flight, and the server has not what they want now. */
    wantsAnother: ({ context }, answer: FavoriteAnswer) =>
      context.favorite !== context.sent && context.favorite !== answer.hasFavorite,
  },
  actions: {
    askSignIn: emit(({ context }) => ({ type: 'favorite.signInRequired' as const, gameId: context.gameId })),
    flip: assign(({ context }) => ({ favorite: !context.favorite, error: null })),
    markSent: assign({ sent: ({ context }) => context.favorite }),
    takeServerKeepWish: assign({ server: (_, answer: FavoriteAnswer) => answer.hasFavorite }),
    settle: assign((_, answer: FavoriteAnswer) => ({
      server: answer.hasFavorite,
      favorite: answer.hasFavorite,
      sent: null,
    })),
    announceChange: enqueueActions(({ context, enqueue }) => {
      if (context.server === context.announced) return;
      enqueue.emit({ type: 'favorite.changed', gameId: context.gameId, favorite: context.server });
      enqueue.assign({ announced: context.server });
    }),
    revert: assign(({ context }) => ({ favorite: context.server, sent: null })),
    keepError: assign({ error: (_, error: unknown) => gamesErrorOf(error) }),
    reportFailure: emit(({ context }, error: unknown) => ({
      type: 'favorite.failed' as const,
      gameId: context.gameId,
      error: gamesErrorOf(error),
    })),
    takeUpdate: assign(({ event }) =>
      event.type === 'favorite.updated'
        ? {
            server: event.favorite,
            favorite: event.favorite,
            announced: event.favorite,
            signedIn: event.signedIn,
            error: null,
          }
        : {},
    ),
  },
}).createMachine({
  id: 'favorite',
  context: ({ input }) => ({
    gameId: input.gameId,
    signedIn: input.signedIn,
    favorite: input.favorite,
    server: input.favorite,
    sent: null,
    announced: input.favorite,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'favorite.toggle': [
          { guard: 'isGuest', actions: 'askSignIn' },
          { target: 'sending', actions: 'flip' },
        ],
        'favorite.updated': { actions: 'takeUpdate' },
      },
    },
    /** One request in flight; taps only change the wish. */
    sending: {
      entry: 'markSent',
      invoke: {
        id: 'sendFavorite',
        src: 'sendFavorite',
        input: ({ context }) => ({ gameId: context.gameId, action: context.favorite ? 'add' : 'remove' }),
        onDone: [
          {
            guard: { type: 'wantsAnother', params: ({ event }) => event.output },
            target: 'sending',
            reenter: true,
            actions: { type: 'takeServerKeepWish', params: ({ event }) => event.output },
          },
          {
            target: 'idle',
            actions: [{ type: 'settle', params: ({ event }) => event.output }, 'announceChange'],
          },
        ],
        onError: {
          target: 'idle',
          actions: [
            'revert',
            { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => event.error },
            { type: 'reportFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
            // An earlier call of the chain may have changed the server's state.
            'announceChange',
          ],
        },
      },
      on: { 'favorite.toggle': { actions: 'flip' } },
    },
  },
});
