/**
 * The operator's seamless wallet for game providers (openapi/provider-wallet.yaml), mounted on the sandbox API
 * server at /provider/wallet/* (outside the player API under /api): authenticate, balance, debit, credit,
 * rollback.
 *
 * - Every call is signed: `X-Signature` is hex HMAC-SHA256 of the raw body with the provider's secret.
 * - Debit, credit and rollback are idempotent on `transaction_id`: the first answer is stored
 *   (`seamless_transactions`) and a retry with the same request gets it again and changes nothing; the same id
 *   with a different request answers DUPLICATE_TRANSACTION_MISMATCH. Claiming the id, moving the money and
 *   storing the answer happen in one database transaction; the balance check is the wallet UPDATE's own
 *   condition, under its row lock, so concurrent debits never take a balance below zero.
 * - Refusals of malformed input (signature, amount, currency, shape) and of the session (expired, blocked)
 *   are not stored: they change nothing, and a corrected retry is judged afresh.
 * - Every call is logged in `seamless_calls` (operation, idempotency key, signature verdict, result) for the
 *   QA panel; never a body, a token or a signature.
 * - After a commit: BalanceUpdated on the player's channel, and BetPlaced (§3 Bet event) on the brand's public
 *   channel: the debit is the `bet`, the credit (0 on a loss) the `win`, paired by the round id. The same
 *   BetPlaced goes to the player's own channel too, with their first name unmasked (the feed's "my bets").
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { providerOf, type SandboxConfig } from '../config';
import type { Db, Queryable } from '../db/types';
import { playerChannel as userChannel, publicChannel } from '../../shared/channels';
import type { Publisher } from '../realtime/control';
import { maskName } from '../realtime/public-bets';
import { SIGNATURE_HEADER, verifyBody } from '../provider/signature';
import { providerSettings, takeWalletFailure } from '../provider/settings';
import {
  findGameSession,
  gameSessionLive,
  hashGameToken,
  launchGameSession,
  touchGameSession,
  type GameSessionRow,
} from './game-sessions';
import { activeSelfExclusion } from './players';
import { stakeWithinLossLimit } from './responsible-gaming';
import { profileIncompleteById } from './regulated-profile';
import { advanceMissions, gameTypeOfCategory, type GameType } from './rewards';
import { balancesOf, lockWallet } from '../money/ledger';
import { awardLevelPoints } from '../money/points';
import { countWagering, expireBonuses, payWin, refundStake, takeStake } from '../money/bonus';
import { SPORTSBOOK_GAME_CODE } from '../sportsbook/bets';

export const WALLET_PREFIX = '/provider/wallet';
export const WALLET_OPERATIONS = ['authenticate', 'balance', 'debit', 'credit', 'rollback'] as const;
export type WalletOperation = (typeof WALLET_OPERATIONS)[number];
type MoneyOperation = 'debit' | 'credit' | 'rollback';

export const WALLET_ERRORS = {
  INVALID_REQUEST: 400,
  INVALID_SIGNATURE: 401,
  SESSION_EXPIRED: 401,
  INSUFFICIENT_FUNDS: 402,
  LOSS_LIMIT_REACHED: 402,
  PLAYER_BLOCKED: 403,
  PROFILE_INCOMPLETE: 403,
  UNKNOWN_TRANSACTION: 404,
  DUPLICATE_TRANSACTION_MISMATCH: 409,
  TRANSACTION_ROLLED_BACK: 409,
  ROUND_ALREADY_SETTLED: 409,
  INVALID_AMOUNT: 422,
  INVALID_CURRENCY: 422,
  INTERNAL_ERROR: 500,
} as const;
export type WalletErrorCode = keyof typeof WALLET_ERRORS;

/** Largest amount of one wallet call (R$ 1.000.000,00). */
export const MAX_WALLET_AMOUNT = 100_000_000;
const ID = /^[A-Za-z0-9_.:-]{1,80}$/;

export interface WalletAnswer {
  httpStatus: number;
  body: Record<string, unknown>;
}

