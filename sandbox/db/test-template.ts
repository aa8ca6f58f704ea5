import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listMigrations, migrate } from './migrate';
import { openPglite, type PgliteDb } from './pglite';

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

/** A fresh in-memory database with every migration applied (nothing seeded), for one test file. */
export async function openMigratedDb(): Promise<PgliteDb> {
  const db = await openPglite(undefined, new Blob([readFileSync(await ensureMigratedTemplate())]));
  // Nothing to apply unless the template is stale (it never is: its name hashes the migrations); kept as a check.
  await migrate(db);
  return db;
}
