import { assign, setup } from 'xstate';
import { failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type { AccessAccount, AccessDataContext, AccessDataEvent } from './access-data.types';
import { accountSessionsMachine } from './account-sessions.machine';
import { contactVerificationMachine } from './contact-verification.machine';
import { passwordChangeMachine } from './password-change.machine';

/**
 * /user/edit/access-data (issue 15 item 1; spec §2.2): reads the account (GET /auth/me), then runs the page's
 * flows as its children while the page is open: `email` and `phone` (contact verification), `password` (the
 * password change) and `sessions` (the player's signed-in sessions).
 *
 * - loading → ready with the children, or failed (§8's text) → `access.retry` → loading.
 */
export const accessDataMachine = setup({
  types: {
    context: {} as AccessDataContext,
    events: {} as AccessDataEvent,
  },
  actors: {
    loadAccount: notSupplied<AccessAccount>('access data', 'loadAccount'),
    contact: contactVerificationMachine,
    passwordChange: passwordChangeMachine,
    sessions: accountSessionsMachine,
  },
}).createMachine({
  id: 'accessData',
  context: { account: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        onDone: { target: 'ready', actions: assign({ account: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    failed: {
      on: { 'access.retry': { target: 'loading' } },
    },
    ready: {
      invoke: [
        {
          id: 'email',
          src: 'contact',
          input: ({ context }) => ({
            channel: 'email' as const,
            address: context.account?.email ?? null,
            verified: context.account?.emailVerified ?? false,
          }),
        },
        {
          id: 'phone',
          src: 'contact',
          input: ({ context }) => ({
            channel: 'phone' as const,
            address: context.account?.phone ?? null,
            verified: context.account?.phoneVerified ?? false,
          }),
        },
        { id: 'password', src: 'passwordChange', input: ({ context }) => ({ email: context.account?.email ?? '' }) },
        { id: 'sessions', src: 'sessions' },
      ],
    },
  },
});
