/**
 * Money typed by a player (pt-BR or en style) → integer centavos, and the range check of spec §5 Deposit and
 * withdraw. Pure: shared by the pix and withdrawal machines.
 */

export type AmountProblem = 'required' | 'invalid' | 'decimals' | 'belowMin' | 'aboveMax';

/** Catalog ids of the problems (values {min} and {max} are formatted by the view). */
export const AMOUNT_MESSAGE_IDS: Record<AmountProblem, string> = {
  required: 'wallet.amount.required',
  invalid: 'wallet.amount.invalid',
  decimals: 'wallet.amount.decimals',
  belowMin: 'wallet.amount.belowMin',
  aboveMax: 'wallet.amount.aboveMax',
};

/**
 * "50", "50,5", "50,00", "1.234,56", "1,234.56", "R$ 50" → centavos. More than two decimals is refused
 * ('decimals'), anything that is not a number ('invalid'), nothing ('required').
 */
export function parseReais(text: string): { ok: true; centavos: number } | { ok: false; problem: AmountProblem } {
  const bare = text.replace(/R\$/gi, '').replace(/[\s\u00a0]/g, '');
  if (bare === '') return { ok: false, problem: 'required' };
  let normalized: string;
  const lastComma = bare.lastIndexOf(',');
  const lastDot = bare.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // Both: the last one is the decimal separator, the other groups thousands.
    const decimal = lastComma > lastDot ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    const [whole = '', fraction, extra] = bare.split(decimal);
    const grouped = group === '.' ? /^\d{1,3}(\.\d{3})*$/ : /^\d{1,3}(,\d{3})*$/;
    if (extra !== undefined || !grouped.test(whole)) {
      return { ok: false, problem: 'invalid' };
    }
    normalized = `${whole.split(group).join('')}.${fraction ?? ''}`;
  } else if (lastComma >= 0) {
    normalized = bare.replace(',', '.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(bare)) {
    normalized = bare.replaceAll('.', '');
  } else {
    normalized = bare;
  }
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(normalized);
  if (!match) return { ok: false, problem: 'invalid' };
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { ok: false, problem: 'decimals' };
  return { ok: true, centavos: Number(match[1]) * 100 + Number(fraction.padEnd(2, '0')) };
}

/** The amount's problem, or null when it is within [min, max] (centavos). */
export function checkAmount(text: string, min: number, max: number): { centavos: number | null; problem: AmountProblem | null } {
  const parsed = parseReais(text);
  if (!parsed.ok) return { centavos: null, problem: parsed.problem };
  if (parsed.centavos < min) return { centavos: parsed.centavos, problem: 'belowMin' };
  if (parsed.centavos > max) return { centavos: parsed.centavos, problem: 'aboveMax' };
  return { centavos: parsed.centavos, problem: null };
}

/** Centavos as the text of an amount input: 5000 → "50,00". */
export const centavosToText = (centavos: number) => `${Math.floor(centavos / 100)},${String(centavos % 100).padStart(2, '0')}`;

/** A message to show: a catalog id (with values) or a server text already in the player's language. */
export type UiMessage = { id: string; values?: Record<string, string | number> } | { text: string };

/** The messages of a failed call (the app's ApiError carries `messages`); otherwise the §8 fallback. */
export function messagesOf(error: unknown): UiMessage[] {
  const messages = typeof error === 'object' && error !== null ? (error as { messages?: unknown }).messages : undefined;
  if (Array.isArray(messages) && messages.length > 0) {
    return messages.flatMap((m: unknown): UiMessage[] => {
      if (typeof m !== 'object' || m === null) return [];
      const { id, text } = m as { id?: unknown; text?: unknown };
      if (typeof text === 'string') return [{ text }];
      if (typeof id === 'string') return [{ id }];
      return [];
    });
  }
  return [{ id: 'error_messages.unexpected' }];
}

export const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number'
    ? (error as { status: number }).status
    : undefined;
