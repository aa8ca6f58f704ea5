/**
 * The second factor's operations (Portaria SPA/MF 722/2024): enrolment from the access-data page (a TOTP secret,
 * confirmed by a code, then 10 recovery codes shown once) and the sign-in's challenge (the ticket of a 202 login →
 * a session), with the lost-device path: a recovery code, then an e-mail code (the verification-code mechanism of
 * sandbox/api/codes.ts and its outbox, which the QA panel shows), after which the second factor is removed.
 * Codes are never logged nor put in the audit trail (only that one was accepted or refused).
 */
import { responsibleGamingOf } from '../../config';
import type { RequestBody } from '../../../shared/api/types';
import { appendAudit, recordNotice } from '../../audit/trail';
import { issueCode, tryCode } from '../codes';
import { ok, type Ctx, type Handler, type Reply } from '../context';
import { ApiError, fail } from '../errors';
import { activeSelfExclusion, assertNotSelfExcluded, findPlayerById, toUser, type PlayerRow } from '../players';
import { saveRegulatedProfile } from '../regulated-profile';
import {
  assertSecondFactorAttemptsLeft,
  invalidSecondFactor,
  liveTicket,
  newRecoveryCodes,
  newTotpSecret,
  recordSecondFactorFailure,
  SECOND_FACTOR_MESSAGES,
  SecondFactorRateLimited,
  storeRecoveryCodes,
  useRecoveryCode,
  useTotp,
} from '../second-factor';
import { emailRecipient, resendTooSoon, sessionReply } from './auth';
import { requirePlayer } from './guards';

/** A rate-limited attempt answers 429 with Retry-After (the app counts it down). */
export async function withRetryAfter(run: () => Promise<Reply>): Promise<Reply> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof SecondFactorRateLimited)) throw error;
    return { status: 429, body: error.body, headers: { 'retry-after': String(error.retryAfterSeconds) } };
  }
}

/** Checks the rate limit, runs the check and counts a refusal (outside the check's transaction, so it stays). */
export async function attempt(ctx: Ctx, userId: number, check: () => Promise<boolean>): Promise<void> {
  await assertSecondFactorAttemptsLeft(ctx.db, userId, ctx.now);
  if (await check()) return;
  await recordSecondFactorFailure(ctx.db, userId, ctx.now);
  await appendAudit(ctx.db, {
    brandId: ctx.brand.id,
    playerId: userId,
    actor: 'player',
    action: 'second_factor.refused',
    at: ctx.now,
  });
  invalidSecondFactor();
}

export const startSecondFactorEnrolment: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  if (player.totp_enabled_at) fail(409, SECOND_FACTOR_MESSAGES.alreadyEnrolled);
  const { secret, uri } = newTotpSecret(player.email, ctx.brand.name);
  await ctx.db.query('UPDATE users SET totp_pending = $2 WHERE id = $1', [player.id, secret]);
  return ok({ secret, otpauth_uri: uri });
};

export const confirmSecondFactorEnrolment: Handler = (ctx) =>
  withRetryAfter(async () => {
    const player = requirePlayer(ctx);
    if (player.totp_enabled_at) fail(409, SECOND_FACTOR_MESSAGES.alreadyEnrolled);
    if (!player.totp_pending) fail(409, SECOND_FACTOR_MESSAGES.notStarted);
    const { code } = ctx.body as RequestBody<'confirmSecondFactorEnrolment'>;
    await attempt(ctx, player.id, () => useTotp(ctx.db, player, code, ctx.now, 'pending'));
    const codes = newRecoveryCodes();
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        'UPDATE users SET totp_secret = totp_pending, totp_pending = NULL, totp_enabled_at = $2 WHERE id = $1',
        [player.id, ctx.now],
      );
      await storeRecoveryCodes(tx, player.id, codes, ctx.now);
      await appendAudit(tx, {
        brandId: ctx.brand.id,
        playerId: player.id,
        actor: 'player',
        action: 'second_factor.enrolled',
        after: { recovery_codes: codes.length },
        at: ctx.now,
      });
    });
    return ok({
      recovery_codes: codes,
      message:
        'Verificação em duas etapas ativada. Guarde os códigos de recuperação: eles não serão mostrados de novo.',
    });
  });

