import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from './types';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_FILE = /^\d{3}_[a-z0-9_]+\.sql$/;

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return readdirSync(dir)
    .filter((file) => MIGRATION_FILE.test(file))
    .sort()
    .map((file) => ({ name: file.replace(/\.sql$/, ''), sql: readFileSync(`${dir}/${file}`, 'utf8') }));
}

/** Applies pending migrations in name order, each in its own transaction; returns the names applied. */
export async function migrate(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
  const applied: string[] = [];
  for (const migration of listMigrations(dir)) {
    if (done.has(migration.name)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
    });
    applied.push(migration.name);
  }
  return applied;
}

/** Drops every table of the current schema (the migrations' and the tracking table): `npm run sandbox:reset`. */
export async function wipe(db: Db): Promise<void> {
  const tables = await db.query<{ tablename: string }>(
    'SELECT tablename FROM pg_tables WHERE schemaname = current_schema()',
  );
  if (tables.length === 0) return;
  await db.exec(`DROP TABLE ${tables.map((t) => `"${t.tablename.replaceAll('"', '""')}"`).join(', ')} CASCADE`);
}
