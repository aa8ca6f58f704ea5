import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/types';
import { loadContract, type Operation } from './contract';
import { SANDBOX_CAPTCHA_TOKEN } from './handlers/auth';
import { completeCpf } from '../../shared/cpf';
import { MESSAGES } from './errors';
import { DEFAULT_SESSION_LIFETIME } from './sessions';
import { bearer, createTestApi, type TestApi } from './test-support';

/**
 * Hardening: control characters never reach a handler or the database, and the request log never
 * carries a body, a header, a query's parameters, a CPF, an e-mail, a password or a hash.
 */
const policy = (loadContract().document as { 'x-text-policy': { message: string } })['x-text-policy'];
const NUL = '\u0000';

let api: TestApi;
let log = '';
/** A query that fails the way a driver does: the error carries the statement's parameters. */
let failNext: RegExp | null = null;

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  api = await createTestApi({ log: stream });
  const query = api.db.query.bind(api.db);
  const failing: Db['query'] = async (sql, params) => {
    if (failNext?.test(sql)) {
      failNext = null;
      throw Object.assign(new Error(`failed: ${JSON.stringify(params)}`), { code: '22021', params, query: sql });
    }
    return query(sql, params);
  };
  api.db.query = failing;
  const transaction = api.db.transaction.bind(api.db);
  api.db.transaction = (fn) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      return fn({
        ...tx,
        query: async (sql, params) => {
          if (failNext?.test(sql)) {
            failNext = null;
            throw Object.assign(new Error(`failed: ${JSON.stringify(params)}`), { code: '22021', params, query: sql });
          }
          return txQuery(sql, params);
        },
      });
    });
});
afterAll(() => api.close());

const fill = (path: string) => path.replace(/\{[^}]+\}/g, encodeURIComponent(`x${NUL}y`));

/** One request per operation that takes input, with a NUL in its first text field. */
function poisoned(operation: Operation): { url: string; payload?: Record<string, string> } | null {
  const query = operation.parameters.query[0];
  const hasPath = operation.parameters.path.length > 0;
  const hasBody = operation.bodyMediaTypes.includes('application/json');
  if (!query && !hasPath && !hasBody) return null;
  const url = `/api${fill(operation.path)}${query ? `?${query}=${encodeURIComponent(`a${NUL}b`)}` : ''}`;
  return hasBody ? { url, payload: { name: `Ana${NUL}`, email: `ana${NUL}@x.test` } } : { url };
}

describe('control characters (x-text-policy)', () => {
  const withInput = loadContract()
    .operations.map((operation) => ({ operation, request: poisoned(operation) }))
    .filter(
      (x): x is { operation: Operation; request: NonNullable<ReturnType<typeof poisoned>> } => x.request !== null,
    );

  it('covers the operations that take text', () => {
    expect(withInput.map((x) => x.operation.operationId)).toEqual(
      expect.arrayContaining(['register', 'login', 'updateName']),
    );
  });

  it.each(withInput.map((x) => [x.operation.operationId, x] as const))(
    '%s refuses a NUL with 422 and the policy message',
    async (_id, { operation, request }) => {
      const res = await api.app.inject({
        method: operation.method.toUpperCase() as 'GET',
        url: request.url,
        headers: { host: 'localhost' },
        ...(request.payload ? { payload: request.payload } : {}),
      });
      expect(res.statusCode).toBe(422);
      const errors = Object.values((res.json() as { errors: Record<string, string[]> }).errors).flat();
      expect(errors).toContain(policy.message);
    },
  );

  it('names the field and stores nothing: a register with a NUL in the name creates no player', async () => {
    const email = 'nul.register@exemplo.test';
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { host: 'localhost' },
      payload: {
        name: `Zé${NUL}`,
        surname: 'Nulo',
        email,
        phone: '11 970001234',
        password: 'Segura#2024',
        password_confirmation: 'Segura#2024',
        birth_date: '1990-01-15',
        terms: true,
        captcha_token: SANDBOX_CAPTCHA_TOKEN,
      },
    });
    expect(res.statusCode).toBe(422);
    expect((res.json() as { errors: Record<string, string[]> }).errors.name).toEqual([policy.message]);
    expect(await api.db.query('SELECT id FROM users WHERE email = $1', [email])).toEqual([]);
  });

  it('allows tab, line feed and carriage return, which are text', async () => {
    const token = await api.login('ana@sorteverde.test');
    const res = await api.app.inject({
      method: 'POST',
      url: '/api/profile/updateName',
      headers: { host: 'localhost', ...bearer(token) },
      payload: { name: 'Ana\tMaria' },
    });
    expect(res.json()).not.toMatchObject({ errors: { name: [policy.message] } });
  });
});

