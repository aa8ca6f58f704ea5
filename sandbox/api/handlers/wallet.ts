/**
 * Spec §7 Wallet and gateway: pix deposits, withdrawals to the player's own pix key, the money history.
 * Money moves only in sandbox/pix/bank.ts (one database transaction per move). Amounts are integer centavos.
 */
import { assertNotImpeded } from '../players';
import {
  bankSettings,
  createDeposit,
  decideWithdrawal,
  expireDeposits,
  findTransaction,
  maskCpf,
  payDeposit,
  requestWithdrawal as reserveWithdrawal,
  SELECT_TX,
  toTransaction,
  TX_STATUS,
  walletOf,
} from '../../pix/bank';
import type { Brand } from '../brands';
import { ok, type Ctx, type Handler, type Reply } from '../context';
import { fail, fieldError, MESSAGES } from '../errors';
import { isVerified } from '../documents';
import { toWallet } from '../players';
import { depositLimitMessage, depositsUsed, effectiveLimit, limitRows, tightest } from '../responsible-gaming';
import { requirePlayer } from './guards';
import { usableCoupon } from './rewards';
import { depositCouponOutcome, findDepositCoupon, type CouponOutcome } from '../../money/coupons';
import { SPORTSBOOK_GAME_CODE } from '../../sportsbook/bets';
import type { RequestBody } from '../../../shared/api/types';
import { assertProfileComplete } from '../regulated-profile';
import { secondFactorRequired, useTotp } from '../second-factor';
import { attempt, withRetryAfter } from './second-factor';
import { formatBRL } from '../../../shared/money';

/** Why a deposit's coupon cannot give its bonus (the minimum deposit is worded with its amount). */
export const COUPON_REFUSALS: Record<Exclude<CouponOutcome, 'granted' | 'below_minimum'>, string> = {
  not_first_deposit: 'Este cupom vale só no primeiro depósito.',
  already_used: 'Você já usou este cupom.',
  expired: 'Cupom inválido ou expirado.',
  not_offered: 'Este cupom não dá bônus neste depósito.',
};

/** Rows per page of the wallet histories. */
export const WALLET_PAGE_SIZE = 15;
const PIX_METHOD_ID = 1;

const reais = (centavos: number) => formatBRL('pt-BR', centavos);

function checkRange(amount: number, min: number, max: number, what: 'depósito' | 'saque'): void {
  if (amount < min || amount > max) {
    fieldError('amount', `O valor do ${what} deve estar entre ${reais(min)} e ${reais(max)}.`);
  }
}

const pixMethod = (brand: Brand) => ({
  id: PIX_METHOD_ID,
  name: 'Pix',
  type: 'pix' as const,
  min_withdrawal: brand.min_withdrawal,
  max_withdrawal: brand.max_withdrawal,
});

const pageOf = (page: number, total: number) => ({
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / WALLET_PAGE_SIZE)),
  per_page: WALLET_PAGE_SIZE,
  total,
});

async function walletBody(ctx: Ctx, userId: number) {
  return toWallet(await walletOf(ctx.db, userId));
}

