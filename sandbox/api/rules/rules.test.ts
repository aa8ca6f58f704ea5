import { describe, expect, it } from 'vitest';
import { completeCpf, isValidCpf, maskCpf } from '../../../shared/cpf';
import { ageOn, checkFullName } from './person';
import { normalizeBrazilianPhone } from '../../../shared/phone';

describe('CPF', () => {
  it('accepts the worked example with or without formatting', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
  });

  it('rejects wrong check digits, wrong lengths and the ten repeated-digit numbers', () => {
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false);
  });

  it('completes 9 base digits into a valid CPF', () => {
    expect(completeCpf('529982247')).toBe('52998224725');
    expect(completeCpf('123456789')).toBe('12345678909');
  });
});

describe('Brazilian phone', () => {
  it('normalises mobile and landline numbers to E.164', () => {
    expect(normalizeBrazilianPhone('(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizeBrazilianPhone('+55 21 3456-7890')).toBe('+552134567890');
    expect(normalizeBrazilianPhone('5511987654321')).toBe('+5511987654321');
  });

  it('rejects foreign numbers, bad area codes and wrong lengths', () => {
    expect(normalizeBrazilianPhone('+1 415 555 0100')).toBeNull();
    expect(normalizeBrazilianPhone('(01) 98765-4321')).toBeNull();
    expect(normalizeBrazilianPhone('11 8765-432')).toBeNull();
  });
});

describe('full name and age', () => {
  it('follows the §5 messages', () => {
    expect(checkFullName('  ')).toEqual({ ok: false, message: 'Este campo é obrigatório.' });
    expect(checkFullName('Ana')).toEqual({ ok: false, message: 'Por favor, insira seu nome completo.' });
    expect(checkFullName('Ana S')).toEqual({ ok: false, message: 'O sobrenome deve ter mais de três caracteres.' });
    expect(checkFullName('Ana  Maria Souza')).toEqual({ ok: true, firstName: 'Ana', lastName: 'Maria Souza' });
  });

  it('counts whole years, turning 18 on the birthday', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(ageOn('2008-03-10', now)).toBe(18);
    expect(ageOn('2008-03-11', now)).toBe(17);
  });
});
