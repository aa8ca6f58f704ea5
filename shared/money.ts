/**
 * Money rules shared by the app, the machines and the sandbox. Money is always integer centavos (spec §3); these
 * turn what a person typed into centavos and centavos into text. Pure: no imports.
 */

/** Why typed money is refused: nothing typed, not a number, or more than two decimals. */
export type ReaisProblem = 'required' | 'invalid' | 'decimals';

/**
 * "50", "50,5", "50,00", "1.234,56", "1,234.56", "10.50", "R$ 50" → centavos. More than two decimals is refused
 * ('decimals'), anything that is not a number ('invalid'), nothing ('required'). At most 12 integer digits.
 */
export function parseReais(text: string): { ok: true; centavos: number } | { ok: false; problem: ReaisProblem } {
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

/** Centavos as plain decimal text with the given separator: (5050) → "50,50"; (5050, '.') → "50.50". */
export function centavosToText(centavos: number, separator: ',' | '.' = ','): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)}${separator}${String(abs % 100).padStart(2, '0')}`;
}

/** Integer centavos as R$ in the locale's own format (pt-BR: "R$ 1.234,56"; en: "R$1,234.56"). */
export function formatBRL(locale: string, centavos: number): string {
  let format = brl.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency: 'BRL' });
    brl.set(locale, format);
  }
  return format.format(centavos / 100);
}
const brl = new Map<string, Intl.NumberFormat>();
