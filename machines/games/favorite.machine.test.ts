import { describe, expect, it } from 'vitest';
import { pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { favoriteMachine } from './favorite.machine';
import type { FavoriteAnswer, FavoriteEmitted, FavoriteInput, SendFavoriteInput } from './favorite.types';
import { controllableCalls, flush } from './calls.fixture';

const player: FavoriteInput = { gameId: 42, favorite: false, signedIn: true };

function start(input: FavoriteInput = player) {
  const send = controllableCalls<FavoriteAnswer, SendFavoriteInput>();
  const { actor } = createTestActor(favoriteMachine.provide({ actors: { sendFavorite: send.logic as never } }), {
    input,
  });
  const emitted: FavoriteEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as FavoriteEmitted));
  const shown = () => actor.getSnapshot().context.favorite;
  return { actor, send, emitted, shown };
}

describe('favorite: generated paths', () => {
  it('reaches idle and sending and no path fails', () => {
    const result = reachability(favoriteMachine.provide({ actors: { sendFavorite: pending() as never } }), {
      inputs: [player, { ...player, signedIn: false }],
      events: [
        { type: 'favorite.toggle' },
        { type: 'xstate.done.actor.sendFavorite', output: { hasFavorite: true } } as never,
        { type: 'xstate.error.actor.sendFavorite', error: { status: 500 } } as never,
        { type: 'favorite.updated', favorite: true, signedIn: true },
      ],
    });
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('favorite: stories', () => {
  it("a guest's tap asks for sign-in and changes nothing", () => {
    const { actor, send, emitted, shown } = start({ ...player, signedIn: false });
    actor.send({ type: 'favorite.toggle' });
    expect(emitted).toEqual([{ type: 'favorite.signInRequired', gameId: 42 }]);
    expect(shown()).toBe(false);
    expect(send.calls).toEqual([]);
  });

  it('adds at once, and announces the change for the favorites list only once the server has it', async () => {
    const { actor, send, emitted, shown } = start();
    actor.send({ type: 'favorite.toggle' });
    expect(shown()).toBe(true);
    expect(send.last.input).toEqual({ gameId: 42, action: 'add' });
    expect(emitted).toEqual([]);
    send.last.resolve({ hasFavorite: true });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([{ type: 'favorite.changed', gameId: 42, favorite: true }]);
  });

  it('removes (on /casino/favorites the list drops the game once settled)', async () => {
    const { actor, send, emitted } = start({ ...player, favorite: true });
    actor.send({ type: 'favorite.toggle' });
    expect(send.last.input.action).toBe('remove');
    send.last.resolve({ hasFavorite: false });
    await flush();
    expect(emitted).toEqual([{ type: 'favorite.changed', gameId: 42, favorite: false }]);
  });

  it('a double tap sends no racing request; the final wish follows the first answer', async () => {
    const { actor, send, emitted, shown } = start();
    actor.send({ type: 'favorite.toggle' });
    actor.send({ type: 'favorite.toggle' });
    expect(send.calls).toHaveLength(1);
    expect(shown()).toBe(false);
    send.calls[0]!.resolve({ hasFavorite: true });
    await flush();
    expect(send.calls.map((c) => c.input.action)).toEqual(['add', 'remove']);
    expect(shown()).toBe(false);
    send.calls[1]!.resolve({ hasFavorite: false });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([]);
  });

  it('the server answering otherwise is shown as it is, and not asked again', async () => {
    const { actor, send, shown } = start();
    actor.send({ type: 'favorite.toggle' });
    send.last.resolve({ hasFavorite: false });
    await flush();
    expect(shown()).toBe(false);
    expect(send.calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('a failure goes back to the server state and reports it; a failed follow-up announces what the first settled', async () => {
    const once = start();
    once.actor.send({ type: 'favorite.toggle' });
    once.send.last.reject({ status: 401 });
    await flush();
    expect(once.shown()).toBe(false);
    expect(once.emitted).toEqual([
      {
        type: 'favorite.failed',
        gameId: 42,
        error: { kind: 'unauthorized', status: 401, messageId: 'error_messages.401' },
      },
    ]);
    expect(once.actor.getSnapshot().context.error?.kind).toBe('unauthorized');

    const chain = start();
    chain.actor.send({ type: 'favorite.toggle' });
    chain.actor.send({ type: 'favorite.toggle' });
    chain.send.calls[0]!.resolve({ hasFavorite: true });
    await flush();
    chain.send.calls[1]!.reject({ status: 0 });
    await flush();
    expect(chain.shown()).toBe(true);
    expect(chain.emitted.map((e) => e.type)).toEqual(['favorite.failed', 'favorite.changed']);
  });

  it('takes fresher data of the game, then a tap sends', () => {
    const { actor, send, shown } = start({ ...player, signedIn: false });
    actor.send({ type: 'favorite.updated', favorite: true, signedIn: true });
    expect(shown()).toBe(true);
    actor.send({ type: 'favorite.toggle' });
    expect(send.last.input.action).toBe('remove');
  });
});