export const createPixDeposit: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  // IN SPA/MF 31/2025, IN SPA/MF 22/2025: an impeded player may only withdraw.
  assertNotImpeded(player, 'amount');
  assertProfileComplete(ctx.brand, player); // Portaria SPA/MF 2.579/2025
  const { amount, coupon } = ctx.body as RequestBody<'createPixDeposit'>;
  checkRange(amount, ctx.brand.min_deposit, ctx.brand.max_deposit, 'depósito');
  // The deposit panel's coupon, checked by its rules (sandbox/money/coupons.ts) before the code is made, so the
  // player is told now why it cannot be used; the bank's payment judges it again under the wallet's lock.
  const couponRow = coupon === undefined ? null : await usableCoupon(ctx, coupon);
  if (couponRow) {
    const rules = await findDepositCoupon(ctx.db, ctx.brand.id, couponRow.code);
    const outcome = await depositCouponOutcome(ctx.db, rules, {
      userId: player.id,
      depositCount: player.deposit_count,
      amount,
      now: ctx.now,
      regulated: ctx.brand.features.is_regulated === true,
    });
    if (outcome === 'below_minimum')
      fieldError('coupon', `Este cupom exige um depósito de pelo menos ${reais(couponRow.min_deposit)}.`);
    if (outcome !== 'granted') fieldError('coupon', COUPON_REFUSALS[outcome]);
  }
  const settings = await bankSettings(ctx.db, ctx.config);
  // The deposit limits: checked and the code created in one transaction, under the wallet's row lock.
  const row = await ctx.db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM wallets WHERE user_id = $1 FOR UPDATE', [player.id]);
    const limits = (await limitRows(tx, player.id)).filter(
      (r) => r.kind === 'deposit' && effectiveLimit(r, ctx.now) !== null,
    );
    if (limits.length > 0) {
      const tight = tightest(limits, 'deposit', await depositsUsed(tx, player.id, ctx.now), ctx.now);
      if (tight && amount > tight.remaining) fieldError('amount', depositLimitMessage(tight));
    }
    const created = await createDeposit(tx, {
      userId: player.id,
      brandId: ctx.brand.id,
      brandName: ctx.brand.name,
      amount,
      now: ctx.now,
      expiryMs: settings.pixExpiryMs,
    });
    if (couponRow)
      await tx.query('UPDATE wallet_transactions SET coupon_code = $2 WHERE id = $1', [created.id, couponRow.code]);
    return created;
  });
  if (settings.autopayMs !== null) {
    // Demo mode: the bank pays by itself after the delay (SANDBOX_PIX_AUTOPAY_MS or the panel).
    const { db, publisher } = ctx;
    setTimeout(
      () => void payDeposit(db, row.id, new Date(), publisher).catch(() => undefined),
      settings.autopayMs,
    ).unref();
  }
  return ok(
    {
      data: {
        id: row.id,
        txid: row.txid ?? '',
        amount: row.amount,
        qrcode: row.br_code ?? '',
        expiry: row.expires_at?.toISOString() ?? '',
        status: row.status,
        created_at: row.created_at.toISOString(),
      },
    },
    201,
  );
};

async function ownTransaction(ctx: Ctx) {
  const player = requirePlayer(ctx);
  const { id } = ctx.body as RequestBody<'consultTransactionStatus'>;
  await expireDeposits(ctx.db, ctx.now, player.id);
  const row = await findTransaction(ctx.db, id);
  if (!row || row.user_id !== player.id) fail(404, 'Transação não encontrada.');
  return { player, row };
}

export const consultTransactionStatus: Handler = async (ctx) => {
  const { player, row } = await ownTransaction(ctx);
  return ok({ data: toTransaction(row), wallet: await walletBody(ctx, player.id) });
};

export const cancelWithdrawal: Handler = async (ctx) => {
  const { player, row } = await ownTransaction(ctx);
  if (row.type !== 'withdrawal') fail(404, 'Saque não encontrado.');
  const result = await decideWithdrawal(
    ctx.db,
    { id: row.id, status: TX_STATUS.cancelled, now: ctx.now, userId: player.id },
    ctx.publisher,
  );
  if (!result.ok) fail(409, 'Este saque não está mais em processamento e não pode ser cancelado.');
  return ok({ data: toTransaction(result.transaction), wallet: await walletBody(ctx, player.id) });
};

export const listWithdrawMethods: Handler = async (ctx) => {
  requirePlayer(ctx);
  return ok({ data: [pixMethod(ctx.brand)] });
};

interface AddressRow {
  id: number;
  key_type: 'cpf';
  pix_key: string;
  created_at: Date;
}
const toAddress = (row: AddressRow) => ({
  id: row.id,
  type: row.key_type,
  key: maskCpf(row.pix_key),
  created_at: row.created_at.toISOString(),
});

export const selectWithdrawMethod: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const { method_id } = ctx.body as RequestBody<'selectWithdrawMethod'>;
  if (method_id !== PIX_METHOD_ID) fieldError('method_id', 'Método de saque indisponível.');
  const rows = await ctx.db.query<AddressRow>('SELECT * FROM pix_addresses WHERE user_id = $1 ORDER BY id', [
    player.id,
  ]);
  return ok({
    data: { method: pixMethod(ctx.brand), addresses: rows.map(toAddress), can_add_address: player.cpf !== null },
  });
};

