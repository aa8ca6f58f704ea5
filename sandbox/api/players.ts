import { PRIVACY_TOGGLES } from '../../shared/responsible-limits';
import { randomBytes } from 'node:crypto';
import type { Schema } from '../../shared/api/types';
import type { Queryable } from '../db/types';
import { ApiError, fail } from './errors';
import { formatInSaoPaulo } from '../../shared/sao-paulo';
import {
  isImpediment,
  SIGAP_IMPEDIDO_CODE,
  SIGAP_WITHDRAW_MS,
  type SigapImpediment,
  type SigapStatus,
} from '../../shared/sigap';

export interface PlayerRow {
  id: number;
  brand_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  cpf: string | null;
  password_hash: string | null;
  google_sub: string | null;
  birth_date: string | null;
  language: 'pt' | 'en';
  avatar: string | null;
  total_bet: number;
  referral_code: string;
  email_verified_at: Date | null;
  phone_verified_at: Date | null;
  self_excluded_at: Date | null;
  self_excluded_until: Date | null;
  reality_check_minutes: 15 | 30 | 60;
  settings: Partial<ProfileSettings>;
  /** (migration 014): the Brazilian address, and when the identity was verified (personal data locked). */
  address: Partial<Record<string, string>> | null;
  identity_verified_at: Date | null;
  /** Migration 026: the national list checks (sandbox/sigap/). */
  sigap_status: string | null;
  sigap_checked_at: Date | null;
  sigap_impeded_at: Date | null;
  sigap_closed_at: Date | null;
  /** Migration 025: the regulated profile (Portaria SPA/MF 2.579/2025) and the second factor (Portaria 722/2024). */
  gender: string | null;
  regulated_profile_at: Date | null;
  totp_secret: string | null;
  totp_pending: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: string | null;
  /** The player's brand is regulated (`is_regulated`): it asks for the regulated profile. */
  brand_regulated: boolean;
  created_at: Date;
  balance: number;
  bonus_balance: number;
  points_balance: number;
  deposit_count: number;
  /** The end of the player's soonest-ending active bonus (the API applies expiry first when it has come). */
  bonus_ends_at: Date | null;
  level: number;
}

/** The privacy toggles of spec §3 (shared with the app). */
export const PROFILE_SETTINGS = PRIVACY_TOGGLES;
export type ProfileSettings = Schema<'ProfileSettings'>;

export const PLAYER_SELECT = `
  SELECT u.*, w.balance, w.bonus_balance, w.points_balance, w.deposit_count,
         coalesce((SELECT (b.features->>'is_regulated')::boolean FROM brands b WHERE b.id = u.brand_id), false)
           AS brand_regulated,
         (SELECT min(pb.expires_at) FROM player_bonuses pb WHERE pb.user_id = u.id AND pb.status = 'active')
           AS bonus_ends_at,
         coalesce((SELECT max(r.level) FROM ranking_levels r WHERE r.total_bet <= u.total_bet), 1) AS level
    FROM users u JOIN wallets w ON w.user_id = u.id`;

export type PlayerKey = 'email' | 'phone' | 'cpf' | 'google_sub';

export async function findPlayerById(db: Queryable, id: number): Promise<PlayerRow | null> {
  const [row] = await db.query<PlayerRow>(`${PLAYER_SELECT} WHERE u.id = $1`, [id]);
  return row ?? null;
}

/** A player of the brand by a unique key (e-mail compared case-insensitively). */
export async function findPlayerBy(
  db: Queryable,
  brandId: number,
  key: PlayerKey,
  value: string,
): Promise<PlayerRow | null> {
  const where = key === 'email' ? 'lower(u.email) = lower($2)' : `u.${key} = $2`;
  const [row] = await db.query<PlayerRow>(`${PLAYER_SELECT} WHERE u.brand_id = $1 AND ${where}`, [brandId, value]);
  return row ?? null;
}

export function newReferralCode(): string {
  return randomBytes(6)
    .toString('base64url')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X');
}

export function settingsOf(row: Pick<PlayerRow, 'settings'>): ProfileSettings {
  return Object.fromEntries(PROFILE_SETTINGS.map((key) => [key, row.settings[key] === true])) as ProfileSettings;
}

/** The player as the contract's `User`. CPF and password hash never leave the server. */
export function toUser(row: PlayerRow): Schema<'User'> {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    username: row.phone ?? row.email,
    phone: row.phone,
    birth_date: row.birth_date,
    level: row.level,
    totalBet: row.total_bet,
    avatar: row.avatar,
    language: row.language,
    user_likes: [] as number[],
    vip: { level: row.level, points: Math.floor(row.total_bet / 100) },
    wallet: toWallet(row),
    email_verified: row.email_verified_at !== null,
    phone_verified: row.phone_verified_at !== null,
    has_cpf: row.cpf !== null,
    referral_code: row.referral_code,
    created_at: row.created_at.toISOString(),
    ...impedimentOf(row),
    regulated_profile_done: row.regulated_profile_at !== null || !row.brand_regulated,
    second_factor_enabled: row.totp_enabled_at !== null,
  };
}

