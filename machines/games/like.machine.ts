import { assign, emit, enqueueActions, setup } from 'xstate';
import { notSupplied } from '../kernel/not-supplied';
import { gamesErrorOf } from './games-error';
import type {
  LikeAnswer,
  LikeContext,
  LikeEmitted,
  LikeEvent,
  LikeInput,
  LikeState,
  SendLikeInput,
} from './like.types';

/** What the tile shows for a wish: the server's count moved by the one like the wish adds or takes. */
function showing(server: LikeState, liked: boolean): LikeState {
  if (liked === server.liked) return server;
  return { liked, totalLikes: Math.max(0, server.totalLikes + (liked ? 1 : -1)) };
}

const serverOf = (answer: LikeAnswer): LikeState => ({
  liked: answer.hasLike,
  totalLikes: Math.max(0, Math.trunc(answer.totalLikes)),
});

/**
 * The like button of one game (spec §4 Like: toggles optimistically; reverted on failure or if the server
 * disagrees). One actor per game tile or game page.
 *
 * - A guest's tap emits `like.signInRequired` (the app opens the login modal) and changes nothing.
 * - A player's tap flips the heart and the count at once and sends the wanted state (`sendLike`). Taps while it is
 *   in flight only change the wanted state (the heart follows them): there is never a second request racing the
 *   first. When the answer comes, if the player now wants something else than the server has, one more request
 *   asks for it; otherwise the server's answer is shown, even when it disagrees with what was asked.
 * - A failure goes back to the server's last state and emits `like.failed` with the error's kind.
 */
export const likeMachine = setup({
  types: {
    context: {} as LikeContext,
    events: {} as LikeEvent,
    input: {} as LikeInput,
    emitted: {} as LikeEmitted,
  },
  actors: {
    sendLike: notSupplied<LikeAnswer, SendLikeInput>('like', 'sendLike'),
  },
  guards: {
    isGuest: ({ context }) => !context.signedIn,
    /** The player changed their mind while the call was in flight, and the server has not what they want now. */
    wantsAnother: ({ context }, answer: LikeAnswer) =>
      context.liked !== context.sent && context.liked !== answer.hasLike,
  },
  actions: {
    askSignIn: emit(({ context }) => ({ type: 'like.signInRequired' as const, gameId: context.gameId })),
    flip: assign(({ context }) => ({ ...showing(context.server, !context.liked), error: null })),
    markSent: assign({ sent: ({ context }) => context.liked }),
    /** The server's state, with the player's newer wish still shown. */
    takeServerKeepWish: assign(({ context }, answer: LikeAnswer) => {
      const server = serverOf(answer);
      return { server, ...showing(server, context.liked) };
    }),
    settle: assign((_, answer: LikeAnswer) => {
      const server = serverOf(answer);
      return { server, ...server, sent: null };
    }),
    announceChange: enqueueActions(({ context, enqueue }) => {
      if (context.server.liked === context.announced) return;
      enqueue.emit({
        type: 'like.changed',
        gameId: context.gameId,
        liked: context.server.liked,
        totalLikes: context.server.totalLikes,
      });
      enqueue.assign({ announced: context.server.liked });
    }),
    revert: assign(({ context }) => ({ ...context.server, sent: null })),
    keepError: assign({ error: (_, error: unknown) => gamesErrorOf(error) }),
    reportFailure: emit(({ context }, error: unknown) => ({
      type: 'like.failed' as const,
      gameId: context.gameId,
      error: gamesErrorOf(error),
    })),
    takeUpdate: assign(({ event }) => {
      if (event.type !== 'like.updated') return {};
      const server = { liked: event.liked, totalLikes: Math.max(0, Math.trunc(event.totalLikes)) };
      return { server, ...server, announced: event.liked, signedIn: event.signedIn, error: null };
    }),
  },
}).createMachine({
  id: 'like',
  context: ({ input }) => {
    const server = { liked: input.liked, totalLikes: Math.max(0, Math.trunc(input.totalLikes)) };
    return {
      gameId: input.gameId,
      signedIn: input.signedIn,
      server,
      ...server,
      sent: null,
      announced: input.liked,
      error: null,
    };
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'like.toggle': [
          { guard: 'isGuest', actions: 'askSignIn' },
          { target: 'sending', actions: 'flip' },
        ],
        'like.updated': { actions: 'takeUpdate' },
      },
    },
    /** One request in flight; taps only change the wish. */
    sending: {
      entry: 'markSent',
      invoke: {
        id: 'sendLike',
        src: 'sendLike',
        input: ({ context }) => ({ gameId: context.gameId, like: context.liked }),
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
      on: { 'like.toggle': { actions: 'flip' } },
    },
  },
});
