import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { readSandboxConfig } from '../config';
import { openMigratedDb } from '../db/test-template';
import type { Db } from '../db/types';
import { seed } from '../seed';
import { DEMO_PASSWORD } from '../seed-data/players';
import { buildPlatform } from '../platform';
import { type ApiDeps } from './app';
import { SANDBOX_CAPTCHA_TOKEN } from './handlers/auth';

/** Test harness: an in-memory PGlite, migrated and seeded, and the API on it (use `app.inject`). */
export interface TestApi {
  db: Db;
  app: FastifyInstance;
  /** Signs a demo player in on their brand's host; returns the bearer token. */
  login(email: string, host?: string, password?: string): Promise<string>;
  /** The 6-digit code of the newest message sent to the address (the QA panel's outbox). */
  latestCode(address: string): Promise<string>;
  /** The documents folder of this API (in a temporary folder of its own, removed by `close`). */
  documentsDir: string;
  /** The avatars folder (beside the documents one). */
  avatarsDir: string;
  close(): Promise<void>;
}

export const TEST_CONFIG = readSandboxConfig({});

export async function createTestApi(options: Partial<Omit<ApiDeps, 'db' | 'config'>> = {}): Promise<TestApi> {
  const db = await openMigratedDb();
  // Seeded on the test's clock: the seeded history is dated before its calendar month (no limit period counts it).
  await seed(db, options.now?.() ?? new Date());
  const uploadsDir = mkdtempSync(join(tmpdir(), 'sandbox-uploads-'));
  const documentsDir = join(uploadsDir, 'documents');
  const avatarsDir = join(uploadsDir, 'avatars');
  mkdirSync(documentsDir);
  const app = buildPlatform({
    db,
    config: { ...TEST_CONFIG, documentsDir, avatarsDir },
    validateResponses: true,
    authRateLimit: { max: 10_000, timeWindowMs: 60_000 },
    ...options,
  });
  await app.ready();
  return {
    db,
    app,
    documentsDir,
    avatarsDir,
    async login(email, host = 'localhost', password = DEMO_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { host },
        payload: { email, password },
      });
      if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
      return (res.json() as { token: string }).token;
    },
    async latestCode(address) {
      const [row] = await db.query<{ body: string }>(
        'SELECT body FROM outbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1',
        [address],
      );
      const code = /\b(\d{6})\b/.exec(row?.body ?? '')?.[1];
      if (!code) throw new Error(`no code sent to ${address}`);
      return code;
    },
    async close() {
      await app.close();
      await db.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** What every test registration sends besides its names and contacts (a strong password, an adult, the terms). */
export const REGISTRATION_DEFAULTS = {
  password: 'Segura#2024',
  password_confirmation: 'Segura#2024',
  birth_date: '1990-01-01',
  terms: true,
  captcha_token: SANDBOX_CAPTCHA_TOKEN,
} as const;

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** The headers a form post from the QA panel's own page carries (its Host and same-origin Origin). */
export const PANEL_HEADERS: { host: string; origin: string } = {
  host: `${TEST_CONFIG.apiHost}:${TEST_CONFIG.apiPort}`,
  origin: `http://${TEST_CONFIG.apiHost}:${TEST_CONFIG.apiPort}`,
};

/** A QA panel form post as the panel's page sends it. */
export const panelForm = (fields: Record<string, string> = {}) => ({
  headers: { ...PANEL_HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/**
 * Marks a test's player of a regulated brand as having chosen the gender and limits of Portaria SPA/MF 2.579/2025
 * earlier (no limit rows), so a test about something else can deposit and stake there.
 */
export async function markProfileChosen(db: TestApi['db'], email: string): Promise<void> {
  await db.query(
    "UPDATE users SET gender = 'undisclosed', regulated_profile_at = created_at WHERE lower(email) = lower($1)",
    [email],
  );
}
