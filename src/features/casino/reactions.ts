import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { reactionsMachine } from '../../../machines/games/reactions.machine';
import type { GameCardView, GameMarks } from './types';

/**
 * Where a tile's taps go and where the reactions flow lives: the app's root (taps are `reactions.like` and
 * `reactions.favorite`; the flow is its child `reactions` once a player first tapped). Absent (component tests
 * without it): the tiles show the list's marks and taps do nothing.
 */
export const ReactionsContext = createContext<AnyActorRef | undefined>(undefined);

type ReactionsRef = ActorRefFrom<typeof reactionsMachine>;

/**
 * A game's marks as the player sees them: the game's own flow once the player touched it (optimistic, shared by
 * every tile of the game), the list's marks before. Tapping sends the player's event to the root.
 */
export function useGameMarks(game: GameCardView): GameMarks & { toggleLike: () => void; toggleFavorite: () => void } {
  const host = useContext(ReactionsContext);
  const reactions = useSelector(
    host,
    (s) => (s as { children?: Record<string, unknown> } | undefined)?.children?.reactions as ReactionsRef | undefined,
  );
  const likeRef = useSelector(reactions, (s) => s?.context.likes[game.id]);
  const favoriteRef = useSelector(reactions, (s) => s?.context.favorites[game.id]);
  const liked = useSelector(likeRef, (s) => (s ? s.context.liked : game.liked));
  const likes = useSelector(likeRef, (s) => (s ? s.context.totalLikes : game.likes));
  const likePending = useSelector(likeRef, (s) => s?.matches('sending') ?? false);
  const favorite = useSelector(favoriteRef, (s) => (s ? s.context.favorite : game.favorite));
  const favoritePending = useSelector(favoriteRef, (s) => s?.matches('sending') ?? false);
  const marks = { id: game.id, hasLike: game.liked, totalLikes: game.likes, hasFavorite: game.favorite };
  return {
    liked,
    likes,
    favorite,
    pending: likePending || favoritePending,
    toggleLike: () => host?.send({ type: 'reactions.like', game: marks }),
    toggleFavorite: () => host?.send({ type: 'reactions.favorite', game: marks }),
  };
}