/** The ticket's player, refused like a sign-in when self-excluded in the meantime. */
async function ticketPlayer(
  ctx: Ctx,
  ticket: string,
): Promise<{ player: PlayerRow; recovered: boolean; hash: string }> {
  const row = await liveTicket(ctx.db, ticket, ctx.now);
  const player = await findPlayerById(ctx.db, row.user_id);
  if (!player || player.brand_id !== ctx.brand.id || !player.totp_enabled_at)
    throw new ApiError(410, { message: SECOND_FACTOR_MESSAGES.expired, code: 'second_factor_expired' });
  if (activeSelfExclusion(player, ctx.now)) assertNotSelfExcluded(player, ctx.now);
  return { player, recovered: row.recovered_at !== null, hash: row.ticket_hash };
}

export const verifySecondFactor: Handler = (ctx) =>
  withRetryAfter(async () => {
    const body = ctx.body as RequestBody<'verifySecondFactor'>;
    const { player, recovered, hash } = await ticketPlayer(ctx, body.ticket);
    const { db, now } = ctx;
    if (body.method === 'recovery') {
      await attempt(ctx, player.id, () => useRecoveryCode(db, player.id, body.code, now));
      await db.query('UPDATE second_factor_tickets SET recovered_at = $2 WHERE ticket_hash = $1', [hash, now]);
      const issued = await db.transaction((tx) =>
        issueCode(tx, 'second_factor', emailRecipient(ctx.brand, player, 'second_factor'), now),
      );
      if (!issued.sent) return resendTooSoon(issued.waitSeconds);
      return ok({ message: 'Código de recuperação aceito. Enviamos um código para o seu e-mail.' }, 202);
    }
    if (body.method === 'email') {
      // The e-mail code only counts after a recovery code (the lost-device path is both).
      await attempt(ctx, player.id, async () =>
        recovered ? (await tryCode(db, 'second_factor', player.id, body.code, now, true)).kind === 'ok' : false,
      );
    } else {
      await attempt(ctx, player.id, () => useTotp(db, player, body.code, now));
    }
    return db.transaction(async (tx) => {
      const [used] = await tx.query(
        'UPDATE second_factor_tickets SET used_at = $2 WHERE ticket_hash = $1 AND used_at IS NULL RETURNING 1',
        [hash, now],
      );
      if (!used) throw new ApiError(410, { message: SECOND_FACTOR_MESSAGES.expired, code: 'second_factor_expired' });
      if (body.method === 'email') {
        // The device is lost: the second factor ends; the player enrols a new one from the access-data page.
        await tx.query(
          `UPDATE users SET totp_secret = NULL, totp_pending = NULL, totp_enabled_at = NULL, totp_last_step = NULL
            WHERE id = $1`,
          [player.id],
        );
        await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [player.id]);
      }
      await appendAudit(tx, {
        brandId: ctx.brand.id,
        playerId: player.id,
        actor: 'player',
        action: body.method === 'email' ? 'second_factor.recovered' : 'second_factor.passed',
        after: { method: body.method },
        at: now,
      });
      await recordNotice(tx, { brandId: ctx.brand.id, playerId: player.id, kind: 'login', at: now });
      const fresh = (await findPlayerById(tx, player.id)) ?? player;
      const agent = ctx.request?.headers?.['user-agent'];
      return sessionReply(tx, fresh, now, 200, typeof agent === 'string' ? agent : undefined);
    });
  });

export const completeRegulatedProfileHandler: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const body = ctx.body as RequestBody<'completeRegulatedProfile'>;
  await ctx.db.transaction((tx) =>
    saveRegulatedProfile(tx, {
      brandId: ctx.brand.id,
      playerId: player.id,
      gender: body.gender,
      limits: body.limits,
      now: ctx.now,
      coolingMs: responsibleGamingOf(ctx.config).coolingMs,
    }),
  );
  const updated = (await findPlayerById(ctx.db, player.id)) ?? player;
  return ok({ data: toUser(updated), message: 'Perfil completo. Seus limites já valem.' });
};
