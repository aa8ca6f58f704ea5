import { describe, expect, it } from 'vitest';
import {
  type ApiError,
  CATALOGUE_STATUSES,
  NETWORK_MESSAGE_ID,
  UNEXPECTED_MESSAGE_ID,
  isApiError,
  networkApiError,
  normalizeApiError,
} from '../../src/lib/api/errors';
import en from '../../src/i18n/en.json';
import ptBR from '../../src/i18n/pt-BR.json';

const catalogue = { 'pt-BR': ptBR, en };

// Spec §8: the listed statuses, plus "406, 407, 410-412, 414, 416, 417, 501 and 505 also have messages".
const SPEC_STATUSES = [
  400, 401, 402, 403, 404, 405, 408, 409, 413, 415, 422, 429, 500, 502, 503, 504, 406, 407, 410, 411, 412, 414, 416,
  417, 501, 505,
];
const locales = ['pt-BR', 'en'] as const;

function messageIds(error: ApiError): string[] {
  return error.messages.map((m) => ('id' in m ? m.id : `text:${m.text}`));
}

describe('the api error messages in the catalogs', () => {
  it('has exactly the statuses of spec §8', () => {
    expect([...CATALOGUE_STATUSES].sort()).toEqual([...SPEC_STATUSES].sort());
  });

  it('has the same keys in pt-BR and en, and nothing else at the top level', () => {
    expect(Object.keys(catalogue).sort()).toEqual(['en', 'pt-BR']);
    expect(Object.keys(catalogue.en).sort()).toEqual(Object.keys(catalogue['pt-BR']).sort());
  });

  it('resolves every id the normaliser can produce to a non-empty message in pt-BR and en', () => {
    const ids = [...CATALOGUE_STATUSES.map((s) => `error_messages.${s}`), UNEXPECTED_MESSAGE_ID, NETWORK_MESSAGE_ID];
    for (const locale of locales) {
      const messages: Record<string, string> = catalogue[locale];
      expect(
        Object.keys(messages)
          .filter((k) => k.startsWith('error_messages.'))
          .sort(),
      ).toEqual([...ids].sort());
      for (const id of ids) expect(messages[id]?.trim(), `${locale} ${id}`).toBeTruthy();
    }
  });

  it("keeps the spec's fallback text and 422 meaning", () => {
    expect(catalogue.en[UNEXPECTED_MESSAGE_ID]).toBe('An unexpected error occurred');
    expect(catalogue['pt-BR'][UNEXPECTED_MESSAGE_ID]).toBe('Ocorreu um erro inesperado');
    expect(catalogue.en['error_messages.422']).toMatch(/already have an active subscription/i);
  });
});

describe('normalizeApiError (spec §8 generic rule)', () => {
  it.each(SPEC_STATUSES)('maps %i without an errors object to error_messages.%i', (status) => {
    const error = normalizeApiError(status, { message: 'ignored by the generic rule' });
    expect(messageIds(error)).toEqual([`error_messages.${status}`]);
    expect(error.status).toBe(status);
    expect(error.fields).toEqual({});
  });

  it('falls back to error_messages.unexpected for statuses outside the catalogue', () => {
    for (const status of [418, 423, 451, 499, 507, 599]) {
      expect(messageIds(normalizeApiError(status, undefined))).toEqual([UNEXPECTED_MESSAGE_ID]);
    }
  });

  it('flattens every message of an errors object, keeping them per field', () => {
    const body = {
      message: 'The given data was invalid.',
      errors: { email: ['E-mail inválido', 'E-mail já cadastrado'], password: 'Senha curta', cpf: [] },
    };
    const error = normalizeApiError(422, body);
    expect(error.messages).toEqual([
      { text: 'E-mail inválido' },
      { text: 'E-mail já cadastrado' },
      { text: 'Senha curta' },
    ]);
    expect(error.fields).toEqual({ email: ['E-mail inválido', 'E-mail já cadastrado'], password: ['Senha curta'] });
    expect(error.shown).toBe(true);
    expect(error.body).toBe(body);
  });

  it('uses the status message when the errors object holds no messages', () => {
    expect(messageIds(normalizeApiError(400, { errors: {} }))).toEqual(['error_messages.400']);
    expect(messageIds(normalizeApiError(400, { errors: { a: [1, null] } }))).toEqual(['error_messages.400']);
    expect(messageIds(normalizeApiError(400, { errors: 'nope' }))).toEqual(['error_messages.400']);
    expect(messageIds(normalizeApiError(500, '<html>Bad gateway</html>'))).toEqual(['error_messages.500']);
  });

  it.each([403, 490])('passes %i on unshown', (status) => {
    const error = normalizeApiError(status, { errors: { x: ['y'] } });
    expect(error.shown).toBe(false);
    expect(error.status).toBe(status);
  });

  it('marks every other status as shown', () => {
    for (const status of [...SPEC_STATUSES.filter((s) => s !== 403), 418]) {
      expect(normalizeApiError(status, null).shown).toBe(true);
    }
  });

  it('is an Error that carries the shape and no body text in its message', () => {
    const error = normalizeApiError(401, { errors: { password: ['secret-ish'] } });
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(true);
    expect(error.message).toBe('API error 401');
    expect(isApiError(new Error('x'))).toBe(false);
  });

  it('gives network errors status 0 and error_messages.network', () => {
    const cause = new TypeError('fetch failed');
    const error = networkApiError(cause);
    expect(error).toMatchObject({ status: 0, shown: true, messages: [{ id: NETWORK_MESSAGE_ID }], fields: {} });
    expect(error.cause).toBe(cause);
  });
});

describe('a SIGAP "Impedido" refusal (IN SPA/MF 31/2025, IN SPA/MF 22/2025)', () => {
  it.each([
    ['cpf', 'sigap.error.cpf'],
    ['login', 'sigap.error.login'],
    ['amount', 'sigap.error.amount'],
    ['game_id', 'sigap.error.game_id'],
  ])('under %s: the catalogue message %s in both languages, not the server text', (field, id) => {
    const error = normalizeApiError(403, {
      message: 'Texto do servidor',
      errors: { [field]: ['Texto do servidor'] },
      code: 'SIGAP_IMPEDIDO',
      reason: 'impedido_autoexclusao',
    });
    expect(error.messages).toEqual([{ id }]);
    expect(error.fields).toEqual({});
    expect(error.shown).toBe(true);
    expect(catalogue['pt-BR'][id as keyof typeof ptBR]).toBeTruthy();
    expect(catalogue.en[id as keyof typeof en]).toBeTruthy();
  });

  it('another 403 is not read as one', () => {
    expect(normalizeApiError(403, { message: 'x', code: 'OTHER' }).messages).toEqual([{ id: 'error_messages.403' }]);
  });
});
