import { describe, expect, it } from 'vitest';
import { createMachine, type AnyEventObject } from 'xstate';
import { pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import type { FavoriteAnswer, SendFavoriteInput } from './favorite.types';
import type { LikeAnswer, SendLikeInput } from './like.types';
import { favoriteMachine } from './favorite.machine';
import { likeMachine } from './like.machine';
import { reactionsMachine } from './reactions.machine';
import type { ReactionGame, ReactionsInput } from './reactions.types';
import { controllableCalls, flush } from './calls.fixture';

const game: ReactionGame = { id: 7, hasLike: false, totalLikes: 3, hasFavorite: false };

/** The reactions flow under a parent that records what it is sent (the root opens the login modal). */
function start(input: ReactionsInput = { signedIn: true }) {
  const likes = controllableCalls<LikeAnswer, SendLikeInput>();
  const favorites = controllableCalls<FavoriteAnswer, SendFavoriteInput>();
  const logic = reactionsMachine.provide({
    actors: {
      like: likeMachine.provide({ actors: { sendLike: likes.logic as never } }),
      favorite: favoriteMachine.provide({ actors: { sendFavorite: favorites.logic as never } }),
    },
  });
  const toParent: AnyEventObject[] = [];
  const parent = createMachine({
    invoke: { id: 'reactions', src: logic, input },
    on: { '*': { actions: ({ event }) => toParent.push(event) } },
  });
  const { actor } = createTestActor(parent);
  const reactions = actor.getSnapshot().children.reactions as unknown as ReturnType<
    typeof createTestActor<typeof reactionsMachine>
  >['actor'];
  const liked = (id: number) => reactions.getSnapshot().context.likes[id]?.getSnapshot().context;
  const favored = (id: number) => reactions.getSnapshot().context.favorites[id]?.getSnapshot().context.favorite;
  return { reactions, likes, favorites, toParent, liked, favored };
}

describe('reactions: generated paths', () => {
  it('reaches its state and no path fails', () => {
    const logic = reactionsMachine.provide({
      actors: {
        like: likeMachine.provide({ actors: { sendLike: pending() as never } }),
        favorite: favoriteMachine.provide({ actors: { sendFavorite: pending() as never } }),
      },
    });
    const parent = createMachine({ invoke: { id: 'r', src: logic, input: { signedIn: true } } });
    const result = reachability(parent, {
      inputs: [undefined],
      events: [],
    });
    expect(result.failedPaths).toEqual([]);
  });
});

describe('reactions: stories', () => {
  it("a guest's tap asks the root for the login modal and starts no flow", () => {
    const { reactions, likes, favorites, toParent } = start({ signedIn: false });
    reactions.send({ type: 'reactions.like', game });
    reactions.send({ type: 'reactions.favorite', game });
    expect(toParent).toEqual([
      { type: 'loginModal.open', tab: 'login' },
      { type: 'loginModal.open', tab: 'login' },
    ]);
    expect(reactions.getSnapshot().context.likes).toEqual({});
    expect(likes.calls).toEqual([]);
    expect(favorites.calls).toEqual([]);
  });

  it("a player's first tap starts the game's like flow from the list's marks; every later tap goes to it", async () => {
    const { reactions, likes, liked } = start();
    reactions.send({ type: 'reactions.like', game });
    expect(liked(7)).toMatchObject({ liked: true, totalLikes: 4 });
    expect(likes.calls.map((c) => c.input)).toEqual([{ gameId: 7, like: true }]);
    // Another tile of the same game, with the list's stale marks: the same flow, no racing request.
    reactions.send({ type: 'reactions.like', game });
    expect(liked(7)).toMatchObject({ liked: false, totalLikes: 3 });
    expect(likes.calls).toHaveLength(1);
    likes.last.resolve({ hasLike: true, totalLikes: 4 });
    await flush();
    expect(likes.calls.map((c) => c.input.like)).toEqual([true, false]);
  });

  it("a player's star starts the game's favorite flow", async () => {
    const { reactions, favorites, favored } = start();
    reactions.send({ type: 'reactions.favorite', game: { ...game, hasFavorite: true } });
    expect(favored(7)).toBe(false);
    expect(favorites.calls.map((c) => c.input)).toEqual([{ gameId: 7, action: 'remove' }]);
    reactions.send({ type: 'reactions.favorite', game });
    expect(favored(7)).toBe(true);
  });

  it('signing in or out drops the previous marks; the same session changes nothing', () => {
    const { reactions, liked, favored } = start();
    reactions.send({ type: 'reactions.like', game });
    reactions.send({ type: 'reactions.favorite', game });
    reactions.send({ type: 'reactions.sessionChanged', signedIn: true });
    expect(liked(7)).toBeDefined();
    reactions.send({ type: 'reactions.sessionChanged', signedIn: false });
    expect(liked(7)).toBeUndefined();
    expect(favored(7)).toBeUndefined();
    expect(reactions.getSnapshot().context.signedIn).toBe(false);
    reactions.send({ type: 'reactions.sessionChanged', signedIn: true });
    expect(reactions.getSnapshot().context.signedIn).toBe(true);
  });
});
