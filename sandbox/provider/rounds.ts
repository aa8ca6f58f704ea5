/**
 * The provider's side of a round: the page asks for a round, the provider debits the bet through the operator's
 * wallet (signed HTTP), draws the outcome from the committed seed, credits the win (0 on a loss) and answers
 * with the outcome and the revealed seed. Demo rounds play with the session's play money and never call the
 * wallet.
 *
 * Failures, as a real provider handles them:
 * - the wallet refuses the debit (INSUFFICIENT_FUNDS, SESSION_EXPIRED, PLAYER_BLOCKED…): no round is played,
 *   the seed stays committed (the nonce is not used);
 * - the debit cannot be confirmed (timeout, 5xx): the provider sends a rollback of it (retried, same id), so
 *   the player is never charged for a round that did not happen;
 * - the credit cannot be confirmed: it is retried with the same transaction id (the wallet is idempotent);
 *   still failing, the round is left `credit_failed` for QA to see.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/types';
import {
  BET_OPTIONS,
  CRASH_TARGET_MAX,
  CRASH_TARGET_MIN,
  forcedSlot,
  hashSeed,
  newServerSeed,
  outcomeOf,
  PAYTABLES,
  type Engine,
  type ForcedOutcome,
  type PaytableName,
  type Outcome,
} from './fair';
import { providerSettings, takeForcedOutcome } from './settings';
import type { ProviderWalletClient, WalletReply } from './wallet-client';

/** Play money of a demo session (R$ 1.000,00). */
export const DEMO_BALANCE = 100_000;

export interface PlaySession {
  /** The page's handle on this session (random; in the page's URL). */
  id: string;
  mode: 'real' | 'demo';
  gameCode: string;
  gameTitle: string;
  engine: Engine;
  /** The slot's paytable (the one whose RTP the catalogue declares for the game). */
  paytable: PaytableName;
  /** The game's return to player, basis points (shown on the page with the paytable). */
  rtpBp: number;
  /** The app origin messages go to (confirmed by the operator); null: the page posts nothing. */
  origin: string | null;
  lang: 'pt' | 'en';
  /** Real mode: the operator's game-session token (the provider's secret), the player id and masked name. */
  walletToken: string | null;
  playerId: string | null;
  playerName: string | null;
  balance: number;
  serverSeed: string;
  nonce: number;
  /** One round at a time per session. */
  busy: boolean;
  expiresAt: number;
}

export interface RoundInput {
  bet: number;
  clientSeed: string;
  /** crash: automatic cash-out in hundredths. */
  target?: number | undefined;
}

export type RoundResult =
  | {
      ok: true;
      round_id: string;
      bet: number;
      win: number;
      balance: number;
      outcome: Outcome;
      forced: ForcedOutcome | null;
      fair: {
        server_seed: string;
        server_seed_hash: string;
        client_seed: string;
        nonce: number;
        next_server_seed_hash: string;
      };
      /** Set when the win could not be confirmed by the wallet (the balance shown is the last known). */
      warning?: 'CREDIT_PENDING';
    }
  | { ok: false; status: number; code: string; balance: number | null };

const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

export function checkRoundInput(engine: Engine, input: Partial<RoundInput>): string | null {
  if (!BET_OPTIONS.includes(input.bet as (typeof BET_OPTIONS)[number])) return 'INVALID_BET';
  if (typeof input.clientSeed !== 'string' || !CLIENT_SEED.test(input.clientSeed)) return 'INVALID_CLIENT_SEED';
  if (
    engine === 'crash' &&
    (!Number.isInteger(input.target) ||
      (input.target as number) < CRASH_TARGET_MIN ||
      (input.target as number) > CRASH_TARGET_MAX)
  )
    return 'INVALID_TARGET';
  return null;
}

export const newRoundId = () => `r${Date.now().toString(36)}${randomBytes(6).toString('hex')}`;

export interface RoundDeps {
  db: Queryable;
  wallet: ProviderWalletClient;
  now: () => Date;
}

async function retried(attempts: number, call: () => Promise<WalletReply>): Promise<WalletReply> {
  let reply = await call();
  for (let i = 1; i < attempts && !reply.ok && reply.transient; i++) reply = await call();
  return reply;
}

