/**
 * The signed-in player's sessions (/user/edit/access-data; a sandbox extension of §7, openapi tag
 * `account-sessions`): the list of live sessions (public id, user agent, when it signed in and was last used, which
 * one is asking), ending one of them, and "sign out everywhere else" (every session but the one asking, as the big
 * accounts do). Another player's session, or one already ended, is 404: its existence is not told. Each ending goes
 * to the audit trail (counts and ids, never tokens or their hashes).
 */
import { DEFAULT_SESSION_LIFETIME, listLiveSessions, revokeOtherSessions, revokeSession } from '../sessions';
import { appendAudit } from '../../audit/trail';
import { ok, type Ctx, type Handler } from '../context';
import { fail } from '../errors';
import { requirePlayer, requireSessionHash } from './guards';

const NOT_FOUND = 'Sessão não encontrada.';

const lifetimeOf = (ctx: Ctx) => ({
  idleMs: ctx.config.sessionIdleMs ?? DEFAULT_SESSION_LIFETIME.idleMs,
  maxMs: ctx.config.sessionMaxMs ?? DEFAULT_SESSION_LIFETIME.maxMs,
});

export const listAccountSessions: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const current = requireSessionHash(ctx);
  const rows = await listLiveSessions(ctx.db, player.id, ctx.now, lifetimeOf(ctx));
  return ok({
    data: rows.map((row) => ({
      id: row.id,
      user_agent: row.user_agent,
      created_at: row.created_at.toISOString(),
      last_seen_at: row.last_seen_at.toISOString(),
      current: row.token_hash === current,
    })),
  });
};

export const revokeOtherAccountSessions: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const current = requireSessionHash(ctx);
  const ended = await ctx.db.transaction(async (tx) => {
    const count = await revokeOtherSessions(tx, player.id, current, ctx.now);
    await appendAudit(tx, {
      brandId: ctx.brand.id,
      playerId: player.id,
      actor: 'player',
      action: 'sessions.revoked_others',
      after: { sessions_ended: count },
      at: ctx.now,
    });
    return count;
  });
  return ok({
    revoked: ended,
    message:
      ended === 0
        ? 'Nenhuma outra sessão estava aberta.'
        : ended === 1
          ? '1 sessão encerrada.'
          : `${ended} sessões encerradas.`,
  });
};

export const revokeAccountSession: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const current = requireSessionHash(ctx);
  const id = Number(ctx.params.id);
  const live = await listLiveSessions(ctx.db, player.id, ctx.now, lifetimeOf(ctx));
  // Only the player's own live sessions are found; another player's id answers as an unknown one.
  const target = live.find((row) => row.id === id);
  if (!target) fail(404, NOT_FOUND);
  await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, target.token_hash, ctx.now);
    await appendAudit(tx, {
      brandId: ctx.brand.id,
      playerId: player.id,
      actor: 'player',
      action: 'sessions.revoked_one',
      after: { session_id: target.id, this_session: target.token_hash === current },
      at: ctx.now,
    });
  });
  return ok({ message: 'Sessão encerrada.' });
};
