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
import { publicChannel, maskName } from '../panel/live';
import { userChannel, type Publisher } from '../pix/bank';
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
import { advanceMissions } from './rewards';

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
  UNKNOWN_TRANSACTION: 404,
  DUPLICATE_TRANSACTION_MISMATCH: 409,
  TRANSACTION_ROLLED_BACK: 409,
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

async function storedTx(db: Queryable, transactionId: string): Promise<StoredTx | null> {
  const [row] = await db.query<StoredTx>(
    'SELECT fingerprint, http_status, response, user_id FROM seamless_transactions WHERE transaction_id = $1',
    [transactionId],
  );
  return row ?? null;
}

async function balanceOf(db: Queryable, userId: number): Promise<number> {
  const [row] = await db.query<{ balance: number }>('SELECT balance FROM wallets WHERE user_id = $1', [userId]);
  return row?.balance ?? 0;
}

/** Live events a committed money move publishes (after the commit). */
interface Effects {
  balance?: number;
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

async function run(
  deps: WalletDeps,
  operation: WalletOperation,
  body: Parsed,
  raw: Record<string, unknown>,
): Promise<RunResult> {
  const { db } = deps;
  const now = deps.now();
  const money = operation === 'debit' || operation === 'credit' || operation === 'rollback';
  const fingerprint = money ? fingerprintOf(operation, body, raw.amount !== undefined) : '';

  // A retry of a stored transaction gets its first answer, whatever happened to the session since.
  if (money) {
    const stored = await storedTx(db, body.transaction_id);
    if (stored) return { answer: replayOf(stored, fingerprint), userId: stored.user_id, replay: true };
  }

  const session = await findGameSession(db, body.session_token);
  if (!session) return { answer: errorAnswer('SESSION_EXPIRED') };
  const userId = session.user_id;
  if (body.game_code !== '' && body.game_code !== session.game_code)
    return { answer: errorAnswer('INVALID_REQUEST'), userId };
  const blocked = activeSelfExclusion(session, now) !== null;

  if (operation === 'authenticate') {
    if (blocked) return { answer: errorAnswer('PLAYER_BLOCKED'), userId };
    if (!(await launchGameSession(db, body.session_token, now)))
      return { answer: errorAnswer('SESSION_EXPIRED'), userId };
    return {
      userId,
      answer: okAnswer({
        balance: await balanceOf(db, userId),
        currency: 'BRL',
        player_id: String(userId),
        player_name: maskName(session.first_name),
        game_code: session.game_code,
        origin: session.origin,
      }),
    };
  }
  // Settling a round already under way (credit, rollback) is owed to the player even when the session has
  // expired or the player has self-excluded since; betting (balance shown to bet, debit) is not.
  if (operation === 'balance' || operation === 'debit') {
    if (!gameSessionLive(session, now)) return { answer: errorAnswer('SESSION_EXPIRED'), userId };
    if (blocked) return { answer: errorAnswer('PLAYER_BLOCKED', { balance: await balanceOf(db, userId) }), userId };
    await touchGameSession(db, session.token_hash, now);
  } else if (session.launched_at === null) return { answer: errorAnswer('SESSION_EXPIRED'), userId };

  if (operation === 'balance')
    return { userId, answer: okAnswer({ balance: await balanceOf(db, userId), currency: 'BRL' }) };

  const result = await db.transaction(async (tx): Promise<RunResult> => {
    const [claimed] = await tx.query(
      `INSERT INTO seamless_transactions (transaction_id, operation, fingerprint, user_id, round_id, game_code, amount,
                                          reference_transaction_id, ok, http_status, response, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false, 0, '{}'::jsonb, $9)
       ON CONFLICT (transaction_id) DO NOTHING RETURNING transaction_id`,
      [
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
      // A concurrent twin committed first: its answer is ours.
      const stored = await storedTx(tx, body.transaction_id);
      if (!stored) throw new Error('transaction claimed but not found');
      return { answer: replayOf(stored, fingerprint), userId: stored.user_id, replay: true };
    }
    // One money move of a player at a time (the wallet row lock): a rollback and the late debit it cancels
    // never interleave.
    await tx.query('SELECT 1 FROM wallets WHERE user_id = $1 FOR UPDATE', [userId]);
    const moved = await moveMoney(tx, operation as MoneyOperation, body, session, now);
    await tx.query(
      'UPDATE seamless_transactions SET ok = $2, http_status = $3, response = $4::jsonb WHERE transaction_id = $1',
      [
        body.transaction_id,
        moved.answer.httpStatus === 200,
        moved.answer.httpStatus,
        JSON.stringify(moved.answer.body),
      ],
    );
    return { ...moved, userId, session };
  });
  return result;
}

async function moveMoney(
  tx: Queryable,
  operation: MoneyOperation,
  body: Parsed,
  session: GameSessionRow,
  now: Date,
): Promise<RunResult> {
  const userId = session.user_id;
  const ok = (balance: number, effects?: Effects): RunResult => ({
    answer: okAnswer({ balance, transaction_id: body.transaction_id }),
    ...(effects ? { effects } : {}),
  });

  if (operation === 'debit') {
    // A rollback arrived first (the provider timed out waiting for this debit): the debit must not happen.
    const [cancelled] = await tx.query(
      `SELECT 1 FROM seamless_transactions WHERE operation = 'rollback' AND reference_transaction_id = $1 AND user_id = $2`,
      [body.transaction_id, userId],
    );
    if (cancelled) return { answer: errorAnswer('TRANSACTION_ROLLED_BACK', { balance: await balanceOf(tx, userId) }) };
    // The player's loss limits (issue 15), judged under the wallet row lock taken above: 402 LOSS_LIMIT_REACHED
    // with the balance (the game says which refusal it was from the code).
    if (!(await stakeWithinLossLimit(tx, userId, body.amount, now)))
      return { answer: errorAnswer('LOSS_LIMIT_REACHED', { balance: await balanceOf(tx, userId) }) };
    const [wallet] = await tx.query<{ balance: number }>(
      'UPDATE wallets SET balance = balance - $2 WHERE user_id = $1 AND balance >= $2 RETURNING balance',
      [userId, body.amount],
    );
    if (!wallet) return { answer: errorAnswer('INSUFFICIENT_FUNDS', { balance: await balanceOf(tx, userId) }) };
    await tx.query('UPDATE users SET total_bet = total_bet + $2 WHERE id = $1', [userId, body.amount]);
    const [bet] = await tx.query<{ inserted: boolean }>(
      `INSERT INTO bets (user_id, game_id, bet_amount, win_amount, created_at, round_id) VALUES ($1, $2, $3, 0, $4, $5)
       ON CONFLICT (round_id) DO UPDATE SET bet_amount = bets.bet_amount + excluded.bet_amount
       RETURNING (xmax = 0) AS inserted`,
      [userId, session.game_id, body.amount, now, body.round_id],
    );
    // Issue 14: the stake moves the player's accepted missions, in this transaction.
    await advanceMissions(tx, userId, { stake: body.amount, newRound: bet?.inserted ?? false }, now);
    return ok(wallet.balance, { balance: wallet.balance, bet: { type: 'bet', amount: body.amount } });
  }

  if (operation === 'credit') {
    const [debit] = await tx.query(
      `SELECT 1 FROM seamless_transactions WHERE round_id = $1 AND user_id = $2 AND operation = 'debit' AND ok
          AND rolled_back_by IS NULL LIMIT 1`,
      [body.round_id, userId],
    );
    if (!debit) return { answer: errorAnswer('UNKNOWN_TRANSACTION', { balance: await balanceOf(tx, userId) }) };
    const [wallet] = await tx.query<{ balance: number }>(
      'UPDATE wallets SET balance = balance + $2 WHERE user_id = $1 RETURNING balance',
      [userId, body.amount],
    );
    if (!wallet) throw new Error(`no wallet for user ${userId}`);
    await tx.query('UPDATE bets SET win_amount = win_amount + $2 WHERE round_id = $1', [body.round_id, body.amount]);
    return ok(wallet.balance, { balance: wallet.balance, bet: { type: 'win', amount: body.amount } });
  }

  // rollback: the referenced debit is refunded once; an unknown one is recorded (this row) and refused, and
  // if that debit arrives later it is refused (TRANSACTION_ROLLED_BACK).
  const [cancelled] = await tx.query<{ ok: boolean; amount: number; round_id: string }>(
    `UPDATE seamless_transactions SET rolled_back_by = $2
      WHERE transaction_id = $1 AND operation = 'debit' AND user_id = $3 AND rolled_back_by IS NULL
      RETURNING ok, amount, round_id`,
    [body.reference_transaction_id, body.transaction_id, userId],
  );
  if (!cancelled) {
    const [existing] = await tx.query<{ rolled_back_by: string | null }>(
      `SELECT rolled_back_by FROM seamless_transactions WHERE transaction_id = $1 AND operation = 'debit' AND user_id = $2`,
      [body.reference_transaction_id, userId],
    );
    if (existing?.rolled_back_by) return ok(await balanceOf(tx, userId));
    return { answer: errorAnswer('UNKNOWN_TRANSACTION', { balance: await balanceOf(tx, userId) }) };
  }
  if (!cancelled.ok) return ok(await balanceOf(tx, userId)); // the debit was refused: nothing was taken
  const [wallet] = await tx.query<{ balance: number }>(
    'UPDATE wallets SET balance = balance + $2 WHERE user_id = $1 RETURNING balance',
    [userId, cancelled.amount],
  );
  if (!wallet) throw new Error(`no wallet for user ${userId}`);
  await tx.query('UPDATE users SET total_bet = GREATEST(0, total_bet - $2) WHERE id = $1', [userId, cancelled.amount]);
  await tx.query('UPDATE bets SET bet_amount = GREATEST(0, bet_amount - $2) WHERE round_id = $1', [
    cancelled.round_id,
    cancelled.amount,
  ]);
  await tx.query('DELETE FROM bets WHERE round_id = $1 AND bet_amount = 0 AND win_amount = 0', [cancelled.round_id]);
  return ok(wallet.balance, { balance: wallet.balance });
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
  if (effects.balance !== undefined)
    await send(userChannel(session.user_id), 'BalanceUpdated', { balance: effects.balance });
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
