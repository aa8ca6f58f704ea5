import { describe, expect, it } from 'vitest';
import { REDACTED, redact } from './redact';

describe('redact', () => {
  it('masks secrets at any depth and in any key style', () => {
    const input = {
      type: 'session.login',
      credentials: { email: 'ana@example.com', password: 'Senha@123' },
      token: 'abc',
      nested: [{ accessToken: 't' }, { cpf: '52998224725', documentNumber: 'x', password_confirmation: 'p' }],
      headers: { Authorization: 'Bearer z' },
    };
    expect(redact(input)).toEqual({
      type: 'session.login',
      credentials: { email: 'ana@example.com', password: REDACTED },
      token: REDACTED,
      nested: [{ accessToken: REDACTED }, { cpf: REDACTED, documentNumber: REDACTED, password_confirmation: REDACTED }],
      headers: { Authorization: REDACTED },
    });
  });

  it('does not mutate its input and is idempotent', () => {
    const input = { token: 'abc', a: { cpf: '1' } };
    const once = redact(input);
    expect(input).toEqual({ token: 'abc', a: { cpf: '1' } });
    expect(redact(once)).toEqual(once);
  });

  it('masks inside JSON strings such as the machine definition', () => {
    const definition = JSON.stringify({ id: 'm', context: { token: 'secret-token' } });
    const out = redact({ definition }) as { definition: string };
    expect(out.definition).not.toContain('secret-token');
    expect(JSON.parse(out.definition)).toEqual({ id: 'm', context: { token: REDACTED } });
  });

  it('returns plain JSON for awkward values', () => {
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic.self = cyclic;
    const out = redact({
      big: 10n,
      map: new Map<string, unknown>([['password', 'p'], ['ok', 1]]),
      set: new Set([1, 2]),
      date: new Date('2026-01-02T03:04:05Z'),
      error: new Error('boom'),
      fn: () => 1,
      cyclic,
      nan: Number.NaN,
    });
    expect(out).toEqual({
      big: '10',
      map: { password: REDACTED, ok: 1 },
      set: [1, 2],
      date: '2026-01-02T03:04:05.000Z',
      error: { name: 'Error', message: 'boom' },
      cyclic: { name: 'x', self: '[circular]' },
      nan: 'NaN',
    });
    expect(() => JSON.stringify(out)).not.toThrow();
  });

  it('cuts very deep data', () => {
    let deep: Record<string, unknown> = { leaf: true };
    for (let i = 0; i < 30; i += 1) deep = { deep };
    expect(JSON.stringify(redact(deep))).toContain('[deep]');
  });
});
