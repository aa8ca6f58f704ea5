/**
 * Responsible gaming (openapi tag `responsible-gaming`): limits with a cooling-off for raises and
 * removals, the reality check, the session summary, and self-exclusion (start; removal of an indefinite one
 * after its waiting period, with the login's one-use token). Every change goes to the audit trail.
 */
import { randomBytes } from 'node:crypto';
import type { RequestBody, Schema } from '../../../shared/api/types';
import { responsibleGamingOf } from '../../config';
import type { Queryable } from '../../db/types';
import { appendAudit } from '../../audit/trail';
import { ok, type Ctx, type Handler } from '../context';
import { ApiError, fieldError } from '../errors';
import { activeSelfExclusion, type PlayerRow } from '../players';
import {
  applyDueLimits,
  depositsUsed,
  effectiveLimit,
  LIMIT_SLOTS,
  limitRows,
  limitState,
  lossUsed,
  minutesToday,
  MONEY_LIMIT,
  playSince,
  SESSION_LIMIT,
  type LimitRow,
} from '../responsible-gaming';
import { addMonthsClamped, endOfLocalDay, formatInSaoPaulo, isoDate } from '../../../shared/sao-paulo';
import { endSelfExclusion, startSelfExclusion } from '../self-exclusion';
import { hashToken } from '../sessions';
import { formatBRL } from '../../../shared/money';
import { FieldErrorList, requirePlayer } from './guards';

export const formatDate = (at: Date) => formatInSaoPaulo(at, 'pt-BR', { dateStyle: 'short' });
export const formatDateTime = (at: Date) => formatInSaoPaulo(at, 'pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function sessionOf(ctx: Ctx) {
  if (ctx.identity.kind !== 'player') throw new ApiError(401, { message: 'Sessão expirada ou inexistente.' });
  return ctx.identity;
}

/** The settings as the contract's ResponsibleGaming (due pending changes written first). */
async function settingsBody(ctx: Ctx, overrides: LimitRow[] = []): Promise<Schema<'ResponsibleGaming'>> {
  const session = sessionOf(ctx);
  const { db, now } = ctx;
  const playerId = session.player.id;
  await db.transaction((tx) => applyDueLimits(tx, { brandId: ctx.brand.id, playerId, now }));
  const [rows, deposits, loss, minutes, player] = await Promise.all([
    limitRows(db, playerId),
    depositsUsed(db, playerId, now),
    lossUsed(db, playerId, now),
    minutesToday(db, playerId, now, { tokenHash: session.tokenHash }),
    db.query<{ reality_check_minutes: 15 | 30 | 60 }>('SELECT reality_check_minutes FROM users WHERE id = $1', [
      playerId,
    ]),
  ]);
  const find = (kind: string, period: string) =>
    overrides.find((r) => r.kind === kind && r.period === period) ??
    rows.find((r) => r.kind === kind && r.period === period);
  const { coolingMs, exclusionWaitMs } = responsibleGamingOf(ctx.config);
  return {
    limits: LIMIT_SLOTS.map(({ kind, period }) => {
      const row = find(kind, period);
      const used = kind === 'deposit' ? deposits[period] : kind === 'loss' ? loss[period] : minutes;
      return {
        kind,
        period,
        amount: row ? effectiveLimit(row, now) : null,
        used,
        pending:
          row?.pending_from && row.pending_from > now
            ? { amount: row.pending_amount, from: row.pending_from.toISOString() }
            : null,
      };
    }),
    reality_check_minutes: player[0]?.reality_check_minutes ?? 60,
    cooling_off_hours: Math.ceil(coolingMs / 3_600_000),
    indefinite_wait_days: Math.ceil(exclusionWaitMs / 86_400_000),
    session_started_at: session.sessionStartedAt.toISOString(),
  };
}

export const getResponsibleGaming: Handler = async (ctx) => ok({ data: await settingsBody(ctx) });

const valueText = (kind: LimitRow['kind'], amount: number) =>
  kind === 'session' ? `${amount} minutos` : formatBRL('pt-BR', amount);

export const LIMIT_MESSAGES = {
  sessionPeriod: 'O limite de tempo de jogo é só diário: use o período "day".',
  sessionRange: `O limite de tempo de jogo deve estar entre ${SESSION_LIMIT.min} e ${SESSION_LIMIT.max} minutos por dia.`,
  moneyRange: `O limite deve estar entre ${formatBRL('pt-BR', MONEY_LIMIT.min)} e ${formatBRL('pt-BR', MONEY_LIMIT.max)}.`,
} as const;

