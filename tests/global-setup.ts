import { rmSync } from 'node:fs';
import { ensureMigratedTemplate } from '../sandbox/db/test-template';
import { coverageDir } from './toolkit/coverage-recorder';

/**
 * Each vitest run starts with no recorded machine coverage, and with the migrated database the sandbox tests load
 * (made here once, before two files at a time would each make it).
 */
export default async function setup(): Promise<void> {
  rmSync(coverageDir, { recursive: true, force: true });
  await ensureMigratedTemplate();
}