const okAnswer = (body: Record<string, unknown>): WalletAnswer => ({
  httpStatus: 200,
  body: { status: 'OK', ...body },
});
const errorAnswer = (code: WalletErrorCode, extra: Record<string, unknown> = {}): WalletAnswer => ({
  httpStatus: WALLET_ERRORS[code],
  body: { status: 'ERROR', code, ...extra },
});

export interface WalletDeps {
  db: Db;
  config: SandboxConfig;
  now: () => Date;
  publisher?: Publisher | undefined;
}

interface Parsed {
  session_token: string;
  game_code: string;
  transaction_id: string;
  round_id: string;
  amount: number;
  currency: string;
  reference_transaction_id: string | undefined;
}

/** What the call log keeps of a body (ids cut short; never the token). */
interface CallFacts {
  transaction_id?: string | undefined;
  round_id?: string | undefined;
  game_code?: string | undefined;
  amount?: number | undefined;
  user_id?: number | undefined;
  replay?: boolean;
}

const text = (value: unknown, max = 80) => (typeof value === 'string' ? value.slice(0, max) : undefined);

/** Validates the fields each operation needs; a refusal when something is wrong. */
export function parseWalletBody(
  operation: WalletOperation,
  raw: unknown,
): { ok: true; body: Parsed } | { ok: false; answer: WalletAnswer } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, answer: errorAnswer('INVALID_REQUEST') };
  const b = raw as Record<string, unknown>;
  const money = operation === 'debit' || operation === 'credit' || operation === 'rollback';
  const bad =
    typeof b.session_token !== 'string' ||
    b.session_token.length < 1 ||
    b.session_token.length > 200 ||
    (b.game_code !== undefined && (typeof b.game_code !== 'string' || !ID.test(b.game_code))) ||
    (money &&
      (typeof b.transaction_id !== 'string' ||
        !ID.test(b.transaction_id) ||
        typeof b.round_id !== 'string' ||
        !ID.test(b.round_id) ||
        typeof b.game_code !== 'string')) ||
    (operation === 'rollback' &&
      (typeof b.reference_transaction_id !== 'string' || !ID.test(b.reference_transaction_id)));
  if (bad) return { ok: false, answer: errorAnswer('INVALID_REQUEST') };
  if (money) {
    const amount = b.amount;
    const amountRequired = operation !== 'rollback';
    if (amount === undefined ? amountRequired : !Number.isSafeInteger(amount) || (amount as number) < 0)
      return { ok: false, answer: errorAnswer('INVALID_AMOUNT') };
    if ((operation === 'debit' && amount === 0) || (typeof amount === 'number' && amount > MAX_WALLET_AMOUNT))
      return { ok: false, answer: errorAnswer('INVALID_AMOUNT') };
  }
  if ((money || b.currency !== undefined) && b.currency !== 'BRL')
    return { ok: false, answer: errorAnswer('INVALID_CURRENCY') };
  return {
    ok: true,
    body: {
      session_token: b.session_token as string,
      game_code: (b.game_code as string | undefined) ?? '',
      transaction_id: (b.transaction_id as string | undefined) ?? '',
      round_id: (b.round_id as string | undefined) ?? '',
      amount: (b.amount as number | undefined) ?? 0,
      currency: 'BRL',
      reference_transaction_id: b.reference_transaction_id as string | undefined,
    },
  };
}

/** The fields a retry must repeat exactly. */
function fingerprintOf(operation: MoneyOperation, body: Parsed, amountGiven: boolean): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        operation,
        hashGameToken(body.session_token),
        body.round_id,
        body.game_code,
        amountGiven ? body.amount : null,
        body.currency,
        body.reference_transaction_id ?? null,
      ]),
    )
    .digest('hex');
}

interface StoredTx {
  fingerprint: string;
  http_status: number;
  response: Record<string, unknown>;
  user_id: number;
}

function replayOf(stored: StoredTx, fingerprint: string): WalletAnswer {
  if (stored.fingerprint !== fingerprint) return errorAnswer('DUPLICATE_TRANSACTION_MISMATCH');
  return { httpStatus: stored.http_status, body: stored.response };
}

