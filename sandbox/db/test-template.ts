import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listMigrations, migrate } from './migrate';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';
import type { Db } from './types';

/**
 * Tests and `npm start -- --fresh`: a PGlite with every migration applied, loaded from a dump instead of built. A
 * new PGlite runs initdb (about 13 s on CI's 2 cores, paid by each of some 35 test files: most of the node project's
 * time); a dumped one loads in about 2 s. The dump is made once per set of migrations and PGlite version (vitest's global
 * setup makes it before the files start; the first `--fresh` start makes it otherwise) and kept in the temporary
 * folder under a name hashing both, so a stale one is never loaded.
 */
function templatePath(): string {
  // The installed PGlite (its package.json is not exported: found from its entry point).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = join(entry.slice(0, entry.lastIndexOf('/dist/')), 'package.json');
  const hash = createHash('sha256').update(readFileSync(pkg));
  for (const { name, sql } of listMigrations()) hash.update(`${name}\n${sql}\n`);
  return join(tmpdir(), `sandbox-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Makes the dump unless it exists; returns its path. */
export async function ensureMigratedTemplate(): Promise<string> {
  const path = templatePath();
  if (existsSync(path)) return path;
  const db = await openPglite();
  try {
    await migrate(db);
    const tar = Buffer.from(await (await db.dump()).arrayBuffer());
    // Written aside then renamed: a reader never sees half a file, two writers never mix theirs.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, tar);
    renameSync(partial, path);
  } finally {
    await db.close();
  }
  return path;
}

/**
 * Which database the sandbox's tests run on: PGlite in memory (the default), or a real PostgreSQL server when the
 * test project asks for it (`SANDBOX_TEST_DB=postgres`, set by vitest's `postgres` project) and `DATABASE_URL` names
 * a server whose role may create databases. Each test file then gets a database of its own on that server (made
 * from a migrated template, dropped when the file closes it), so files running side by side never share data.
 */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.SANDBOX_TEST_DB === 'postgres' && process.env.DATABASE_URL ? 'postgres' : 'pglite';
}

/** A fresh database with every migration applied (nothing seeded), for one test file. */
export async function openMigratedDb(): Promise<Db> {
  if (testDatabaseKind() === 'postgres') return openPostgresTestDb(process.env.DATABASE_URL ?? '');
  const db = await openPglite(undefined, new Blob([readFileSync(await ensureMigratedTemplate())]));
  // Nothing to apply unless the template is stale (it never is: its name hashes the migrations); kept as a check.
  await migrate(db);
  return db;
}

/** The name of the migrated template database on a PostgreSQL server (hashing the migrations, like PGlite's dump). */
function postgresTemplateName(): string {
  const hash = createHash('sha256');
  for (const { name, sql } of listMigrations()) hash.update(`${name}\n${sql}\n`);
  return `sbx_template_${hash.digest('hex').slice(0, 12)}`;
}

/** `url` with another database name (the server and role stay). */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Makes the migrated template database on the server unless it exists (vitest's global setup; idempotent). */
export async function ensurePostgresTemplate(serverUrl: string): Promise<string> {
  const name = postgresTemplateName();
  const admin = await openPostgres(serverUrl);
  try {
    const [exists] = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists) return name;
    const building = `${name}_${process.pid}`;
    await admin.exec(`DROP DATABASE IF EXISTS ${building}`);
    await admin.exec(`CREATE DATABASE ${building} TEMPLATE template0`);
    const db = await openPostgres(withDatabase(serverUrl, building));
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    // Renamed once whole: a file never starts from a half-migrated template.
    await admin.exec(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } finally {
    await admin.close();
  }
}

let postgresFiles = 0;

async function openPostgresTestDb(serverUrl: string): Promise<Db> {
  const template = await ensurePostgresTemplate(serverUrl);
  const name = `sbx_t_${process.pid}_${++postgresFiles}_${Date.now().toString(36)}`;
  const admin = await openPostgres(serverUrl);
  await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const db = await openPostgres(withDatabase(serverUrl, name));
  return {
    query: (sql, params) => db.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    async close() {
      await db.close();
      try {
        await admin.exec(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await admin.close();
      }
    },
  };
}
