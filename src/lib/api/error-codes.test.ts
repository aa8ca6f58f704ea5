import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json' with { type: 'json' };
import pt from '../../i18n/pt-BR.json' with { type: 'json' };
import { ERROR_CODES, normalizeApiError } from './errors';

/** The contract's `ErrorCode` enum, read from openapi/openapi.yaml. */
function contractCodes(): string[] {
  const yaml = readFileSync(new URL('../../../openapi/openapi.yaml', import.meta.url), 'utf8');
  const block = /\n {4}ErrorCode:\n[\s\S]*?\n {6}enum:\n((?: {8}- \w+\n)+)/.exec(yaml)?.[1] ?? '';
  return [...block.matchAll(/- (\w+)/g)].map((m) => m[1] ?? '');
}

describe('error codes (profile_incomplete, second_factor_*): the §8-style catalogue in both languages', () => {
  it('every code of the contract is known to the app and has its message in pt-BR and en', () => {
    const codes = contractCodes();
    expect(codes).toEqual([
      'profile_incomplete',
      'second_factor_required',
      'second_factor_invalid',
      'second_factor_rate_limited',
      'second_factor_expired',
    ]);
    expect([...ERROR_CODES].sort()).toEqual([...codes].sort());
    for (const code of codes) {
      expect((pt as Record<string, string>)[`error_codes.${code}`], code).toBeTruthy();
      expect((en as Record<string, string>)[`error_codes.${code}`], code).toBeTruthy();
    }
  });

  it('a refusal with a code is said from the catalogue, not in the server text', () => {
    const error = normalizeApiError(403, { message: 'Antes de apostar…', code: 'profile_incomplete' });
    expect(error.messages).toEqual([{ id: 'error_codes.profile_incomplete' }]);
    const plain = normalizeApiError(422, { message: 'x', errors: { amount: ['Valor inválido'] } });
    expect(plain.messages).toEqual([{ text: 'Valor inválido' }]);
  });
});