/** The provider a call comes from: the sandbox has one, whose secret signs every call. */
export const PROVIDER_ID = 'sandbox';

async function storedTx(db: Queryable, transactionId: string): Promise<StoredTx | null> {
  const [row] = await db.query<StoredTx>(
    `SELECT fingerprint, http_status, response, user_id FROM seamless_transactions
      WHERE provider = $1 AND transaction_id = $2`,
    [PROVIDER_ID, transactionId],
  );
  return row ?? null;
}

/** What a game may stake: cash and bonus money together (the app shows them apart). */
async function playableOf(db: Queryable, userId: number): Promise<{ balance: number; cash: number; bonus: number }> {
  const b = await balancesOf(db, userId);
  return { balance: b.cash + b.bonus, cash: b.cash, bonus: b.bonus };
}

async function balanceOf(db: Queryable, userId: number): Promise<number> {
  return (await playableOf(db, userId)).balance;
}

/** Live events a committed money move publishes (after the commit). */
interface Effects {
  /** The wallet after the move, as the app shows it: cash and bonus apart. */
  wallet?: { cash: number; bonus: number };
  bet?: { type: 'bet' | 'win'; amount: number };
}

/** One wallet call, from its raw body to its answer. Exported for tests that skip HTTP. */
export async function handleWalletCall(
  deps: WalletDeps,
  operation: WalletOperation,
  rawBody: string,
  signature: unknown,
): Promise<WalletAnswer> {
  const started = Date.now();
  const settings = await providerSettings(deps.db);
  if (settings.walletDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.walletDelayMs));
  const signatureValid = verifyBody(providerOf(deps.config).secret, rawBody, signature);
  let facts: CallFacts = {};
  let answer: WalletAnswer;
  let effects: { session: GameSessionRow; effects: Effects } | undefined;
  try {
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      json = undefined;
    }
    if (json && typeof json === 'object') {
      const b = json as Record<string, unknown>;
      facts = {
        transaction_id: text(b.transaction_id),
        round_id: text(b.round_id),
        game_code: text(b.game_code),
        amount: typeof b.amount === 'number' && Number.isSafeInteger(b.amount) ? b.amount : undefined,
      };
    }
    if (!signatureValid) answer = errorAnswer('INVALID_SIGNATURE');
    else if (await takeWalletFailure(deps.db)) answer = errorAnswer('INTERNAL_ERROR');
    else {
      const parsed = parseWalletBody(operation, json);
      if (!parsed.ok) answer = parsed.answer;
      else {
        const result = await run(deps, operation, parsed.body, json as Record<string, unknown>);
        answer = result.answer;
        facts.user_id = result.userId;
        facts.replay = result.replay ?? false;
        if (result.session && result.effects) effects = { session: result.session, effects: result.effects };
      }
    }
  } catch {
    answer = errorAnswer('INTERNAL_ERROR');
  }
  await logCall(deps.db, operation, facts, signatureValid, answer, Date.now() - started, deps.now());
  if (effects) await publish(deps, effects.session, facts.round_id ?? '', effects.effects);
  return answer;
}

interface RunResult {
  answer: WalletAnswer;
  userId?: number;
  replay?: boolean;
  session?: GameSessionRow;
  effects?: Effects;
}

/** A first call refused for its session (expired, blocked, another game): not stored, its claim rolled back. */
class Refusal extends Error {
  constructor(readonly answer: WalletAnswer) {
    super(String(answer.body.code));
  }
}

