import { secondFactorEnrolmentMachine } from '../second-factor/second-factor-enrolment.machine';
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { failureOf } from '../kernel/api-error';
import { notSupplied } from '../kernel/not-supplied';
import type { AccessAccount, AccessDataContext, AccessDataEvent } from './access-data.types';
import { accountSessionsMachine } from './account-sessions.machine';
import { contactChangeMachine } from './contact-change.machine';
import { contactVerificationMachine } from './contact-verification.machine';
import { passwordChangeMachine } from './password-change.machine';

type ChangeSnapshot = SnapshotFrom<typeof contactChangeMachine>;
const changeOf = ({ event }: { event: { snapshot: unknown } }) => event.snapshot as ChangeSnapshot;

/**
 * /user/edit/access-data (spec §2.2): reads the account (GET /auth/me), then runs the page's
 * flows as its children while the page is open: `email` and `phone` (contact verification), `password` (the
 * password change), `sessions` (the player's signed-in sessions), and `emailChange` and `phoneChange` (the contact
 * change).
 *
 * - loading → ready with the children, or failed (§8's text) → `access.retry` → loading.
 * - ready: when a contact change confirms a new address (its snapshot's `changed` differs from the account's), the
 *   account takes it, verified, and the verification card shows it (`contact.changed`); a new e-mail also goes to
 *   the password change (`password.emailChanged`).
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
    contactChange: contactChangeMachine,
    /** Portaria SPA/MF 722/2024: enrolling the second factor (src/app supplies its calls). */
    secondFactor: secondFactorEnrolmentMachine,
  },
  guards: {
    newAddress: ({ context }, snapshot: ChangeSnapshot) => {
      const { channel, changed } = snapshot.context;
      return changed !== null && changed !== (channel === 'email' ? context.account?.email : context.account?.phone);
    },
  },
  actions: {
    takeAddress: enqueueActions(({ context, enqueue }, snapshot: ChangeSnapshot) => {
      const { channel, changed } = snapshot.context;
      if (!context.account || changed === null) return;
      enqueue.assign({
        account:
          channel === 'email'
            ? { ...context.account, email: changed, emailVerified: true }
            : { ...context.account, phone: changed, phoneVerified: true },
      });
      enqueue.sendTo(channel, { type: 'contact.changed', address: changed });
      if (channel === 'email') enqueue.sendTo('password', { type: 'password.emailChanged', email: changed });
    }),
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
        {
          id: 'secondFactor',
          src: 'secondFactor',
          input: ({ context }) => ({ enrolled: context.account?.secondFactorEnabled ?? false }),
        },
        {
          id: 'emailChange',
          src: 'contactChange',
          input: ({ context }) => ({ channel: 'email' as const, current: context.account?.email ?? null }),
          onSnapshot: {
            guard: { type: 'newAddress', params: changeOf },
            actions: { type: 'takeAddress', params: changeOf },
          },
        },
        {
          id: 'phoneChange',
          src: 'contactChange',
          input: ({ context }) => ({ channel: 'phone' as const, current: context.account?.phone ?? null }),
          onSnapshot: {
            guard: { type: 'newAddress', params: changeOf },
            actions: { type: 'takeAddress', params: changeOf },
          },
        },
      ],
    },
  },
});
