/**
 * Brazilian phone numbers (spec §5: valid, and its country must be Brazil), shared by the app's form and the
 * sandbox's check. National numbers are a 2-digit area code (DDD 11–99, no 0 in either digit) and 8 digits
 * (landline, starting 2–5) or 9 digits (mobile, starting 9), with or without +55. Pure: no imports.
 */

export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** The national digits of a number typed with or without the 55 prefix. */
export function nationalDigits(input: string): string {
  const d = phoneDigits(input);
  return (d.length === 12 || d.length === 13) && d.startsWith('55') ? d.slice(2) : d;
}

/** The number in E.164 (`+55…`), or null when it is not a Brazilian number (a `+` prefix must be +55). */
export function normalizeBrazilianPhone(input: string): string | null {
  let digits = phoneDigits(input);
  if (input.trim().startsWith('+')) {
    if (!digits.startsWith('55')) return null;
    digits = digits.slice(2);
  } else {
    digits = nationalDigits(input);
  }
  const match = /^([1-9][1-9])(9\d{8}|[2-5]\d{7})$/.exec(digits);
  return match ? `+55${digits}` : null;
}

export function isValidBrazilianPhone(input: string): boolean {
  return normalizeBrazilianPhone(input) !== null;
}

/** The (11) 91234-5678 / (11) 3123-4567 mask, applied as the player types. */
export function maskBrazilianPhone(input: string): string {
  const d = nationalDigits(input).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const area = `(${d.slice(0, 2)}) `;
  const rest = d.slice(2);
  if (rest.length <= 4) return area + rest;
  const split = d.length === 11 ? 5 : 4;
  return `${area}${rest.slice(0, split)}-${rest.slice(split)}`;
}

/** What the platform receives: +{calling code} and the national digits. */
export function internationalPhone(input: string, callingCode: string): string {
  return `+${callingCode}${nationalDigits(input)}`;
}
