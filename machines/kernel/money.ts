/**
 * Money in machines: integer centavos (spec §3). Typed amounts are parsed by the rule the sandbox uses too
 * (shared/money.ts) and range-checked here (spec §5 Deposit and withdraw).
 */
import { parseReais, type ReaisProblem } from '../../shared/money';

export { centavosToText, parseReais } from '../../shared/money';

export type AmountProblem = ReaisProblem | 'belowMin' | 'aboveMax';

/** Catalogue ids of the problems (values {min} and {max} are formatted by the view). */
export const AMOUNT_MESSAGE_IDS: Record<AmountProblem, string> = {
  required: 'wallet.amount.required',
  invalid: 'wallet.amount.invalid',
  decimals: 'wallet.amount.decimals',
  belowMin: 'wallet.amount.belowMin',
  aboveMax: 'wallet.amount.aboveMax',
};

/** The amount's problem, or null when it is within [min, max] (centavos). */
export function checkAmount(
  text: string,
  min: number,
  max: number,
): { centavos: number | null; problem: AmountProblem | null } {
  const parsed = parseReais(text);
  if (!parsed.ok) return { centavos: null, problem: parsed.problem };
  if (parsed.centavos < min) return { centavos: parsed.centavos, problem: 'belowMin' };
  if (parsed.centavos > max) return { centavos: parsed.centavos, problem: 'aboveMax' };
  return { centavos: parsed.centavos, problem: null };
}
