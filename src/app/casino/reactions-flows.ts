/** Likes and favorites with their real calls: fetched on a player's first tap on a heart or a star. */
import { fromPromise } from 'xstate';
import { favoriteMachine } from '../../../machines/games/favorite.machine';
import type { FavoriteAnswer, SendFavoriteInput } from '../../../machines/games/favorite.types';
import { likeMachine } from '../../../machines/games/like.machine';
import type { LikeAnswer, SendLikeInput } from '../../../machines/games/like.types';
import { reactionsMachine } from '../../../machines/games/reactions.machine';
import type { ApiClient } from '../../lib/api/client';
import { unwrap } from '../../lib/api/unwrap';

export function createReactionsFlows(api: ApiClient) {
  /** The state wanted (like: true or false), so a retried call never flips twice. */
  const sendLike = fromPromise<LikeAnswer, SendLikeInput>(async ({ input, signal }) => {
    const answer = await unwrap(
      api.POST('/games/like/{gameId}', {
        params: { path: { gameId: input.gameId } },
        body: { like: input.like },
        signal,
      }),
    );
    return { hasLike: answer.data.hasLike, totalLikes: answer.data.totalLikes };
  });
  const sendFavorite = fromPromise<FavoriteAnswer, SendFavoriteInput>(async ({ input, signal }) => {
    const answer = await unwrap(
      api.POST('/games/favorite/{gameId}', {
        params: { path: { gameId: input.gameId } },
        body: { action: input.action },
        signal,
      }),
    );
    return { hasFavorite: answer.data.hasFavorite };
  });
  return {
    reactions: reactionsMachine.provide({
      actors: {
        like: likeMachine.provide({ actors: { sendLike } }),
        favorite: favoriteMachine.provide({ actors: { sendFavorite } }),
      },
    }),
  };
}
