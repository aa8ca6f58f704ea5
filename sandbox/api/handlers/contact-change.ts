/**
 * Changing the signed-in player's e-mail or phone (/user/edit/access-data; a sandbox extension of §7,
 * openapi tag `account-sessions`), as the big accounts do:
 *
 * 1. POST /profile/change-email (or change-phone) with the new value and the player's current password (whoever
 *    holds only a session cannot take the account over): a wrong password is 422 on `password`, and only then is
 *    the new value checked (the same as now, or another player's of the brand: 422 on the field, without saying
 *    whose). A 6-digit code goes to the NEW address (the outbox, shown in the QA panel), kept with the address it
 *    was sent to.
 * 2. POST /profile/change-email/confirm (or change-phone/confirm) with the code: the new value becomes the
 *    player's, verified, and a notice goes to the OLD address. Refusals as POST /auth/verify-email (422 wrong with
 *    the tries left, 410 expired or none waiting, 429 burnt); 409 when another player took the value meanwhile.
 *
 * Both steps go to the audit trail with the addresses masked (sandbox/api/audit.ts), never the password or code.
 */
import type { Queryable } from '../../db/types';
import { CONTACT_CHANGE_REFUSALS } from '../../../shared/contact-change';
import { normalizeBrazilianPhone } from '../../../shared/phone';
import type { RequestBody } from '../../../shared/api/types';
import { appendAudit, maskEmail, maskPhone } from '../../audit/trail';
import type { Brand } from '../brands';
import { issueCode, tryCode, type CodeOutcome } from '../codes';
import { ok, type Ctx, type Handler } from '../context';
import { fail, fieldError } from '../errors';
import { hashPassword, verifyPassword } from '../passwords';
import { findPlayerBy, findPlayerById, isUniqueViolation, toUser, type PlayerRow } from '../players';
import { refuseCode, resendTooSoon } from './auth';
import { requirePlayer } from './guards';
import { formatDateTime } from './responsible-gaming';

type Channel = 'email' | 'phone';

export const CONTACT_CHANGE_MESSAGES = CONTACT_CHANGE_REFUSALS;

const PURPOSE = { email: 'email_change', phone: 'phone_change' } as const;
const LABEL = { email: 'E-mail', phone: 'Telefone' } as const;
const mask = (channel: Channel, value: string) => (channel === 'email' ? maskEmail(value) : maskPhone(value));

// A fixed hash to verify against when the player has no password, so both paths cost the same.
let dummyHash: Promise<string> | undefined;
const timingDummy = () => (dummyHash ??= hashPassword('sandbox-timing-equaliser-contact'));

async function assertPassword(player: PlayerRow, password: string): Promise<void> {
  const valid = await verifyPassword(password, player.password_hash ?? (await timingDummy()));
  if (!player.password_hash) fieldError('password', CONTACT_CHANGE_MESSAGES.noPassword);
  if (!valid) fieldError('password', CONTACT_CHANGE_MESSAGES.wrongPassword);
}

const currentOf = (player: PlayerRow, channel: Channel) => (channel === 'email' ? player.email : player.phone);
const sameValue = (channel: Channel, a: string | null, b: string) =>
  a !== null && (channel === 'email' ? a.toLowerCase() === b.toLowerCase() : a === b);

/** The new value as stored (e-mail trimmed; phone in E.164), or a 422 on the field. */
function newValueOf(channel: Channel, body: Record<string, unknown>): string {
  const given = String(body[channel] ?? '').trim();
  if (channel === 'email') return given;
  const phone = normalizeBrazilianPhone(given);
  if (!phone) fieldError('phone', CONTACT_CHANGE_MESSAGES.invalidPhone);
  if (!/^\+55\d{2}9\d{8}$/.test(phone)) fieldError('phone', CONTACT_CHANGE_MESSAGES.notMobile);
  return phone;
}

function codeMessage(brand: Brand, channel: Channel) {
  return channel === 'email'
    ? {
        channel: 'email' as const,
        subject: `${brand.name}: confirme seu novo e-mail`,
        body: (code: string) =>
          `Seu código para confirmar este e-mail na sua conta é ${code}. Ele vale por 15 minutos. Se você não pediu, ignore esta mensagem.`,
      }
    : {
        channel: 'sms' as const,
        subject: `${brand.name}: confirme seu novo telefone`,
        body: (code: string) => `${brand.name}: seu código para confirmar este telefone é ${code}. Vale 15 minutos.`,
      };
}

