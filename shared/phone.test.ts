import { describe, expect, it } from 'vitest';
import {
  internationalPhone,
  isValidBrazilianPhone,
  maskBrazilianPhone,
  nationalDigits,
  normalizeBrazilianPhone,
} from './phone';

describe('Brazilian phone (spec §5), one rule for the form and the sandbox', () => {
  it('accepts mobiles (9 + 8 digits) and landlines (2–5 + 7 digits), with or without +55 and formatting', () => {
    for (const ok of [
      '(11) 98765-4321',
      '11987654321',
      '+55 11 98765-4321',
      '5511987654321',
      '(21) 3456-7890',
      '+552134567890',
    ]) {
      expect(isValidBrazilianPhone(ok)).toBe(true);
    }
    expect(normalizeBrazilianPhone('(11) 98765-4321')).toBe('+5511987654321');
    expect(normalizeBrazilianPhone('55 21 3456-7890')).toBe('+552134567890');
  });

  it('refuses other countries, area codes with a 0, wrong first digits and wrong lengths', () => {
    for (const bad of [
      '+1 11 98765-4321',
      '+44 20 7946 0958',
      '(01) 98765-4321',
      '(10) 98765-4321',
      '(11) 88765-4321',
      '(11) 6456-7890',
      '1198765432',
      '',
    ]) {
      expect(isValidBrazilianPhone(bad)).toBe(false);
      expect(normalizeBrazilianPhone(bad)).toBeNull();
    }
  });

  it('masks as the player types and sends +{calling code} with the national digits', () => {
    expect(maskBrazilianPhone('1')).toBe('(1');
    expect(maskBrazilianPhone('1198')).toBe('(11) 98');
    expect(maskBrazilianPhone('1198765')).toBe('(11) 9876-5');
    expect(maskBrazilianPhone('11987654321')).toBe('(11) 98765-4321');
    expect(maskBrazilianPhone('2134567890')).toBe('(21) 3456-7890');
    expect(nationalDigits('+55 (11) 98765-4321')).toBe('11987654321');
    expect(internationalPhone('(11) 98765-4321', '55')).toBe('+5511987654321');
  });
});
