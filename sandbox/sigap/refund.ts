/**
 * The scheduled end of an impeded player's account (IN SPA/MF 31/2025 and IN SPA/MF 22/2025: the account is closed
 * within 3 days, the player has 2 days to withdraw, then the balance is refunded): once the 2 days have passed the
 * job pays the whole cash balance to the player's own CPF pix key (Portaria SPA/MF 615/2024: only the player's own
 * account) as a platform withdrawal (`wallet_transactions.sigap_refund`, paid at once, its ledger row written by
 * sandbox/money/ledger.ts in the same transaction, under the wallet's lock), forfeits any bonus left (bonus money
 * is never paid out), ends every session and closes the account. Each step is audited.
 */
import { forfeitBonus, activeBonuses } from '../money/bonus';
import { lockWallet, postOrThrow } from '../money/ledger';
import { appendAudit } from '../audit/trail';
import { revokeAllSessions } from '../api/sessions';
import type { Db } from '../db/types';
import { playerChannel as userChannel } from '../../shared/channels';
import type { Publisher } from '../realtime/control';
import { SIGAP_WITHDRAW_MS } from '../../shared/sigap';

export interface Closure {
  userId: number;
  refunded: number;
  withdrawalId: number | null;
}

/** Closes one impeded account whose 2 days are over; null when it is not due (or closed already). */
export async function closeImpededAccount(
  deps: { db: Db; publisher?: Publisher | undefined },
  userId: number,
  now: Date,
): Promise<Closure | null> {
  const closure = await deps.db.transaction(async (tx): Promise<Closure | null> => {
    const wallet = await lockWallet(tx, userId);
    const [player] = await tx.query<{ brand_id: number; cpf: string | null; sigap_status: string | null }>(
      `SELECT brand_id, cpf, sigap_status FROM users
        WHERE id = $1 AND sigap_impeded_at IS NOT NULL AND sigap_closed_at IS NULL AND sigap_impeded_at <= $2
        FOR UPDATE`,
      [userId, new Date(now.getTime() - SIGAP_WITHDRAW_MS)],
    );
    if (!player?.cpf) return null;
    for (const bonus of await activeBonuses(tx, userId)) await forfeitBonus(tx, userId, bonus.id, now);
    let withdrawalId: number | null = null;
    if (wallet.cash > 0) {
      await tx.query(
        `INSERT INTO pix_addresses (user_id, key_type, pix_key, created_at) VALUES ($1, 'cpf', $2, $3)
         ON CONFLICT (user_id, key_type, pix_key) DO NOTHING`,
        [userId, player.cpf, now],
      );
      const [address] = await tx.query<{ id: number }>(
        "SELECT id FROM pix_addresses WHERE user_id = $1 AND key_type = 'cpf' AND pix_key = $2",
        [userId, player.cpf],
      );
      const [created] = await tx.query<{ id: number }>(
        `INSERT INTO wallet_transactions (user_id, brand_id, type, amount, status, address_id, sigap_refund, created_at, updated_at)
         VALUES ($1, $2, 'withdrawal', $3, 1, $4, true, $5, $5) RETURNING id`,
        [userId, player.brand_id, wallet.cash, address?.id ?? null, now],
      );
      if (!created) throw new Error('refund not created');
      withdrawalId = created.id;
      await postOrThrow(tx, {
        userId,
        account: 'cash',
        kind: 'withdrawal',
        amount: -wallet.cash,
        ref: { type: 'withdrawal', id: created.id },
        now,
      });
      await appendAudit(tx, {
        brandId: player.brand_id,
        playerId: userId,
        actor: 'system',
        action: 'sigap.refund',
        before: { balance: wallet.cash },
        after: { id: created.id, amount: wallet.cash, status: 1, pix_key: player.cpf },
        at: now,
      });
    }
    await tx.query('UPDATE users SET sigap_closed_at = $2 WHERE id = $1', [userId, now]);
    await revokeAllSessions(tx, userId, now);
    await appendAudit(tx, {
      brandId: player.brand_id,
      playerId: userId,
      actor: 'system',
      action: 'sigap.account_closed',
      after: { reason: player.sigap_status, refunded: wallet.cash },
      at: now,
    });
    return { userId, refunded: wallet.cash, withdrawalId };
  });
  if (closure && deps.publisher) {
    try {
      await deps.publisher.trigger(userChannel(userId), 'BalanceUpdated', { balance: 0, bonus_balance: 0 });
    } catch {
      // The realtime server may be stopped from the panel: the refund stands.
    }
  }
  return closure;
}
