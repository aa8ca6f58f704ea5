/**
 * Types of the registration machine (spec §5 Registration, §7 Site and geo, §7 Auth validate-cpf).
 * The CPF never enters an event or the context: the form puts it in the one-shot drop
 * (`src/lib/secret-drop.ts`, kind `cpf`) and sends a bare `registration.cpfTyped`; the `checkCpf` actor supplied by
 * src/app takes it from there. The context keeps only the check's result.
 */

/** §3 Geo lookup result: countryCode, callingCode (defaults BR and 55). */
export interface GeoResult {
  countryCode: string;
  callingCode: string;
}

/** §7/§9: the geo lookup's fallback, used until it answers and when it fails. */
export const DEFAULT_GEO: GeoResult = { countryCode: 'BR', callingCode: '55' };

/** What POST /validate/validate-cpf said about the CPF typed: free, already used on the brand, or refused. */
export type CpfCheckResult = 'valid' | 'taken' | 'invalid';

/** The `checkCpf` actor's output. */
export interface CpfCheckOutput {
  result: CpfCheckResult;
}

/** A finished check as the context keeps it: the result and, when refused, the catalog id of its message. */
export interface CpfCheck {
  result: CpfCheckResult;
  messageId: string | null;
}

/** The catalog ids of the refusals (the server's own texts are Portuguese only; the catalogs follow the locale). */
export const CPF_CHECK_MESSAGE_ID: Record<CpfCheckResult, string | null> = {
  valid: null,
  taken: 'session.validation.cpf_taken',
  invalid: 'session.validation.cpf',
};

export interface RegistrationContext {
  countryCode: string;
  callingCode: string;
  /** The last finished server check of the CPF on screen (null while none finished for it). */
  cpfCheck: CpfCheck | null;
}

export type RegistrationEvent =
  /** A complete CPF that passes the algorithm (§5) was typed and put in the drop: check it with the server. */
  | { type: 'registration.cpfTyped' }
  /** The CPF changed to one that is not complete or not valid: nothing to check, any running check is cancelled. */
  | { type: 'registration.cpfCleared' };
