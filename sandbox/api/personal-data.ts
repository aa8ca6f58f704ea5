/**
 * The player's personal data and what other players may see of them (spec §3 User and privacy toggles,
 * §7 Profile):
 *
 * - GET /profile/personal-data: name, birth date, the CPF masked (the full number never leaves), the address and
 *   whether the identity is verified.
 * - POST /auth/update's personal fields: checked here (Brazilian address, 18+), refused with 409 once verified.
 * - POST /profile/toggle-hide-metrics: hide or show everything at once.
 * - POST /profile/show: another player of the brand as their toggles allow (each hidden part is null); never the
 *   e-mail, phone, CPF, birth date, address or balance.
 */
import type { RequestBody, Schema } from '../../shared/api/types';
import {
  ADDRESS_FIELDS,
  maskedCpf,
  normalizedAddress,
  personalDataProblems,
  type Address,
  type PersonalDataProblem,
  type PersonalField,
} from '../../shared/personal-data';
import type { Queryable } from '../db/types';
import { ok, type Handler } from './context';
import { fail } from './errors';
import { requirePlayer, FieldErrorList } from './handlers/guards';
import { findPlayerById, settingsOf, type PlayerRow } from './players';
import { UNDERAGE_MESSAGE } from './rules/person';

/** The platform's texts (pt-BR); the app shows its own catalogue's. */
export const PERSONAL_MESSAGES: Record<PersonalDataProblem, string> & { locked: string; saved: string } = {
  required: 'Este é um campo obrigatório.',
  tooLong: 'Texto longo demais.',
  date: 'Informe uma data de nascimento válida.',
  future: 'Informe uma data de nascimento válida.',
  underage: UNDERAGE_MESSAGE,
  postalCode: 'Informe um CEP válido, com 8 dígitos.',
  state: 'Informe uma UF válida (por exemplo, SP).',
  locked: 'Seus dados pessoais já foram verificados e não podem mais ser alterados.',
  saved: 'Dados atualizados com sucesso.',
};

const errorKey = (field: PersonalField) =>
  (ADDRESS_FIELDS as readonly string[]).includes(field) ? `address.${field}` : field;

function addressOf(row: Pick<PlayerRow, 'address'>): Address | null {
  if (!row.address) return null;
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, String(row.address?.[f] ?? '')])) as Address;
}

export function personalDataOf(row: PlayerRow): Schema<'PersonalData'> {
  return {
    first_name: row.first_name,
    last_name: row.last_name,
    birth_date: row.birth_date,
    cpf: maskedCpf(row.cpf),
    address: addressOf(row),
    verified: row.identity_verified_at !== null,
  };
}

export const getPersonalData: Handler = async (ctx) => ok({ data: personalDataOf(requirePlayer(ctx)) });

type UpdateBody = RequestBody<'updateUser'>;

/**
 * POST /auth/update's personal fields: 409 once verified; else each problem of the whole form (what it would be
 * after the change) on its field. Returns the address to store (normalised), or undefined when none was sent.
 */
export function checkPersonalUpdate(player: PlayerRow, body: UpdateBody, now: Date): Address | undefined {
  const personal = ['first_name', 'last_name', 'birth_date', 'address'] as const;
  if (player.identity_verified_at && personal.some((field) => body[field] !== undefined))
    fail(409, PERSONAL_MESSAGES.locked);
  if (body.address === undefined) return undefined;
  const address: Address = { complement: '', ...body.address };
  const problems = personalDataProblems(
    {
      first_name: body.first_name ?? player.first_name,
      last_name: body.last_name ?? player.last_name,
      birth_date: body.birth_date ?? player.birth_date ?? '',
      address,
    },
    now,
  );
  const errors = new FieldErrorList();
  for (const field of ADDRESS_FIELDS) {
    const problem = problems[field];
    if (problem) errors.add(errorKey(field), PERSONAL_MESSAGES[problem]);
  }
  errors.throwIfAny();
  return normalizedAddress(address);
}

export const toggleHideMetrics: Handler = async (ctx) => {
  const player = requirePlayer(ctx);
  const { hide_metrics } = ctx.body as RequestBody<'toggleHideMetrics'>;
  const [row] = await ctx.db.query<{ settings: PlayerRow['settings'] }>(
    `UPDATE users SET settings = settings || jsonb_build_object('hide_metrics', $2::boolean) WHERE id = $1
     RETURNING settings`,
    [player.id, hide_metrics],
  );
  return ok({
    data: settingsOf(row ?? player),
    message: hide_metrics ? 'Seus dados estão ocultos.' : 'Seus dados estão visíveis conforme suas preferências.',
  });
};

async function statisticsOf(db: Queryable, player: PlayerRow) {
  const [row] = await db.query<{ bets: number; wins: number; biggest_win: number }>(
    `SELECT count(*)::int AS bets, count(*) FILTER (WHERE win_amount > 0)::int AS wins,
            coalesce(max(win_amount), 0)::bigint AS biggest_win
       FROM bets WHERE user_id = $1`,
    [player.id],
  );
  return {
    total_bet: player.total_bet,
    bets: row?.bets ?? 0,
    wins: row?.wins ?? 0,
    biggest_win: Number(row?.biggest_win ?? 0),
  };
}

async function activityOf(db: Queryable, player: PlayerRow) {
  const [row] = await db.query<{ last: Date | null }>('SELECT max(created_at) AS last FROM bets WHERE user_id = $1', [
    player.id,
  ]);
  return { member_since: player.created_at.toISOString(), last_bet_at: row?.last?.toISOString() ?? null };
}

async function playedGamesOf(db: Queryable, player: PlayerRow) {
  return db.query<{ game_id: number; title: string }>(
    `SELECT g.id AS game_id, g.title FROM game_plays p JOIN games g ON g.id = p.game_id
      WHERE p.user_id = $1 AND g.in_lobby GROUP BY g.id, g.title ORDER BY max(p.played_at) DESC LIMIT 5`,
    [player.id],
  );
}

export const showProfile: Handler = async (ctx) => {
  requirePlayer(ctx);
  const { user_id } = ctx.body as RequestBody<'showProfile'>;
  const shown = await findPlayerById(ctx.db, user_id);
  // Another brand's player is no player here.
  if (!shown || shown.brand_id !== ctx.brand.id) fail(404, 'Jogador não encontrado.');
  const s = settingsOf(shown);
  const all = s.hide_metrics;
  const data: Schema<'PublicProfile'> = {
    id: shown.id,
    username: all || s.hide_username ? null : shown.first_name,
    avatar: all ? null : shown.avatar,
    level: all ? null : shown.level,
    statistics: all || s.hide_statistics ? null : await statisticsOf(ctx.db, shown),
    activity: all || s.hide_activity ? null : await activityOf(ctx.db, shown),
    played_games: all || s.hide_played_games ? null : await playedGamesOf(ctx.db, shown),
    // The product has no battles yet: a player who shows them shows none.
    battle_rewards: all || s.hide_battle_rewards ? null : { count: 0, total: 0 },
  };
  return ok({ data });
};