async function run(
  deps: WalletDeps,
  operation: WalletOperation,
  body: Parsed,
  raw: Record<string, unknown>,
): Promise<RunResult> {
  const { db } = deps;
  const now = deps.now();
  const session = await findGameSession(db, body.session_token);

  if (operation === 'authenticate' || operation === 'balance') {
    if (!session) return { answer: errorAnswer('SESSION_EXPIRED') };
    const userId = session.user_id;
    if (body.game_code !== '' && body.game_code !== session.game_code)
      return { answer: errorAnswer('INVALID_REQUEST'), userId };
    const blocked = activeSelfExclusion(session, now) !== null || session.sigap_impeded_at !== null;
    if (operation === 'authenticate') {
      if (blocked) return { answer: errorAnswer('PLAYER_BLOCKED'), userId };
      if (!(await launchGameSession(db, body.session_token, now)))
        return { answer: errorAnswer('SESSION_EXPIRED'), userId };
      const wallet = await playableOf(db, userId);
      return {
        userId,
        answer: okAnswer({
          balance: wallet.balance,
          bonus_balance: wallet.bonus,
          currency: 'BRL',
          player_id: String(userId),
          player_name: maskName(session.first_name),
          game_code: session.game_code,
          origin: session.origin,
        }),
      };
    }
    if (!gameSessionLive(session, now)) return { answer: errorAnswer('SESSION_EXPIRED'), userId };
    if (blocked) return { answer: errorAnswer('PLAYER_BLOCKED', { balance: await balanceOf(db, userId) }), userId };
    await touchGameSession(db, session.token_hash, now);
    const wallet = await playableOf(db, userId);
    return { userId, answer: okAnswer({ balance: wallet.balance, bonus_balance: wallet.bonus, currency: 'BRL' }) };
  }

  const fingerprint = fingerprintOf(operation, body, raw.amount !== undefined);
  if (!session) {
    // No such session: nothing of it can have been stored (the fingerprint holds its token); said once more for a
    // retry all the same, so that no stored transaction is ever judged afresh.
    const stored = await storedTx(db, body.transaction_id);
    if (stored) return { answer: replayOf(stored, fingerprint), userId: stored.user_id, replay: true };
    return { answer: errorAnswer('SESSION_EXPIRED') };
  }
  const userId = session.user_id;
  try {
    return await db.transaction(async (tx): Promise<RunResult> => {
      // The transaction id is claimed first: a retry, or a twin under way (PostgreSQL makes this INSERT wait for
      // it), gets the first answer whatever has happened since (the session expired, the player self-excluded, a
      // limit reached, the balance changed). Only a first call is judged.
      const [claimed] = await tx.query(
        `INSERT INTO seamless_transactions (provider, transaction_id, operation, fingerprint, user_id, round_id, game_code,
                                            amount, reference_transaction_id, ok, http_status, response, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, false, 0, '{}'::jsonb, $10)
         ON CONFLICT (provider, transaction_id) DO NOTHING RETURNING transaction_id`,
        [
          PROVIDER_ID,
          body.transaction_id,
          operation,
          fingerprint,
          userId,
          body.round_id,
          session.game_code,
          body.amount,
          body.reference_transaction_id ?? null,
          now,
        ],
      );
      if (!claimed) {
        const stored = await storedTx(tx, body.transaction_id);
        if (!stored) throw new Error('transaction claimed but not found');
        return { answer: replayOf(stored, fingerprint), userId: stored.user_id, replay: true };
      }
      if (body.game_code !== '' && body.game_code !== session.game_code)
        throw new Refusal(errorAnswer('INVALID_REQUEST'));
      // Settling a round already under way (credit, rollback) is owed to the player even when the session has
      // expired or the player has self-excluded since; betting is not.
      if (operation === 'debit') {
        if (!gameSessionLive(session, now)) throw new Refusal(errorAnswer('SESSION_EXPIRED'));
        // Self-excluded, or impeded by a SIGAP answer (IN SPA/MF 31/2025, IN SPA/MF 22/2025): no new stake; a round
        // already under way still settles (its credit or rollback below), so nothing is lost.
        if (activeSelfExclusion(session, now) !== null || session.sigap_impeded_at !== null)
          throw new Refusal(errorAnswer('PLAYER_BLOCKED', { balance: await balanceOf(tx, userId) }));
        await touchGameSession(tx, session.token_hash, now);
      } else if (session.launched_at === null) throw new Refusal(errorAnswer('SESSION_EXPIRED'));
      // One money move of a player at a time (the wallet row lock): a rollback and the late debit it cancels
      // never interleave.
      await lockWallet(tx, userId);
      await expireBonuses(tx, userId, now);
      const moved = await moveMoney(tx, operation as MoneyOperation, body, session, now);
      await tx.query(
        `UPDATE seamless_transactions SET ok = $3, http_status = $4, response = $5::jsonb
          WHERE provider = $1 AND transaction_id = $2`,
        [
          PROVIDER_ID,
          body.transaction_id,
          moved.answer.httpStatus === 200,
          moved.answer.httpStatus,
          JSON.stringify(moved.answer.body),
        ],
      );
      return { ...moved, userId, session };
    });
  } catch (error) {
    if (error instanceof Refusal) return { answer: error.answer, userId };
    throw error;
  }
}

