import type { SandboxConfig } from '../config';
import type { Db } from './types';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in the configured data folder. */
export function openDb(config: Pick<SandboxConfig, 'databaseUrl' | 'dataDir'>): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

export function describeDb(config: Pick<SandboxConfig, 'databaseUrl' | 'dataDir'>): string {
  return config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`;
}
