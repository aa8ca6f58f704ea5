import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/types';

/**
 * 6-digit codes (password recovery, e-mail and phone verification), stored only as hashes. The message the
 * player would receive goes to the outbox table, which the QA panel shows.
 */
export type CodePurpose = 'password_reset' | 'email' | 'phone' | 'email_change' | 'phone_change' | 'second_factor';
export const CODE_TTL_MS = 15 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const INVALID_CODE_MESSAGE = 'Código inválido ou expirado.';
/** §9: the wait before another code of the same purpose may be sent to the player. */
export const CODE_RESEND_WAIT_MS = 20_000;
export const RESEND_TOO_SOON_MESSAGE = 'Aguarde para pedir um novo código.';

const hashCode = (code: string) => createHash('sha256').update(code).digest();

interface Recipient {
  brandId: number;
  playerId: number;
  channel: 'email' | 'sms';
  address: string;
  subject: string;
  body: (code: string) => string;
}

/**
 * Replaces any pending code of the purpose with a new one and "sends" it, unless the last code of the purpose was
 * sent less than §9's 20 s ago: then nothing is sent and the answer is the seconds left to wait. The player's row
 * is locked first, so two requests at once cannot both send.
 */
export async function issueCode(
  tx: Queryable,
  purpose: CodePurpose,
  to: Recipient,
  now: Date,
): Promise<{ sent: true } | { sent: false; waitSeconds: number }> {
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [to.playerId]);
  const [last] = await tx.query<{ resend_after: Date | null }>(
    `SELECT resend_after FROM verification_codes WHERE user_id = $1 AND purpose = $2
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [to.playerId, purpose],
  );
  const waitMs = last?.resend_after ? last.resend_after.getTime() - now.getTime() : 0;
  if (waitMs > 0) return { sent: false, waitSeconds: Math.ceil(waitMs / 1000) };
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.query('UPDATE verification_codes SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL', [
    to.playerId,
    purpose,
    now,
  ]);
  await tx.query(
    `INSERT INTO verification_codes (user_id, purpose, code_hash, created_at, expires_at, resend_after)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      to.playerId,
      purpose,
      hashCode(code).toString('hex'),
      now,
      new Date(now.getTime() + CODE_TTL_MS),
      new Date(now.getTime() + CODE_RESEND_WAIT_MS),
    ],
  );
  await tx.query(
    `INSERT INTO outbox (brand_id, user_id, channel, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [to.brandId, to.playerId, to.channel, to.address, to.subject, to.body(code), now],
  );
  return { sent: true };
}

/** The QA panel ends the player's resend waits at once (every purpose). */
export async function releaseResendWait(tx: Queryable, playerId: number, now: Date): Promise<void> {
  await tx.query('UPDATE verification_codes SET resend_after = $2 WHERE user_id = $1 AND resend_after > $2', [
    playerId,
    now,
  ]);
}

/**
 * Checks the player's pending code of the purpose; a wrong guess counts an attempt (5 burn the code).
 * `consume` marks a correct code used.
 */
export async function checkCode(
  tx: Queryable,
  purpose: CodePurpose,
  playerId: number,
  code: string,
  now: Date,
  consume: boolean,
): Promise<boolean> {
  const [pending] = await tx.query<{ id: number; code_hash: string }>(
    `SELECT id, code_hash FROM verification_codes
      WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 AND attempts < $4
      ORDER BY created_at DESC LIMIT 1`,
    [playerId, purpose, now, MAX_CODE_ATTEMPTS],
  );
  if (!pending) return false;
  const matches = timingSafeEqual(Buffer.from(pending.code_hash, 'hex'), hashCode(code));
  if (!matches) {
    await tx.query('UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1', [pending.id]);
  } else if (consume) {
    await tx.query('UPDATE verification_codes SET used_at = $2 WHERE id = $1', [pending.id, now]);
  }
  return matches;
}

/**
 * What became of a code typed for the player's newest code of the purpose (e-mail and phone verification, which
 * tell the player why): `ok` (used up when `consume`), `wrong` (an attempt counted; `attemptsLeft` after it),
 * `tooMany` (this guess or earlier ones burnt it: 5 wrong), `expired` (older than 15 minutes) or `none` (no
 * code waiting: never asked for, or already used).
 */
export type CodeOutcome =
  | { kind: 'ok' }
  | { kind: 'wrong'; attemptsLeft: number }
  | { kind: 'tooMany' }
  | { kind: 'expired' }
  | { kind: 'none' };

export async function tryCode(
  tx: Queryable,
  purpose: CodePurpose,
  playerId: number,
  code: string,
  now: Date,
  consume: boolean,
): Promise<CodeOutcome> {
  const [latest] = await tx.query<{ id: number; code_hash: string; attempts: number; expires_at: Date }>(
    `SELECT id, code_hash, attempts, expires_at FROM verification_codes
      WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1`,
    [playerId, purpose],
  );
  if (!latest) return { kind: 'none' };
  if (latest.attempts >= MAX_CODE_ATTEMPTS) return { kind: 'tooMany' };
  if (latest.expires_at.getTime() <= now.getTime()) return { kind: 'expired' };
  if (!timingSafeEqual(Buffer.from(latest.code_hash, 'hex'), hashCode(code))) {
    await tx.query('UPDATE verification_codes SET attempts = attempts + 1 WHERE id = $1', [latest.id]);
    const attemptsLeft = MAX_CODE_ATTEMPTS - latest.attempts - 1;
    return attemptsLeft > 0 ? { kind: 'wrong', attemptsLeft } : { kind: 'tooMany' };
  }
  if (consume) await tx.query('UPDATE verification_codes SET used_at = $2 WHERE id = $1', [latest.id, now]);
  return { kind: 'ok' };
}
