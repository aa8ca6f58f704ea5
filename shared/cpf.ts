/**
 * CPF (spec §5, reference §2), shared by the app and the sandbox: non-digits are stripped; exactly 11 digits; not
 * all the same digit; both check digits match the weighted-sum algorithm (d1: weights 10…2 over the first 9
 * digits; d2: weights 11…2 over the first 10; r = sum mod 11; digit = r < 2 ? 0 : 11 − r). Pure: no DOM, no
 * network, no imports.
 */

/** The digits of what was typed: formatting characters (`.`, `-`, spaces…) are ignored. */
export function cpfDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/** The check digit that follows `digits` (9 digits → the first, 10 → the second). */
export function cpfCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += Number(digits[i]) * (digits.length + 1 - i);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(input: string): boolean {
  const cpf = cpfDigits(input);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  return Number(cpf[9]) === cpfCheckDigit(cpf.slice(0, 9)) && Number(cpf[10]) === cpfCheckDigit(cpf.slice(0, 10));
}

/** A valid CPF from 9 base digits (seed data and tests). */
export function completeCpf(base9: string): string {
  const withFirst = base9 + cpfCheckDigit(base9);
  return withFirst + cpfCheckDigit(withFirst);
}

/** The 000.000.000-00 mask, applied as the player types (at most 11 digits; a full CPF gets the whole mask). */
export function maskCpf(input: string): string {
  const d = cpfDigits(input).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}