/** Portaria SPA/MF 615/2024: only the player's own account; the sandbox accepts their own CPF as the key. */
export const createPixAddress: Handler = (ctx) => withRetryAfter(() => savePixAddress(ctx));

async function savePixAddress(ctx: Ctx): Promise<Reply> {
  const player = requirePlayer(ctx);
  const { key, second_factor_code: code } = ctx.body as RequestBody<'createPixAddress'>;
  const digits = key.replace(/\D/g, '');
  if (!player.cpf)
    fieldError('key', 'Cadastre seu CPF no perfil: só é possível sacar para uma chave pix do seu próprio CPF.');
  if (digits !== player.cpf)
    fieldError('key', 'A chave pix deve ser o seu próprio CPF: saques para terceiros não são permitidos.');
  // Portaria SPA/MF 722/2024: on a regulated brand a new withdrawal key is confirmed with the second factor.
  if (ctx.brand.features.is_regulated && player.totp_enabled_at) {
    const [known] = await ctx.db.query(
      "SELECT 1 FROM pix_addresses WHERE user_id = $1 AND key_type = 'cpf' AND pix_key = $2",
      [player.id, digits],
    );
    if (!known) {
      if (code === undefined) secondFactorRequired();
      await attempt(ctx, player.id, () => useTotp(ctx.db, player, code, ctx.now));
    }
  }
  const [created] = await ctx.db.query<AddressRow>(
    `INSERT INTO pix_addresses (user_id, key_type, pix_key, created_at) VALUES ($1, 'cpf', $2, $3)
     ON CONFLICT (user_id, key_type, pix_key) DO NOTHING RETURNING *`,
    [player.id, digits, ctx.now],
  );
  if (created) return ok({ data: toAddress(created) }, 201);
  const [existing] = await ctx.db.query<AddressRow>(
    "SELECT * FROM pix_addresses WHERE user_id = $1 AND key_type = 'cpf' AND pix_key = $2",
    [player.id, digits],
  );
  if (!existing) fail(500, 'Chave não encontrada.');
  return ok({ data: toAddress(existing) });
}

export const requestWithdrawal: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const body = ctx.body as RequestBody<'requestWithdrawal'>;
  // A brand with `kyc` on pays only verified players: nothing is reserved before that.
  if (ctx.brand.features.kyc && !(await isVerified(ctx.db, player.id))) fieldError('kyc', MESSAGES.kycRequired);
  checkRange(body.amount, ctx.brand.min_withdrawal, ctx.brand.max_withdrawal, 'saque');
  if (body.method_id !== undefined && body.method_id !== PIX_METHOD_ID)
    fieldError('method_id', 'Método de saque indisponível.');
  const [address] = await ctx.db.query<{ id: number; pix_key: string }>(
    'SELECT id, pix_key FROM pix_addresses WHERE id = $1 AND user_id = $2',
    [body.address_id, player.id],
  );
  if (!address) fieldError('address_id', 'Chave pix não encontrada entre as suas.');
  // Defence in depth: the key must still be the CPF on file (no third parties).
  if (address.pix_key !== player.cpf) fieldError('address_id', 'A chave pix deve ser o seu próprio CPF.');
  const result = await reserveWithdrawal(
    ctx.db,
    {
      userId: player.id,
      brandId: ctx.brand.id,
      amount: body.amount,
      addressId: address.id,
      methodId: PIX_METHOD_ID,
      now: ctx.now,
    },
    ctx.publisher,
  );
  if (!result.ok) fail(402, 'Saldo insuficiente para este saque.', { amount: ['Saldo insuficiente para este saque.'] });
  return ok({ data: toTransaction(result.transaction), wallet: await walletBody(ctx, player.id) }, 201);
};

