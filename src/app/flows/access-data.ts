/**
 * /user/edit/access-data's flow with its real calls, a chunk of its own fetched with the page: the
 * account (GET /auth/me), e-mail and phone codes (POST /auth/verify-email, /auth/verify-phone), the password change
 * (POST /auth/request-password-change, /auth/verify-code, /auth/reset-password; the new password from the drop)
 * the player's sessions and the e-mail or phone change (the `account-sessions` sandbox extension; the current
 * password from the drop).
 */
import { fromPromise } from 'xstate';
import { accessDataMachine } from '../../../machines/access-data/access-data.machine';
import type {
  AccessAccount,
  AccountSession,
  CodeSent,
  ContactChangeConfirm,
  ContactChangeRequest,
  ContactChannel,
  PasswordCodeInput,
} from '../../../machines/access-data/access-data.types';
import { accountSessionsMachine } from '../../../machines/access-data/account-sessions.machine';
import { contactChangeMachine } from '../../../machines/access-data/contact-change.machine';
import { contactVerificationMachine } from '../../../machines/access-data/contact-verification.machine';
import { passwordChangeMachine } from '../../../machines/access-data/password-change.machine';
import { secondFactorEnrolmentMachine } from '../../../machines/second-factor/second-factor-enrolment.machine';
import type { ApiClient } from '../../lib/api/client';
import { ApiError } from '../../lib/api/errors';
import { unwrap } from '../../lib/api/unwrap';
import { accessDrop } from '../access-drop';

const PATHS = { email: '/auth/verify-email', phone: '/auth/verify-phone' } as const;

/** The form always puts the passwords before sending `password.submit` (`change.submit`); without them nothing is sent. */
const noPassword = () =>
  new ApiError({
    status: 422,
    shown: true,
    messages: [{ id: 'error_messages.unexpected' }],
    fields: {},
    body: undefined,
  });

export function createAccessDataLogic(api: ApiClient) {
  const contact = contactVerificationMachine.provide({
    actors: {
      sendCode: fromPromise<CodeSent, { channel: ContactChannel }>(async ({ input }) => {
        const { verified } = await unwrap(api.POST(PATHS[input.channel], { body: {} }));
        return { verified };
      }),
      checkCode: fromPromise<void, { channel: ContactChannel; code: string }>(async ({ input }) => {
        await unwrap(api.POST(PATHS[input.channel], { body: { code: input.code } }));
      }),
    },
  });
  const password = passwordChangeMachine.provide({
    actors: {
      requestCode: fromPromise<void>(async () => {
        await unwrap(api.POST('/auth/request-password-change'));
      }),
      verifyCode: fromPromise<void, PasswordCodeInput>(async ({ input }) => {
        await unwrap(api.POST('/auth/verify-code', { body: { email: input.email, code: input.code } }));
      }),
      changePassword: fromPromise<void, PasswordCodeInput>(async ({ input }) => {
        const values = accessDrop.take('passwordChange');
        if (!values) throw noPassword();
        // With this session's token: the platform keeps it and ends the others.
        await unwrap(api.POST('/auth/reset-password', { body: { email: input.email, code: input.code, ...values } }));
      }),
    },
  });
  const contactChange = contactChangeMachine.provide({
    actors: {
      requestChange: fromPromise<void, ContactChangeRequest>(async ({ input }) => {
        const secret = accessDrop.take('contactChange');
        if (!secret) throw noPassword();
        if (input.channel === 'email')
          await unwrap(api.POST('/profile/change-email', { body: { email: input.value, password: secret.password } }));
        else
          await unwrap(api.POST('/profile/change-phone', { body: { phone: input.value, password: secret.password } }));
      }),
      confirmChange: fromPromise<void, ContactChangeConfirm>(async ({ input }) => {
        const path = input.channel === 'email' ? '/profile/change-email/confirm' : '/profile/change-phone/confirm';
        await unwrap(api.POST(path, { body: { code: input.code } }));
      }),
    },
  });
  const sessions = accountSessionsMachine.provide({
    actors: {
      listSessions: fromPromise<AccountSession[]>(async ({ signal }) => {
        const { data } = await unwrap(api.GET('/profile/sessions', { signal }));
        return data.map((s) => ({
          id: s.id,
          userAgent: s.user_agent,
          createdAt: s.created_at,
          lastSeenAt: s.last_seen_at,
          current: s.current,
        }));
      }),
      revokeSession: fromPromise<void, { id: number }>(async ({ input }) => {
        await unwrap(api.POST('/profile/sessions/{id}/revoke', { params: { path: { id: input.id } } }));
      }),
      revokeOthers: fromPromise<{ revoked: number }>(async () => {
        const { revoked } = await unwrap(api.POST('/profile/sessions/revoke-others'));
        return { revoked };
      }),
    },
  });
  return accessDataMachine.provide({
    actors: {
      loadAccount: fromPromise<AccessAccount>(async ({ signal }) => {
        const { data } = await unwrap(api.GET('/auth/me', { signal }));
        return {
          email: data.email,
          emailVerified: data.email_verified,
          phone: data.phone,
          phoneVerified: data.phone_verified,
          secondFactorEnabled: data.second_factor_enabled === true,
        };
      }),
      contact,
      passwordChange: password,
      sessions,
      contactChange,
      secondFactor: secondFactorEnrolmentMachine.provide({
        actors: {
          start: fromPromise(async () => {
            const data = await unwrap(api.POST('/profile/second-factor/setup'));
            return { secret: data.secret, otpauthUri: data.otpauth_uri };
          }),
          confirm: fromPromise(async () => {
            const typed = accessDrop.take('secondFactorCode');
            if (!typed) throw new Error('second factor code missing from the drop');
            const data = await unwrap(api.POST('/profile/second-factor/confirm', { body: { code: typed.code } }));
            return { recoveryCodes: data.recovery_codes };
          }),
        },
      }),
    },
  });
}
