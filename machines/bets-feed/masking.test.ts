import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LONG_NAME_MIN, MASK, maskName, shownCharacters } from './masking';

/** §9: names masked, showing the first 3 characters (4 for longer names: 8 characters or more). */
describe('maskName (property tests)', () => {
  const nameArb = fc.string({ unit: 'grapheme-composite', minLength: 0, maxLength: 40 }).map((s) => s.trim());

  it('shows the first 3 characters, 4 from 8 characters on, never more, then always the same mask', () => {
    fc.assert(
      fc.property(nameArb, (name) => {
        const chars = [...name];
        const masked = maskName(name);
        expect(masked.endsWith(MASK)).toBe(true);
        const shown = [...masked.slice(0, -MASK.length)];
        const expectedShown = chars.length >= LONG_NAME_MIN ? 4 : Math.min(3, chars.length);
        expect(shown.length).toBe(expectedShown);
        expect(shown).toEqual(chars.slice(0, expectedShown));
      }),
      { numRuns: 500 },
    );
  });

  it('never tells the length: two names with the same shown start and band mask alike', () => {
    fc.assert(
      fc.property(nameArb, fc.string({ minLength: 0, maxLength: 20 }), (name, more) => {
        const longer = `${name}${more}`.trim();
        if (shownCharacters([...name].length) === shownCharacters([...longer].length) && longer.startsWith(name)) {
          expect(maskName(longer)).toBe(maskName(name));
        }
      }),
    );
  });

  it('a long name (8+) hides at least half of it; surrounding spaces are ignored', () => {
    fc.assert(
      fc.property(
        fc
          .string({ minLength: LONG_NAME_MIN, maxLength: 30 })
          .filter((s) => s.trim() === s && [...s].length >= LONG_NAME_MIN),
        (name) => {
          expect([...maskName(name)].length - MASK.length).toBeLessThanOrEqual([...name].length / 2);
        },
      ),
    );
    expect(maskName('  Guilherme ')).toBe('Guil***');
    expect(maskName('Ana')).toBe('Ana***');
    expect(maskName('Mariana')).toBe('Mar***');
    expect(maskName('Leonardo')).toBe('Leon***');
    expect(maskName('')).toBe('***');
  });
});
