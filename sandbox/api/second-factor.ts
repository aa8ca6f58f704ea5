/**
 * The second factor (Portaria SPA/MF 722/2024: multi-factor authentication): TOTP (RFC 6238, with the kept
 * `otpauth` library: SHA-1, 6 digits, 30 s, one step of drift either way) and 10 single-use recovery codes, kept
 * only as SHA-256 hashes. Codes never reach a log, the audit trail or an answer other than the one that shows the
 * recovery codes once.
 *
 * Wrong codes (TOTP, recovery, the lost-device e-mail code) are counted per player: 5 in 15 minutes and every
 * further attempt answers 429 `second_factor_rate_limited` until the oldest of them is 15 minutes old, right code
 * or not (a guesser learns nothing from a 429).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Queryable } from '../db/types';
import { ApiError } from './errors';

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** The rate limit of wrong second-factor codes: 5 in 15 minutes. */
export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_WINDOW_MS = 15 * 60_000;
/** How long a sign-in may wait for its second factor. */
export const SECOND_FACTOR_TICKET_MS = 10 * 60_000;

export const SECOND_FACTOR_MESSAGES = {
  invalid: 'Código incorreto. Confira o código e tente de novo.',
  rateLimited: 'Muitas tentativas com código incorreto. Aguarde para tentar de novo.',
  expired: 'O tempo para confirmar o acesso acabou. Entre de novo.',
  required: 'Confirme com o código do seu aplicativo autenticador.',
  alreadyEnrolled: 'A verificação em duas etapas já está ativa.',
  notStarted: 'Comece a ativação de novo: nenhum código aguardando confirmação.',
} as const;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function totpOf(secretBase32: string, label = 'player', issuer = 'Casino'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret and its `otpauth://` URI (the authenticator's QR code). */
export function newTotpSecret(label: string, issuer: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, label, issuer).toString() };
}

/** The time step the code belongs to (within one step of `now`), or null when it is not the secret's. */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / TOTP_PERIOD_S) + delta;
}

/** The code of a secret at a moment (the sandbox's tests and the e2e tests use it as the authenticator). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totpOf(secretBase32).generate({ timestamp: at.getTime() });
}

/** 10 recovery codes `xxxx-xxxx` (lowercase letters and digits without look-alikes). */
export function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(8);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

const normaliseRecovery = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

export async function storeRecoveryCodes(tx: Queryable, userId: number, codes: string[], now: Date): Promise<void> {
  await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  for (const code of codes) {
    await tx.query('INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES ($1, $2, $3)', [
      userId,
      sha256(normaliseRecovery(code)),
      now,
    ]);
  }
}

/** Uses up one of the player's recovery codes; false when none matches (or it was used). */
export async function useRecoveryCode(tx: Queryable, userId: number, code: string, now: Date): Promise<boolean> {
  const hash = Buffer.from(sha256(normaliseRecovery(code)), 'hex');
  const rows = await tx.query<{ id: number; code_hash: string }>(
    'SELECT id, code_hash FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  const match = rows.find((row) => timingSafeEqual(Buffer.from(row.code_hash, 'hex'), hash));
  if (!match) return false;
  await tx.query('UPDATE recovery_codes SET used_at = $2 WHERE id = $1', [match.id, now]);
  return true;
}

/**
 * A TOTP code checked against the player's confirmed secret (or, when `pending`, the enrolment's): accepted once
 * per time step (a code seen before is refused). Writes the step used.
 */
export async function useTotp(
  tx: Queryable,
  player: { id: number; totp_secret: string | null; totp_pending: string | null; totp_last_step: string | null },
  code: string,
  now: Date,
  which: 'confirmed' | 'pending' = 'confirmed',
): Promise<boolean> {
  const secret = which === 'pending' ? player.totp_pending : player.totp_secret;
  if (!secret) return false;
  const step = totpStep(secret, code, now);
  if (step === null) return false;
  if (which === 'confirmed' && player.totp_last_step !== null && step <= Number(player.totp_last_step)) return false;
  await tx.query('UPDATE users SET totp_last_step = $2 WHERE id = $1', [player.id, step]);
  return true;
}

/** 429 `second_factor_rate_limited` with Retry-After when 5 wrong codes fell in the last 15 minutes. */
export async function assertSecondFactorAttemptsLeft(db: Queryable, userId: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - SECOND_FACTOR_WINDOW_MS);
  const rows = await db.query<{ at: Date }>(
    'SELECT at FROM second_factor_failures WHERE user_id = $1 AND at > $2 ORDER BY at DESC LIMIT $3',
    [userId, since, SECOND_FACTOR_MAX_FAILURES],
  );
  if (rows.length < SECOND_FACTOR_MAX_FAILURES) return;
  const oldest = rows[rows.length - 1]?.at ?? now;
  const waitS = Math.max(1, Math.ceil((oldest.getTime() + SECOND_FACTOR_WINDOW_MS - now.getTime()) / 1000));
  throw new SecondFactorRateLimited(waitS);
}

export class SecondFactorRateLimited extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, {
      message: SECOND_FACTOR_MESSAGES.rateLimited,
      code: 'second_factor_rate_limited',
      errors: { code: [SECOND_FACTOR_MESSAGES.rateLimited] },
    });
  }
}

/** Counts a wrong code (outside any transaction that is about to be rolled back). */
export async function recordSecondFactorFailure(db: Queryable, userId: number, now: Date): Promise<void> {
  await db.query('INSERT INTO second_factor_failures (user_id, at) VALUES ($1, $2)', [userId, now]);
}

export function invalidSecondFactor(): never {
  throw new ApiError(422, {
    message: SECOND_FACTOR_MESSAGES.invalid,
    code: 'second_factor_invalid',
    errors: { code: [SECOND_FACTOR_MESSAGES.invalid] },
  });
}

/** A sign-in waiting for its second factor: an opaque ticket, kept hashed. */
export async function issueTicket(
  db: Queryable,
  userId: number,
  now: Date,
): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + SECOND_FACTOR_TICKET_MS);
  await db.query(
    'INSERT INTO second_factor_tickets (ticket_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [sha256(ticket), userId, now, expiresAt],
  );
  return { ticket, expiresAt };
}

export interface TicketRow {
  ticket_hash: string;
  user_id: number;
  recovered_at: Date | null;
}

/** The live ticket (not used, not expired), or 410 `second_factor_expired`. */
export async function liveTicket(db: Queryable, ticket: string, now: Date): Promise<TicketRow> {
  const [row] = await db.query<TicketRow>(
    `SELECT ticket_hash, user_id, recovered_at FROM second_factor_tickets
      WHERE ticket_hash = $1 AND used_at IS NULL AND expires_at > $2`,
    [sha256(ticket), now],
  );
  if (!row)
    throw new ApiError(410, {
      message: SECOND_FACTOR_MESSAGES.expired,
      code: 'second_factor_expired',
    });
  return row;
}

/** 403 `second_factor_required`: the action waits for a code from the authenticator. */
export function secondFactorRequired(): never {
  throw new ApiError(403, {
    message: SECOND_FACTOR_MESSAGES.required,
    code: 'second_factor_required',
    errors: { second_factor_code: [SECOND_FACTOR_MESSAGES.required] },
  });
}