export const listTransactions: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const page = ctx.query.page as number;
  await expireDeposits(ctx.db, ctx.now, player.id);
  const [rows, count] = await Promise.all([
    ctx.db.query<Parameters<typeof toTransaction>[0]>(
      `${SELECT_TX}
        WHERE t.user_id = $1 ORDER BY t.created_at DESC, t.id DESC LIMIT $2 OFFSET $3`,
      [player.id, WALLET_PAGE_SIZE, (page - 1) * WALLET_PAGE_SIZE],
    ),
    ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM wallet_transactions WHERE user_id = $1', [player.id]),
  ]);
  return ok({ data: rows.map(toTransaction), ...pageOf(page, count[0]?.n ?? 0) });
};

export const listWalletBets: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const page = ctx.query.page as number;
  const [rows, count] = await Promise.all([
    ctx.db.query<{
      id: number;
      game_id: number;
      game_title: string;
      kind: 'casino' | 'sports';
      settled: boolean;
      bet_amount: number;
      win_amount: number;
      created_at: Date;
    }>(
      // A sports slip is a round of the sportsbook's game; a round is settled once credited (a loss is a
      // credit of 0) or rolled back; a seeded round has no provider round and is settled.
      `SELECT b.id, b.game_id, g.title AS game_title,
              CASE WHEN g.gamecode = $4 THEN 'sports' ELSE 'casino' END AS kind,
              (b.round_id IS NULL OR EXISTS (SELECT 1 FROM seamless_transactions t WHERE t.round_id = b.round_id
                 AND t.user_id = b.user_id AND t.operation IN ('credit', 'rollback') AND t.ok)) AS settled,
              b.bet_amount, b.win_amount, b.created_at
         FROM bets b JOIN games g ON g.id = b.game_id WHERE b.user_id = $1
        ORDER BY b.created_at DESC, b.id DESC LIMIT $2 OFFSET $3`,
      [player.id, WALLET_PAGE_SIZE, (page - 1) * WALLET_PAGE_SIZE, SPORTSBOOK_GAME_CODE],
    ),
    ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM bets WHERE user_id = $1', [player.id]),
  ]);
  return ok({
    data: rows.map((b) => ({ ...b, created_at: b.created_at.toISOString() })),
    ...pageOf(page, count[0]?.n ?? 0),
  });
};

/** A reward as GET /wallet/bonuses lists it: a bonus (with its rollover) or a cash reward (a ledger row). */
interface RewardRow {
  id: number;
  kind: 'deposit_coupon' | 'mission' | 'referral' | 'cashback';
  account: 'bonus' | 'cash';
  amount: number;
  status: 'active' | 'converted' | 'expired' | 'forfeited' | 'paid';
  balance: number;
  wagering_multiple: number;
  wagering_required: number;
  wagered: number;
  expires_at: Date | null;
  coupon_code: string | null;
  converted_amount: number | null;
  created_at: Date;
  ended_at: Date | null;
}

const REWARDS_SQL = `
  SELECT id, source AS kind, 'bonus' AS account, granted AS amount, status, balance, wagering_multiple,
         wagering_required, wagered, expires_at, coupon_code, converted_amount, created_at, ended_at
    FROM player_bonuses WHERE user_id = $1
  UNION ALL
  SELECT id, CASE kind WHEN 'mission_reward' THEN 'mission' WHEN 'referral_reward' THEN 'referral' ELSE 'cashback' END,
         'cash', amount, 'paid', 0, 0, 0, 0, NULL, NULL, NULL, created_at, created_at
    FROM ledger_entries WHERE user_id = $1 AND kind IN ('cashback', 'mission_reward', 'referral_reward')`;

export const listWalletBonuses: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const page = ctx.query.page as number;
  const rows = await ctx.db.query<RewardRow>(`${REWARDS_SQL} ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`, [
    player.id,
    WALLET_PAGE_SIZE,
    (page - 1) * WALLET_PAGE_SIZE,
  ]);
  const [count] = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${REWARDS_SQL}) r`, [player.id]);
  return ok({
    data: rows.map((r) => ({
      ...r,
      expires_at: r.expires_at?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
      ended_at: r.ended_at?.toISOString() ?? null,
    })),
    ...pageOf(page, count?.n ?? 0),
  });
};
