import { isValidCpf as libraryIsValidCpf } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cpfDigits, isValidCpf, maskCpf } from '../../shared/cpf';

/** The check-digit definition of reference §2, written independently of shared/cpf.ts. */
function referenceValid(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  if (new Set(digits).size === 1) return false;
  const d = [...digits].map(Number);
  const dv = (n: number) => {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += (d[i] ?? 0) * (n + 1 - i);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return d[9] === dv(9) && d[10] === dv(10);
}

const digit = fc.integer({ min: 0, max: 9 }).map(String);
const elevenDigits = fc.array(digit, { minLength: 11, maxLength: 11 }).map((a) => a.join(''));
/** A valid CPF built from 9 random digits (a third of the random inputs), so both branches are exercised. */
const validCpf = fc.array(digit, { minLength: 9, maxLength: 9 }).map((a) => {
  const base = a.map(Number);
  const dv = (ds: number[]) => {
    const sum = ds.reduce((acc, x, i) => acc + x * (ds.length + 1 - i), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const d1 = dv(base);
  const d2 = dv([...base, d1]);
  return [...base, d1, d2].join('');
});
const cpfLike = fc.oneof(elevenDigits, elevenDigits, validCpf);

describe('CPF validator (property tests)', () => {
  it('agrees with the check-digit definition on random 11-digit input', () => {
    fc.assert(
      fc.property(cpfLike, (cpf) => isValidCpf(cpf) === referenceValid(cpf)),
      { numRuns: 20_000 },
    );
  });

  it('agrees with @brazilian-utils on bare digits', () => {
    fc.assert(
      fc.property(cpfLike, (cpf) => isValidCpf(cpf) === libraryIsValidCpf(cpf)),
      { numRuns: 5_000 },
    );
  });

  it('rejects the ten repeated-digit numbers (which pass the arithmetic)', () => {
    for (let n = 0; n <= 9; n++) {
      const cpf = String(n).repeat(11);
      expect(isValidCpf(cpf), cpf).toBe(false);
      expect(isValidCpf(maskCpf(cpf)), maskCpf(cpf)).toBe(false);
    }
  });

  it('ignores formatting characters: any separators around the digits give the same answer', () => {
    const separator = fc.constantFrom('.', '-', ' ', '/', '');
    fc.assert(
      fc.property(cpfLike, fc.array(separator, { minLength: 12, maxLength: 12 }), (cpf, seps) => {
        const formatted = [...cpf].map((d, i) => `${seps[i]}${d}`).join('') + seps[11];
        return isValidCpf(formatted) === isValidCpf(cpf) && cpfDigits(formatted) === cpf;
      }),
      { numRuns: 5_000 },
    );
  });

  it('rejects anything without exactly 11 digits', () => {
    fc.assert(
      fc.property(
        fc.array(digit, { maxLength: 20 }).filter((a) => a.length !== 11),
        (a) => !isValidCpf(a.join('')),
      ),
    );
  });

  it('masks as 000.000.000-00 while typing and keeps the digits', () => {
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('529982')).toBe('529.982');
    expect(maskCpf('5299822')).toBe('529.982.2');
    expect(isValidCpf('529.982.247-25')).toBe(true);
    fc.assert(
      fc.property(
        elevenDigits,
        (cpf) => cpfDigits(maskCpf(cpf)) === cpf && /^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(maskCpf(cpf)),
      ),
    );
  });
});
