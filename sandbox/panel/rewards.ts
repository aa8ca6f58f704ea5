/**
 * The QA panel's rewards block: assign a mission to a player (by id or e-mail) or show it to a guest
 * (by Guest-ID), which publishes `MissionAssigned` on their private channel (`private-universal.{id}` or
 * `private-universal.{Guest-ID}`, spec §7 Live channels); and record a casino bet for a player (a stake and what it
 * paid back), which moves their accepted missions and their cashback like a real round. The coupons on offer and
 * the missions are listed per brand.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseReais } from '../../shared/money';
import { listBrands } from '../api/brands';
import {
  advanceMissions,
  assignMission,
  findMissionRow,
  gameTypeOfCategory,
  toMission,
  type Mission,
} from '../api/rewards';
import { balancesOf, lockWallet } from '../money/ledger';
import { awardLevelPoints } from '../money/points';
import { countWagering, expireBonuses, payWin, takeStake } from '../money/bonus';

/** The panel's test bet found too little money: its transaction is rolled back. */
class InsufficientForPanelBet extends Error {}
import type { Db } from '../db/types';
import { formatCentavos, html, type Html } from './layout';
import { playerChannel } from '../../shared/channels';

export interface RewardsPanelDeps {
  db: Db;
  now: () => Date;
  publisher?: { trigger(channels: string | string[], event: string, data: unknown): Promise<unknown> } | undefined;
}

type Form = Record<string, string | string[] | undefined>;

const GUEST_ID = /^guest-[A-Za-z0-9]{9}$/;
export const MISSION_ASSIGNED = 'MissionAssigned';

