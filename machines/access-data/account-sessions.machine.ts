import { assign, setup } from 'xstate';
import { errorOf, failureOf, statusOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type { AccountSession, SessionsContext, SessionsEvent } from './access-data.types';

/**
 * The player's signed-in sessions on /user/edit/access-data (the `account-sessions` sandbox extension:
 * GET /profile/sessions, POST /profile/sessions/{id}/revoke, POST /profile/sessions/revoke-others).
 *
 * - loading → ready, or failed (§8's text, `sessions.retry`).
 * - ready: `sessions.revoke` ends one other session (revoking → the list again); `sessions.revokeOthers` asks
 *   first (confirming: `sessions.confirm` → revokingOthers → the list again with how many ended; `sessions.cancel`
 *   back); `sessions.refresh` reads the list again. A session already gone (404) reads the list again; another
 *   refusal stays with §8's text. This session is ended by signing out, not here.
 */
export const accountSessionsMachine = setup({
  types: {
    context: {} as SessionsContext,
    events: {} as SessionsEvent,
  },
  actors: {
    listSessions: notSupplied<AccountSession[]>('account sessions', 'listSessions'),
    revokeSession: notSupplied<void, { id: number }>('account sessions', 'revokeSession'),
    revokeOthers: notSupplied<{ revoked: number }>('account sessions', 'revokeOthers'),
  },
  guards: {
    isOtherSession: ({ context, event }) =>
      event.type === 'sessions.revoke' && context.sessions.some((s) => s.id === event.id && !s.current),
    alreadyGone: (_, error: unknown) => statusOf(error) === 404,
  },
  actions: {
    clear: assign({ notice: null, failure: null }),
    keepFailure: assign({ failure: (_, error: unknown) => failureOf(error), notice: null, ending: null }),
  },
}).createMachine({
  id: 'accountSessions',
  context: { sessions: [], ending: null, notice: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'listSessions',
        src: 'listSessions',
        onDone: { target: 'ready', actions: assign({ sessions: ({ event }) => event.output, ending: null }) },
        onError: { target: 'failed', actions: { type: 'keepFailure', params: errorOf } },
      },
    },
    failed: {
      on: { 'sessions.retry': { target: 'loading', actions: 'clear' } },
    },
    ready: {
      on: {
        'sessions.revoke': {
          guard: 'isOtherSession',
          target: 'revoking',
          actions: ['clear', assign({ ending: ({ event }) => event.id })],
        },
        'sessions.revokeOthers': { target: 'confirming', actions: 'clear' },
        'sessions.refresh': { target: 'loading', actions: 'clear' },
        'sessions.dismiss': { actions: 'clear' },
      },
    },
    confirming: {
      on: {
        'sessions.confirm': { target: 'revokingOthers' },
        'sessions.cancel': { target: 'ready' },
      },
    },
    revoking: {
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        input: ({ context }) => ({ id: context.ending ?? 0 }),
        onDone: { target: 'loading', actions: assign({ notice: { id: 'profile.access.sessions.ended_one' } }) },
        onError: [
          {
            guard: { type: 'alreadyGone', params: errorOf },
            target: 'loading',
            actions: assign({ notice: { id: 'profile.access.sessions.gone' } }),
          },
          { target: 'ready', actions: { type: 'keepFailure', params: errorOf } },
        ],
      },
    },
    revokingOthers: {
      invoke: {
        id: 'revokeOthers',
        src: 'revokeOthers',
        onDone: {
          target: 'loading',
          actions: assign({
            notice: ({ event }) => ({
              id: 'profile.access.sessions.ended_others',
              values: { count: event.output.revoked },
            }),
          }),
        },
        onError: { target: 'ready', actions: { type: 'keepFailure', params: errorOf } },
      },
    },
  },
});
