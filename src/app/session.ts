/**
 * The session's real actors (spec §4 Session, §7 Auth): calls through the typed client, the token kept under the
 * `auth` storage key by the actors themselves (never handed to a machine), the form values taken from the
 * one-shot drop. Also the form-side helpers (server CPF check, geo lookup) and the local captcha token.
 */
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { loginModalMachine } from '../../machines/login-modal/login-modal.machine';
import type { LoginModalInput } from '../../machines/login-modal/login-modal.types';
import { channelMachine } from '../../machines/realtime/channel.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import type { NotificationList, RankingLevel, RecentGame, SessionInput, SignedInOutput, Wallet } from '../../machines/session/session.types';
import type { ApiClient } from '../lib/api/client';
import { ApiError } from '../lib/api/errors';
import { getOrCreateGuestId } from '../lib/api/guest-id';
import { unwrap } from '../lib/api/unwrap';
import { createSecretDrop, type SecretDrop } from '../lib/secret-drop';
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

/** What the forms ask of the platform directly (validation helpers, not session changes). */
export interface SessionFormServices {
  /** POST /validate/validate-cpf: null when valid and free, else the server's message. */
  validateCpf(cpf: string): Promise<string | null>;
  /** GET /geoip (stored as userCountryCode / userCallingCode); BR / 55 on failure (§7). */
  geo(): Promise<{ countryCode: string; callingCode: string }>;
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
  /** Forwarded `connection.credentialsChanged` (spec §4: the live connection is re-created). */
  credentialsChanged(): void;
}

const missing = () => new ApiError({ status: 422, shown: true, messages: [{ id: 'error_messages.unexpected' }], fields: {}, body: undefined });

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
    const body = await unwrap(api.GET('/auth/me', { signal }));
    return { user: body.data };
  });
  const signIn = fromPromise<SignedInOutput>(async () => {
    const values = drop.take('login');
    if (!values) throw missing();
    const body = await unwrap(
      api.POST('/auth/login', { body: { [values.identifier.field]: values.identifier.value, password: values.password } }),
    );
    keepToken(body.token);
    return { user: body.data };
  });
  const register = fromPromise<SignedInOutput>(async () => {
    const values = drop.take('register');
    if (!values) throw missing();
    const body = await unwrap(api.POST('/auth/register', { body: values }));
    keepToken(body.token);
    return { user: body.data };
  });
  const googleSignIn = fromPromise<SignedInOutput>(async () => {
    const values = drop.take('google');
    if (!values) throw missing();
    const body = await unwrap(api.POST('/auth/google', { body: { idToken: values.idToken } }));
    keepToken(body.token);
    return { user: body.data };
  });
  const signOut = fromPromise<void>(async () => {
    if (hasToken()) await unwrap(api.GET('/auth/logout'));
  });
  const fetchWallet = fromPromise<Wallet>(async ({ signal }) => (await unwrap(api.GET('/profile/wallet', { signal }))).data);
  const fetchRecentGames = fromPromise<RecentGame[], { page: number }>(
    async ({ input, signal }) => (await unwrap(api.GET('/games/recent', { params: { query: { page: input.page } }, signal }))).data,
  );
  const fetchRanking = fromPromise<RankingLevel[]>(async ({ signal }) => {
    // §7: read either as the data body or the array itself.
    const body = (await unwrap(api.GET('/ranking', { signal }))) as { data: RankingLevel[] } | RankingLevel[];
    return Array.isArray(body) ? body : body.data;
  });
  const fetchNotifications = fromPromise<NotificationList>(async ({ signal }) =>
    unwrap(api.GET('/notifications', { params: { query: { page: 1, per_page: 10 } }, signal })),
  );
  /** Synchronous, inside the machine's transition: nothing shows a guest while the token is still stored. */
  const forgetToken = () => storage.remove(storageKeys.auth);
  const channelLogic = live?.channelLogic ?? channelMachine.provide({ actors: { subscription: fromCallback(() => {}) } });

  const recoveryValues = () => {
    const values = drop.take('recovery');
    if (!values) throw missing();
    return values;
  };
  const requestRecoveryCode = fromPromise<void>(async () => {
    const { email } = recoveryValues();
    await unwrap(api.POST('/auth/recover-password', { body: { email } }));
  });
  const verifyRecoveryCode = fromPromise<void>(async () => {
    const { email, code = '' } = recoveryValues();
    await unwrap(api.POST('/auth/verify-code', { body: { email, code } }));
  });
  const resetPassword = fromPromise<void>(async () => {
    const { email, code = '', password = '', password_confirmation = '' } = recoveryValues();
    await unwrap(api.POST('/auth/reset-password', { body: { email, code, password, password_confirmation } }));
  });
  const rememberAgeVerified = fromPromise<void>(async () => {
    storage.set(storageKeys.ageVerified, 'true');
  });

  const forms: SessionFormServices = {
    async validateCpf(cpf) {
      const result = await api.POST('/validate/validate-cpf', { body: { cpf } });
      if (result.response.ok) return null;
      const error = (result.error ?? {}) as { errors?: Record<string, string[]>; message?: string };
      return error.errors?.cpf?.[0] ?? error.message ?? null;
    },
    async geo() {
      const stored = { countryCode: storage.get(storageKeys.userCountryCode), callingCode: storage.get(storageKeys.userCallingCode) };
      if (stored.countryCode && stored.callingCode) return { countryCode: stored.countryCode, callingCode: stored.callingCode };
      try {
        const body = await unwrap(api.GET('/geoip'));
        storage.set(storageKeys.userCountryCode, body.countryCode);
        storage.set(storageKeys.userCallingCode, body.callingCode);
        return body;
      } catch {
        return { countryCode: 'BR', callingCode: '55' };
      }
    },
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
      actors: { rememberAgeVerified, requestRecoveryCode, verifyRecoveryCode, resetPassword },
    }),
    loginModalInput: { ageVerified: storage.get(storageKeys.ageVerified) !== null, signedIn: hasToken() },
    forms,
    credentialsChanged: () => live?.credentialsChanged(),
  };
}