/** The player's round on this provider (rounds are keyed by provider, round id and player). */
interface RoundRow {
  id: number;
  bet_amount: number;
  bet_bonus: number;
  bonus_id: number | null;
  win_amount: number;
  settled_at: Date | null;
}

async function roundOf(tx: Queryable, userId: number, roundId: string): Promise<RoundRow | null> {
  const [row] = await tx.query<RoundRow>(
    `SELECT id, bet_amount, bet_bonus, bonus_id, win_amount, settled_at FROM bets
      WHERE provider = $1 AND round_id = $2 AND user_id = $3`,
    [PROVIDER_ID, roundId, userId],
  );
  return row ?? null;
}

/** What kind of game a session plays, for the missions that name game types (§3 Mission widget). */
export function gameTypeOf(session: Pick<GameSessionRow, 'game_code' | 'category_slug'>): GameType {
  if (session.game_code === SPORTSBOOK_GAME_CODE) return 'sports';
  return gameTypeOfCategory(session.category_slug);
}

async function moveMoney(
  tx: Queryable,
  operation: MoneyOperation,
  body: Parsed,
  session: GameSessionRow,
  now: Date,
): Promise<RunResult> {
  const userId = session.user_id;
  const ref = { type: 'seamless' as const, id: `${PROVIDER_ID}:${body.transaction_id}` };
  const refused = async (code: WalletErrorCode): Promise<RunResult> => {
    const wallet = await playableOf(tx, userId);
    return { answer: errorAnswer(code, { balance: wallet.balance, bonus_balance: wallet.bonus }) };
  };
  const ok = async (effects?: Effects): Promise<RunResult> => {
    const wallet = await playableOf(tx, userId);
    return {
      answer: okAnswer({ balance: wallet.balance, bonus_balance: wallet.bonus, transaction_id: body.transaction_id }),
      effects: { ...effects, wallet: { cash: wallet.cash, bonus: wallet.bonus } },
    };
  };

  if (operation === 'debit') {
    // A rollback arrived first (the provider timed out waiting for this debit): the debit must not happen.
    const [cancelled] = await tx.query(
      `SELECT 1 FROM seamless_transactions
        WHERE provider = $1 AND operation = 'rollback' AND reference_transaction_id = $2 AND user_id = $3`,
      [PROVIDER_ID, body.transaction_id, userId],
    );
    if (cancelled) return refused('TRANSACTION_ROLLED_BACK');
    // A settled round takes no new stake.
    const round = await roundOf(tx, userId, body.round_id);
    if (round?.settled_at) return refused('ROUND_ALREADY_SETTLED');
    // The player's loss limits, judged under the wallet row lock: 402 LOSS_LIMIT_REACHED with the
    // balance (the game says which refusal it was from the code).
    if (!(await stakeWithinLossLimit(tx, userId, body.amount, now))) return refused('LOSS_LIMIT_REACHED');
    // Portaria SPA/MF 2.579/2025: no stake on a regulated brand before the gender and limits are chosen.
    if (await profileIncompleteById(tx, userId)) return refused('PROFILE_INCOMPLETE');
    const wallet = await lockWallet(tx, userId);
    const paid = await takeStake(tx, {
      userId,
      amount: body.amount,
      cash: wallet.cash,
      bonus: wallet.bonus,
      ref,
      now,
    });
    if (!paid) return refused('INSUFFICIENT_FUNDS');
    await tx.query(
      `UPDATE seamless_transactions SET cash_amount = $3, bonus_amount = $4, bonus_id = $5
        WHERE provider = $1 AND transaction_id = $2`,
      [PROVIDER_ID, body.transaction_id, paid.cash, paid.bonus, paid.bonusId],
    );
    await tx.query('UPDATE users SET total_bet = total_bet + $2 WHERE id = $1', [userId, body.amount]);
    // A regulated brand's levels pay loyalty points when reached (Portaria SPA/MF 1.231/2024 art. 43).
    await awardLevelPoints(tx, userId, now);
    await tx.query(
      `INSERT INTO bets (user_id, game_id, bet_amount, bet_bonus, bonus_id, win_amount, created_at, round_id, provider)
       VALUES ($1, $2, $3, $4, $5, 0, $6, $7, $8)
       ON CONFLICT (provider, round_id, user_id) WHERE round_id IS NOT NULL
       DO UPDATE SET bet_amount = bets.bet_amount + excluded.bet_amount, bet_bonus = bets.bet_bonus + excluded.bet_bonus,
                     bonus_id = coalesce(bets.bonus_id, excluded.bonus_id)`,
      [userId, session.game_id, body.amount, paid.bonus, paid.bonusId, now, body.round_id, PROVIDER_ID],
    );
    return ok({ bet: { type: 'bet', amount: body.amount } });
  }

  if (operation === 'credit') {
    const [debit] = await tx.query(
      `SELECT 1 FROM seamless_transactions WHERE provider = $1 AND round_id = $2 AND user_id = $3 AND operation = 'debit'
          AND ok AND rolled_back_by IS NULL LIMIT 1`,
      [PROVIDER_ID, body.round_id, userId],
    );
    const round = await roundOf(tx, userId, body.round_id);
    if (!debit || !round) return refused('UNKNOWN_TRANSACTION');
    await payWin(tx, {
      userId,
      win: body.amount,
      staked: round.bet_amount,
      stakedBonus: round.bet_bonus,
      bonusId: round.bonus_id,
      ref,
      now,
    });
    await tx.query(
      'UPDATE bets SET win_amount = win_amount + $2, settled_at = coalesce(settled_at, $3) WHERE id = $1',
      [round.id, body.amount, now],
    );
    if (!round.settled_at) {
      // The round is settled by its first credit (a loss is a credit of 0): its stake counts, once, towards the
      // rollover of the player's bonuses and the missions that name its game type. A rolled-back stake never does.
      await countWagering(tx, userId, round.bet_amount, now);
      await advanceMissions(tx, userId, { stake: round.bet_amount, gameType: gameTypeOf(session) }, now);
    }
    return ok({ bet: { type: 'win', amount: body.amount } });
  }

  // rollback: the referenced debit is refunded once, cash and bonus each where it came from; an unknown one is
  // recorded (this row) and refused, and if that debit arrives later it is refused (TRANSACTION_ROLLED_BACK). A
  // debit whose round has been settled (credited) is not rolled back: ROUND_ALREADY_SETTLED, nothing moves.
  const [debit] = await tx.query<{
    ok: boolean;
    amount: number;
    round_id: string;
    rolled_back_by: string | null;
    cash_amount: number;
    bonus_amount: number;
    bonus_id: number | null;
  }>(
    `SELECT ok, amount, round_id, rolled_back_by, cash_amount, bonus_amount, bonus_id FROM seamless_transactions
      WHERE provider = $1 AND transaction_id = $2 AND operation = 'debit' AND user_id = $3`,
    [PROVIDER_ID, body.reference_transaction_id, userId],
  );
  if (!debit) return refused('UNKNOWN_TRANSACTION');
  if (debit.rolled_back_by) return ok();
  if (debit.ok) {
    const round = await roundOf(tx, userId, debit.round_id);
    if (round?.settled_at) return refused('ROUND_ALREADY_SETTLED');
  }
  await tx.query(`UPDATE seamless_transactions SET rolled_back_by = $3 WHERE provider = $1 AND transaction_id = $2`, [
    PROVIDER_ID,
    body.reference_transaction_id,
    body.transaction_id,
  ]);
  if (!debit.ok) return ok(); // the debit was refused: nothing was taken
  await refundStake(tx, {
    userId,
    paid: { cash: debit.cash_amount, bonus: debit.bonus_amount, bonusId: debit.bonus_id },
    ref,
    now,
  });
  await tx.query('UPDATE users SET total_bet = GREATEST(0, total_bet - $2) WHERE id = $1', [userId, debit.amount]);
  await tx.query(
    `UPDATE bets SET bet_amount = GREATEST(0, bet_amount - $4), bet_bonus = GREATEST(0, bet_bonus - $5)
      WHERE provider = $1 AND round_id = $2 AND user_id = $3`,
    [PROVIDER_ID, debit.round_id, userId, debit.amount, debit.bonus_amount],
  );
  await tx.query(
    `DELETE FROM bets WHERE provider = $1 AND round_id = $2 AND user_id = $3 AND bet_amount = 0 AND win_amount = 0
        AND settled_at IS NULL`,
    [PROVIDER_ID, debit.round_id, userId],
  );
  return ok();
}

