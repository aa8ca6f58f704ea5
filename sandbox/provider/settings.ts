/**
 * The QA switches of the game integration (one row of `provider_settings`, migration 005), set from the QA
 * panel (sandbox/panel/games.ts) and read by the operator (POST /games/url, the wallet endpoints) and the
 * provider (forced slot outcomes).
 */
import type { Queryable } from '../db/types';
import type { ForcedOutcome } from './fair';

export type WalletFail = 'off' | 'next' | 'always';

export interface ProviderSettings {
  maintenance: boolean;
  walletDelayMs: number;
  walletFail: WalletFail;
}

export const MAX_WALLET_DELAY_MS = 60_000;

export async function providerSettings(db: Queryable): Promise<ProviderSettings> {
  const [row] = await db.query<{ maintenance: boolean; wallet_delay_ms: number; wallet_fail: WalletFail }>(
    'SELECT maintenance, wallet_delay_ms, wallet_fail FROM provider_settings WHERE id = 1',
  );
  return {
    maintenance: row?.maintenance ?? false,
    walletDelayMs: row?.wallet_delay_ms ?? 0,
    walletFail: row?.wallet_fail ?? 'off',
  };
}

export async function updateProviderSettings(db: Queryable, patch: Partial<ProviderSettings>): Promise<void> {
  await db.query(
    `UPDATE provider_settings SET maintenance = coalesce($1, maintenance), wallet_delay_ms = coalesce($2, wallet_delay_ms),
            wallet_fail = coalesce($3, wallet_fail) WHERE id = 1`,
    [patch.maintenance ?? null, patch.walletDelayMs ?? null, patch.walletFail ?? null],
  );
}

/** Whether this wallet call must fail (QA); a `next` failure is used up by the call that takes it. */
export async function takeWalletFailure(db: Queryable): Promise<boolean> {
  const [row] = await db.query<{ fail: WalletFail }>(
    `UPDATE provider_settings SET wallet_fail = CASE WHEN wallet_fail = 'next' THEN 'off' ELSE wallet_fail END
      WHERE id = 1 AND wallet_fail <> 'off'
      RETURNING 'x' AS fail`,
  );
  return row !== undefined;
}

export async function forceNextOutcome(db: Queryable, playerId: string, outcome: ForcedOutcome | null): Promise<void> {
  if (outcome === null) {
    await db.query('DELETE FROM provider_forced_outcomes WHERE player_id = $1', [playerId]);
    return;
  }
  await db.query(
    `INSERT INTO provider_forced_outcomes (player_id, outcome) VALUES ($1, $2)
     ON CONFLICT (player_id) DO UPDATE SET outcome = excluded.outcome`,
    [playerId, outcome],
  );
}

/** The forced outcome of the player's next slot round, used up by taking it. */
export async function takeForcedOutcome(db: Queryable, playerId: string): Promise<ForcedOutcome | null> {
  const [row] = await db.query<{ outcome: ForcedOutcome }>(
    'DELETE FROM provider_forced_outcomes WHERE player_id = $1 RETURNING outcome',
    [playerId],
  );
  return row?.outcome ?? null;
}

export async function forcedOutcomes(db: Queryable): Promise<Map<string, ForcedOutcome>> {
  const rows = await db.query<{ player_id: string; outcome: ForcedOutcome }>(
    'SELECT player_id, outcome FROM provider_forced_outcomes',
  );
  return new Map(rows.map((r) => [r.player_id, r.outcome]));
}
