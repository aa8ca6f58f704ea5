/**
 * The responsible-gaming limits (Portaria 2.579/2025) as the app and the sandbox both name them: every
 * kind and period a player can limit, in the order they are shown, and the bounds the platform takes. Pure.
 */
export type LimitKind = 'deposit' | 'loss' | 'session';
export type LimitPeriod = 'day' | 'week' | 'month';

/** Deposit and loss per day, week and month; play time per day only. */
export const LIMIT_SLOTS: ReadonlyArray<{ kind: LimitKind; period: LimitPeriod }> = [
  { kind: 'deposit', period: 'day' },
  { kind: 'deposit', period: 'week' },
  { kind: 'deposit', period: 'month' },
  { kind: 'loss', period: 'day' },
  { kind: 'loss', period: 'week' },
  { kind: 'loss', period: 'month' },
  { kind: 'session', period: 'day' },
];

/** Money limits in integer centavos: R$ 1,00 to R$ 1.000.000,00. */
export const MONEY_LIMIT = { min: 100, max: 100_000_000 } as const;
/** Play time in minutes a day. */
export const SESSION_LIMIT = { min: 5, max: 1440 } as const;

/** The privacy toggles of spec §3 (POST /profile/update-settings). */
export const PRIVACY_TOGGLES = [
  'hide_username',
  'hide_statistics',
  'hide_activity',
  'hide_played_games',
  'hide_battle_rewards',
  'hide_metrics',
] as const;
