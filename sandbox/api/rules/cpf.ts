/** CPF (spec §5): digits only, 11 of them, not all equal, both check digits by the weighted-sum algorithm. */
export function normalizeCpf(input: string): string {
  return input.replace(/\D/g, '');
}

/** The check digit for the given leading digits (9 → first, 10 → second). */
export function cpfCheckDigit(digits: string): number {
  const weightStart = digits.length + 1;
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (weightStart - i), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(input: string): boolean {
  const cpf = normalizeCpf(input);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const first = cpfCheckDigit(cpf.slice(0, 9));
  const second = cpfCheckDigit(cpf.slice(0, 10));
  return cpf[9] === String(first) && cpf[10] === String(second);
}

/** A valid CPF from 9 base digits (seed data and tests). */
export function completeCpf(base9: string): string {
  const withFirst = base9 + cpfCheckDigit(base9);
  return withFirst + cpfCheckDigit(withFirst);
}

export function formatCpf(cpf: string): string {
  return normalizeCpf(cpf).replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
}