describe('the log', () => {
  const secrets = {
    email: 'segredo.log@exemplo.test',
    password: 'Segredo#Log2024',
    cpf: completeCpf('318294756'),
    phone: '11 971234567',
  };

  it('records no parameter, body, header, CPF, e-mail, password or hash, even when a query fails', async () => {
    const token = await api.login('ana@sorteverde.test');
    // Failing input everywhere: NULs, wrong passwords, bad CPF, and a database failure mid-registration.
    await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'localhost' },
      payload: { email: secrets.email, password: `${secrets.password}${NUL}` },
    });
    await api.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'localhost' },
      payload: { email: secrets.email, password: secrets.password },
    });
    await api.app.inject({
      method: 'POST',
      url: '/api/validate/validate-cpf',
      headers: { host: 'azul.localhost' },
      payload: { cpf: secrets.cpf },
    });
    await api.app.inject({
      method: 'POST',
      url: '/api/profile/updateName',
      headers: { host: 'localhost', ...bearer(token) },
      payload: { name: `${secrets.email}${NUL}` },
    });
    failNext = /INSERT INTO users/i;
    const failed = await api.app.inject({
      method: 'POST',
      url: `/api/auth/register?email=${encodeURIComponent(secrets.email)}`,
      headers: { host: 'azul.localhost', cookie: `s=${secrets.password}` },
      payload: {
        name: 'Segredo',
        surname: 'Log',
        email: secrets.email,
        phone: secrets.phone,
        cpf: secrets.cpf,
        password: secrets.password,
        password_confirmation: secrets.password,
        birth_date: '1990-01-15',
        terms: true,
        captcha_token: SANDBOX_CAPTCHA_TOKEN,
      },
    });
    expect(failNext).toBeNull(); // the failing query really ran
    expect(failed.statusCode).toBe(500);
    expect(log).toContain('unhandled error');
    expect(log).toContain('22021');
    const digits = secrets.cpf.replace(/\D/g, '');
    for (const value of [
      secrets.email,
      secrets.password,
      secrets.cpf,
      digits,
      token,
      '$argon2',
      '$scrypt',
      'segredo.log',
      '971234567',
    ]) {
      expect(log).not.toContain(value);
    }
    expect(log).not.toMatch(/\\u0000/);
  });
});

describe('session lifetime', () => {
  let clock = new Date('2026-03-02T12:00:00Z');
  let timed: TestApi;
  beforeAll(async () => {
    timed = await createTestApi({ now: () => clock });
  });
  afterAll(() => timed.close());
  const me = (token: string) =>
    timed.app.inject({ url: '/api/auth/me', headers: { host: 'localhost', ...bearer(token) } });
  const later = (ms: number) => (clock = new Date(clock.getTime() + ms));

  it('ends after the idle timeout with 401, and never comes back', async () => {
    const token = await timed.login('ana@sorteverde.test');
    later(DEFAULT_SESSION_LIFETIME.idleMs - 1000);
    expect((await me(token)).statusCode).toBe(200); // each call starts the idle time again
    later(DEFAULT_SESSION_LIFETIME.idleMs - 1000);
    expect((await me(token)).statusCode).toBe(200);
    later(DEFAULT_SESSION_LIFETIME.idleMs + 1000);
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ message: MESSAGES.unauthenticated });
    later(-DEFAULT_SESSION_LIFETIME.idleMs); // even with the clock turned back, it was revoked
    expect((await me(token)).statusCode).toBe(401);
  });

  it('ends at the absolute lifetime even when used all along', async () => {
    const token = await timed.login('ana@sorteverde.test');
    const step = DEFAULT_SESSION_LIFETIME.idleMs / 2;
    const steps = Math.floor(DEFAULT_SESSION_LIFETIME.maxMs / step) - 1;
    for (let i = 0; i < steps; i++) {
      later(step);
      expect((await me(token)).statusCode).toBe(200);
    }
    later(1.5 * step); // within the idle timeout, past the absolute lifetime
    expect((await me(token)).statusCode).toBe(401);
  });
});
