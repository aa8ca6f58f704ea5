import { readFileSync } from 'node:fs';
import type { SandboxConfig } from '../config';
import type { Db } from './types';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/**
 * PostgreSQL when DATABASE_URL is set, otherwise PGlite in the configured data folder. `template`: a dumped data
 * folder (sandbox/db/test-template.ts) that a new, empty PGlite folder starts from instead of running initdb.
 */
export function openDb(config: Pick<SandboxConfig, 'databaseUrl' | 'dataDir'>, template?: string): Promise<Db> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(config.dataDir, template ? new Blob([readFileSync(template)]) : undefined);
}

export function describeDb(config: Pick<SandboxConfig, 'databaseUrl' | 'dataDir'>): string {
  return config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`;
}
