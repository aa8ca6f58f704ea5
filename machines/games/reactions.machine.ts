import { assign, enqueueActions, sendParent, setup } from 'xstate';
import { favoriteMachine } from './favorite.machine';
import { likeMachine } from './like.machine';
import type { ReactionsContext, ReactionsEvent, ReactionsInput, ReactionsSignInRequest } from './reactions.types';

const likeId = (gameId: number) => `like-${gameId}`;
const favoriteId = (gameId: number) => `favorite-${gameId}`;

/**
 * The player's likes and favorites (spec §4 Like), keyed by game: the first tap on a game starts its like (or
 * favorite) flow from what the list said, later taps on any tile of that game go to the same flow, so two tiles of
 * one game never disagree and never race. A guest's tap asks the root to open the login modal and starts nothing.
 * Signing in or out stops every flow: the next list brings the new player's marks.
 */
export const reactionsMachine = setup({
  types: {
    context: {} as ReactionsContext,
    events: {} as ReactionsEvent,
    input: {} as ReactionsInput,
  },
  actors: { like: likeMachine, favorite: favoriteMachine },
  guards: {
    isGuest: ({ context }) => !context.signedIn,
    sameSession: ({ context, event }) =>
      event.type === 'reactions.sessionChanged' && event.signedIn === context.signedIn,
  },
  actions: {
    askSignIn: sendParent({ type: 'loginModal.open', tab: 'login' } satisfies ReactionsSignInRequest),
    toggleLike: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'reactions.like') return;
      const { game } = event;
      if (!context.likes[game.id]) {
        enqueue.assign({
          likes: ({ context: current, spawn }) => ({
            ...current.likes,
            [game.id]: spawn('like', {
              id: likeId(game.id),
              input: { gameId: game.id, liked: game.hasLike, totalLikes: game.totalLikes, signedIn: true },
            }),
          }),
        });
      }
      enqueue.sendTo(likeId(game.id), { type: 'like.toggle' });
    }),
    toggleFavorite: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'reactions.favorite') return;
      const { game } = event;
      if (!context.favorites[game.id]) {
        enqueue.assign({
          favorites: ({ context: current, spawn }) => ({
            ...current.favorites,
            [game.id]: spawn('favorite', {
              id: favoriteId(game.id),
              input: { gameId: game.id, favorite: game.hasFavorite, signedIn: true },
            }),
          }),
        });
      }
      enqueue.sendTo(favoriteId(game.id), { type: 'favorite.toggle' });
    }),
    dropAll: enqueueActions(({ context, enqueue }) => {
      for (const ref of Object.values(context.likes)) enqueue.stopChild(ref);
      for (const ref of Object.values(context.favorites)) enqueue.stopChild(ref);
      enqueue.assign({ likes: {}, favorites: {} });
    }),
    keepSession: assign({
      signedIn: ({ context, event }) => (event.type === 'reactions.sessionChanged' ? event.signedIn : context.signedIn),
    }),
  },
}).createMachine({
  id: 'reactions',
  context: ({ input }) => ({ signedIn: input.signedIn, likes: {}, favorites: {} }),
  initial: 'active',
  states: {
    active: {
      on: {
        'reactions.like': [{ guard: 'isGuest', actions: 'askSignIn' }, { actions: 'toggleLike' }],
        'reactions.favorite': [{ guard: 'isGuest', actions: 'askSignIn' }, { actions: 'toggleFavorite' }],
        'reactions.sessionChanged': [{ guard: 'sameSession' }, { actions: ['dropAll', 'keepSession'] }],
      },
    },
  },
});
