import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGE_IDS, centavosToText, checkAmount, parseReais } from './money';
import { formatBRL } from '../../shared/money';

describe('kernel: money (integer centavos)', () => {
  it.each([
    ['50', 5000],
    ['50,5', 5050],
    ['50,00', 5000],
    ['1.234,56', 123_456],
    ['1,234.56', 123_456],
    ['10.50', 1050],
    ['1.000', 100_000],
    ['R$ 50', 5000],
    ['\u00a020,00 ', 2000],
  ])('reads %j as %i centavos', (text, centavos) => {
    expect(parseReais(text)).toEqual({ ok: true, centavos });
  });

  it.each([
    ['', 'required'],
    ['R$ ', 'required'],
    ['abc', 'invalid'],
    ['-5', 'invalid'],
    ['1.2.3,4', 'invalid'],
    ['1,2,3', 'invalid'],
    ['12.34.56', 'invalid'],
    ['50,555', 'decimals'],
  ])('refuses %j as %s', (text, problem) => {
    expect(parseReais(text)).toEqual({ ok: false, problem });
  });

  it('reads back what it writes, for every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (centavos) => {
        expect(parseReais(centavosToText(centavos))).toEqual({ ok: true, centavos });
        expect(parseReais(centavosToText(centavos, '.'))).toEqual({ ok: true, centavos });
      }),
    );
  });

  it("writes centavos as input text and as R$ in the reader's locale", () => {
    expect(centavosToText(5000)).toBe('50,00');
    expect(centavosToText(5, '.')).toBe('0.05');
    expect(centavosToText(-1050)).toBe('-10,50');
    expect(formatBRL('pt-BR', 123_456).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
    expect(formatBRL('en', 123_456)).toBe('R$1,234.56');
  });

  it('checks the range [min, max] and names each problem by its catalogue id', () => {
    expect(checkAmount('20,00', 2000, 50_000)).toEqual({ centavos: 2000, problem: null });
    expect(checkAmount('19,99', 2000, 50_000)).toEqual({ centavos: 1999, problem: 'belowMin' });
    expect(checkAmount('500,01', 2000, 50_000)).toEqual({ centavos: 50_001, problem: 'aboveMax' });
    expect(checkAmount('x', 2000, 50_000)).toEqual({ centavos: null, problem: 'invalid' });
    expect(Object.values(AMOUNT_MESSAGE_IDS)).toEqual(
      expect.arrayContaining(['wallet.amount.required', 'wallet.amount.aboveMax']),
    );
  });
});
