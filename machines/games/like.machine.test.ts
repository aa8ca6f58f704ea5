import { describe, expect, it } from 'vitest';
import { pending } from '../../tests/toolkit/fake-actors';
import { reachability } from '../../tests/toolkit/path-tests';
import { createTestActor } from '../../tests/toolkit/test-actor';
import { likeMachine } from './like.machine';
import type { LikeAnswer, LikeEmitted, LikeInput, SendLikeInput } from './like.types';
import { controllableCalls, flush } from './calls.fixture';

const player: LikeInput = { gameId: 42, liked: false, totalLikes: 10, signedIn: true };

function start(input: LikeInput = player) {
  const send = controllableCalls<LikeAnswer, SendLikeInput>();
  const { actor } = createTestActor(likeMachine.provide({ actors: { sendLike: send.logic as never } }), { input });
  const emitted: LikeEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as LikeEmitted));
  const shown = () => {
    const { liked, totalLikes } = actor.getSnapshot().context;
    return { liked, totalLikes };
  };
  return { actor, send, emitted, shown };
}

describe('like: generated paths', () => {
  it('reaches idle and sending and no path fails', () => {
    const result = reachability(likeMachine.provide({ actors: { sendLike: pending() as never } }), {
      inputs: [player, { ...player, signedIn: false }],
      events: [
        { type: 'like.toggle' },
        { type: 'xstate.done.actor.sendLike', output: { hasLike: true, totalLikes: 11 } } as never,
        { type: 'xstate.error.actor.sendLike', error: { status: 500 } } as never,
        { type: 'like.updated', liked: true, totalLikes: 3, signedIn: true },
      ],
    });
    expect(result.unreached).toEqual([]);
    expect(result.failedPaths).toEqual([]);
  });
});

describe('like: stories', () => {
  it("a guest's tap asks for sign-in and changes nothing", () => {
    const { actor, send, emitted, shown } = start({ ...player, signedIn: false });
    actor.send({ type: 'like.toggle' });
    expect(emitted).toEqual([{ type: 'like.signInRequired', gameId: 42 }]);
    expect(shown()).toEqual({ liked: false, totalLikes: 10 });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(send.calls).toEqual([]);
  });

  it("a player's tap shows the like at once, sends it, then shows the server's answer", async () => {
    const { actor, send, emitted, shown } = start();
    actor.send({ type: 'like.toggle' });
    expect(shown()).toEqual({ liked: true, totalLikes: 11 });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(send.calls.map((c) => c.input)).toEqual([{ gameId: 42, like: true }]);
    // Others liked it meanwhile: the server's count is taken.
    send.last.resolve({ hasLike: true, totalLikes: 14 });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(shown()).toEqual({ liked: true, totalLikes: 14 });
    expect(emitted).toEqual([{ type: 'like.changed', gameId: 42, liked: true, totalLikes: 14 }]);
  });

  it('an unlike takes one from the count, never below zero', () => {
    const { actor, shown } = start({ ...player, liked: true, totalLikes: 0 });
    actor.send({ type: 'like.toggle' });
    expect(shown()).toEqual({ liked: false, totalLikes: 0 });
  });

  it('a double tap sends no second request racing the first; the final wish is sent after the first answer', async () => {
    const { actor, send, emitted, shown } = start();
    actor.send({ type: 'like.toggle' });
    actor.send({ type: 'like.toggle' });
    expect(shown()).toEqual({ liked: false, totalLikes: 10 });
    expect(send.calls).toHaveLength(1);
    send.calls[0]!.resolve({ hasLike: true, totalLikes: 11 });
    await flush();
    // The server has the like, the player no longer wants it: one more request, the heart stays as wished.
    expect(actor.getSnapshot().value).toBe('sending');
    expect(send.calls.map((c) => c.input.like)).toEqual([true, false]);
    expect(shown()).toEqual({ liked: false, totalLikes: 10 });
    send.calls[1]!.resolve({ hasLike: false, totalLikes: 10 });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(shown()).toEqual({ liked: false, totalLikes: 10 });
    // The settled state is the one it started from: nothing to announce.
    expect(emitted).toEqual([]);
  });

  it('three taps in flight want what was sent: no second request', async () => {
    const { actor, send, shown } = start();
    for (let i = 0; i < 3; i++) actor.send({ type: 'like.toggle' });
    send.last.resolve({ hasLike: true, totalLikes: 11 });
    await flush();
    expect(send.calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(shown()).toEqual({ liked: true, totalLikes: 11 });
  });

  it('the server answering otherwise is shown as it is, and not asked again', async () => {
    const { actor, send, emitted, shown } = start();
    actor.send({ type: 'like.toggle' });
    send.last.resolve({ hasLike: false, totalLikes: 9 });
    await flush();
    expect(shown()).toEqual({ liked: false, totalLikes: 9 });
    expect(send.calls).toHaveLength(1);
    expect(emitted).toEqual([]);
  });

  it('a failure goes back to the server state and reports the error kind; the next tap clears it', async () => {
    const { actor, send, emitted, shown } = start();
    actor.send({ type: 'like.toggle' });
    send.last.reject({ status: 0 });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(shown()).toEqual({ liked: false, totalLikes: 10 });
    const error = { kind: 'network', status: 0, messageId: 'error_messages.network' };
    expect(actor.getSnapshot().context.error).toEqual(error);
    expect(emitted).toEqual([{ type: 'like.failed', gameId: 42, error }]);
    actor.send({ type: 'like.toggle' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a failure of the follow-up request goes back to what the first answer settled, and announces it', async () => {
    const { actor, send, emitted, shown } = start();
    actor.send({ type: 'like.toggle' });
    actor.send({ type: 'like.toggle' });
    send.calls[0]!.resolve({ hasLike: true, totalLikes: 11 });
    await flush();
    send.calls[1]!.reject({ status: 500 });
    await flush();
    expect(shown()).toEqual({ liked: true, totalLikes: 11 });
    expect(emitted).toEqual([
      { type: 'like.failed', gameId: 42, error: { kind: 'server', status: 500, messageId: 'error_messages.500' } },
      { type: 'like.changed', gameId: 42, liked: true, totalLikes: 11 },
    ]);
  });

  it('takes fresher data of the game (signed in since), then a tap sends', () => {
    const { actor, send, shown } = start({ ...player, signedIn: false });
    actor.send({ type: 'like.updated', liked: true, totalLikes: 7, signedIn: true });
    expect(shown()).toEqual({ liked: true, totalLikes: 7 });
    actor.send({ type: 'like.toggle' });
    expect(send.last.input).toEqual({ gameId: 42, like: false });
    expect(shown()).toEqual({ liked: false, totalLikes: 6 });
  });

  it('without a sendLike actor every tap fails back to the server state', async () => {
    const { actor } = createTestActor(likeMachine, { input: player });
    actor.send({ type: 'like.toggle' });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({ liked: false, totalLikes: 10 });
    expect(actor.getSnapshot().context.error?.kind).toBe('unexpected');
  });
});
