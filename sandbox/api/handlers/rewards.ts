/**
 * Rewards (openapi tags `bonuses` and `missions`): coupons, cashback, missions, VIP standing and
 * referrals. The rules are in ../rewards.ts and sandbox/README.md (Rewards). Money moves happen in one
 * transaction under the wallet's row lock (like the provider wallet and withdrawals), so a claim sent many times
 * at once credits once. A self-excluded player is refused (403) by the app before these run (openapi 403).
 */
import type { RequestBody } from '../../../shared/api/types';
import { formatBRL } from '../../../shared/money';
import { playerChannel as userChannel } from '../../../shared/channels';
import { ok, type Ctx, type Handler } from '../context';
import { fail, fieldError } from '../errors';
import {
  bannedWhenRegulated,
  cashbackItems,
  claimableSlots,
  creditReward,
  findCoupon,
  findMissionRow,
  listMissionRows,
  offeredCoupons,
  REFERRAL_CREDIT,
  toCoupon,
  toMission,
  toRankingLevel,
  vipManagerOf,
  type RankingLevelRow,
} from '../rewards';
import { requirePlayer } from './guards';
import { lockWallet } from '../../money/ledger';
import { awardPoints, missionRewardInPoints, REFERRAL_POINTS } from '../../money/points';

/** What a coupon code may be made of (the app refuses the rest before sending, machines/bonus/coupon-code.ts). */
const COUPON_CODE = /^[A-Za-z0-9_-]+$/;

export const REWARD_MESSAGES = {
  couponCharacters: 'O cupom só pode ter letras, números, hífen (-) e sublinhado (_).',
  couponInvalid: 'Cupom inválido ou expirado.',
  couponRegulated:
    'Este cupom não pode ser oferecido nesta plataforma: a Lei 14.790/2023 (art. 29) proíbe adiantamento, antecipação ou bônus para apostar, e a Portaria SPA/MF 1.231/2024 (art. 42) proíbe bônus vinculado a depósito e crédito de bônus para apostar.',
  cashbackNothing: 'Não há cashback disponível para resgatar agora.',
  cashbackUnknown: 'Cashback não encontrado.',
  missionUnknown: 'Missão não encontrada.',
  missionAccepted: 'Você já aceitou esta missão.',
  missionNotDone: 'A missão ainda não foi concluída: complete o objetivo para resgatar a recompensa.',
  missionClaimed: 'A recompensa desta missão já foi resgatada.',
} as const;

const rewardText = (kind: 'cash' | 'free_spins' | 'points', reward: number) =>
  kind === 'cash'
    ? formatBRL('pt-BR', reward)
    : kind === 'points'
      ? `${reward.toLocaleString('pt-BR')} pontos de fidelidade`
      : `${reward} giros grátis`;

async function publishBalance(ctx: Ctx, userId: number, balance: number, bonusBalance: number): Promise<void> {
  try {
    await ctx.publisher?.trigger(userChannel(userId), 'BalanceUpdated', { balance, bonus_balance: bonusBalance });
  } catch {
    // The realtime server may be stopped from the panel: the money moved; the app reads its wallet again.
  }
}

/* ------------------------------------------------------------------ coupons */

/** A coupon the player may use now on this brand (check-coupon, and a deposit's `coupon`), or a 422 on `coupon`. */
export async function usableCoupon(ctx: Pick<Ctx, 'db' | 'brand' | 'now'>, raw: string) {
  const code = raw.trim();
  if (!COUPON_CODE.test(code)) fieldError('coupon', REWARD_MESSAGES.couponCharacters);
  const row = await findCoupon(ctx.db, ctx.brand.id, code);
  if (!row || (row.expires_at !== null && row.expires_at <= ctx.now))
    fieldError('coupon', REWARD_MESSAGES.couponInvalid);
  if (ctx.brand.features.is_regulated && bannedWhenRegulated(row))
    fieldError('coupon', REWARD_MESSAGES.couponRegulated);
  return row;
}

export const checkCoupon: Handler = async (ctx) => {
  requirePlayer(ctx);
  const { coupon: raw } = ctx.body as RequestBody<'checkCoupon'>;
  const row = await usableCoupon(ctx, raw);
  return ok({ coupon: toCoupon(row), message: `Cupom ${row.code} válido: ${row.title}.` });
};

export const listCoupons: Handler = async (ctx) =>
  ok({ data: (await offeredCoupons(ctx.db, ctx.brand, ctx.now)).map(toCoupon) });

/* ------------------------------------------------------------------ cashback */