function field(body: Form | undefined, name: string): string {
  const value = body?.[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** The block rendered on GET /sandbox. */
export async function renderRewardsSection(deps: RewardsPanelDeps): Promise<Html> {
  const brands = await listBrands(deps.db);
  const missions = await deps.db.query<{ id: number; brand_id: number; title: string; assigned_only: boolean }>(
    'SELECT id, brand_id, title, assigned_only FROM missions WHERE active ORDER BY brand_id, id',
  );
  const coupons = await deps.db.query<{
    brand_id: number;
    code: string;
    kind: string;
    requires_deposit: boolean;
    advance: boolean;
  }>('SELECT brand_id, code, kind, requires_deposit, advance FROM coupons WHERE active ORDER BY brand_id, id');
  const nameOf = (brandId: number) => brands.find((b) => b.id === brandId)?.name ?? String(brandId);
  return html`<section id="rewards">
    <h2>Recompensas</h2>
    ${deps.publisher ? '' : html`<p class="muted">Sem publicador: atribuídas, mas não enviadas ao vivo.</p>`}
    <p class="muted">
      Cupons:
      ${coupons.map(
        (c) =>
          html`<code>${c.code}</code> (${nameOf(c.brand_id)},
            ${c.kind}${c.requires_deposit || c.advance ? ', recusado em marca regulada' : ''}) `,
      )}
    </p>
    <form method="post" action="/sandbox/rewards/missions/assign" data-testid="mission-assign-form">
      <fieldset>
        <legend>Atribuir missão (publica <code>${MISSION_ASSIGNED}</code>)</legend>
        <label
          >Missão
          <select name="mission">
            ${missions.map(
              (m) =>
                html`<option value="${m.id}">
                  ${nameOf(m.brand_id)} · ${m.title}${m.assigned_only ? ' (só atribuída)' : ''}
                </option>`,
            )}
          </select></label
        >
        <label
          >Jogador (id ou e-mail) ou Guest-ID <input type="text" name="to" placeholder="ana@sorteverde.test"
        /></label>
        <button>Atribuir</button>
      </fieldset>
    </form>
    <form method="post" action="/sandbox/rewards/bets" data-testid="reward-bet-form">
      <fieldset>
        <legend>Registrar aposta de cassino (move missões aceitas e o cashback)</legend>
        <label>Jogador (id ou e-mail) <input type="text" name="player" placeholder="ana@sorteverde.test" /></label>
        <label>Aposta (R$) <input type="text" name="bet" value="10,00" size="8" /></label>
        <label>Ganho (R$) <input type="text" name="win" value="0,00" size="8" /></label>
        <button>Registrar</button>
      </fieldset>
    </form>
  </section>`;
}

export interface RewardsRouteHelpers {
  sameOrigin(request: FastifyRequest): boolean;
  back(reply: FastifyReply, anchor: string, text: string, error?: boolean): FastifyReply;
}

async function playerOf(db: Db, given: string, brandId?: number) {
  const value = given.trim();
  if (!value) return null;
  const byId = /^\d{1,15}$/.test(value);
  const params: unknown[] = [byId ? Number(value) : value];
  if (brandId !== undefined) params.push(brandId);
  const rows = await db.query<{ id: number; brand_id: number; email: string }>(
    `SELECT id, brand_id, email FROM users WHERE ${byId ? 'id = $1' : 'lower(email) = lower($1)'}${
      brandId === undefined ? '' : ' AND brand_id = $2'
    }`,
    params,
  );
  return rows[0] ?? null;
}

/** Publishes a mission to a channel; false when there is no publisher or it failed. */
async function publishMission(deps: RewardsPanelDeps, channel: string, mission: Mission): Promise<boolean> {
  if (!deps.publisher) return false;
  try {
    await deps.publisher.trigger(channel, MISSION_ASSIGNED, {
      data: mission,
      message: `Nova missão: ${mission.title}`,
    });
    return true;
  } catch {
    return false;
  }
}

/** POST /sandbox/rewards/missions/assign, POST /sandbox/rewards/bets. */
export function registerRewardsRoutes(app: FastifyInstance, deps: RewardsPanelDeps, h: RewardsRouteHelpers): void {
  app.post<{ Body: Form }>('/sandbox/rewards/missions/assign', async (request, reply) => {
    if (!h.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
    const missionText = field(request.body, 'mission');
    if (!/^\d{1,9}$/.test(missionText)) return h.back(reply, 'rewards', 'Missão inválida.', true);
    const [mission] = await deps.db.query<{ id: number; brand_id: number }>(
      'SELECT id, brand_id FROM missions WHERE id = $1 AND active',
      [Number(missionText)],
    );
    if (!mission) return h.back(reply, 'rewards', 'Missão não encontrada.', true);
    const to = field(request.body, 'to').trim();
    const now = deps.now();

    if (GUEST_ID.test(to)) {
      // A guest has no account: the mission is shown live on their channel (it is theirs once they sign up).
      const [row] = await deps.db.query<Parameters<typeof toMission>[0]>(
        `SELECT m.*, NULL AS status, NULL AS progress, NULL AS accepted_at, NULL AS completed_at, NULL AS claimed_at
           FROM missions m WHERE m.id = $1`,
        [mission.id],
      );
      const channel = playerChannel(to);
      const published = await publishMission(deps, channel, toMission(row!));
      return h.back(
        reply,
        'rewards',
        published
          ? `${MISSION_ASSIGNED} enviado em ${channel}.`
          : `Não publicado em ${channel} (servidor realtime parado?).`,
        !published,
      );
    }

    const player = await playerOf(deps.db, to, mission.brand_id);
    if (!player)
      return h.back(reply, 'rewards', 'Jogador não encontrado na marca da missão (id, e-mail ou Guest-ID).', true);
    const assigned = await assignMission(deps.db, player.id, mission.id, now);
    const row = await findMissionRow(deps.db, mission.brand_id, player.id, mission.id);
    const channel = playerChannel(player.id);
    const published = row ? await publishMission(deps, channel, toMission(row)) : false;
    return h.back(
      reply,
      'rewards',
      `${assigned ? 'Missão atribuída' : 'A missão já era do jogador'}; ${
        published ? `${MISSION_ASSIGNED} enviado em ${channel}.` : `não publicada em ${channel}.`
      }`,
      !published && deps.publisher !== undefined,
    );
  });

  app.post<{ Body: Form }>('/sandbox/rewards/bets', async (request, reply) => {
    if (!h.sameOrigin(request)) return reply.code(403).send({ message: 'Origem não permitida.' });
    const player = await playerOf(deps.db, field(request.body, 'player'));
    if (!player) return h.back(reply, 'rewards', 'Jogador não encontrado (id ou e-mail).', true);
    const bet = parseReais(field(request.body, 'bet'));
    const win = parseReais(field(request.body, 'win') || '0');
    if (!bet.ok || bet.centavos <= 0 || !win.ok) return h.back(reply, 'rewards', 'Valores inválidos.', true);
    const now = deps.now();
    const moved = await deps.db
      .transaction(async (tx) => {
        // A settled round of the first lobby game, through the same money rules as the seamless wallet's: the stake
        // spends cash then bonus, the win is split as the stake was, the stake counts for rollovers and missions.
        await lockWallet(tx, player.id);
        await expireBonuses(tx, player.id, now);
        const [game] = await tx.query<{ id: number; category_slug: string }>(
          'SELECT id, category_slug FROM games WHERE in_lobby ORDER BY id LIMIT 1',
        );
        if (!game) return null;
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO bets (user_id, game_id, bet_amount, win_amount, created_at, settled_at) VALUES ($1, $2, $3, $4, $5, $5)
         RETURNING id`,
          [player.id, game.id, bet.centavos, win.centavos, now],
        );
        if (!row) throw new Error('bet not recorded');
        const ref = { type: 'round' as const, id: `panel:${row.id}` };
        const after = await balancesOf(tx, player.id);
        const paid = await takeStake(tx, {
          userId: player.id,
          amount: bet.centavos,
          cash: after.cash,
          bonus: after.bonus,
          ref,
          now,
        });
        if (!paid) throw new InsufficientForPanelBet();
        await tx.query('UPDATE bets SET bet_bonus = $2, bonus_id = $3 WHERE id = $1', [
          row.id,
          paid.bonus,
          paid.bonusId,
        ]);
        await payWin(tx, {
          userId: player.id,
          win: win.centavos,
          staked: bet.centavos,
          stakedBonus: paid.bonus,
          bonusId: paid.bonusId,
          ref,
          now,
        });
        await tx.query('UPDATE users SET total_bet = total_bet + $2 WHERE id = $1', [player.id, bet.centavos]);
        // A regulated brand's levels pay loyalty points when reached (Portaria SPA/MF 1.231/2024 art. 43).
        await awardLevelPoints(tx, player.id, now);
        await countWagering(tx, player.id, bet.centavos, now);
        await advanceMissions(
          tx,
          player.id,
          { stake: bet.centavos, gameType: gameTypeOfCategory(game.category_slug) },
          now,
        );
        return (await balancesOf(tx, player.id)).cash;
      })
      .catch((error: unknown) => {
        if (error instanceof InsufficientForPanelBet) return null;
        throw error;
      });
    if (moved === null) return h.back(reply, 'rewards', 'Saldo insuficiente para a aposta.', true);
    try {
      await deps.publisher?.trigger(playerChannel(player.id), 'BalanceUpdated', { balance: moved });
    } catch {
      // The realtime server may be stopped: the bet is recorded.
    }
    return h.back(
      reply,
      'rewards',
      `Aposta de ${formatCentavos(bet.centavos)} registrada para ${player.email}; saldo ${formatCentavos(moved)}.`,
    );
  });
}
