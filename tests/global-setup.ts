import { rmSync } from 'node:fs';
import { ensureMigratedTemplate, ensurePostgresTemplate } from '../sandbox/db/test-template';
import { coverageDir } from './toolkit/coverage-recorder';

/**
 * Each vitest run starts with no recorded machine coverage, and with the migrated database the sandbox tests load
 * (made here once, before two files at a time would each make it).
 */
export default async function setup(): Promise<void> {
  rmSync(coverageDir, { recursive: true, force: true });
  await ensureMigratedTemplate();
  // The money suites' second run (vitest.config.ts, project `postgres`): the server's migrated template, made once.
  if (process.env.DATABASE_URL) await ensurePostgresTemplate(process.env.DATABASE_URL);
  else console.log('PostgreSQL suites: not run (DATABASE_URL not set; `.ci/run` sets it, see README)');
}
