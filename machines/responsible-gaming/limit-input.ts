/**
 * What a player typed as a limit, read the way the platform will check it (POST /profile/limits): money in
 * reais → integer centavos from R$ 1,00 to R$ 1.000.000,00; play time in whole minutes from 5 to 1440 a day;
 * nothing typed removes the limit (after the cooling-off).
 */
import { parseReais } from '../kernel/money';
import type { LimitKind, LimitPeriod, LimitProblem } from './responsible-gaming.types';

import { MONEY_LIMIT, SESSION_LIMIT } from '../../shared/responsible-limits';

export const MONEY_LIMIT_MIN = MONEY_LIMIT.min;
export const MONEY_LIMIT_MAX = MONEY_LIMIT.max;
export const SESSION_LIMIT_MIN = SESSION_LIMIT.min;
export const SESSION_LIMIT_MAX = SESSION_LIMIT.max;

/** Catalogue ids of the problems (values: min and max in the unit of the kind). */
export const LIMIT_PROBLEM_IDS: Record<LimitProblem, string> = {
  invalid: 'rg.limits.problem.invalid',
  decimals: 'rg.limits.problem.decimals',
  belowMin: 'rg.limits.problem.belowMin',
  aboveMax: 'rg.limits.problem.aboveMax',
  sessionPeriod: 'rg.limits.problem.sessionPeriod',
};

export function readLimit(
  kind: LimitKind,
  period: LimitPeriod,
  text: string,
): { ok: true; amount: number | null } | { ok: false; reason: LimitProblem } {
  if (kind === 'session' && period !== 'day') return { ok: false, reason: 'sessionPeriod' };
  const typed = text.trim();
  if (typed === '') return { ok: true, amount: null };
  if (kind === 'session') {
    if (!/^\d{1,5}$/.test(typed)) return { ok: false, reason: 'invalid' };
    const minutes = Number(typed);
    if (minutes < SESSION_LIMIT_MIN) return { ok: false, reason: 'belowMin' };
    if (minutes > SESSION_LIMIT_MAX) return { ok: false, reason: 'aboveMax' };
    return { ok: true, amount: minutes };
  }
  const money = parseReais(typed);
  if (!money.ok) return { ok: false, reason: money.problem === 'decimals' ? 'decimals' : 'invalid' };
  if (money.centavos < MONEY_LIMIT_MIN) return { ok: false, reason: 'belowMin' };
  if (money.centavos > MONEY_LIMIT_MAX) return { ok: false, reason: 'aboveMax' };
  return { ok: true, amount: money.centavos };
}
