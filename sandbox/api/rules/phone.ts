/**
 * Brazilian phone numbers: optional +55, a two-digit area code (DDD 11–99, no zero digits), then 8 digits
 * (landline, starting 2–5) or 9 digits (mobile, starting 9). Returns E.164 (`+55…`) or null.
 */
export function normalizeBrazilianPhone(input: string): string | null {
  let digits = input.replace(/\D/g, '');
  if (input.trim().startsWith('+')) {
    if (!digits.startsWith('55')) return null;
    digits = digits.slice(2);
  } else if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) {
    digits = digits.slice(2);
  }
  const match = /^([1-9][1-9])(9\d{8}|[2-5]\d{7})$/.exec(digits);
  return match ? `+55${digits}` : null;
}
