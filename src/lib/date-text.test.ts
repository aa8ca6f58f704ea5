import { describe, expect, it } from 'vitest';
import { dateOrder, datePattern, maskDate, parseDate } from './date-text';

const DMY = ['day', 'month', 'year'] as const;
const MDY = ['month', 'day', 'year'] as const;

describe('dates typed in the locale’s order', () => {
  it('reads the order from the locale: day first in pt-BR, month first in en-US', () => {
    expect(dateOrder('pt-BR')).toEqual(DMY);
    expect(dateOrder('en-US')).toEqual(MDY);
    expect(dateOrder('en-GB')).toEqual(DMY);
  });

  it('shows the pattern with the catalog’s letters', () => {
    expect(datePattern(DMY, { day: 'DD', month: 'MM', year: 'AAAA' })).toBe('DD/MM/AAAA');
    expect(datePattern(MDY, { day: 'DD', month: 'MM', year: 'YYYY' })).toBe('MM/DD/YYYY');
  });

  it('inserts the slashes as the player types, keeps only 8 digits, never traps a deleted slash', () => {
    expect(maskDate('2', DMY)).toBe('2');
    expect(maskDate('25', DMY)).toBe('25');
    expect(maskDate('251', DMY)).toBe('25/1');
    expect(maskDate('25121990', DMY)).toBe('25/12/1990');
    expect(maskDate('25/12/19901', DMY)).toBe('25/12/1990');
    expect(maskDate('25/', DMY)).toBe('25');
    expect(maskDate('ab25.12-1990', DMY)).toBe('25/12/1990');
    expect(maskDate('', DMY)).toBe('');
  });

  it('puts a pasted or autofilled ISO date in the locale’s order', () => {
    expect(maskDate('1990-12-25', DMY)).toBe('25/12/1990');
    expect(maskDate('1990-12-25', MDY)).toBe('12/25/1990');
  });

  it('parses only complete, real calendar dates', () => {
    expect(parseDate('25/12/1990', DMY)).toBe('1990-12-25');
    expect(parseDate('12/25/1990', MDY)).toBe('1990-12-25');
    expect(parseDate('12/25/1990', DMY)).toBeNull();
    expect(parseDate('31/04/1990', DMY)).toBeNull();
    expect(parseDate('29/02/2001', DMY)).toBeNull();
    expect(parseDate('29/02/2000', DMY)).toBe('2000-02-29');
    expect(parseDate('00/01/1990', DMY)).toBeNull();
    expect(parseDate('25/12/199', DMY)).toBeNull();
    expect(parseDate('5/12/1990', DMY)).toBeNull();
    expect(parseDate('', DMY)).toBeNull();
  });
});