export const setResponsibleLimit: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const { kind, period, amount } = ctx.body as RequestBody<'setResponsibleLimit'>;
  const errors = new FieldErrorList();
  if (kind === 'session' && period !== 'day') errors.add('period', LIMIT_MESSAGES.sessionPeriod);
  if (amount !== null) {
    const range = kind === 'session' ? SESSION_LIMIT : MONEY_LIMIT;
    if (amount < range.min || amount > range.max)
      errors.add('amount', kind === 'session' ? LIMIT_MESSAGES.sessionRange : LIMIT_MESSAGES.moneyRange);
  }
  errors.throwIfAny();
  const { coolingMs } = responsibleGamingOf(ctx.config);
  const { now } = ctx;

  // One transaction, the limit's row locked: concurrent changes are applied one after the other.
  const { row, message } = await ctx.db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO player_limits (user_id, kind, period, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, kind, period) DO NOTHING`,
      [player.id, kind, period, now],
    );
    const [locked] = await tx.query<LimitRow>(
      'SELECT * FROM player_limits WHERE user_id = $1 AND kind = $2 AND period = $3 FOR UPDATE',
      [player.id, kind, period],
    );
    if (!locked) throw new Error('limit row vanished');
    await applyDueLimits(tx, { brandId: ctx.brand.id, playerId: player.id, now });
    const [current] = await tx.query<LimitRow>(
      'SELECT * FROM player_limits WHERE user_id = $1 AND kind = $2 AND period = $3',
      [player.id, kind, period],
    );
    if (!current) throw new Error('limit row vanished');
    const inForce = current.amount;
    const waiting = current.pending_from !== null;

    let next: { amount: number | null; pendingAmount: number | null; pendingFrom: Date | null };
    let action: string;
    let text: string;
    if (amount !== null && (inForce === null || amount <= inForce)) {
      next = { amount, pendingAmount: null, pendingFrom: null };
      action = waiting ? 'limit.cancelled' : 'limit.set';
      text =
        inForce === null
          ? `Limite de ${valueText(kind, amount)} definido; vale a partir de agora.`
          : `Limite reduzido para ${valueText(kind, amount)}; vale a partir de agora.`;
      if (waiting) text += ' A alteração que aguardava o período de espera foi cancelada.';
    } else if (amount === null && inForce === null) {
      return { row: current, message: 'Não há limite em vigor para remover.' };
    } else if (waiting && current.pending_amount === amount && current.pending_from) {
      const from = current.pending_from;
      return { row: current, message: `Esta alteração já está agendada para ${formatDateTime(from)}.` };
    } else {
      const from = new Date(now.getTime() + coolingMs);
      next = { amount: inForce, pendingAmount: amount, pendingFrom: from };
      action = 'limit.pending';
      text =
        amount === null
          ? `A remoção do limite vale a partir de ${formatDateTime(from)}; até lá o limite atual continua valendo.`
          : `O aumento para ${valueText(kind, amount)} vale a partir de ${formatDateTime(from)}; até lá o limite atual continua valendo.`;
    }
    const [updated] = await tx.query<LimitRow>(
      `UPDATE player_limits SET amount = $4, pending_amount = $5, pending_from = $6, updated_at = $7
        WHERE user_id = $1 AND kind = $2 AND period = $3 RETURNING *`,
      [player.id, kind, period, next.amount, next.pendingAmount, next.pendingFrom, now],
    );
    if (!updated) throw new Error('limit row vanished');
    await appendAudit(tx, {
      brandId: ctx.brand.id,
      playerId: player.id,
      actor: 'player',
      action,
      before: { kind, period, ...limitState(current) },
      after: { kind, period, requested: amount, ...limitState(updated) },
      at: now,
    });
    return { row: updated, message: text };
  });
  return ok({ data: await settingsBody(ctx, [row]), message });
};

export const setRealityCheck: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const { minutes } = ctx.body as RequestBody<'setRealityCheck'>;
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx.query<{ reality_check_minutes: number }>(
      'SELECT reality_check_minutes FROM users WHERE id = $1 FOR UPDATE',
      [player.id],
    );
    await tx.query('UPDATE users SET reality_check_minutes = $2 WHERE id = $1', [player.id, minutes]);
    await appendAudit(tx, {
      brandId: ctx.brand.id,
      playerId: player.id,
      actor: 'player',
      action: 'reality_check.changed',
      before: { minutes: before?.reality_check_minutes ?? null },
      after: { minutes },
      at: ctx.now,
    });
  });
  return ok({
    data: await settingsBody(ctx),
    message: `O lembrete de tempo de jogo vai aparecer a cada ${minutes} minutos.`,
  });
};

export const getSessionSummary: Handler = async (ctx) => {
  const session = sessionOf(ctx);
  const started = session.sessionStartedAt;
  const totals = await playSince(ctx.db, session.player.id, started);
  return ok({
    data: {
      started_at: started.toISOString(),
      minutes: Math.max(0, Math.floor((ctx.now.getTime() - started.getTime()) / 60_000)),
      rounds: totals.rounds,
      staked: totals.staked,
      won: totals.won,
      net: totals.won - totals.staked,
    },
  });
};

export const SELF_EXCLUSION_MESSAGES = {
  dateMissing: (date: Date) => `Confirme a data final: a autoexclusão terminaria em ${formatDate(date)}.`,
  dateChanged: (date: Date | null) =>
    date
      ? `A data final mudou: agora a autoexclusão terminaria em ${formatDate(date)}. Confirme de novo.`
      : 'Uma autoexclusão por tempo indeterminado não tem data final. Confirme de novo.',
  invalidToken: 'Este pedido de encerramento é inválido ou expirou. Entre de novo com sua senha.',
} as const;

export const startSelfExclusionHandler: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const body = ctx.body as RequestBody<'startSelfExclusion'>;
  const { now } = ctx;
  const endDate = body.value === 'indefinite' ? null : addMonthsClamped(now, Number(body.value));
  const end = endDate ? endOfLocalDay(endDate) : null;
  // The date the confirmation showed (required: null only for indefinite) must be the one computed now (the
  // day may have turned meanwhile).
  if (end !== null && body.date === null) fieldError('date', SELF_EXCLUSION_MESSAGES.dateMissing(end));
  if (body.date !== (endDate ? isoDate(endDate) : null)) fieldError('date', SELF_EXCLUSION_MESSAGES.dateChanged(end));
  await startSelfExclusion(
    { db: ctx.db, publisher: ctx.publisher, realtime: ctx.realtime },
    player.id,
    { start: now, end },
    { actor: 'player', now, endEverything: true },
  );
  const { exclusionWaitMs } = responsibleGamingOf(ctx.config);
  const message = end
    ? `Autoexclusão confirmada de ${formatDate(now)} até ${formatDate(end)}. Sua sessão foi encerrada em todos os aparelhos.`
    : `Autoexclusão por tempo indeterminado a partir de ${formatDate(now)}. Ela só poderá ser encerrada a partir de ${formatDate(new Date(now.getTime() + exclusionWaitMs))}. Sua sessão foi encerrada em todos os aparelhos.`;
  return ok({ message, start_at: now.toISOString(), end_at: end?.toISOString() ?? null });
};

/** Removal tokens live 10 minutes and are used once. */
export const REMOVAL_TOKEN_MS = 10 * 60_000;

/** The login's 403 extras of an indefinite exclusion: when it may end, and a one-use token to end it then. */
export async function issueRemovalToken(
  db: Queryable,
  player: Pick<PlayerRow, 'id'>,
  period: { start: Date },
  now: Date,
  waitMs: number,
): Promise<{ removable_at: string; removal_token: string }> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    'INSERT INTO self_exclusion_removal_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [hashToken(token), player.id, now, new Date(now.getTime() + REMOVAL_TOKEN_MS)],
  );
  return { removable_at: new Date(period.start.getTime() + waitMs).toISOString(), removal_token: token };
}

export const removeSelfExclusion: Handler = async (ctx) => {
  const { token } = ctx.body as RequestBody<'removeSelfExclusion'>;
  const { now } = ctx;
  const { exclusionWaitMs } = responsibleGamingOf(ctx.config);
  const message = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<{
      user_id: number;
      used_at: Date | null;
      expires_at: Date;
      brand_id: number;
      self_excluded_at: Date | null;
      self_excluded_until: Date | null;
    }>(
      `SELECT t.user_id, t.used_at, t.expires_at, u.brand_id, u.self_excluded_at, u.self_excluded_until
         FROM self_exclusion_removal_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = $1 FOR UPDATE OF t`,
      [hashToken(token)],
    );
    if (!row || row.used_at !== null || row.expires_at <= now || row.brand_id !== ctx.brand.id) {
      fieldError('token', SELF_EXCLUSION_MESSAGES.invalidToken);
    }
    const period = activeSelfExclusion(row, now);
    if (!period) {
      await tx.query('UPDATE self_exclusion_removal_tokens SET used_at = $2 WHERE token_hash = $1', [
        hashToken(token),
        now,
      ]);
      return 'Sua conta não está em autoexclusão: você já pode entrar.';
    }
    const base = {
      selfExcluded: true,
      start_at: period.start.toISOString(),
      end_at: period.end?.toISOString() ?? null,
    };
    if (period.end) {
      throw new ApiError(403, {
        message: `Sua autoexclusão vai até ${formatDate(period.end)} e não pode ser encerrada antes do fim do prazo.`,
        ...base,
      });
    }
    const removableAt = new Date(period.start.getTime() + exclusionWaitMs);
    if (now < removableAt) {
      throw new ApiError(403, {
        message: `A autoexclusão por tempo indeterminado só pode ser encerrada a partir de ${formatDateTime(removableAt)}.`,
        ...base,
        removable_at: removableAt.toISOString(),
      });
    }
    await tx.query('UPDATE self_exclusion_removal_tokens SET used_at = $2 WHERE token_hash = $1', [
      hashToken(token),
      now,
    ]);
    await endSelfExclusion(tx, row.user_id, now, 'player');
    return 'Autoexclusão encerrada. Você já pode entrar na sua conta.';
  });
  return ok({ message });
};