export const listCashback: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  return ok({ data: await cashbackItems(ctx.db, ctx.brand, player.id, ctx.now) });
};

export const claimCashback: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const { cashback_id: id } = ctx.body as RequestBody<'claimCashback'>;
  const { now } = ctx;
  const result = await ctx.db.transaction(async (tx) => {
    // One money move of a player at a time: a concurrent claim waits here and then finds the slots claimed.
    await lockWallet(tx, player.id);
    const item = (await cashbackItems(tx, ctx.brand, player.id, now)).find((i) => i.id === id);
    if (!item) fail(404, REWARD_MESSAGES.cashbackUnknown);
    const slots = claimableSlots(item, now);
    const total = slots.reduce((sum, s) => sum + s.amount, 0);
    if (slots.length === 0 || total <= 0) fieldError('cashback_id', REWARD_MESSAGES.cashbackNothing);
    for (const s of slots) {
      await tx.query(
        'INSERT INTO cashback_claims (user_id, item_id, slot, amount, created_at) VALUES ($1, $2, $3, $4, $5)',
        [player.id, id, s.slot, s.amount, now],
      );
    }
    const wallet = await creditReward(tx, {
      userId: player.id,
      brandId: ctx.brand.id,
      source: 'cashback',
      amount: total,
      ref: { type: 'cashback', id },
      now,
    });
    const after = (await cashbackItems(tx, ctx.brand, player.id, now)).find((i) => i.id === id) ?? item;
    return { item: after, total, balance: wallet.cash, bonusBalance: wallet.bonus };
  });
  await publishBalance(ctx, player.id, result.balance, result.bonusBalance);
  return ok({
    data: result.item,
    credited: result.total,
    balance: result.balance,
    message: `Cashback de ${formatBRL('pt-BR', result.total)} creditado na sua carteira.`,
  });
};

/* ------------------------------------------------------------------ missions */

const missionIdOf = (ctx: Ctx) => Number(ctx.params.id);

export const listMissions: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const rows = await listMissionRows(ctx.db, ctx.brand.id, player.id);
  return ok({ data: rows.map(toMission), message: `${rows.length} missões.` });
};

export const getMission: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const row = await findMissionRow(ctx.db, ctx.brand.id, player.id, missionIdOf(ctx));
  if (!row) fail(404, REWARD_MESSAGES.missionUnknown);
  return ok({ data: toMission(row), message: row.title });
};

export const acceptMission: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const missionId = missionIdOf(ctx);
  const { now } = ctx;
  const mission = await ctx.db.transaction(async (tx) => {
    const row = await findMissionRow(tx, ctx.brand.id, player.id, missionId);
    if (!row) fail(404, REWARD_MESSAGES.missionUnknown);
    await tx.query(
      `INSERT INTO player_missions (user_id, mission_id, status, assigned_at) VALUES ($1, $2, 'available', $3)
       ON CONFLICT (user_id, mission_id) DO NOTHING`,
      [player.id, missionId, now],
    );
    const [locked] = await tx.query<{ status: string }>(
      'SELECT status FROM player_missions WHERE user_id = $1 AND mission_id = $2 FOR UPDATE',
      [player.id, missionId],
    );
    if (locked?.status !== 'available') fail(409, REWARD_MESSAGES.missionAccepted);
    await tx.query(
      `UPDATE player_missions SET status = 'accepted', accepted_at = $3, progress = 0
        WHERE user_id = $1 AND mission_id = $2`,
      [player.id, missionId, now],
    );
    const accepted = await findMissionRow(tx, ctx.brand.id, player.id, missionId);
    if (!accepted) throw new Error('accepted mission vanished');
    return toMission(accepted);
  });
  return ok({ data: mission, message: `Missão aceita: ${mission.title}. Suas apostas a partir de agora contam.` });
};