/** Plays one round of the session (the caller holds `session.busy`). */
export async function playRound(deps: RoundDeps, session: PlaySession, input: RoundInput): Promise<RoundResult> {
  const settings = await providerSettings(deps.db);
  if (settings.maintenance) return { ok: false, status: 503, code: 'MAINTENANCE', balance: session.balance };
  const roundId = newRoundId();
  const { bet } = input;
  const target = session.engine === 'crash' ? input.target : undefined;
  const money = {
    session_token: session.walletToken ?? '',
    round_id: roundId,
    game_code: session.gameCode,
    currency: 'BRL',
  };
  const debitId = `${roundId}-d`;
  const record = async (
    status: string,
    extra: { errorCode?: string; win?: number; outcome?: Outcome; forced?: string | null },
  ) =>
    deps.db.query(
      `INSERT INTO provider_rounds (round_id, player_id, game_code, engine, mode, bet, win, status, error_code, outcome,
                                    server_seed, server_seed_hash, client_seed, nonce, forced, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (round_id) DO UPDATE SET status = excluded.status, error_code = excluded.error_code,
              win = excluded.win, outcome = excluded.outcome, forced = excluded.forced`,
      [
        roundId,
        session.playerId,
        session.gameCode,
        session.engine,
        session.mode,
        bet,
        extra.win ?? 0,
        status,
        extra.errorCode ?? null,
        extra.outcome ? JSON.stringify(extra.outcome) : null,
        session.serverSeed,
        hashSeed(session.serverSeed),
        input.clientSeed,
        session.nonce,
        extra.forced ?? null,
        deps.now(),
      ],
    );

  let balance = session.balance;
  if (session.mode === 'demo') {
    if (session.balance < bet) return { ok: false, status: 402, code: 'INSUFFICIENT_FUNDS', balance: session.balance };
    balance -= bet;
  } else {
    await record('open', {});
    const debit = await deps.wallet.call('debit', { ...money, transaction_id: debitId, amount: bet });
    if (!debit.ok) {
      if (debit.transient) {
        // Unconfirmed: cancel it, so the player is never charged for a round that did not happen.
        await retried(3, () =>
          deps.wallet.call('rollback', {
            ...money,
            transaction_id: `${roundId}-rb`,
            reference_transaction_id: debitId,
            amount: bet,
          }),
        );
        await record('rolled_back', { errorCode: debit.code });
        return { ok: false, status: 502, code: 'WALLET_UNAVAILABLE', balance: session.balance };
      }
      await record('refused', { errorCode: debit.code });
      if (debit.balance !== null) session.balance = debit.balance;
      const status = STAKE_REFUSALS.has(debit.code) ? 402 : debit.code === 'PLAYER_BLOCKED' ? 403 : 401;
      return { ok: false, status, code: debit.code, balance: debit.balance };
    }
    balance = debit.balance;
  }

  // The outcome: the committed seed's, unless QA forced this player's next slot round.
  const forced =
    session.engine === 'slot' && session.playerId !== null ? await takeForcedOutcome(deps.db, session.playerId) : null;
  const fairInput = {
    engine: session.engine,
    serverSeed: session.serverSeed,
    clientSeed: input.clientSeed,
    nonce: session.nonce,
    bet,
    paytable: session.paytable,
    ...(target !== undefined ? { target } : {}),
  };
  const outcome = forced ? forcedSlot(forced, bet, PAYTABLES[session.paytable]) : outcomeOf(fairInput);
  const win = outcome.win;

  let warning: 'CREDIT_PENDING' | undefined;
  if (session.mode === 'demo') {
    balance += win;
    await record('settled', { win, outcome, forced });
  } else {
    const credit = await retried(3, () =>
      deps.wallet.call('credit', { ...money, transaction_id: `${roundId}-c`, amount: win }),
    );
    if (credit.ok) {
      balance = credit.balance;
      await record('settled', { win, outcome, forced });
    } else {
      warning = 'CREDIT_PENDING';
      await record('credit_failed', { errorCode: credit.code, win, outcome, forced });
    }
  }

  const revealed = {
    server_seed: session.serverSeed,
    server_seed_hash: hashSeed(session.serverSeed),
    nonce: session.nonce,
  };
  session.balance = balance;
  session.nonce += 1;
  session.serverSeed = newServerSeed();
  return {
    ok: true,
    round_id: roundId,
    bet,
    win,
    balance,
    outcome,
    forced,
    fair: { ...revealed, client_seed: input.clientSeed, next_server_seed_hash: hashSeed(session.serverSeed) },
    ...(warning ? { warning } : {}),
  };
}

/**
 * The wallet's refusals of a stake itself (402, with the balance; the session goes on): the balance cannot
 * cover it, or it would pass one of the player's loss limits. The game says which from the code.
 */
export const STAKE_REFUSALS: ReadonlySet<string> = new Set(['INSUFFICIENT_FUNDS', 'LOSS_LIMIT_REACHED']);
