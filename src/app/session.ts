/**
 * The session's real actors (spec §4 Session, §7 Auth): calls through the typed client, the token kept under the
 * `auth` storage key by the actors themselves (never handed to a machine), the form values taken from the
 * one-shot drop. Also the registration machine's actors (geo lookup, server CPF check) and the local captcha token.
 */
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { loginModalMachine } from '../../machines/login-modal/login-modal.machine';
import type {
  LoginModalInput,
  RecoveryCodeInput,
  RecoveryEmailInput,
} from '../../machines/login-modal/login-modal.types';
import { registrationMachine } from '../../machines/registration/registration.machine';
import type { CpfCheckOutput, GeoResult } from '../../machines/registration/registration.types';
import { channelMachine } from '../../machines/realtime/channel.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import type {
  NotificationList,
  RankingLevel,
  RecentGame,
  SessionInput,
  SignedInOutput,
  Wallet,
} from '../../machines/session/session.types';
import type { ApiClient } from '../lib/api/client';
import { ApiError } from '../lib/api/errors';
import { getOrCreateGuestId } from '../lib/api/guest-id';
import { unwrap } from '../lib/api/unwrap';
import { createSecretDrop, type SecretDrop } from '../lib/secret-drop';
import type * as SessionPayloads from './session-payloads';
import { storageKeys, type KeyValueStorage } from '../lib/storage';
import type { LiveServices } from './live';

export type SessionRef = ActorRefFrom<typeof sessionMachine>;
export type LoginModalRef = ActorRefFrom<typeof loginModalMachine>;

/**
 * The captcha token of the local check used by brands with no `turnstileSiteKey` (brand-config switch: a brand
 * with a Turnstile key always gets the Turnstile widget and its token). The sandbox brands accept
 * `sandbox-captcha-ok`; a build for a platform with a different local check sets `VITE_LOCAL_CAPTCHA_TOKEN`, and
 * `VITE_LOCAL_CAPTCHA_TOKEN=off` disables the local check (registration then needs a Turnstile brand).
 */
export const LOCAL_CAPTCHA_TOKEN: string | null = (() => {
  const configured = (import.meta.env as { VITE_LOCAL_CAPTCHA_TOKEN?: string }).VITE_LOCAL_CAPTCHA_TOKEN;
  if (configured === 'off') return null;
  return configured ?? 'sandbox-captcha-ok';
})();

type Payloads = typeof SessionPayloads;
/** The payload schemas (zod/mini) load with the first signed-in call, not with the page (issue 11). */
let payloads: Promise<Payloads> | undefined;
/** `body` parsed by the named parser of ./session-payloads.ts (fetched and loaded side by side). */
async function parsed<K extends keyof Payloads>(parser: K, body: Promise<unknown>): Promise<ReturnType<Payloads[K]>> {
  const [module, data] = await Promise.all([(payloads ??= import('./session-payloads')), body]);
  return (module[parser] as (value: unknown) => ReturnType<Payloads[K]>)(data);
}

/** What the forms read directly (the geo lookup and CPF check are the registration machine's actors). */
export interface SessionFormServices {
  /** The stored referral code (§2.3 `ref`), to prefill registration. */
  referralCode(): string | null;
  localCaptchaToken: string | null;
}

export interface SessionServices {
  drop: SecretDrop;
  sessionLogic: typeof sessionMachine;
  sessionInput: SessionInput;
  loginModalLogic: typeof loginModalMachine;
  loginModalInput: LoginModalInput;
  forms: SessionFormServices;
}

const missing = () =>
  new ApiError({
    status: 422,
    shown: true,
    messages: [{ id: 'error_messages.unexpected' }],
    fields: {},
    body: undefined,
  });

