/**
 * A one-shot hand-over for what the player types into sign-in forms (passwords, CPF, codes, id tokens), so it
 * never travels in a machine event or context (the inspector sees those). The form `put`s its values and sends a
 * bare event; the actor that makes the call (supplied by src/app) `take`s them, which removes them.
 * Nothing is logged, persisted or kept after it is taken.
 */
export interface LoginPayload {
  identifier: { field: 'email' | 'phone' | 'cpf'; value: string };
  password: string;
}

export interface RegisterPayload {
  name: string;
  email: string;
  phone?: string;
  password: string;
  password_confirmation: string;
  birth_date: string;
  terms: true;
  captcha_token: string;
  referral_code?: string | null;
  cpf?: string;
  language: 'pt' | 'en';
}

/** The new password of the recovery's last step (the e-mail and code are the login modal's context). */
export interface RecoveryPayload {
  password: string;
  password_confirmation: string;
}

/** A complete, valid CPF typed on the registration form, for the server check (digits only). */
export interface CpfPayload {
  cpf: string;
}

export interface DropPayloads {
  login: LoginPayload;
  register: RegisterPayload;
  google: { idToken: string };
  recovery: RecoveryPayload;
  /** The new password of a signed-in password change (/user/edit/access-data). */
  passwordChange: RecoveryPayload;
  /** The current password that authorises an e-mail or phone change (/user/edit/access-data). */
  contactChange: { password: string };
  cpf: CpfPayload;
  /** The removal token of a sign-in refused for an indefinite self-exclusion (POST /profile/self-exclusion/remove). */
  exclusionRemoval: { token: string };
  /** A second-factor code typed by the player (authenticator, recovery or e-mail code; Portaria SPA/MF 722/2024). */
  secondFactorCode: { code: string };
}

export interface SecretDrop {
  put<K extends keyof DropPayloads>(kind: K, value: DropPayloads[K]): void;
  /** The values, once: a second take answers undefined. */
  take<K extends keyof DropPayloads>(kind: K): DropPayloads[K] | undefined;
}

export function createSecretDrop(): SecretDrop {
  const held = new Map<keyof DropPayloads, unknown>();
  return {
    put: (kind, value) => {
      held.set(kind, value);
    },
    take: <K extends keyof DropPayloads>(kind: K) => {
      const value = held.get(kind) as DropPayloads[K] | undefined;
      held.delete(kind);
      return value;
    },
  };
}
