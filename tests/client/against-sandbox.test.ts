import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPlatform } from '../../sandbox/platform';
import { readSandboxConfig } from '../../sandbox/config';
import { openMigratedDb } from '../../sandbox/db/test-template';
import type { Db } from '../../sandbox/db/types';
import { createApiClient } from '../../src/lib/api/client';
import type { ApiClientOptions } from '../../src/lib/api/client';
import { CATALOGUE_STATUSES, statusMessageId } from '../../src/lib/api/errors';
import type { ApiError } from '../../src/lib/api/errors';
import { GUEST_ID_PATTERN } from '../../src/lib/api/guest-id';
import { unwrap } from '../../src/lib/api/unwrap';
import en from '../../src/i18n/en.json';
import ptBR from '../../src/i18n/pt-BR.json';

const catalogue = { 'pt-BR': ptBR, en };
import { createMemoryStorage } from '../../src/lib/storage';

/**
 * The client against the real sandbox API (in-memory PGlite, contract validation on) on an ephemeral port.
 * A test-side hook records what reaches the server and, when asked, answers a status before the sandbox does
 * (to drive retryable statuses the sandbox has no reason to produce).
 */
interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}

let db: Db;
let app: FastifyInstance;
let baseUrl: string;
const seen: Seen[] = [];
let injected: number[] = [];

beforeAll(async () => {
  db = await openMigratedDb();
  app = buildPlatform({
    db,
    config: readSandboxConfig({}),
    validateResponses: true,
  });
  app.addHook('onRequest', async (request, reply) => {
    seen.push({ method: request.method, path: request.url.split('?')[0] ?? '', headers: request.headers });
    const status = injected.shift();
    if (status !== undefined) await reply.code(status).send({ message: `injected ${status}` });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  await app?.close();
  await db?.close();
});

beforeEach(() => {
  seen.length = 0;
  injected = [];
});

function client(overrides: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    baseUrl,
    storage: createMemoryStorage(),
    sleep: async () => undefined,
    ...overrides,
  });
}

const unknownDomain = { params: { query: { domain: 'nobody.example' } } } as const;

describe('client ↔ sandbox', () => {
  it('reaches the sandbox with Guest-ID and lmcp when signed out', async () => {
    const storage = createMemoryStorage({ lmcp: 'camp-7' });
    const config = await unwrap(client({ storage }).GET('/site-config', unknownDomain));
    expect(config).toMatchObject({ systemExists: false });
    expect(seen[0]?.path).toBe('/api/site-config');
    expect(seen[0]?.headers['guest-id']).toMatch(GUEST_ID_PATTERN);
    expect(seen[0]?.headers['guest-id']).toBe(storage.get('guest_id'));
    expect(seen[0]?.headers.lmcp).toBe('camp-7');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('reaches the sandbox with the bearer token when signed in', async () => {
    await client({ storage: createMemoryStorage({ auth: 'opaque-token' }) }).GET('/site-config', unknownDomain);
    expect(seen[0]?.headers.authorization).toBe('Bearer opaque-token');
    expect(seen[0]?.headers['guest-id']).toBeUndefined();
  });

  it("maps the sandbox's validation error to field messages", async () => {
    const body = { email: 'not-an-email', password: 123 } as unknown as { password: string };
    const failure = await unwrap(client().POST('/auth/login', { body })).catch((e: unknown) => e);
    expect(failure).toMatchObject({ shown: true });
    const { status, fields, messages } = failure as ApiError;
    expect([400, 422]).toContain(status);
    expect(Object.keys(fields).length).toBeGreaterThan(0);
    expect(messages).toEqual(
      Object.values(fields)
        .flat()
        .map((text) => ({ text })),
    );
  });

  it('retries a read the sandbox answered 503, 503', async () => {
    injected = [503, 503];
    const config = await unwrap(client().GET('/site-config', unknownDomain));
    expect(config).toMatchObject({ systemExists: false });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(Array(3).fill('GET /api/site-config'));
  });

  it('sends a write once, even when the sandbox answers 503', async () => {
    injected = [503];
    const api = client();
    const login = api.POST('/auth/login', { body: { email: 'nobody@example.com', password: 'wrong-password' } });
    await expect(unwrap(login)).rejects.toMatchObject({ status: 503, messages: [{ id: 'error_messages.503' }] });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /api/auth/login']);
  });

  // Fetch (the standard, undici and browsers alike) never hands a 407 to the page: it becomes a network error.
  const reachable = CATALOGUE_STATUSES.filter((status) => status !== 407);

  it.each(reachable)('maps %i from the server to its pt-BR and en message', async (status) => {
    injected = [status];
    const api = client({ retry: { maxAttempts: 1 } });
    const failure = await unwrap(api.GET('/site-config', unknownDomain)).catch((e: unknown) => e);
    const id = statusMessageId(status);
    expect(failure).toMatchObject({ status, shown: status !== 403, messages: [{ id }] });
    expect(id).toBe(`error_messages.${status}`);
    expect(catalogue['pt-BR'][id as keyof (typeof catalogue)['pt-BR']]).toBeTruthy();
    expect(catalogue.en[id as keyof (typeof catalogue)['en']]).toBeTruthy();
  });

  it('sees a 407 as a network error, as fetch mandates', async () => {
    injected = [407];
    const api = client({ retry: { maxAttempts: 1 } });
    await expect(unwrap(api.GET('/site-config', unknownDomain))).rejects.toMatchObject({
      status: 0,
      messages: [{ id: 'error_messages.network' }],
    });
    expect(api.networkErrorCount()).toBe(1);
  });
});
