/**
 * Test helper of the games machines' stories (not used by the app): a promise actor whose calls the test answers
 * one by one, in any order, and whose cancellations (the actor stopped by leaving its state) it can see.
 */
import { fromPromise } from 'xstate';
import type { Schema } from '../../shared/api/types';

export interface Call<TInput, TOutput> {
  input: TInput;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
  /** Aborted when the machine stopped the actor (left the state that invoked it). */
  signal: AbortSignal;
}

export function controllableCalls<TOutput, TInput>() {
  const calls: Array<Call<TInput, TOutput>> = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push({ input, resolve, reject, signal });
      }),
  );
  return {
    logic,
    calls,
    get last(): Call<TInput, TOutput> {
      const call = calls.at(-1);
      if (!call) throw new Error('no call was made');
      return call;
    },
  };
}

/** Lets settled promises deliver their answers to the actors. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A game as the contract has it (spec §3 Game), numbered. */
export function gameOf(id: number, extra: Partial<Schema<'Game'>> = {}): Schema<'Game'> {
  return {
    game_id: id,
    title: `Game ${id}`,
    gamecode: `game-${id}`,
    providercode: 'pragmatic',
    provider_name: 'Pragmatic Play',
    rtp_bp: 9259,
    has_tables: false,
    only_demo: false,
    bonus_allowed: true,
    views: 0,
    showAll: false,
    image: `/art/game-${id}.svg`,
    image_mobile: `/art/game-${id}-m.svg`,
    hasFavorite: false,
    type: 'games',
    category_slug: 'slots',
    hasLike: false,
    totalLikes: 0,
    to: `/casino/pragmatic/game-${id}`,
    ...extra,
  };
}