export const claimMission: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const missionId = missionIdOf(ctx);
  const { now } = ctx;
  const result = await ctx.db.transaction(async (tx) => {
    // The wallet first, as the bets that move missions lock it: never the other order.
    await lockWallet(tx, player.id);
    const row = await findMissionRow(tx, ctx.brand.id, player.id, missionId);
    if (!row) fail(404, REWARD_MESSAGES.missionUnknown);
    const [locked] = await tx.query<{ status: string }>(
      'SELECT status FROM player_missions WHERE user_id = $1 AND mission_id = $2 FOR UPDATE',
      [player.id, missionId],
    );
    if (locked?.status === 'claimed') fail(409, REWARD_MESSAGES.missionClaimed);
    if (locked?.status !== 'completed') fail(422, REWARD_MESSAGES.missionNotDone);
    await tx.query(
      `UPDATE player_missions SET status = 'claimed', claimed_at = $3 WHERE user_id = $1 AND mission_id = $2`,
      [player.id, missionId, now],
    );
    // A regulated brand pays loyalty points, whatever the mission names (Portaria SPA/MF 1.231/2024 arts. 42–43):
    // never cash, bonus money or free spins.
    const regulated = ctx.brand.features.is_regulated;
    const points = regulated || row.reward_kind === 'points' ? missionRewardInPoints(row.reward_kind, row.reward) : 0;
    const ref = { type: 'mission' as const, id: missionId };
    if (points > 0) await awardPoints(tx, { userId: player.id, points, ref, now });
    const wallet =
      !regulated && row.reward_kind === 'cash' && row.reward > 0
        ? await creditReward(tx, {
            userId: player.id,
            brandId: ctx.brand.id,
            source: 'mission',
            amount: row.reward,
            ref,
            now,
          })
        : null;
    const claimed = await findMissionRow(tx, ctx.brand.id, player.id, missionId);
    if (!claimed) throw new Error('claimed mission vanished');
    return {
      mission: toMission(claimed),
      points,
      balance: wallet?.cash ?? null,
      bonusBalance: wallet?.bonus ?? null,
    };
  });
  if (result.balance !== null) await publishBalance(ctx, player.id, result.balance, result.bonusBalance ?? 0);
  const paid = result.points > 0 ? rewardText('points', result.points) : null;
  return ok({
    data: result.mission,
    message: `Recompensa resgatada: ${paid ?? rewardText(result.mission.reward_kind, result.mission.reward)}.`,
    ...(result.balance !== null ? { balance: result.balance } : {}),
    ...(result.points > 0 ? { points: result.points } : {}),
  });
};

/* ------------------------------------------------------------------ VIP and referrals */

export const getVip: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const levels = await ctx.db.query<RankingLevelRow>(
    'SELECT level, name, total_bet, perks FROM ranking_levels ORDER BY level',
  );
  const totalBet = Number(player.total_bet);
  const current = [...levels].reverse().find((l) => Number(l.total_bet) <= totalBet);
  const next = levels.find((l) => l.level > (current?.level ?? 0));
  const floor = Number(current?.total_bet ?? 0);
  const percent = next
    ? Math.min(100, Math.max(0, Math.round(((totalBet - floor) / (Number(next.total_bet) - floor)) * 100)))
    : 100;
  return ok({
    data: {
      level: current?.level ?? 1,
      name: current?.name ?? levels[0]?.name ?? '',
      points: Math.floor(totalBet / 100),
      total_bet: totalBet,
      next_level: next ? toRankingLevel(next) : null,
      percent,
      needed: next ? Math.max(0, Number(next.total_bet) - totalBet) : null,
      perks: current?.perks ?? [],
      // The level's `vip_manager` perk: the brand's VIP team, how to reach it.
      manager: current?.perks.includes('vip_manager') ? vipManagerOf(ctx.brand.name) : null,
    },
  });
};

export const getAffiliates: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const rows = await ctx.db.query<{
    first_name: string;
    last_name: string;
    created_at: Date;
    earned: number | null;
    points: number | null;
  }>(
    `SELECT u.first_name, u.last_name, u.created_at, rc.amount AS earned, rc.points
       FROM users u LEFT JOIN referral_credits rc ON rc.referee_id = u.id AND rc.referrer_id = $3
      WHERE u.brand_id = $1 AND u.referred_by = $2 AND u.id <> $3
      ORDER BY u.created_at DESC, u.id DESC`,
    [ctx.brand.id, player.referral_code, player.id],
  );
  const referrals = rows.map((r) => ({
    name: `${r.first_name} ${r.last_name ? `${[...r.last_name][0]}.` : ''}`.trim(),
    registered_at: r.created_at.toISOString(),
    earned: r.earned ?? 0,
    points: r.points ?? 0,
  }));
  // A regulated brand's referral pays loyalty points, never cash (Lei 14.790/2023 art. 29).
  const regulated = ctx.brand.features.is_regulated;
  return ok({
    data: {
      referral_code: player.referral_code,
      reward_kind: regulated ? ('points' as const) : ('cash' as const),
      credit_per_referral: regulated ? 0 : REFERRAL_CREDIT,
      points_per_referral: regulated ? REFERRAL_POINTS : 0,
      total_earned: referrals.reduce((sum, r) => sum + r.earned, 0),
      total_points: referrals.reduce((sum, r) => sum + r.points, 0),
      referrals,
    },
  });
};
