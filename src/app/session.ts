/**
 * The session's real actors (spec §4 Session, §7 Auth): calls through the typed client, the token kept under the
 * `auth` storage key by the actors themselves (never handed to a machine), the form values taken from the
 * one-shot drop. Also the registration machine's actors (geo lookup, server CPF check) and the local captcha token.
 */
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { ageGateMachine } from '../../machines/login-modal/age-gate.machine';
import type { AgeGateInput } from '../../machines/login-modal/age-gate.types';
import type { loginModalMachine } from '../../machines/login-modal/login-modal.machine';
import type { LoginModalInput } from '../../machines/login-modal/login-modal.types';
import { channelMachine } from '../../machines/realtime/channel.machine';
import { sessionMachine } from '../../machines/session/session.machine';
import {
  regulatedProfileMachine,
  type RegulatedProfileValues,
} from '../../machines/regulated-profile/regulated-profile.machine';
import { secondFactorChallengeMachine } from '../../machines/second-factor/second-factor-challenge.machine';
import type { SecondFactorMethod, VerifyOutput } from '../../machines/second-factor/second-factor.types';
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
export type AgeGateRef = ActorRefFrom<typeof ageGateMachine>;

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
/** The payload schemas (zod/mini) load with the first signed-in call, not with the page. */
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
  /**
   * The login modal with its recovery and registration actors, fetched in a chunk of its own (./login-modal-flow.ts)
   * when it must first open (not in the first load), once a page.
   */
  loginModalFlow(): Promise<typeof loginModalMachine>;
  loginModalInput: LoginModalInput;
  ageGateLogic: typeof ageGateMachine;
  ageGateInput: AgeGateInput;
  forms: SessionFormServices;
}

export const missing = () =>
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
  /**
   * Portaria SPA/MF 722/2024: a sign-in answered 202 with a ticket (no session yet). The ticket stays here, never in
   * a machine's context or event, for the challenge's `verify`.
   */
  let secondFactorTicket: string | null = null;
  const challengeOf = (body: unknown): string | null => {
    const ticket = (body as { second_factor_required?: unknown; ticket?: unknown } | null)?.ticket;
    return (body as { second_factor_required?: unknown } | null)?.second_factor_required === true &&
      typeof ticket === 'string'
      ? ticket
      : null;
  };
  const sessionOrChallenge = async (body: unknown): Promise<SignedInOutput> => {
    const ticket = challengeOf(body);
    if (ticket) {
      secondFactorTicket = ticket;
      return { secondFactor: true };
    }
    const session = await parsed('parseSession', Promise.resolve(body));
    keepToken(session.token);
    return { user: session.user };
  };
  const signIn = fromPromise<SignedInOutput>(async () => {
    const values = drop.take('login');
    if (!values) throw missing();
    const body = await unwrap(
      api.POST('/auth/login', {
        body: { [values.identifier.field]: values.identifier.value, password: values.password },
      }),
    ).catch(keepRemovalToken);
    return sessionOrChallenge(body);
  });
  const verifySecondFactor = fromPromise<VerifyOutput<unknown>, { method: SecondFactorMethod }>(async ({ input }) => {
    const typed = drop.take('secondFactorCode');
    if (!typed || !secondFactorTicket) throw missing();
    const result = await api.POST('/auth/second-factor/verify', {
      body: { ticket: secondFactorTicket, method: input.method, code: typed.code },
    });
    const body = await unwrap(result);
    if (result.response.status === 202) return { emailSent: true };
    const session = await parsed('parseSession', Promise.resolve(body));
    secondFactorTicket = null;
    keepToken(session.token);
    return { user: session.user };
  });
  const saveRegulatedProfile = fromPromise<{ user: unknown }, RegulatedProfileValues>(async ({ input }) => {
    const body = await unwrap(
      api.POST('/profile/regulated-profile', {
        body: {
          gender: input.gender,
          limits: { deposit: input.deposit, loss: input.loss, session_minutes: input.sessionMinutes },
        },
      }),
    );
    return { user: await parsed('parseMe', Promise.resolve(body)) };
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
    const body = await unwrap(api.POST('/auth/google', { body: { idToken: values.idToken } })).catch(keepRemovalToken);
    return sessionOrChallenge(body);
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

  const rememberAgeVerified = fromPromise<void>(async () => {
    storage.set(storageKeys.ageVerified, 'true');
  });

  let loginModalLoading: Promise<typeof loginModalMachine> | undefined;
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
        secondFactorChallenge: secondFactorChallengeMachine.provide({ actors: { verify: verifySecondFactor } }),
        regulatedProfile: regulatedProfileMachine.provide({ actors: { save: saveRegulatedProfile } }),
      },
      actions: { forgetToken },
    }),
    sessionInput: { hasToken: hasToken(), guestId: getOrCreateGuestId(storage) },
    loginModalFlow() {
      loginModalLoading ??= import('./login-modal-flow').then((m) => m.createLoginModalLogic({ api, storage, drop }));
      // A failed fetch may be tried again.
      loginModalLoading.catch(() => (loginModalLoading = undefined));
      return loginModalLoading;
    },
    loginModalInput: { signedIn: hasToken() },
    ageGateLogic: ageGateMachine.provide({ actors: { rememberAgeVerified } }),
    ageGateInput: { ageVerified: storage.get(storageKeys.ageVerified) !== null, signedIn: hasToken() },
    forms,
  };
}