async function requestChange(ctx: Ctx, channel: Channel) {
  const { db, brand, now } = ctx;
  const player = requirePlayer(ctx);
  const body = ctx.body as RequestBody<'requestEmailChange'> | RequestBody<'requestPhoneChange'>;
  const value = newValueOf(channel, body as unknown as Record<string, unknown>);
  // The password first: without it, nothing is learnt about the new value.
  await assertPassword(player, body.password);
  if (sameValue(channel, currentOf(player, channel), value))
    fieldError(channel, channel === 'email' ? CONTACT_CHANGE_MESSAGES.sameEmail : CONTACT_CHANGE_MESSAGES.samePhone);
  const other = await findPlayerBy(db, brand.id, channel, value);
  if (other && other.id !== player.id)
    fieldError(channel, channel === 'email' ? CONTACT_CHANGE_MESSAGES.takenEmail : CONTACT_CHANGE_MESSAGES.takenPhone);

  const issued = await db.transaction(async (tx) => {
    const sent = await issueCode(
      tx,
      PURPOSE[channel],
      { brandId: brand.id, playerId: player.id, address: value, ...codeMessage(brand, channel) },
      now,
    );
    // Within §9's wait nothing was sent: the code already out keeps the address it was sent to (it must never
    // confirm another one).
    if (!sent.sent) return sent;
    await tx.query(
      'UPDATE verification_codes SET pending_value = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
      [player.id, PURPOSE[channel], value],
    );
    await appendAudit(tx, {
      brandId: brand.id,
      playerId: player.id,
      actor: 'player',
      action: `${channel}.change_requested`,
      before: { [channel]: currentOf(player, channel) },
      after: { [channel]: value },
      at: now,
    });
    return sent;
  });
  if (!issued.sent) return resendTooSoon(issued.waitSeconds);
  return ok({
    message:
      channel === 'email'
        ? `Enviamos um código para ${value}. Digite-o para confirmar o novo e-mail.`
        : 'Enviamos um código por SMS para o novo telefone. Digite-o para confirmá-lo.',
  });
}

type ConfirmOutcome = CodeOutcome | { kind: 'taken' };

/** "Your e-mail (phone) was changed", to the address the player had: whoever lost the account learns it at once. */
async function noticeOldAddress(
  tx: Queryable,
  brand: Brand,
  player: PlayerRow,
  channel: Channel,
  value: string,
  now: Date,
) {
  const old = currentOf(player, channel);
  if (!old) return;
  const when = formatDateTime(now);
  const [subject, body] =
    channel === 'email'
      ? [
          `${brand.name}: seu e-mail foi alterado`,
          `O e-mail da sua conta foi alterado para ${mask('email', value)} em ${when}. Se não foi você, fale com o suporte agora.`,
        ]
      : [
          `${brand.name}: seu telefone foi alterado`,
          `${brand.name}: o telefone da sua conta foi alterado para ${mask('phone', value)} em ${when}. Se não foi você, fale com o suporte.`,
        ];
  await tx.query(
    `INSERT INTO outbox (brand_id, user_id, channel, recipient, subject, body, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [brand.id, player.id, channel === 'email' ? 'email' : 'sms', old, subject, body, now],
  );
}

async function confirmChange(ctx: Ctx, channel: Channel) {
  const { db, brand, now } = ctx;
  const player = requirePlayer(ctx);
  const code = (ctx.body as RequestBody<'confirmEmailChange'>).code;
  let outcome: ConfirmOutcome;
  try {
    // The attempt count must persist, so the transaction returns the outcome instead of throwing.
    outcome = await db.transaction(async (tx): Promise<ConfirmOutcome> => {
      const [pending] = await tx.query<{ pending_value: string | null }>(
        `SELECT pending_value FROM verification_codes WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL
          ORDER BY created_at DESC, id DESC LIMIT 1`,
        [player.id, PURPOSE[channel]],
      );
      const result = await tryCode(tx, PURPOSE[channel], player.id, code, now, true);
      if (result.kind !== 'ok') return result;
      const value = pending?.pending_value;
      if (!value) return { kind: 'none' };
      const other = await findPlayerBy(tx, brand.id, channel, value);
      if (other && other.id !== player.id) return { kind: 'taken' };
      await tx.query(`UPDATE users SET ${channel} = $2, ${channel}_verified_at = $3 WHERE id = $1`, [
        player.id,
        value,
        now,
      ]);
      await noticeOldAddress(tx, brand, player, channel, value, now);
      await appendAudit(tx, {
        brandId: brand.id,
        playerId: player.id,
        actor: 'player',
        action: `${channel}.changed`,
        before: {
          [channel]: currentOf(player, channel),
          verified: (channel === 'email' ? player.email_verified_at : player.phone_verified_at) !== null,
        },
        after: { [channel]: value, verified: true },
        at: now,
      });
      return result;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      fail(409, CONTACT_CHANGE_MESSAGES.takenMeanwhile, { [channel]: [CONTACT_CHANGE_MESSAGES.takenMeanwhile] });
    throw error;
  }
  if (outcome.kind === 'taken')
    fail(409, CONTACT_CHANGE_MESSAGES.takenMeanwhile, { [channel]: [CONTACT_CHANGE_MESSAGES.takenMeanwhile] });
  refuseCode(outcome);
  const updated = await findPlayerById(db, player.id);
  return ok({ data: toUser(updated ?? player), message: `${LABEL[channel]} alterado e verificado.` });
}

export const requestEmailChange: Handler = (ctx) => requestChange(ctx, 'email');
export const confirmEmailChange: Handler = (ctx) => confirmChange(ctx, 'email');
export const requestPhoneChange: Handler = (ctx) => requestChange(ctx, 'phone');
export const confirmPhoneChange: Handler = (ctx) => confirmChange(ctx, 'phone');