async function logCall(
  db: Queryable,
  operation: WalletOperation,
  facts: CallFacts,
  signatureValid: boolean,
  answer: WalletAnswer,
  durationMs: number,
  now: Date,
): Promise<void> {
  const body = answer.body as { status: 'OK' | 'ERROR'; code?: string; balance?: number };
  await db.query(
    `INSERT INTO seamless_calls (operation, transaction_id, round_id, game_code, user_id, amount, signature_valid, replay,
                                 status, code, http_status, balance, duration_ms, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      operation,
      facts.transaction_id ?? null,
      facts.round_id ?? null,
      facts.game_code ?? null,
      facts.user_id ?? null,
      facts.amount ?? null,
      signatureValid,
      facts.replay ?? false,
      body.status,
      body.code ?? null,
      answer.httpStatus,
      typeof body.balance === 'number' ? body.balance : null,
      Math.min(durationMs, 2_000_000_000),
      now,
    ],
  );
}

async function publish(deps: WalletDeps, session: GameSessionRow, roundId: string, effects: Effects): Promise<void> {
  const { publisher } = deps;
  if (!publisher) return;
  const send = async (channel: string, event: string, data: unknown) => {
    try {
      await publisher.trigger(channel, event, data);
    } catch {
      // The realtime server may be stopped from the panel: the money moved; the app reads its wallet again.
    }
  };
  if (effects.bet) {
    const bet = {
      type: effects.bet.type,
      transaction: roundId,
      game: session.game_title,
      amount: effects.bet.amount,
      date: deps.now().toISOString(),
    };
    await send(publicChannel(session.brand_id), 'BetPlaced', { ...bet, user: maskName(session.first_name) });
    // The player's own copy on their private channel ("my bets"): their name unmasked, only to them.
    await send(userChannel(session.user_id), 'BetPlaced', { ...bet, user: session.first_name });
  }
  if (effects.wallet)
    await send(userChannel(session.user_id), 'BalanceUpdated', {
      balance: effects.wallet.cash,
      bonus_balance: effects.wallet.bonus,
    });
}

/**
 * POST /provider/wallet/{operation} on the API server: the raw body (for the signature), JSON only, small,
 * never from a browser (a call with an `Origin` header is refused).
 */
export function registerProviderWallet(app: FastifyInstance, deps: WalletDeps): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => done(null, body));
    for (const operation of WALLET_OPERATIONS) {
      scope.post(`${WALLET_PREFIX}/${operation}`, async (request: FastifyRequest, reply: FastifyReply) => {
        if (request.headers.origin !== undefined) {
          return reply.code(403).send({ status: 'ERROR', code: 'INVALID_REQUEST' });
        }
        const raw = typeof request.body === 'string' ? request.body : '';
        const answer = await handleWalletCall(deps, operation, raw, request.headers[SIGNATURE_HEADER]);
        return reply.code(answer.httpStatus).header('cache-control', 'no-store').send(answer.body);
      });
    }
  });
}