export function createSessionServices(options: {
  storage: KeyValueStorage;
  api: ApiClient;
  live?: LiveServices | undefined;
}): SessionServices {
  const { storage, api, live } = options;
  const drop = createSecretDrop();
  const hasToken = () => Boolean(storage.get(storageKeys.auth)?.trim());
  const keepToken = (token: string) => storage.set(storageKeys.auth, token);

  const checkSession = fromPromise<SignedInOutput>(async ({ signal }) => {
    return { user: await parsed('parseMe', unwrap(api.GET('/auth/me', { signal }))) };
  });
  /**
   * A sign-in refused for an indefinite self-exclusion carries a one-use removal token: kept in the drop (never in
   * a machine's context, so never in the inspector) for `endSelfExclusion`.
   */
  const keepRemovalToken = (error: unknown): never => {
    const body = (error as { body?: unknown } | null)?.body;
    const token = (body as { removal_token?: unknown } | null | undefined)?.removal_token;
    if (typeof token === 'string' && token) drop.put('exclusionRemoval', { token });
    throw error;
  };
  const signIn = fromPromise<SignedInOutput>(async () => {
    const values = drop.take('login');
    if (!values) throw missing();
    const body = await parsed(
      'parseSession',
      unwrap(
        api.POST('/auth/login', {
          body: { [values.identifier.field]: values.identifier.value, password: values.password },
        }),
      ).catch(keepRemovalToken),
    );
    keepToken(body.token);
    return { user: body.user };
  });
  const register = fromPromise<SignedInOutput>(async () => {
    const values = drop.take('register');
    if (!values) throw missing();
    const body = await parsed('parseSession', unwrap(api.POST('/auth/register', { body: values })));
    keepToken(body.token);
    return { user: body.user };
  });
  const googleSignIn = fromPromise<SignedInOutput>(async () => {
    const values = drop.take('google');
    if (!values) throw missing();
    const body = await parsed(
      'parseSession',
      unwrap(api.POST('/auth/google', { body: { idToken: values.idToken } })).catch(keepRemovalToken),
    );
    keepToken(body.token);
    return { user: body.user };
  });
  const endSelfExclusion = fromPromise<void>(async () => {
    const held = drop.take('exclusionRemoval');
    if (!held) throw missing();
    await unwrap(api.POST('/profile/self-exclusion/remove', { body: { token: held.token } }));
  });
  const signOut = fromPromise<void>(async () => {
    if (hasToken()) await unwrap(api.GET('/auth/logout'));
  });
  // Every payload is parsed (./session-payloads.ts): a malformed answer rejects, the machine shows §8's fallback.
  const fetchWallet = fromPromise<Wallet>(async ({ signal }) =>
    parsed('parseWallet', unwrap(api.GET('/profile/wallet', { signal }))),
  );
  const fetchRecentGames = fromPromise<RecentGame[], { page: number }>(async ({ input, signal }) =>
    parsed('parseRecentGames', unwrap(api.GET('/games/recent', { params: { query: { page: input.page } }, signal }))),
  );
  // §7: ranking is read either as the data body or the array itself.
  const fetchRanking = fromPromise<RankingLevel[]>(async ({ signal }) =>
    parsed('parseRanking', unwrap(api.GET('/ranking', { signal }))),
  );
  const fetchNotifications = fromPromise<NotificationList>(async ({ signal }) =>
    parsed(
      'parseNotifications',
      unwrap(api.GET('/notifications', { params: { query: { page: 1, per_page: 10 } }, signal })),
    ),
  );
  /** Synchronous, inside the machine's transition: nothing shows a guest while the token is still stored. */
  const forgetToken = () => storage.remove(storageKeys.auth);
  const channelLogic =
    live?.channelLogic ?? channelMachine.provide({ actors: { subscription: fromCallback(() => {}) } });

  // Recovery: the e-mail and code are the login modal's context (the actors' input); the new password comes from
  // the drop.
  const requestRecoveryCode = fromPromise<void, RecoveryEmailInput>(async ({ input }) => {
    await unwrap(api.POST('/auth/recover-password', { body: { email: input.email } }));
  });
  const verifyRecoveryCode = fromPromise<void, RecoveryCodeInput>(async ({ input }) => {
    await unwrap(api.POST('/auth/verify-code', { body: { email: input.email, code: input.code } }));
  });
  const resetPassword = fromPromise<void, RecoveryCodeInput>(async ({ input }) => {
    const values = drop.take('recovery');
    if (!values) throw missing();
    const { password, password_confirmation } = values;
    await unwrap(
      api.POST('/auth/reset-password', {
        body: { email: input.email, code: input.code, password, password_confirmation },
      }),
    );
  });
  // Registration: GET /geoip (stored as userCountryCode / userCallingCode; the machine falls back to BR / 55 when
  // it fails, §7) and POST /validate/validate-cpf for the CPF the form put in the drop (cancelled by the machine
  // when the CPF changes: the signal aborts the call).
  const geo = fromPromise<GeoResult>(async ({ signal }) => {
    const countryCode = storage.get(storageKeys.userCountryCode);
    const callingCode = storage.get(storageKeys.userCallingCode);
    if (countryCode && callingCode) return { countryCode, callingCode };
    const body = await unwrap(api.GET('/geoip', { signal }));
    storage.set(storageKeys.userCountryCode, body.countryCode);
    storage.set(storageKeys.userCallingCode, body.callingCode);
    return { countryCode: body.countryCode, callingCode: body.callingCode };
  });
  const checkCpf = fromPromise<CpfCheckOutput>(async ({ signal }) => {
    const values = drop.take('cpf');
    if (!values) throw missing();
    try {
      await unwrap(api.POST('/validate/validate-cpf', { body: { cpf: values.cpf }, signal }));
      return { result: 'valid' };
    } catch (error) {
      // 409: already used on this brand; 400/422: refused by the server's rules. Anything else: check not made.
      if (error instanceof ApiError && error.status === 409) return { result: 'taken' };
      if (error instanceof ApiError && (error.status === 422 || error.status === 400)) return { result: 'invalid' };
      throw error;
    }
  });
  const rememberAgeVerified = fromPromise<void>(async () => {
    storage.set(storageKeys.ageVerified, 'true');
  });

  const forms: SessionFormServices = {
    referralCode: () => storage.get(storageKeys.ref),
    localCaptchaToken: LOCAL_CAPTCHA_TOKEN,
  };

  return {
    drop,
    sessionLogic: sessionMachine.provide({
      actors: {
        checkSession,
        signIn,
        register,
        googleSignIn,
        signOut,
        endSelfExclusion,
        fetchWallet,
        fetchRecentGames,
        fetchRanking,
        fetchNotifications,
        guestChannel: channelLogic,
        userChannel: channelLogic,
      },
      actions: { forgetToken },
    }),
    sessionInput: { hasToken: hasToken(), guestId: getOrCreateGuestId(storage) },
    loginModalLogic: loginModalMachine.provide({
      actors: {
        rememberAgeVerified,
        requestRecoveryCode,
        verifyRecoveryCode,
        resetPassword,
        registration: registrationMachine.provide({ actors: { geo, checkCpf } }),
      },
    }),
    loginModalInput: { ageVerified: storage.get(storageKeys.ageVerified) !== null, signedIn: hasToken() },
    forms,
  };
}