/** A SIGAP "Impedido" standing as the User carries it (IN SPA/MF 31/2025, IN SPA/MF 22/2025); empty when none. */
function impedimentOf(row: Pick<PlayerRow, 'sigap_status' | 'sigap_impeded_at'>): Pick<Schema<'User'>, 'impediment'> {
  if (!row.sigap_impeded_at || !isImpediment(row.sigap_status as SigapStatus)) return {};
  return {
    impediment: {
      reason: row.sigap_status as SigapImpediment,
      since: row.sigap_impeded_at.toISOString(),
      withdraw_until: new Date(row.sigap_impeded_at.getTime() + SIGAP_WITHDRAW_MS).toISOString(),
    },
  };
}

/** The refusal of a deposit, a stake or a sign-in caused by a SIGAP "Impedido" answer (Schema NationalListError). */
export function nationalListBody(reason: SigapImpediment, field: 'cpf' | 'login' | 'amount' | 'game_id') {
  const message = SIGAP_MESSAGES[field];
  return { message, errors: { [field]: [message] }, code: SIGAP_IMPEDIDO_CODE, reason };
}

export const SIGAP_MESSAGES = {
  cpf: 'Não é possível abrir uma conta: a consulta ao SIGAP indicou que este CPF está impedido de apostar.',
  login: 'Esta conta foi encerrada: a consulta ao SIGAP indicou que este CPF está impedido de apostar.',
  amount: 'Seu CPF está impedido de apostar (SIGAP): depósitos não são aceitos, apenas saques.',
  game_id: 'Seu CPF está impedido de apostar (SIGAP): não é possível jogar com dinheiro, apenas sacar.',
} as const;

/** 403 NationalListError when the player is impeded (deposits, real-money games). */
export function assertNotImpeded(row: PlayerRow, field: 'amount' | 'game_id'): void {
  if (!row.sigap_impeded_at || !isImpediment(row.sigap_status as SigapStatus)) return;
  throw new ApiError(403, nationalListBody(row.sigap_status as SigapImpediment, field));
}

export function toWallet(
  row: Pick<PlayerRow, 'balance' | 'bonus_balance' | 'deposit_count'> & Partial<Pick<PlayerRow, 'points_balance'>>,
): Schema<'Wallet'> {
  return {
    balance: row.balance,
    bonus_balance: row.bonus_balance,
    points_balance: row.points_balance ?? 0,
    deposit_count: row.deposit_count,
    currency: 'BRL' as const,
  };
}

/** The active self-exclusion period, or null. */
export function activeSelfExclusion(
  row: Pick<PlayerRow, 'self_excluded_at' | 'self_excluded_until'>,
  now: Date,
): { start: Date; end: Date | null } | null {
  if (!row.self_excluded_at || row.self_excluded_at > now) return null;
  if (row.self_excluded_until && row.self_excluded_until <= now) return null;
  return { start: row.self_excluded_at, end: row.self_excluded_until };
}

/** 403 with the exclusion period (spec §4 Self-exclusion) when the player is self-excluded now. */
export function assertNotSelfExcluded(row: PlayerRow, now: Date): void {
  const period = activeSelfExclusion(row, now);
  if (!period) return;
  throw new ApiError(403, selfExclusionBody(period));
}

/** The SelfExclusionError body of a period. */
export function selfExclusionBody(period: { start: Date; end: Date | null }) {
  return {
    message: period.end
      ? `Sua conta está em autoexclusão até ${formatInSaoPaulo(period.end, 'pt-BR', { dateStyle: 'short' })}.`
      : 'Sua conta está em autoexclusão por tempo indeterminado.',
    selfExcluded: true as const,
    start_at: period.start.toISOString(),
    end_at: period.end?.toISOString() ?? null,
  };
}

export const DUPLICATE_MESSAGES: Record<Exclude<PlayerKey, 'google_sub'>, string> = {
  email: 'Este e-mail já está cadastrado.',
  phone: 'Este telefone já está cadastrado.',
  cpf: 'Este CPF já está cadastrado.',
};

/** 409 listing every given key that another player of the brand already uses. */
export async function assertUnique(
  db: Queryable,
  brandId: number,
  values: Partial<Record<Exclude<PlayerKey, 'google_sub'>, string | null>>,
  exceptPlayerId?: number,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(values) as [Exclude<PlayerKey, 'google_sub'>, string | null][]) {
    if (!value) continue;
    const other = await findPlayerBy(db, brandId, key, value);
    if (other && other.id !== exceptPlayerId) errors[key] = [DUPLICATE_MESSAGES[key]];
  }
  if (Object.keys(errors).length > 0) fail(409, 'Já existe uma conta com estes dados.', errors);
}

/** PostgreSQL unique_violation, for writes that race a concurrent registration. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
